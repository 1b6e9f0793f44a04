/**
 * A streamed block's arrival curve: how many units (UTF-16 code units of the block's text) had arrived by
 * each clock time, as the deltas of the log tell it. A chatty stream has a delta every few milliseconds; the
 * page needs far fewer points to show it at the same pace, so the curve is kept as the fewest knots of a
 * piecewise-linear function that shows every delta complete within `FRAME_MS` after its logged time, never before (the
 * player draws linearly between knots). Knots are data points of the stream, found greedily in one pass:
 * a segment from the last knot is stretched over the next deltas while one straight line can still meet
 * every delta it passes within a frame (the classic cone of feasible slopes), so a steady stream becomes a
 * handful of knots and a burst of tokens keeps its shape; a pause keeps its flat stretch (text never shows
 * more than a frame before its delta arrived).
 */

/** The tolerance of a curve, and of the replay's timing tests: one frame at 60 Hz, rounded down. */
export const FRAME_MS = 16

/** Knots as parallel arrays: clock ms (non-decreasing) and cumulative units (non-decreasing). */
export interface Curve {
  times: number[]
  units: number[]
}

/**
 * The simplified curve of `times`/`units` (one entry per delta with a clock, in log order; `units` is the
 * cumulative count after each delta). Clocks that step back are held at the latest so far, and deltas that
 * add nothing are dropped, so the result is monotone in both. The first and last points are always knots.
 */
export function simplifyCurve(times: readonly number[], units: readonly number[], tolerance = FRAME_MS): Curve {
  // Monotone points, one per change of the count.
  const t: number[] = []
  const u: number[] = []
  let clock = -Infinity
  let count = 0
  for (let i = 0; i < times.length; i++) {
    clock = Math.max(clock, times[i] ?? clock)
    const next = units[i] ?? count
    if (next <= count && t.length > 0) continue
    count = Math.max(count, next)
    if (t.length > 0 && t[t.length - 1] === clock) u[u.length - 1] = count
    else {
      t.push(clock)
      u.push(count)
    }
  }
  // The stream is a step function: between deltas the count holds. A pause longer than a frame gets a knot
  // where it ends (a frame before the next delta, at the count so far), so the line between two knots never
  // shows a burst of text long before it arrived.
  const held = withHolds(t, u, tolerance)
  return knots(held.times, held.units, tolerance)
}

function withHolds(t: readonly number[], u: readonly number[], tolerance: number): Curve {
  const times: number[] = []
  const units: number[] = []
  for (let i = 0; i < t.length; i++) {
    const hold = (t[i] as number) - tolerance
    if (i > 0 && hold > (t[i - 1] as number)) {
      times.push(hold)
      units.push(u[i - 1] as number)
    }
    times.push(t[i] as number)
    units.push(u[i] as number)
  }
  return { times, units }
}

/** The greedy pass over monotone points (see the module comment). */
function knots(t: readonly number[], u: readonly number[], tolerance: number): Curve {
  if (t.length <= 2) return { times: [...t], units: [...u] }
  const out: Curve = { times: [t[0] as number], units: [u[0] as number] }
  let a = 0
  while (a < t.length - 1) {
    const ta = t[a] as number
    const ua = u[a] as number
    // Slopes (units per ms) a line from knot `a` may take and still meet every point passed so far.
    let lo = 0
    let hi = Infinity
    let end = a + 1
    for (let j = a + 1; j < t.length; j++) {
      const dt = (t[j] as number) - ta
      const du = (u[j] as number) - ua
      const slope = dt === 0 ? Infinity : du / dt
      if (slope < lo || slope > hi) break
      end = j
      // Point j, once passed, bounds the slopes of longer segments: the line must reach u[j] within
      // [t[j], t[j] + tolerance] — never early (with the hold knots, text never shows before its delta),
      // at most a frame late.
      lo = Math.max(lo, du / (dt + tolerance))
      if (dt > 0) hi = Math.min(hi, du / dt)
    }
    out.times.push(t[end] as number)
    out.units.push(u[end] as number)
    a = end
  }
  // Exact-length copies: an array grown by push keeps up to half its length again as spare room (17
  // slots from the first push), and a build holds every stream's curves until its Chat renders — a
  // chunk-heavy 100 MB log has ~1.8 million knots.
  return { times: out.times.slice(), units: out.units.slice() }
}

/** Units shown at clock `time` on a curve drawn linearly between its knots (0 before the first knot). */
export function unitsAt(curve: Curve, time: number): number {
  const { times, units } = curve
  const n = times.length
  if (n === 0 || time < (times[0] as number)) return 0
  if (time >= (times[n - 1] as number)) return units[n - 1] as number
  // Binary search for the segment holding `time`.
  let lo = 0
  let hi = n - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if ((times[mid] as number) <= time) lo = mid
    else hi = mid
  }
  const t0 = times[lo] as number
  const t1 = times[hi] as number
  const u0 = units[lo] as number
  const u1 = units[hi] as number
  return t1 === t0 ? u1 : u0 + ((u1 - u0) * (time - t0)) / (t1 - t0)
}
