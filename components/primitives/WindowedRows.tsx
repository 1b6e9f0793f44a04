/**
 * Draws a card's rows under a `RowWindow` (cards.md §6.5, §7–§9: head, `… N more lines`, tail) so that it works
 * with scripts off: the hidden middle rows live in a native `<details>` whose summary is the toggle. Open, the
 * toggle reads `collapseLabel` and every row shows in order; closed, it reads `expandLabel` between head and
 * tail. Each label's accessible name is the model's aria text (`expandAria` / `collapseAria`).
 *
 * The window's index lists are trusted only when they have the shape the spec describes (head a prefix, tail a
 * suffix, optionally preceded by re-inserted rows from before the gap — the search card's file header). Any
 * other shape draws every row: a window is a convenience and must never hide content.
 *
 * `RowFold` is the toggle itself, for a card that folds runs in place (the diff card's unchanged lines).
 */
import type { ReactNode } from 'react'
import type { RowWindow } from '../../src/cards/types'
import { VisuallyHidden } from './VisuallyHidden'
import styles from './WindowedRows.module.css'

export interface WindowedRowsProps {
  count: number
  window: RowWindow | null
  /** Draws row `index`; `duplicate` marks the collapsed-only copy of a re-inserted row (skip it when copying). */
  renderRow: (index: number, duplicate: boolean) => ReactNode
}

interface Layout {
  headEnd: number
  tailStart: number
  reinserted: number[]
}

export function WindowedRows({ count, window, renderRow }: WindowedRowsProps) {
  const layout = window === null ? null : windowLayout(count, window)
  if (window === null || layout === null) return <>{range(0, count).map((i) => renderRow(i, false))}</>
  return (
    <>
      {range(0, layout.headEnd).map((i) => renderRow(i, false))}
      <RowFold labels={window}>{range(layout.headEnd, layout.tailStart).map((i) => renderRow(i, false))}</RowFold>
      {layout.reinserted.length > 0 && (
        <div className={styles.collapsedOnly} data-copy-skip="">
          {layout.reinserted.map((i) => renderRow(i, true))}
        </div>
      )}
      {range(layout.tailStart, count).map((i) => renderRow(i, false))}
    </>
  )
}

/** What a fold's toggle says, closed and open (visible words and the accessible names). */
export interface FoldLabels {
  expandLabel: string
  expandAria: string
  collapseLabel: string
  collapseAria: string
}

/** Rows behind one toggle, closed by default: `expandLabel` while closed, `collapseLabel` above them when open. */
export function RowFold({ labels, children }: { labels: FoldLabels; children: ReactNode }) {
  return (
    <details className={styles.window}>
      <summary className={styles.toggle}>
        <span aria-hidden="true" className={styles.whenClosed}>
          {labels.expandLabel}
        </span>
        <VisuallyHidden className={styles.whenClosed}>{labels.expandAria}</VisuallyHidden>{' '}
        <span aria-hidden="true" className={styles.whenOpen}>
          {labels.collapseLabel}
        </span>
        <VisuallyHidden className={styles.whenOpen}>{labels.collapseAria}</VisuallyHidden>
      </summary>
      {children}
    </details>
  )
}

/** Head = rows [0, headEnd), middle = [headEnd, tailStart), tail = [tailStart, count); null if the window does not fit. */
function windowLayout(count: number, window: RowWindow): Layout | null {
  const { head, tail } = window
  if (head.some((value, i) => value !== i)) return null
  let proper = tail.length
  while (proper > 0 && tail[proper - 1] === count - (tail.length - proper) - 1) proper--
  const tailStart = count - (tail.length - proper)
  const reinserted = tail.slice(0, proper)
  const headEnd = head.length
  if (tailStart <= headEnd) return null
  if (reinserted.some((i) => i < headEnd || i >= tailStart)) return null
  return { headEnd, tailStart, reinserted }
}

function range(from: number, to: number): number[] {
  const out: number[] = []
  for (let i = from; i < to; i++) out.push(i)
  return out
}
