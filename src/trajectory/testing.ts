/**
 * Test helpers for the Trajectory model (test-only; nothing in src imports this outside `*.test.ts`): fold a
 * typed `SessionBuilder` log, and find records and requests by what a reader sees.
 */
import type { SessionBuilder } from '../log/testing/session'
import { linesOf } from '../conversation/testing'
import { assembleTrajectory } from './index'
import type { TrajectoryRecord, TrajectorySnapshot } from './model'

export function trajectoryOf(log: SessionBuilder): TrajectorySnapshot {
  return assembleTrajectory(linesOf(log))
}

/** The records in ledger (display) order. */
export function ledger(snapshot: TrajectorySnapshot): TrajectoryRecord[] {
  return snapshot.sections.flatMap((s) => s.groups.flatMap((g) => g.records.map((i) => snapshot.records[i - 1] as TrajectoryRecord)))
}

/** A compact line per record in ledger order: `turn group kind text` (labels by key). */
export function rows(snapshot: TrajectorySnapshot): string[] {
  return ledger(snapshot).map((r) => {
    const group = r.group.kind === 'message' ? 'Message' : r.group.kind === 'step' ? `Step ${r.group.step}` : `Compaction ${r.group.seq}`
    const text = r.requestOnly ? '(request)' : [...r.labels.map((l) => l.key), r.text, r.preview ?? ''].filter((t) => t !== '').join(' ')
    return `${r.turn ?? '-'} ${group} ${r.kind.toUpperCase()} ${text}`.trimEnd()
  })
}
