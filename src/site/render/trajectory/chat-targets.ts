/**
 * Where a Trajectory record's Chat row is (issue 29: "each record back to its Chat row"), from the ids the
 * Chat's pages hold — the Chat is cut into pages first, so every id's page is known. The Chat's row ids are
 * the conversation's node keys (src/conversation): `user:<seq>`, `system:<seq>`, `tool:<callId>`,
 * `compaction:<id>`, and an assistant step's rows `assistant:<turn>.<step>@<seq>:<block>`. A record whose
 * row the Chat does not show (a context injection, hidden in every mode but classic; a request that never
 * answered; a sub-call drawn inside its parent) links to the nearest thing it does: its parent call's row,
 * else its turn's heading (`turn-<n>`).
 */
import type { TrajectoryRecord, TrajectoryRequest } from '../../../trajectory/model'

/** What finding a record's Chat row reads of it. */
export type ChatTargetRecord = Pick<TrajectoryRecord, 'requestOnly' | 'kind' | 'seq' | 'turn' | 'group' | 'callId' | 'parentCallId' | 'request'>

/** What finding Chat rows reads of a snapshot (a whole `TrajectorySnapshot` is one). */
export interface ChatTargetSource {
  records: readonly ChatTargetRecord[]
  requests: readonly Pick<TrajectoryRequest, 'compaction'>[]
}

export interface ChatIds {
  /** 1-based Chat page holding `id`, or undefined when no page does. */
  pageOf(id: string): number | undefined
  /** Every id the Chat pages hold, in page order. */
  ids(): Iterable<string>
  file(page: number): string
}

export function chatTargets(snapshot: ChatTargetSource, chat: ChatIds): (record: ChatTargetRecord) => string | null {
  // An assistant step's first row, by `turn.step` (one pass over the Chat's ids).
  const steps = new Map<string, string>()
  for (const id of chat.ids()) {
    if (!id.startsWith('assistant:')) continue
    const at = id.indexOf('@')
    if (at < 0) continue
    const step = id.slice('assistant:'.length, at)
    if (!steps.has(step)) steps.set(step, id)
  }
  const parentOf = new Map<string, string>()
  for (const record of snapshot.records) if (record.callId !== undefined && record.parentCallId !== undefined) parentOf.set(record.callId, record.parentCallId)

  // A page's name, and a turn's heading link, made once: a turn is the fallback of each of its records the
  // Chat does not show (tens of thousands of links on a long session's pages).
  const files: string[] = []
  const href = (id: string): string | null => {
    const page = chat.pageOf(id)
    if (page === undefined) return null
    let file = files[page]
    if (file === undefined) {
      file = chat.file(page)
      files[page] = file
    }
    return `${file}#${encodeURIComponent(id)}`
  }
  const turns = new Map<number, string | null>()
  const turnHref = (record: ChatTargetRecord): string | null => {
    if (record.turn === null) return null
    let found = turns.get(record.turn)
    if (found === undefined) {
      found = href(`turn-${record.turn}`)
      turns.set(record.turn, found)
    }
    return found
  }

  return (record) => {
    if (record.requestOnly) return turnHref(record)
    switch (record.kind) {
      case 'user':
      case 'system':
        return (record.seq === null ? null : href(`${record.kind}:${record.seq}`)) ?? turnHref(record)
      case 'message': {
        const group = record.group
        const id = group.kind === 'step' && record.turn !== null ? steps.get(`${record.turn}.${group.step}`) : undefined
        return (id === undefined ? null : href(id)) ?? turnHref(record)
      }
      case 'tool':
      case 'subtool': {
        // A sub-call's own row, else the rows it runs under (a bounded walk: the model caps nesting at 256).
        let call = record.callId
        for (let hops = 0; call !== undefined && hops < 300; hops++) {
          const found = href(`tool:${call}`)
          if (found !== null) return found
          call = parentOf.get(call)
        }
        return turnHref(record)
      }
      case 'compacted': {
        const request = record.request === null ? undefined : snapshot.requests[record.request - 1]
        const id = request?.compaction?.id
        return (id === undefined ? null : href(`compaction:${id}`)) ?? turnHref(record)
      }
      default:
        return turnHref(record)
    }
  }
}
