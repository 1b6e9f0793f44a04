/**
 * What a session's Trajectory pages still need of its record model once the ledger is rendered and spooled
 * (./render-trajectory): each record's place, kind and times for the per-page timing overview, what finds
 * its Chat row, the requests' turns and retries, and which record each call is (src/trajectory-view
 * `recordsByCall`, read through ./row-links.ts). The Chat renders between the two steps (the tabs link to
 * each other), so the whole snapshot — texts, details, blocks, prompts, about 0.5× the log in memory —
 * would otherwise stay alive beside the Chat's own model; this copy is a small fixed number of fields a
 * record and lets the snapshot go before the Chat renders.
 */
import type { TrajectoryRequest, TrajectorySection, TrajectorySnapshot } from '../../../trajectory/model'
import { retriedRecords, type OverviewRecord } from '../../../trajectory-view'
import type { ChatTargetRecord } from './chat-targets'

export type PagedRecord = OverviewRecord & ChatTargetRecord

export type PagedRequest = Pick<TrajectoryRequest, 'number' | 'turn' | 'compaction'>

export interface PagedSnapshot {
  records: readonly PagedRecord[]
  requests: readonly PagedRequest[]
  sections: readonly TrajectorySection[]
  /** Records whose request was retried (the overview marks them). */
  retried: ReadonlySet<number>
}

/**
 * The whole snapshot read as a paged one, no copy: what the page's frame is measured on while the ledger
 * renders (the whole snapshot is alive then anyway). The copy (`pagedSnapshot`) is made once the ledger is
 * spooled, so it never sits beside the whole snapshot and the ledger's render (~8 MB for a 100 MB log).
 */
export function pagedView(snapshot: TrajectorySnapshot): PagedSnapshot {
  return { records: snapshot.records, requests: snapshot.requests, sections: snapshot.sections, retried: retriedRecords(snapshot) }
}

export function pagedSnapshot(snapshot: TrajectorySnapshot, retried: ReadonlySet<number> = retriedRecords(snapshot)): PagedSnapshot {
  const records = snapshot.records.map((r): PagedRecord => ({
    index: r.index,
    kind: r.kind,
    requestOnly: r.requestOnly,
    isError: r.isError,
    startedAt: r.startedAt,
    duration: r.duration,
    metrics: r.metrics,
    seq: r.seq,
    turn: r.turn,
    group: r.group,
    callId: r.callId,
    parentCallId: r.parentCallId,
    request: r.request,
  }))
  const requests = snapshot.requests.map((q): PagedRequest => ({ number: q.number, turn: q.turn, compaction: q.compaction }))
  return { records, requests, sections: snapshot.sections, retried }
}
