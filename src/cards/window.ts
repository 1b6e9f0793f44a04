/**
 * Row caps shared by the Diff, Read, Search and Terminal blocks (cards.md §16.12): over `max` rows, show the
 * first `ceil(max/2)` rows, a toggle standing for the rest, then the last `floor(max/2)`. Caps are named
 * here once so Chat (8; a diff 9) and Details (16) cannot drift apart between cards.
 */
import type { RowWindow } from './types'

/** Chat rows for read/search (cards-current.md §9.6; the diff's was 8 too at a965bc03). */
export const CHAT_MAX_ROWS = 8
/** Details rows for every capped block, including the terminal. */
export const DETAILS_MAX_ROWS = 16

export interface WindowLabels {
  expandLabel: (hidden: number) => string
  expandAria: (hidden: number) => string
  collapseLabel: string
  collapseAria: string
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i)

/** The head/tail window over `count` rows, or null when they fit. */
export function headTailWindow(count: number, max: number, labels: WindowLabels): RowWindow | null {
  if (count <= max) return null
  const headCount = Math.ceil(max / 2)
  const tailCount = Math.floor(max / 2)
  return windowOf(range(0, headCount), range(count - tailCount, count), count - headCount - tailCount, labels)
}

/** A window from explicit index lists (the search card re-inserts a file header into its tail). */
export function windowOf(head: number[], tail: number[], hidden: number, labels: WindowLabels): RowWindow {
  return {
    head,
    tail,
    hidden,
    expandLabel: labels.expandLabel(hidden),
    expandAria: labels.expandAria(hidden),
    collapseLabel: labels.collapseLabel,
    collapseAria: labels.collapseAria,
  }
}
