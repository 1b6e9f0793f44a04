/**
 * One page's replay in one timing (no DOM): every item's play start and end, how much of a text item shows
 * at a play position, the idle gaps compressed timing squeezed there (for the skip notice), and the
 * session's turns and length in that timing. Play positions are the session's, in ms: a page starts at its
 * checkpoint, so positions agree across pages. Which turn plays at a position, and where the next or
 * previous turn starts, come from the page's own turns while the position is on this page; only a position
 * elsewhere reads the index's whole turn list (decoded then, once).
 */
import type { IndexTurn, PageData, PageItem, ReplayIndex } from '../../../replay/data'
import { IDLE_SQUEEZED_MS, playTimes, skipped, Squeezer, textShown, TIMING_MODES, type TimingMode } from '../../../replay/modes'
import { tickPlayTime } from '../../../replay/progress'

export interface SkipMark {
  /** Play positions of the squeezed gap. */
  from: number
  to: number
  /** Raw time taken out. */
  skipped: number
}

export interface PlayTurn {
  turn: number
  /** 0-based page. */
  page: number
  at: number
}

export class Timeline {
  readonly p0: Float64Array
  readonly p1: Float64Array
  readonly map: ((r: number) => number) | null
  /** Where this page starts and ends playing (the next page's checkpoint, or the session's end). */
  readonly start: number
  readonly end: number
  readonly total: number
  readonly skips: SkipMark[] = []
  /** The turns the bar lists (the index's listed ones and this page's own), in play order. */
  readonly listed: PlayTurn[]
  /** This page's own turns, and the turn in progress where it starts. */
  readonly own: PlayTurn[]
  readonly turn0: number | null
  /** Where the next page starts (Infinity on the last). */
  readonly next: number
  #all: PlayTurn[] | null = null
  /** Per subagent card (by item): its child's ticks' play times, in order. */
  readonly ticks = new Map<number, Float64Array>()

  constructor(
    readonly index: ReplayIndex,
    readonly page: PageData,
    readonly mode: TimingMode,
  ) {
    const m = TIMING_MODES.indexOf(mode)
    const at = page.at[m] as number
    const squeezer = mode === 'compressed' ? new Squeezer(page.gaps, page.base, at) : null
    const played = playTimes(page.items, mode, at, squeezer)
    this.p0 = played.p0
    this.p1 = played.p1
    this.map = played.map
    this.start = at
    this.total = index.total[m] as number
    const next = index.pages[page.page + 1]
    this.end = next === undefined ? this.total : Math.max(played.end, next.at[m] as number)
    if (squeezer !== null) {
      for (const gap of page.gaps) if (gap.to > page.base) this.skips.push({ from: squeezer.map(Math.max(gap.from, page.base)), to: squeezer.map(gap.to), skipped: skipped(gap) })
    }
    page.items.forEach((item, i) => {
      if (item.ticks === undefined) return
      const p0 = this.p0[i] as number
      const p1 = this.p1[i] as number
      this.ticks.set(i, Float64Array.from(item.ticks, tick => tickPlayTime(tick.t, item.t0, item.t1, p0, p1, this.map)))
    })
    const play = (t: IndexTurn) => this.#play(t)
    this.own = page.turns.map(play)
    this.turn0 = page.turn0
    this.next = next === undefined ? Number.POSITIVE_INFINITY : (next.at[m] as number)
    const ownTurns = new Set(this.own.map(t => t.turn))
    this.listed = [...index.listed.filter(t => !ownTurns.has(t.turn)).map(play), ...this.own].sort((a, b) => a.at - b.at || a.turn - b.turn)
  }

  /** Every turn of the session (the index's whole list, decoded on first use). */
  allTurns(): readonly PlayTurn[] {
    return (this.#all ??= this.index.turns.map(t => this.#play(t)))
  }

  /** A turn of the index or a page, at its start in this timing. */
  #play(t: IndexTurn): PlayTurn {
    return { turn: t.turn, page: t.page, at: t.at[TIMING_MODES.indexOf(this.mode)] as number }
  }

  #onPage(p: number): boolean {
    return p >= this.start && p < this.next
  }

  /** The turn started last at play position `p` (null: none yet). */
  turnAt(p: number): number | null {
    const onPage = this.#onPage(p)
    const turns = onPage ? this.own : this.allTurns()
    // Turns are in play order: a binary search, as this runs every frame.
    let lo = 0
    let hi = turns.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((turns[mid] as PlayTurn).at <= p) lo = mid + 1
      else hi = mid
    }
    if (lo > 0) return (turns[lo - 1] as PlayTurn).turn
    return onPage ? this.turn0 : null
  }

  /** Where turn `turn` starts; null when the session has no such turn. */
  turnStart(turn: number): number | null {
    return (this.own.find(t => t.turn === turn) ?? this.allTurns().find(t => t.turn === turn))?.at ?? null
  }

  /** Where the next (1) or previous (-1) turn after / before `p` starts (null: none). */
  stepTarget(p: number, direction: 1 | -1): number | null {
    const find = (turns: readonly PlayTurn[]) => (direction > 0 ? turns.find(t => t.at > p + 0.5) : turns.findLast(t => t.at < p - 0.5))?.at
    // A turn on this page is the nearest one when the position is here: other pages' turns lie beyond it.
    return (this.#onPage(p) ? find(this.own) : undefined) ?? find(this.allTurns()) ?? null
  }

  get items(): readonly PageItem[] {
    return this.page.items
  }

  /** The fraction (0…1) of text item `i` shown at play position `p`. */
  shown(i: number, p: number): number {
    return textShown(this.page.items[i] as PageItem, p, this.p0[i] as number, this.p1[i] as number, this.map)
  }

  /** How many of subagent card `i`'s child ticks have played by play position `p` (0 for any other item). */
  ticked(i: number, p: number): number {
    const times = this.ticks.get(i)
    if (times === undefined) return 0
    let n = 0
    while (n < times.length && (times[n] as number) <= p) n++
    return n
  }

  /** The squeezed gap around `p` (its notice stays up for the squeezed second and one more). */
  skipAt(p: number): SkipMark | null {
    for (const s of this.skips) if (p >= s.from && p < s.to + IDLE_SQUEEZED_MS) return s
    return null
  }

  /** The page (0-based) holding play position `p`. */
  pageAt(p: number): number {
    const m = TIMING_MODES.indexOf(this.mode)
    let page = 0
    this.index.pages.forEach((entry, i) => {
      if ((entry.at[m] as number) <= p) page = i
    })
    return page
  }
}
