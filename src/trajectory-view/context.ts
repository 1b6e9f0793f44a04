/**
 * What the Trajectory props builders need besides a record: the page's words, the snapshot and the lookups
 * that span it (a call's record, the assistant record that made a call), and two services the site provides
 * — where a record's Chat row is, and how a long text is cut for the page (its whole text a click away, in a
 * side file). Keeping those two behind functions keeps this folder pure: hashing and page placement belong
 * to the site (src/site/render/trajectory) and, in the browser, to the live page.
 */
import type { TrajectoryRecord, TrajectoryRequest, TrajectorySnapshot } from '../trajectory/model'
import type { TrajectoryWords } from './strings'
import type { LinkTarget, TextBlock } from './types'

export interface ViewServices {
  /**
   * The way to a record's Chat row: a final `href`, or a `target` the site resolves once the Chat's pages
   * are cut (src/site/render/trajectory); null when the Chat shows none.
   */
  chatLink(record: TrajectoryRecord): LinkTarget | null
  /**
   * A long text as the page shows it: the text when it fits, else its head with `cut` saying how much is
   * shown and linking the whole text.
   */
  cutText(text: string, words: TrajectoryWords): Pick<TextBlock, 'text' | 'cut'>
  /** A side file holding `text` whole (a tool's parameters, shared by every call of it): its href. */
  sideFile(text: string): string
}

export interface ViewContext extends ViewServices {
  words: TrajectoryWords
  snapshot: TrajectorySnapshot
  record(index: number): TrajectoryRecord | undefined
  request(number: number): TrajectoryRequest | undefined
  /** The request whose marker a record carries (§3.3), if any. */
  markerOf(index: number): TrajectoryRequest | undefined
  /** A call's TOOL or SUBTOOL record, by call id. */
  callRecord(callId: string): TrajectoryRecord | undefined
  /** The ASSISTANT record whose message holds the `tool-call` block of `callId`. */
  assistantOfCall(callId: string): TrajectoryRecord | undefined
  /**
   * Results shared by many records (a prompt pair's diff, a schema's side file, a status term, an options
   * block), by key: an object of the snapshot, or a key string of this folder's own (never a log's string).
   */
  memo: Map<unknown, unknown>
}

/**
 * A call's TOOL or SUBTOOL record by call id (the first one, as the ledger shows it): the Trajectory's own
 * lookup and the Chat rows' way to their record (src/site/render/trajectory/row-links.ts), which reads it
 * from the whole snapshot (live) or the build's paged copy of it (src/site/render/trajectory/paged.ts).
 */
export function recordsByCall<R extends Pick<TrajectoryRecord, 'kind' | 'callId'>>(snapshot: { readonly records: readonly R[] }): Map<string, R> {
  const byCall = new Map<string, R>()
  for (const record of snapshot.records) {
    if ((record.kind === 'tool' || record.kind === 'subtool') && record.callId !== undefined && !byCall.has(record.callId)) byCall.set(record.callId, record)
  }
  return byCall
}

/** The lookups over one snapshot, built once (a snapshot of 50,000 records: two maps). */
export function viewContext(snapshot: TrajectorySnapshot, words: TrajectoryWords, services: ViewServices): ViewContext {
  const markers = new Map<number, TrajectoryRequest>()
  for (const request of snapshot.requests) if (request.markerRecord !== undefined && !markers.has(request.markerRecord)) markers.set(request.markerRecord, request)
  const byCall = recordsByCall(snapshot)
  const assistantByCall = new Map<string, TrajectoryRecord>()
  for (const record of snapshot.records) {
    if (record.kind === 'message') {
      for (const block of record.blocks ?? []) {
        const id = block.type === 'tool-call' ? block['id'] : undefined
        if (typeof id === 'string' && !assistantByCall.has(id)) assistantByCall.set(id, record)
      }
    }
  }
  return {
    ...services,
    words,
    snapshot,
    record: (index) => snapshot.records[index - 1],
    request: (number) => snapshot.requests[number - 1],
    markerOf: (index) => markers.get(index),
    callRecord: (callId) => byCall.get(callId),
    assistantOfCall: (callId) => assistantByCall.get(callId),
    memo: new Map(),
  }
}
