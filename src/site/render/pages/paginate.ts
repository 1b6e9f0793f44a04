/**
 * Cutting a session into pages (issue 4): pure functions over measured pieces, so the policy is testable
 * without rendering. A piece is one turn section, or a page-sized part of a turn too big for one page.
 * Pieces are packed greedily in order: a page takes pieces while they fit, so pages break between turns
 * whenever a turn fits on a page. A piece too big for any page still gets a page of its own (the renderer
 * first makes that rare by cutting the piece's rows harder: `splitSection`, the one step that calls back
 * into a renderer, for sizes and re-cut rows).
 */
import type { PageRow, PageSection } from '../../../cards/types'
import { CAP_LEVELS } from './cut'
import { withoutHighlight } from '../enrich'
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
 * A session that fills more than this many pages at the full budget is long: it is read by paging and by
 * seeking its replay, not top to bottom, and each page turn costs the browser about in proportion to the
 * page (parsing, style, layout: bench/replay-seek.bench.ts). Its pages are packed to a share of the room.
 */
export const LONG_SESSION_PAGES = 8
/** The share of the transcript room a long session's page takes (its pages stay within the budgets). */
export const LONG_SESSION_SHARE = 0.35

/**
 * A session's pages: packed to `room`, or — a long session (more than LONG_SESSION_PAGES full pages) — to
 * LONG_SESSION_SHARE of it (`light`). The same pieces either way (pieces are cut to fit the full room, so a
 * piece between the two sizes gets a page of its own, still within the budgets); a session's length never
 * moves its pages' cuts until it crosses the line.
 */
export function packSession(pieces: readonly Size[], room: Size): { pages: number[][]; light: boolean } {
  const full = packPages(pieces, () => room)
  if (full.length <= LONG_SESSION_PAGES) return { pages: full, light: false }
  const light = { bytes: Math.floor(room.bytes * LONG_SESSION_SHARE), nodes: Math.floor(room.nodes * LONG_SESSION_SHARE) }
  return { pages: packPages(pieces, () => light), light: true }
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

/** What splitting a section needs from its renderer (the static build's, or the live page's). */
export interface SplitSteps {
  /** The size of a section part holding these rows, as a page would carry it. */
  size(part: PageSection): Size
  /** The raw row cut again at `level` of CAP_LEVELS, its Markdown rendered, plain (no colours). */
  recut(rawRow: PageRow, level: number): Promise<PageRow>
}

/**
 * A section too big for a page → page-sized parts: a row too big alone is cut again, harder, level by level,
 * until it fits or the caps run out (then it goes as it is, without colours), and the rows are then split
 * into parts. Parts after the first get keys `<key>~2`, … and the label "(continued)". One definition for the
 * static build (src/site/render/render-session.tsx) and the live page (src/live/browser/pager.ts), so both break
 * a long turn at the same rows.
 */
export async function splitSection(raw: PageSection, section: PageSection, limit: Size, continued: string, steps: SplitSteps): Promise<PageSection[]> {
  // Each part keeps its rows' places in the turn layout (same index as the row).
  const part = (rows: PageRow[], n: number, indices: readonly number[]): PageSection => ({
    ...section,
    key: n === 0 ? section.key : `${section.key}~${n + 1}`,
    label: n === 0 || section.label === null ? section.label : `${section.label} (${continued})`,
    // The turn's anchor stays on its first part: ids are unique on a page and across a session's pages.
    ...(n === 0 ? {} : { anchor: null }),
    rows,
    ...(section.placements === undefined ? {} : { placements: indices.flatMap(i => { const p = section.placements?.[i]; return p === undefined ? [] : [p] }) }),
  })
  const rows: PageRow[] = []
  const sizes: Size[] = []
  for (let i = 0; i < section.rows.length; i++) {
    let row = section.rows[i] as PageRow
    let size = steps.size(part([row], 0, [i]))
    for (let level = 1; !fits(size, limit) && level < CAP_LEVELS.length; level++) {
      row = withoutHighlight(await steps.recut(raw.rows[i] as PageRow, level))
      size = steps.size(part([row], 0, [i]))
    }
    if (!fits(size, limit)) row = withoutHighlight(row)
    rows.push(row)
    sizes.push(size)
  }
  return splitRows(sizes, limit).map((indices, n) => part(indices.map(i => rows[i] as PageRow), n, indices))
}
