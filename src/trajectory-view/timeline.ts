/**
 * The timing overview of a page's records as SVG geometry (trajectory.md §7), drawn at build time so it reads
 * without script: one drawing per mode — `sequence` (one equal slot per record, the client's default),
 * `duration` (the client's Duration toggle: spans from event times with idle gaps compressed, each gap of a
 * second or more marked where it was taken out) and `actual` (wall clock, which the client keeps hidden;
 * offered here as an explicit choice). Lanes Input / Model / Tools, bars 8 units high 14 apart, turn
 * boundaries as thin lines. Colours by kind; a failed record is red; a compaction is outlined; a request
 * that was retried gets a ▲ over its bar; an assistant bar with a valid first-token time is split at TTFT.
 *
 * A page has up to a few thousand records, and the page budget counts elements, so bars of one look are one
 * `<path>` (the SVG is a dozen elements, whatever the record count). Coordinates are in a 1000 × 50 box the
 * page stretches to its width; numbers keep one decimal.
 */
import { laneOf, trajectoryTimelines, type Timeline, type TimelineMode, type TimelineRecord, type TimelineSpan } from '../trajectory'
import type { TrajectoryRecord, TrajectoryRequest, TrajectorySection } from '../trajectory/model'
import { durationMillis } from './format'
import type { TrajectoryWords } from './strings'

export type OverviewMode = Extract<TimelineMode, 'sequence' | 'duration' | 'actual'>
export const OVERVIEW_MODES: readonly OverviewMode[] = ['sequence', 'duration', 'actual']

export const WIDTH = 1000
export const HEIGHT = 50
const BAR = 8
const LANE_Y = [4, 18, 32] as const
/** Narrowest bar, in box units (2 px on a 1000 px track). */
const MIN_BAR = 2
/** Idle gaps shorter than this are compressed but not marked (a mark per 100 ms pause is noise). */
export const MARKED_GAP_MS = 1000

/** Looks, one `<path>` each (the class the stylesheet colours). */
export type BarLook = 'system' | 'user' | 'context' | 'assistant' | 'ttft' | 'tool' | 'subtool' | 'compacted' | 'error' | 'turn' | 'gap' | 'retry'
const ORDER: readonly BarLook[] = ['turn', 'gap', 'system', 'user', 'context', 'assistant', 'ttft', 'compacted', 'tool', 'subtool', 'error', 'retry']

export interface OverviewDrawing {
  mode: OverviewMode
  /** Caption: the mode's name. */
  caption: string
  /** Extra line (duration: the idle time taken out). */
  note: string | null
  /** Nothing drawable: the track reads "No timing data". */
  empty: string | null
  paths: { look: BarLook; d: string }[]
  /** Bars drawn (sequence: one slot per record, the page script maps a click to a row). */
  spans: number
}

/**
 * `n` with one decimal, as `String` writes the rounded number (`-0` as `0`). Written from the integer of
 * tenths: a page's overview writes thousands of coordinates, and turning a fraction into its shortest
 * decimal was the larger part of drawing it; integers are cheap to write. Beyond 2^53-ish tenths (and for
 * NaN, ±Infinity) the number is written as `String` writes it.
 */
export function num(n: number): string {
  const tenths = Math.round(n * 10)
  if (tenths % 10 === 0 || !(Math.abs(tenths) < 1e15)) return String(tenths / 10)
  const abs = Math.abs(tenths)
  return `${tenths < 0 ? '-' : ''}${Math.floor(abs / 10)}.${abs % 10}`
}

/** What the overview reads of a record: the projection's fields and an assistant's first-token metrics. */
export type OverviewRecord = TimelineRecord & Pick<TrajectoryRecord, 'metrics'>

function lookOf(record: OverviewRecord): BarLook {
  if (record.isError) return 'error'
  switch (record.kind) {
    case 'message':
      return 'assistant'
    case 'system':
    case 'user':
    case 'context':
    case 'compacted':
    case 'tool':
    case 'subtool':
      return record.kind
  }
}

/** The fraction of an assistant bar before its first token, when its timing is valid (§7). */
function ttftShare(record: OverviewRecord): number | null {
  const m = record.metrics
  if (m === undefined || !m.timingRecorded || m.stepStartTime === null || m.firstTokenTime === null || m.completedTime === null) return null
  const ttft = m.firstTokenTime - m.stepStartTime
  const decoding = m.completedTime - m.firstTokenTime
  if (ttft < 0 || decoding < 0 || ttft + decoding <= 0) return null
  return ttft / (ttft + decoding)
}

/**
 * The overview of `sections` (a page's share of the snapshot). `retried`: record indices whose request was
 * retried (their marker records).
 */
export function overview(snapshot: { records: readonly OverviewRecord[] }, sections: readonly TrajectorySection[], mode: OverviewMode, words: TrajectoryWords, retried: ReadonlySet<number>): OverviewDrawing {
  return overviews(snapshot, sections, [mode], words, retried)[0] as OverviewDrawing
}

/**
 * The overview of `sections` in each of `modes`, in order: as `overview` draws each, with the projection's
 * shared work (walking the records, sorting the timed spans) done once for all (`trajectoryTimelines`).
 */
export function overviews(snapshot: { records: readonly OverviewRecord[] }, sections: readonly TrajectorySection[], modes: readonly OverviewMode[], words: TrajectoryWords, retried: ReadonlySet<number>): OverviewDrawing[] {
  const timelines = trajectoryTimelines({ records: snapshot.records, sections }, modes)
  return modes.map((mode, i) => drawing(snapshot, timelines[i] ?? null, mode, words, retried))
}

function drawing(snapshot: { records: readonly OverviewRecord[] }, timeline: Timeline | null, mode: OverviewMode, words: TrajectoryWords, retried: ReadonlySet<number>): OverviewDrawing {
  const caption = words.t(mode === 'sequence' ? 'dv.modeSequence' : mode === 'duration' ? 'dv.modeDuration' : 'dv.modeActual')
  if (timeline === null) return { mode, caption, note: null, empty: words.t('timeline.noTimingData'), paths: [], spans: 0 }
  const span = Math.max(timeline.end - timeline.start, mode === 'sequence' ? 1 : 1e-9)
  const x = (at: number) => ((at - timeline.start) / span) * WIDTH
  const d = new Map<BarLook, string[]>()
  const draw = (look: BarLook, part: string) => {
    const list = d.get(look)
    if (list === undefined) d.set(look, [part])
    else list.push(part)
  }
  const rect = (look: BarLook, left: number, width: number, lane: 0 | 1 | 2) => draw(look, `M${num(left)} ${LANE_Y[lane]}h${num(width)}v${BAR}h${num(-width)}z`)
  const slot = WIDTH / Math.max(1, timeline.spans.length)
  // Sequence slots keep a hair of space on each side (the client: min(8% of the slot, 1px)).
  const inset = mode === 'sequence' ? Math.min(slot * 0.08, 1) : 0
  for (const s of timeline.spans as TimelineSpan[]) {
    const record = snapshot.records[s.record - 1]
    if (record === undefined) continue
    let left = x(s.start) + inset
    const width = Math.max(x(s.end) - x(s.start) - 2 * inset, MIN_BAR)
    if (left + width > WIDTH) left = Math.max(0, WIDTH - width)
    const lane = laneOf(record.kind)
    const look = lookOf(record)
    const share = look === 'assistant' ? ttftShare(record) : null
    if (share !== null && share > 0 && share < 1) {
      const split = width * share
      rect('ttft', left, split, lane)
      rect('assistant', left + split, width - split, lane)
    } else rect(look, left, width, lane)
    if (retried.has(record.index)) draw('retry', `M${num(left + Math.min(width, 6) / 2)} ${LANE_Y[1] - 1}l3 -3h-6z`)
  }
  for (const boundary of timeline.turnBoundaries) {
    const at = x(boundary.at)
    if (at > 0.5) draw('turn', `M${num(at)} 0v${HEIGHT}`)
  }
  let idle = 0
  for (const gap of timeline.gaps) {
    if (gap.ms < MARKED_GAP_MS) continue
    idle += gap.ms
    draw('gap', `M${num(x(gap.at))} 0v${HEIGHT}`)
  }
  const paths = ORDER.flatMap((look) => {
    const parts = d.get(look)
    return parts === undefined ? [] : [{ look, d: parts.join('') }]
  })
  const note = mode === 'duration' && idle > 0 ? words.t('dv.idleGap', { duration: durationMillis(idle, words) }) : null
  return { mode, caption, note, empty: null, paths, spans: timeline.spans.length }
}

/** Record indices (marker records) of the requests that were retried. */
export function retriedRecords(snapshot: { requests: readonly Pick<TrajectoryRequest, 'retry' | 'markerRecord' | 'resultRecord'>[] }): Set<number> {
  const out = new Set<number>()
  for (const request of snapshot.requests) {
    if (request.retry === undefined) continue
    const at = request.markerRecord ?? request.resultRecord
    if (at !== undefined) out.add(at)
  }
  return out
}
