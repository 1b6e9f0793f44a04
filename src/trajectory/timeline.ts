/**
 * The timing overview's projection (trajectory.md §7), a pure helper over a snapshot — the snapshot itself
 * keeps only each record's `startedAt` and `duration`, so a page computes whichever mode it shows (the
 * static page: `sequence`; the Duration toggle: `duration`) without the model storing three copies:
 * - `sequence`: every record but request-only markers, in ledger order, gets slot `[k, k+1]`; times ignored;
 * - `duration`: records with a known start only, `[start, start + duration]` (0 when unknown), with idle gaps
 *   compressed — sorted by start, whenever a span starts after everything before it has ended, it and every
 *   later span move left by the gap;
 * - `actual`: as `duration`, without compression (wall clock);
 * - `time`: wall clock, every span zero-width (upstream draws these 8 px wide).
 * Lanes: 0 Input (system, user, context), 1 Model (assistant, compacted), 2 Tools (tool, subtool). A turn
 * boundary sits at each turn's first span; a standalone compaction adds none. `gaps` (duration mode) says
 * where each idle gap was taken out and how long it was, so a page can mark it. Null when nothing is
 * drawable ("No timing data").
 */
import type { RecordKind, TrajectoryRecord, TrajectorySection } from './model'

/** What the projection reads of a record: its place, kind and times (a built page keeps only these). */
export type TimelineRecord = Pick<TrajectoryRecord, 'index' | 'kind' | 'requestOnly' | 'isError' | 'startedAt' | 'duration'>

/** What the projection reads of a snapshot (a whole `TrajectorySnapshot` is one). */
export interface TimelineSource {
  records: readonly TimelineRecord[]
  sections: readonly TrajectorySection[]
}

export type TimelineMode = 'sequence' | 'duration' | 'actual' | 'time'

export interface TimelineSpan {
  /** The record's index. */
  record: number
  kind: RecordKind
  lane: 0 | 1 | 2
  start: number
  end: number
  isError: boolean
}

export interface Timeline {
  start: number
  end: number
  spans: TimelineSpan[]
  turnBoundaries: { turn: number; at: number }[]
  /** Idle gaps compressed away (`duration` only): the projected position and the gap's length in ms. */
  gaps: { at: number; ms: number }[]
}

export function laneOf(kind: RecordKind): 0 | 1 | 2 {
  if (kind === 'tool' || kind === 'subtool') return 2
  if (kind === 'message' || kind === 'compacted') return 1
  return 0
}

/** The records of each section in ledger order, request-only markers left out. */
function sectionRecords(snapshot: TimelineSource): { turn: number | null; records: TimelineRecord[] }[] {
  const out: { turn: number | null; records: TimelineRecord[] }[] = []
  for (const section of snapshot.sections) {
    const records: TimelineRecord[] = []
    for (const group of section.groups) {
      for (const index of group.records) {
        const record = snapshot.records[index - 1] as TimelineRecord
        if (!record.requestOnly) records.push(record)
      }
    }
    out.push({ turn: section.turn, records })
  }
  return out
}

export function trajectoryTimeline(snapshot: TimelineSource, mode: TimelineMode = 'sequence'): Timeline | null {
  return trajectoryTimelines(snapshot, [mode])[0] ?? null
}

/** A section's records as timed spans (records with a known start only), in ledger order. */
interface TimedSection {
  turn: number | null
  spans: TimelineSpan[]
}

/**
 * The projection in each of `modes`, in order. The records are walked, and the timed spans made and sorted,
 * once for all of them: a built page draws its overview in three modes, and doing that work once per mode
 * was most of the overview's cost (issue 29's time goal). Each mode's result is what it is on its own.
 */
export function trajectoryTimelines(snapshot: TimelineSource, modes: readonly TimelineMode[]): (Timeline | null)[] {
  const sections = sectionRecords(snapshot)
  let timed: { sections: TimedSection[]; sorted: TimelineSpan[] } | null = null
  return modes.map((mode) => {
    if (mode === 'sequence') return sequenceTimeline(sections)
    if (timed === null) timed = timedSpans(sections)
    return projected(timed.sections, timed.sorted, mode)
  })
}

function sequenceTimeline(sections: readonly { turn: number | null; records: readonly TimelineRecord[] }[]): Timeline | null {
  const spans: TimelineSpan[] = []
  const turnBoundaries: Timeline['turnBoundaries'] = []
  for (const section of sections) {
    if (section.records.length === 0) continue
    if (section.turn !== null) turnBoundaries.push({ turn: section.turn, at: spans.length })
    for (const record of section.records) spans.push({ record: record.index, kind: record.kind, lane: laneOf(record.kind), start: spans.length, end: spans.length + 1, isError: record.isError })
  }
  return spans.length === 0 ? null : { start: 0, end: spans.length, spans, turnBoundaries, gaps: [] }
}

/** Each section's timed spans, and all of them sorted by start, then end (stable: ties keep ledger order). */
function timedSpans(sections: readonly { turn: number | null; records: readonly TimelineRecord[] }[]): { sections: TimedSection[]; sorted: TimelineSpan[] } {
  const timed: TimedSection[] = []
  const raw: TimelineSpan[] = []
  for (const section of sections) {
    const spans: TimelineSpan[] = []
    for (const record of section.records) {
      if (record.startedAt === null) continue
      const span: TimelineSpan = { record: record.index, kind: record.kind, lane: laneOf(record.kind), start: record.startedAt, end: record.startedAt + Math.max(0, record.duration ?? 0), isError: record.isError }
      spans.push(span)
      raw.push(span)
    }
    timed.push({ turn: section.turn, spans })
  }
  return { sections: timed, sorted: raw.sort((a, b) => a.start - b.start || a.end - b.end) }
}

/** `duration`, `actual` or `time` from the timed spans (which it does not change). */
function projected(timed: readonly TimedSection[], sorted: readonly TimelineSpan[], mode: TimelineMode): Timeline | null {
  if (sorted.length === 0) return null
  const spans: TimelineSpan[] = []
  const turnBoundaries: Timeline['turnBoundaries'] = []
  const removed = new Map<TimelineSpan, number>()
  const gaps: Timeline['gaps'] = []
  let idle = 0
  let coveredUntil: number | null = null
  for (const span of sorted) {
    if (mode === 'duration' && coveredUntil !== null && span.start > coveredUntil) {
      gaps.push({ at: coveredUntil - idle, ms: span.start - coveredUntil })
      idle += span.start - coveredUntil
    }
    removed.set(span, idle)
    coveredUntil = coveredUntil === null ? span.end : Math.max(coveredUntil, span.end)
  }
  for (const section of timed) {
    if (section.spans.length === 0) continue
    let first = Number.POSITIVE_INFINITY
    for (const span of section.spans) {
      const offset = removed.get(span) ?? 0
      const start = span.start - offset
      spans.push({ ...span, start, end: (mode === 'time' ? span.start : span.end) - offset })
      first = Math.min(first, start)
    }
    if (section.turn !== null) turnBoundaries.push({ turn: section.turn, at: first })
  }
  let start = Number.POSITIVE_INFINITY
  let end = Number.NEGATIVE_INFINITY
  for (const span of spans) {
    start = Math.min(start, span.start)
    end = Math.max(end, span.end)
  }
  return { start, end, spans, turnBoundaries, gaps }
}
