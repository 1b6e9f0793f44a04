/**
 * The Trajectory's number and time formats (trajectory.md §6), one function per rule, locale-aware through
 * the dictionary's unit templates:
 * - tokens are the raw integer and `tok` (`235 tok`, `8466 tok`): no grouping, no K or M, and nowhere a
 *   percentage (the cache-hit share is the Chat pills' business);
 * - `durationMs` (assistant timing, retry delay): `500 ms`, `1.00 s`, `12.3 s`;
 * - `durationMillis` (a record's Duration, the timeline): whole milliseconds, comma-grouped, `—` unknown;
 * - `throughput`: one decimal, `tok/s`;
 * - `started`: `YYYY-MM-DD HH:MM:SS.mmm` — in UTC on the built page (deterministic output; the page script
 *   shows the reader's local time, as the client does) — and the Unix-seconds form the toggle shows.
 */
import type { TrajectoryWords } from './strings'
import { groupDigits } from '../cards/format'

export const DASH = '—'

export function tokens(value: number, words: TrajectoryWords): string {
  return words.t('unit.tokens', { value: Math.round(value) })
}

/** `formatDurationMs`: < 1 s in whole ms, < 10 s with two decimals, else one. */
export function durationMs(ms: number, words: TrajectoryWords): string {
  if (ms < 1000) return words.t('unit.milliseconds', { value: Math.round(ms) })
  const seconds = ms / 1000
  return words.t('unit.seconds', { value: seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(1) })
}

/** `formatDurationMillis`: whole milliseconds, comma-grouped; `—` when unknown. */
export function durationMillis(ms: number | null, words: TrajectoryWords): string {
  if (ms === null || !Number.isFinite(ms)) return DASH
  return words.t('unit.milliseconds', { value: groupDigits(Math.round(ms)) })
}

export function throughput(perSecond: number, words: TrajectoryWords): string {
  return words.t('unit.tokensPerSecond', { value: perSecond.toFixed(1) })
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `YYYY-MM-DD HH:MM:SS.mmm` of an epoch-ms time in UTC. */
export function clockUtc(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`
}

/** The same in the reader's zone (the page script's form; the client's "Started" value). */
export function clockLocal(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
}

/** The toggle's Unix-seconds form: `1790389380.425`. */
export function unixSeconds(ms: number): string {
  return (ms / 1000).toFixed(3)
}

/** `{n} tool call(s)`, `{n} step(s)` (§6 counts). */
export function toolCallCount(n: number, words: TrajectoryWords): string {
  return words.t(n === 1 ? 'summary.toolCalls.one' : 'summary.toolCalls.other', { count: n })
}

export function stepCount(n: number, words: TrajectoryWords): string {
  return words.t(n === 1 ? 'summary.steps.one' : 'summary.steps.other', { count: n })
}
