/**
 * The three timings a replay plays in (issue 30), as pure functions of the schedule's raw times, shared by
 * the build (which writes each page's starting point in every timing, so a page plays on its own and a seek
 * never replays from the start) and the page's player:
 *
 * - `real`: the wall clock, as logged (text streams at its logged curve);
 * - `compressed` (the default): real, but every idle stretch longer than `IDLE_THRESHOLD_MS` — no row
 *   appearing, no text arriving: a user away, a model queueing, a long tool run — is squeezed to
 *   `IDLE_SQUEEZED_MS`, and the player says how much it skipped;
 * - `paced`: claude-replay's presentation timing (its `computePacedTiming`): the log's clocks are ignored,
 *   a text row takes 30 ms a character (1 s to 10 s), a tool row runs 1 s, any other row 0.6 s, a turn
 *   pauses 1 s first. A log without clocks plays only this way.
 */
import type { Curve } from './curve'

export type TimingMode = 'real' | 'compressed' | 'paced'
export const TIMING_MODES: readonly TimingMode[] = ['real', 'compressed', 'paced']
export const DEFAULT_TIMING: TimingMode = 'compressed'

export const IDLE_THRESHOLD_MS = 3000
export const IDLE_SQUEEZED_MS = 1000

export const PACE = {
  /** Per character of a text row, within [textMin, textMax]. */
  textPerUnit: 30,
  textMin: 1000,
  textMax: 10_000,
  /** A tool call, command or compaction, running then settled. */
  work: 1000,
  row: 600,
  /** Before each turn but the first. */
  turnPause: 1000,
} as const

/** What the timings read of an item (ScheduleItem and the page's decoded items both have it). */
export interface TimedItem {
  kind: 'section' | 'row' | 'text' | 'work'
  t0: number
  t1: number
  units: number
  curve: Curve | null
}

/** An idle stretch of raw time, longer than the threshold. */
export interface Gap {
  from: number
  to: number
}

/**
 * The idle gaps of a whole schedule: stretches between consecutive moments (an item's start or end, a
 * knot of a curve) longer than `IDLE_THRESHOLD_MS`, in time order.
 */
export function idleGaps(items: readonly TimedItem[]): Gap[] {
  let count = 0
  for (const item of items) count += 2 + (item.curve?.times.length ?? 0)
  const moments = new Float64Array(count)
  let n = 0
  for (const item of items) {
    moments[n++] = item.t0
    moments[n++] = item.t1
    for (const t of item.curve?.times ?? []) moments[n++] = t
  }
  moments.sort()
  const gaps: Gap[] = []
  for (let i = 1; i < n; i++) {
    const from = moments[i - 1] as number
    const to = moments[i] as number
    if (to - from > IDLE_THRESHOLD_MS) gaps.push({ from, to })
  }
  return gaps
}

/** How much of a gap compressed timing takes out: all of it but `IDLE_SQUEEZED_MS`. */
export const skipped = (gap: Gap): number => gap.to - gap.from - IDLE_SQUEEZED_MS

/**
 * Raw time → compressed play time, from a known point: raw `base` plays at `at`, and `gaps` holds every gap
 * that ends after `base` (sorted). Inside a gap, time runs at the squeezed rate.
 */
export class Squeezer {
  readonly #ends: Float64Array
  /** Play time taken out by the gaps before gap i (from `base` on). */
  readonly #before: Float64Array

  constructor(
    readonly gaps: readonly Gap[],
    readonly base: number,
    readonly at: number,
  ) {
    this.#ends = new Float64Array(gaps.length)
    this.#before = new Float64Array(gaps.length + 1)
    let removed = 0
    gaps.forEach((gap, i) => {
      this.#ends[i] = gap.to
      this.#before[i] = removed
      removed += this.#removed(gap, gap.to)
    })
    this.#before[gaps.length] = removed
  }

  /** What gap `gap` has taken out by raw time `r` (only its part after `base` counts). */
  #removed(gap: Gap, r: number): number {
    const from = Math.max(gap.from, this.base)
    const to = Math.min(gap.to, r)
    if (to <= from) return 0
    return (to - from) * (skipped(gap) / (gap.to - gap.from))
  }

  map(r: number): number {
    // The first gap that ends after r: gaps before it are wholly taken out, it partly.
    let lo = 0
    let hi = this.#ends.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((this.#ends[mid] as number) <= r) lo = mid + 1
      else hi = mid
    }
    const gap = this.gaps[lo]
    const removed = (this.#before[lo] as number) + (gap === undefined ? 0 : this.#removed(gap, r))
    return this.at + (r - this.base) - removed
  }
}

/** A paced item's duration. */
export function pacedDuration(item: TimedItem): number {
  switch (item.kind) {
    case 'section':
      return 0
    case 'text':
      return Math.min(PACE.textMax, Math.max(PACE.textMin, item.units * PACE.textPerUnit))
    case 'work':
      return PACE.work
    case 'row':
      return PACE.row
  }
}

/** Play times of items in one timing: each item's start and end, and a curve mapped onto play time. */
export interface Played {
  p0: Float64Array
  p1: Float64Array
  /** Play time of a raw time (real, compressed); paced has none: its text runs linearly from p0 to p1. */
  map: ((r: number) => number) | null
  /** Where the last item ends. */
  end: number
}

/**
 * Play times of `items` (one page's, or a whole schedule's) in `mode`, the first item starting at play time
 * `at` (a page's first item starts at its checkpoint: no turn pause before it). `squeezer` maps raw time in
 * compressed timing (its base is the first item's start).
 */
export function playTimes(items: readonly TimedItem[], mode: TimingMode, at: number, squeezer: Squeezer | null): Played {
  const p0 = new Float64Array(items.length)
  const p1 = new Float64Array(items.length)
  if (mode === 'paced') {
    let cursor = at
    let end = at
    items.forEach((item, i) => {
      if (item.kind === 'section' && i > 0) cursor += PACE.turnPause
      p0[i] = cursor
      cursor += pacedDuration(item)
      p1[i] = cursor
      end = Math.max(end, cursor)
    })
    return { p0, p1, map: null, end }
  }
  const base = items[0]?.t0 ?? 0
  const map = mode === 'compressed' && squeezer !== null ? (r: number) => squeezer.map(r) : (r: number) => at + (r - base)
  let end = at
  items.forEach((item, i) => {
    p0[i] = map(item.t0)
    p1[i] = map(item.t1)
    end = Math.max(end, p1[i] as number)
  })
  return { p0, p1, map, end }
}

/** Units of a text item shown at play time `p`, as a fraction of the item (0…1). */
export function textShown(item: TimedItem, p: number, p0: number, p1: number, map: ((r: number) => number) | null): number {
  if (p < p0) return 0
  if (p >= p1) return 1
  if (map === null || item.curve === null) return p1 > p0 ? (p - p0) / (p1 - p0) : 1
  const { times, units } = item.curve
  const total = units[units.length - 1] ?? 0
  if (total <= 0) return 1
  // The last knot at or before p (knot times are mapped as they are read: curves are short).
  let shown = 0
  for (let k = 0; k < times.length; k++) {
    const at = map(times[k] as number)
    if (at > p) {
      const prevAt = k === 0 ? p0 : map(times[k - 1] as number)
      const prevUnits = k === 0 ? 0 : (units[k - 1] as number)
      shown = at > prevAt ? prevUnits + ((units[k] as number) - prevUnits) * ((p - prevAt) / (at - prevAt)) : prevUnits
      return shown / total
    }
    shown = units[k] as number
  }
  return shown / total
}
