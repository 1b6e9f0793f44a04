/**
 * A step's first-token time (trajectory.md §4.4): the time of the first chunk that carries visible model
 * output — a non-empty `text-delta` / `reasoning-delta`, or a `tool-call-delta` with a non-empty
 * `argumentsDelta` or a `name` — across every attempt of the step. Stored streams are decoded by the reader
 * (src/log/events/stream.ts: packed runs expanded with `time0 + dt…`, `name` copied to every member of a named
 * tool-call run, so such a run counts at `time0`); v0 logs carry the same chunks as top-level
 * `assistant/chunk` events, which dsh upgrades into the step's stream — the builder feeds them here in the
 * same order. Only the time is kept, never the chunks. A chunk without a clock (stripped, or the fixtures'
 * 0) gives no time and the scan goes on.
 */
import type { StreamChunk, StreamEntry } from '../../log/events/schema'

export function isTokenChunk(chunk: StreamChunk): boolean {
  switch (chunk.type) {
    case 'text-delta':
    case 'reasoning-delta':
      return typeof chunk['text'] === 'string' && chunk['text'] !== ''
    case 'tool-call-delta':
      return (typeof chunk['argumentsDelta'] === 'string' && chunk['argumentsDelta'] !== '') || typeof chunk['name'] === 'string'
    default:
      return false
  }
}

/** The chunk's time when it is a token with a usable clock, else null. */
export function tokenTime(chunk: StreamChunk, time: number | null): number | null {
  return time !== null && time > 0 && isTokenChunk(chunk) ? time : null
}

/** The first token time in a decoded stream, or null. */
export function streamFirstTokenTime(stream: readonly StreamEntry[] | undefined): number | null {
  if (stream === undefined) return null
  for (const entry of stream) {
    const time = tokenTime(entry.chunk, entry.time)
    if (time !== null) return time
  }
  return null
}
