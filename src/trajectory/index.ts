/**
 * The Trajectory record model's public surface (trajectory.md §4): the fold, a one-shot convenience, the
 * timeline projection, the label and preview helpers pages need, and the model types. Pure: no `node:*`,
 * no `react` (the browser's live mode runs the same code).
 */
import type { ParsedLine } from '../log/parsed-line'
import { TrajectoryBuilder } from './builder'
import type { TrajectorySnapshot } from './model'

export { TrajectoryBuilder } from './builder'
export { EVENT_ROLES, type EventRole } from './events'
export { previewText } from './derive/preview'
export { laneOf, trajectoryTimeline, trajectoryTimelines, type Timeline, type TimelineMode, type TimelineRecord, type TimelineSource, type TimelineSpan } from './timeline'
export type * from './model'

/** Folds a whole log at once (tests, goldens, the static build's one-pass feed does the same in batches). */
export function assembleTrajectory(lines: Iterable<ParsedLine>): TrajectorySnapshot {
  const builder = new TrajectoryBuilder()
  builder.append(lines)
  return builder.snapshot()
}
