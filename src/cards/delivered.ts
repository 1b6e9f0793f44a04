/**
 * The delivered-file block of a turn tail (cards-current.md §8.3 "Delivered-file block", §12.4): one card per
 * file a `present` call delivered — the basename and a secondary text (the declared description without one
 * trailing `(…)` / `（…）`, trimmed; else the upper-cased extension; else `File` / `文件`) — folded after four
 * cards behind `All {n} files` (`Show all {n} delivered files`). It replaces the newer client's view of the
 * `Produced` chips (./deliverables), which the classic mode keeps.
 *
 * A static page has no Host and no sidebar: no native-open actions, no host notice, and the card is not a
 * `Preview {path} in sidebar` button (that name would promise a preview the page cannot give). The card reads
 * as dsh writes it, the basename and the secondary text as one text (issue 28), with the full path as its
 * title; it has an id (`deliveredAnchor`) so that a mention of the file in the closing reply, a button in
 * dsh's tree, leads to it (./mentions.ts).
 */
import type { DeliveredFile } from '../conversation/model'
import type { DeliveredBlock, DeliveredFileCard, Locale } from './types'
import { baseName } from './paths'
import { toolStrings } from './tool-strings'

/** Cards shown before the toggle. */
export const DELIVERED_VISIBLE = 4

const TRAILING_PARENTHETICAL = /\s*(?:\([^()]*\)|（[^（）]*）)\s*$/u

/** The card's secondary text (§8.3 "card"). */
export function deliveredSecondary(file: DeliveredFile, locale: Locale): string {
  const described = (file.description ?? '').replace(TRAILING_PARENTHETICAL, '').trim()
  if (described !== '') return described
  const name = baseName(file.path)
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1) : ''
  return ext !== '' ? ext.toUpperCase() : toolStrings(locale).delivered.file
}

/** The element id of the card of the `index`-th delivered file of the turn tail `tailKey`. */
export const deliveredAnchor = (tailKey: string, index: number): string => `${tailKey}:file-${index + 1}`

export function deliveredModel(tailKey: string, files: readonly DeliveredFile[] | undefined, locale: Locale): DeliveredBlock | null {
  if (files === undefined || files.length === 0) return null
  const d = toolStrings(locale).delivered
  const cards: DeliveredFileCard[] = files.map((file, i) => ({ id: deliveredAnchor(tailKey, i), path: file.path, name: baseName(file.path), secondary: deliveredSecondary(file, locale) }))
  const n = cards.length
  return {
    cards,
    visible: Math.min(n, DELIVERED_VISIBLE),
    toggle: n <= DELIVERED_VISIBLE ? null : { expandLabel: d.all(n), expandAria: d.expandAria(n), collapseLabel: d.collapse, collapseAria: d.collapseAria },
  }
}
