/**
 * A session's schedule cut along its pages (issue 30): once the pages are packed, each page's transcript
 * ids are known, and every item of the schedule goes to the page holding its row (an item whose row no
 * page holds — nothing rendered it — is left out, and so is one that would go back to an earlier page than
 * the item before it: a page plays forward only). Play times of the whole session are computed here once,
 * in every timing, so each page can carry its checkpoint: the player of any page starts there without
 * reading the pages before it.
 */
import { idsHash } from './codec'
import { listedTurns, REPLAY_DATA_VERSION, type Checkpoint, type IndexChapter, type IndexTurn, type PageData, type PageItem, type ReplayIndex } from './data'
import { idleGaps, playTimes, Squeezer, type Gap } from './modes'
import type { Schedule } from './schedule'

export interface ReplayPage {
  /** The page's file (or, in an export, its part anchor). */
  page: string
  /** The ids of its transcript, in document order (src/site/render/pages/anchors.ts `collectIds`). */
  ids: readonly string[]
  /** Its data file (ignored in a one-page session, whose data the index carries). */
  data: string | null
}

export interface ReplayAssets {
  index: ReplayIndex
  /** Page data, one per page (a one-page session's is also the index's `data`). */
  pages: PageData[]
}

export function replayAssets(schedule: Schedule, pages: readonly ReplayPage[]): ReplayAssets {
  // Which page holds each id: a Map (ids come from the log), the first page holding it wins.
  const where = new Map<string, { page: number; ref: number }>()
  pages.forEach((p, page) => p.ids.forEach((id, ref) => void (where.has(id) || where.set(id, { page, ref }))))
  const kept: PageItem[] = []
  const pageOf: number[] = []
  const origin: number[] = []
  let current = 0
  schedule.items.forEach((item, i) => {
    const at = where.get(item.key)
    if (at === undefined || at.page < current) return
    current = at.page
    kept.push({ ref: at.ref, kind: item.kind, t0: item.t0, t1: item.t1, units: item.units, curve: item.curve, failed: item.failed, ends: item.ends, ...(item.ticks === undefined ? {} : { ticks: item.ticks }) })
    pageOf.push(at.page)
    origin.push(i)
  })

  const gaps = schedule.timed ? idleGaps(kept) : []
  const squeezer = new Squeezer(gaps, 0, 0)
  const real = playTimes(kept, 'real', kept[0]?.t0 ?? 0, null)
  const compressed = playTimes(kept, 'compressed', 0, squeezer)
  const paced = playTimes(kept, 'paced', 0, null)
  const at = (i: number): Checkpoint => [real.p0[i] ?? 0, compressed.p0[i] ?? 0, paced.p0[i] ?? 0]

  const data: PageData[] = pages.map((p, page) => ({ v: REPLAY_DATA_VERSION, page, ids: p.ids.length, hash: idsHash(p.ids), base: 0, at: [0, 0, 0], gaps: [], items: [], turns: [], turn0: null }))
  let previousPage = -1
  kept.forEach((item, i) => {
    const page = pageOf[i] as number
    const d = data[page] as PageData
    if (page !== previousPage) {
      d.base = item.t0
      d.at = at(i)
      previousPage = page
    }
    d.items.push(item)
  })
  for (const d of data) d.gaps = pageGaps(gaps, d)
  // A page without timed rows starts where the next page that has some does (or at the end).
  const total: Checkpoint = [real.end, compressed.end, paced.end]
  for (let p = data.length - 1; p >= 0; p--) {
    const d = data[p] as PageData
    if (d.items.length === 0) d.at = data[p + 1]?.at ?? total
  }

  const itemIndex = new Map<number, number>()
  origin.forEach((o, i) => itemIndex.set(o, i))
  const turns: IndexTurn[] = []
  for (const section of schedule.sections) {
    const i = itemIndex.get(section.item)
    if (section.turn === null || i === undefined) continue
    turns.push({ turn: section.turn, page: pageOf[i] as number, at: at(i) })
  }
  // Each page's own turns, and the turn in progress where it starts (the last one begun on a page before).
  for (const turn of turns) data[turn.page]?.turns.push(turn)
  let inProgress: number | null = null
  for (const d of data) {
    d.turn0 = inProgress
    inProgress = d.turns.at(-1)?.turn ?? inProgress
  }
  const chapters: IndexChapter[] = []
  for (const chapter of schedule.chapters) {
    const i = itemIndex.get(chapter.item)
    if (chapter.kind === 'turn' || i === undefined) continue
    chapters.push({ kind: chapter.kind, label: chapter.label, page: pageOf[i] as number, at: at(i) })
  }
  // A one-page session's data rides in the index (it loads one file); with more, every page names its own
  // file, the first page's too: every page loads the index, so it carries no page's rows.
  const single = pages.length === 1
  const index: ReplayIndex = {
    v: REPLAY_DATA_VERSION,
    timed: schedule.timed,
    pages: pages.map((p, page) => ({ page: p.page, data: single ? null : p.data, at: (data[page] as PageData).at })),
    total,
    turns,
    listed: listedTurns(turns, -1),
    chapters,
    data: single ? (data[0] ?? null) : null,
  }
  return { index, pages: data }
}

/** The gaps a page's compressed timing needs: those ending after its first item and starting before its last moment. */
function pageGaps(gaps: readonly Gap[], page: PageData): Gap[] {
  if (page.items.length === 0) return []
  let end = page.base
  for (const item of page.items) end = Math.max(end, item.t1, item.curve?.times[item.curve.times.length - 1] ?? 0)
  return gaps.filter(g => g.to > page.base && g.from < end)
}
