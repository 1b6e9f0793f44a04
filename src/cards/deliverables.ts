/**
 * Produced-file chips of a turn tail (cards.md §12). The assembler decides *which* paths a turn produced
 * (successful root write/edit/str_replace_editor results, first-seen, cut at the closing message); this
 * file only formats them: basename chips with the full path as title and an `Open <path>` label, at most
 * six, and a `+ N files` overflow. No folder button: a static page cannot open paths on the host.
 */
import type { DeliverableChip, DeliverablesModel, Locale } from './types'
import { baseName } from './paths'
import { strings } from './strings'

/** dsh shows up to six chips (fewer if they do not fit one line, which is the component's CSS). */
export const MAX_CHIPS = 6

export function deliverablesModel(paths: readonly string[], locale: Locale): DeliverablesModel | null {
  if (paths.length === 0) return null
  const t = strings(locale)
  const chips: DeliverableChip[] = paths.map(path => ({ label: baseName(path), path, aria: t.openPath(path) }))
  const hidden = chips.slice(MAX_CHIPS)
  return {
    label: t.produced,
    chips: chips.slice(0, MAX_CHIPS),
    overflow: hidden.length === 0 ? null : t.moreFiles(hidden.length),
    hidden,
  }
}
