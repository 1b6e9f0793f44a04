/**
 * Decoding the v2+ embedded model stream (`assistant/message.data.stream`, `assistant/attempt.data.stream`;
 * v4 README §2.4) into `StreamEntry[]`: `{type:'chunk', time, chunk}` entries pass through, packed runs
 * (`time0`, `dt`, no seq/turn/step) expand to one entry per member with reconstructed times.
 * The stream is replay/timing detail (messages render from `message.content`), so one bad entry must not
 * cost the whole message: it is kept in place as an `undecoded` chunk carrying the reason and the entry.
 */
import { isPackedRowType, memberChunk, readRun } from '../chunks/packed'
import type { StreamEntry } from './schema'
import { knownTime } from './time'

/** Chunk type given to a stream entry that could not be decoded; `reason` and `entry` sit beside it. */
export const UNDECODED_STREAM_ENTRY = 'undecoded'

function undecoded(reason: string, entry: unknown): StreamEntry {
  return { time: null, chunk: { type: UNDECODED_STREAM_ENTRY, reason, entry } }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Stream clocks may be stripped or zeroed in fixtures: a non-integer time is unknown, never invented. */
function timeOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null
}

/** Decode one embedded stream. Returns null when `stream` is not an array (the caller reports it). */
export function decodeStream(stream: unknown): StreamEntry[] | null {
  if (!Array.isArray(stream)) return null
  const out: StreamEntry[] = []
  for (let i = 0; i < stream.length; i++) {
    const entry: unknown = stream[i]
    if (!isRecord(entry)) {
      out.push(undecoded(`stream[${i}] is not an object`, entry))
      continue
    }
    const type = entry['type']
    if (type === 'chunk') {
      const chunk = entry['chunk']
      if (isRecord(chunk) && typeof chunk['type'] === 'string') {
        out.push({ time: knownTime(timeOf(entry['time'])), chunk: chunk as StreamEntry['chunk'] })
      } else {
        out.push(undecoded(`stream[${i}].chunk must be an object with a string type`, entry))
      }
      continue
    }
    if (!isPackedRowType(type)) {
      out.push(undecoded(`stream[${i}] has unknown entry type ${JSON.stringify(type)}`, entry))
      continue
    }
    const run = readRun(type, entry)
    if (typeof run === 'string') {
      out.push(undecoded(`stream[${i}] malformed ${type} run: ${run}`, entry))
      continue
    }
    const before = out.length
    let time = timeOf(entry['time0'])
    let unsafe = false
    for (let k = 0; k < run.pieces.length; k++) {
      if (k > 0 && time !== null) {
        time += run.dt[k - 1] ?? 0
        if (!Number.isSafeInteger(time)) unsafe = true
      }
      out.push({ time: knownTime(time), chunk: memberChunk(run, k) })
    }
    // A running time outside the safe range would be silently wrong: keep the run undecoded instead.
    if (unsafe) {
      out.length = before
      out.push(undecoded(`stream[${i}] malformed ${type} run: member times must stay safe integers`, entry))
    }
  }
  return out
}
