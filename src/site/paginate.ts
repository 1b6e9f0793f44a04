/**
 * Cutting a session into pages (issue 4): pure functions over measured pieces, so the policy is testable
 * without rendering. A piece is one turn section, or a page-sized part of a turn too big for one page.
 * Pieces are packed greedily in order: a page takes pieces while they fit, so pages break between turns
 * whenever a turn fits on a page. A piece too big for any page still gets a page of its own (the renderer
 * first makes that rare by cutting the piece's rows harder).
 */
import { add, fits, ZERO, type Size } from './measure'

/** Page index → the piece indices on it, in order. `limits[i]` is the room on page i (page 1 may be smaller). */
export function packPages(pieces: readonly Size[], limitFor: (page: number) => Size): number[][] {
  const pages: number[][] = []
  let current: number[] = []
  let used = ZERO
  pieces.forEach((size, i) => {
    if (current.length > 0 && !fits(add(used, size), limitFor(pages.length))) {
      pages.push(current)
      current = []
      used = ZERO
    }
    current.push(i)
    used = add(used, size)
  })
  if (current.length > 0 || pages.length === 0) pages.push(current)
  return pages
}

/**
 * Groups consecutive rows into parts that each fit `limit` (for a section too big for one page). A row
 * larger than the limit is a part on its own.
 */
export function splitRows(rows: readonly Size[], limit: Size): number[][] {
  return packPages(rows, () => limit).filter(part => part.length > 0)
}

/** The page links a navigation shows: first, last, and a window of `radius` around the current page. */
export function visiblePages(current: number, total: number, radius = 2): number[] {
  const shown = new Set<number>([1, total])
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= total) shown.add(p)
  return [...shown].sort((a, b) => a - b)
}
