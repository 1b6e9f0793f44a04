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
  return snapshot.sections.map((section) => ({
    turn: section.turn,
    records: section.groups.flatMap((group) => group.records.map((index) => snapshot.records[index - 1] as TimelineRecord)).filter((record) => !record.requestOnly),
  }))
}

export function trajectoryTimeline(snapshot: TimelineSource, mode: TimelineMode = 'sequence'): Timeline | null {
  const sections = sectionRecords(snapshot)
  const spans: TimelineSpan[] = []
  const turnBoundaries: Timeline['turnBoundaries'] = []
  if (mode === 'sequence') {
    for (const section of sections) {
      if (section.records.length === 0) continue
      if (section.turn !== null) turnBoundaries.push({ turn: section.turn, at: spans.length })
      for (const record of section.records) spans.push({ record: record.index, kind: record.kind, lane: laneOf(record.kind), start: spans.length, end: spans.length + 1, isError: record.isError })
    }
    return spans.length === 0 ? null : { start: 0, end: spans.length, spans, turnBoundaries, gaps: [] }
  }

  const timed = sections.map((section) => ({
    turn: section.turn,
    spans: section.records.flatMap((record): TimelineSpan[] =>
      record.startedAt === null ? [] : [{ record: record.index, kind: record.kind, lane: laneOf(record.kind), start: record.startedAt, end: record.startedAt + Math.max(0, record.duration ?? 0), isError: record.isError }]),
  }))
  const raw = timed.flatMap((section) => section.spans)
  if (raw.length === 0) return null
  const removed = new Map<TimelineSpan, number>()
  const gaps: Timeline['gaps'] = []
  let idle = 0
  let coveredUntil: number | null = null
  for (const span of [...raw].sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (mode === 'duration' && coveredUntil !== null && span.start > coveredUntil) {
      gaps.push({ at: coveredUntil - idle, ms: span.start - coveredUntil })
      idle += span.start - coveredUntil
    }
    removed.set(span, idle)
    coveredUntil = coveredUntil === null ? span.end : Math.max(coveredUntil, span.end)
  }
  for (const section of timed) {
    if (section.spans.length === 0) continue
    const projected = section.spans.map((span) => {
      const offset = removed.get(span) ?? 0
      return { ...span, start: span.start - offset, end: (mode === 'time' ? span.start : span.end) - offset }
    })
    spans.push(...projected)
    if (section.turn !== null) turnBoundaries.push({ turn: section.turn, at: projected.reduce((min, span) => Math.min(min, span.start), Number.POSITIVE_INFINITY) })
  }
  let start = Number.POSITIVE_INFINITY
  let end = Number.NEGATIVE_INFINITY
  for (const span of spans) {
    start = Math.min(start, span.start)
    end = Math.max(end, span.end)
  }
  return { start, end, spans, turnBoundaries, gaps }
}
