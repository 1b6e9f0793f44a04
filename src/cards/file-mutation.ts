/**
 * FileMutationRow's collapsed suffix (cards-current.md §9.4): the content size `{n}KB` — n = ⌈(UTF-16 length of
 * the `content`, `old_string` and `new_string` arguments that are present, summed) / 1024⌉, so any small edit
 * reads `1KB` and a present-but-empty field `0KB` — and the diff totals `+A -R` of the row's diff card. The
 * totals are the card's own line counts (context lines not counted, zeros printed); the card decides when a
 * diff exists (running root calls, settled write with `meta.diffs` or its whole-file fallback, settled edit
 * only with `meta.diffs`, never PTC children or errors).
 */
import type { DiffCardModel, Locale } from './types'
import type { JsonObject } from './narrow'
import { toolStrings } from './tool-strings'

const CONTENT_KEYS = ['content', 'old_string', 'new_string'] as const

/** `{n}KB` once at least one content field is present, else null. */
export function contentSize(args: JsonObject | null, locale: Locale): string | null {
  if (args === null) return null
  let length = 0
  let present = false
  for (const key of CONTENT_KEYS) {
    const value = args[key]
    if (typeof value !== 'string') continue
    present = true
    length += value.length
  }
  return present ? toolStrings(locale).contentSize(Math.ceil(length / 1024)) : null
}

/** `+A -R` of a diff card. */
export function diffTotals(card: DiffCardModel): string {
  return `+${card.added} -${card.removed}`
}
