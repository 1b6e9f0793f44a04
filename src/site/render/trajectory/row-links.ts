/**
 * The Chat rows' links to the Trajectory (issue 29 point 1: "each Chat turn and tool row linking to its
 * record"): which record or request a row links to — a tool row its call's record (`rec-41`), a turn's first
 * user row the turn's first request (`req-3`, else the turn's heading `turn-3`) — and the `RowExtra` that
 * says so after the row. One definition for the static build (src/site/render/render-session.tsx, pages
 * from `PreparedTrajectory.links()`) and the live Chat page (src/live/browser/record-links.ts, which folds
 * the same records in the browser): only where a record's page is differs between them. Pure: no DOM, no
 * `node:*`.
 */
import type { PageSection } from '../../../cards/types'
import type { TrajectoryRecord, TrajectoryRequest } from '../../../trajectory/model'
import { recordsByCall } from '../../../trajectory-view'
import { extrasOf } from '../pages/cut'
import type { RowExtra, TrajectoryLinks } from '../../types'

/** The Trajectory ids a Chat row can link to, by what the row shows. */
export interface RecordTargets {
  /** `rec-N` of a call's TOOL or SUBTOOL record. */
  call(callId: string): string | null
  /** Ids for a turn, best first: its first request's `req-N`, then its heading `turn-N`. */
  turn(turn: number): readonly string[]
}

/** What finding a row's record reads of a snapshot: a whole `TrajectorySnapshot` or the build's paged copy (./paged.ts). */
export interface RecordTargetSource {
  records: readonly Pick<TrajectoryRecord, 'index' | 'kind' | 'callId'>[]
  requests: readonly Pick<TrajectoryRequest, 'number' | 'turn'>[]
}

export function recordTargets(snapshot: RecordTargetSource): RecordTargets {
  const byCall = recordsByCall(snapshot)
  const firstRequestOfTurn = new Map<number, number>()
  for (const request of snapshot.requests) if (request.turn !== null && !firstRequestOfTurn.has(request.turn)) firstRequestOfTurn.set(request.turn, request.number)
  return {
    call: (callId) => {
      const record = byCall.get(callId)
      return record === undefined ? null : `rec-${record.index}`
    },
    turn: (turn) => {
      const number = firstRequestOfTurn.get(turn)
      return number === undefined ? [`turn-${turn}`] : [`req-${number}`, `turn-${turn}`]
    },
  }
}

/** The Chat's links into the Trajectory pages, given where an id is (`<page>#<id>`, or null: on no page). */
export function trajectoryLinks(targets: RecordTargets, href: (id: string) => string | null, label: string): TrajectoryLinks {
  return {
    href,
    forCall: (callId) => {
      const id = targets.call(callId)
      return id === null ? null : href(id)
    },
    forTurn: (turn) => {
      for (const id of targets.turn(turn)) {
        const found = href(id)
        if (found !== null) return found
      }
      return null
    },
    label,
  }
}

/**
 * Adds a section's Trajectory links to the row → links record: after each tool row its record, after the
 * turn's first user row its first request. They come before a row's other links (child sessions, full
 * texts), as the build adds them.
 */
export function addTrajectoryExtras(section: PageSection, links: TrajectoryLinks, extras: Map<string, RowExtra[]>): void {
  let turnLinked = false
  for (const row of section.rows) {
    const href = row.kind === 'tool' ? links.forCall(row.callId) : row.kind === 'user' && !turnLinked && section.turn !== null ? links.forTurn(section.turn) : null
    if (row.kind === 'user') turnLinked = true
    if (href !== null) extrasOf(extras, row.key).push({ kind: 'trajectory', href, label: links.label })
  }
}
