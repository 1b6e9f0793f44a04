/**
 * `Request #N` (trajectory.md §4.2, §4.5, §5.3): every request view (assistant and compaction) keyed by its
 * start seq, plus every settled assistant message (step > 0) whose turn and step has no request view (a
 * window without its `step/start`), sorted by seq and numbered from 1 — compactions share the sequence.
 * Each request gets its usage (the one count, src/conversation/usage.ts), the running session cumulative
 * in number order, its provider and model (the message's source, else the header config), its records —
 * matched by turn and group — for the marker, the Result button and the tool and sub-call counts, and its
 * derived timing.
 */
import { prop, str } from '../../conversation/narrow'
import { sumUsage, type UsageSum } from '../../conversation/usage'
import type { TokenUsage } from '../../log/events/schema'
import type { GroupKey, RequestError, RequestTiming, TrajectoryRecord, TrajectoryRequest, TrajectorySection } from '../model'
import type { AssistantNode, Inspection, Node, RequestView } from './inspection'
import { PairMap } from '../pair-map'
import { durationMs } from './records'
import { plainConstructor } from './plain-objects'

const text = (value: unknown): string | undefined => str(value) ?? undefined

function usageSum(usage: TokenUsage | null): UsageSum | undefined {
  return sumUsage(null, usage) ?? undefined
}

function requestError(request: RequestView): RequestError | undefined {
  const error = request.error
  if (error === undefined) return undefined
  const out: RequestError = { message: error.message }
  if (error.code !== undefined) out.code = error.code
  if (error.code === 'AUTH') out.label = { key: 'details.failure.auth' }
  if (error.interruptedCompaction === true) out.label = { key: 'layout.compactionInterrupted' }
  return out
}

function timing(recorded: boolean, startedAt: number | null, firstTokenAt: number | null, completedAt: number | null, outputTokens: number | null): RequestTiming {
  const generationMs = durationMs(completedAt, firstTokenAt)
  return {
    recorded,
    startedAt,
    firstTokenAt,
    completedAt,
    ttftMs: durationMs(firstTokenAt, startedAt),
    generationMs,
    totalMs: durationMs(completedAt, startedAt),
    tokensPerSecond: outputTokens === null || generationMs === null || generationMs <= 0 ? null : outputTokens / (generationMs / 1000),
  }
}

/**
 * The record indexes of each `(turn, group)`, in ledger order (several groups when an orphan prologue shares a
 * step): a group key's kind, then its turn and its step or seq (`PairMap`; a message group is step 0 of its
 * own map). A group's list is the section's own, not a copy (joined into a new one only for a shared key).
 */
class GroupIndex {
  readonly #message = new PairMap<readonly number[]>()
  readonly #step = new PairMap<readonly number[]>()
  readonly #compaction = new PairMap<readonly number[]>()

  constructor(sections: readonly TrajectorySection[]) {
    for (let s = 0; s < sections.length; s++) {
      const section = sections[s] as TrajectorySection
      for (let g = 0; g < section.groups.length; g++) {
        const group = section.groups[g] as TrajectorySection['groups'][number]
        const map = this.#map(group.key)
        const known = map.get(section.turn, second(group.key))
        map.set(section.turn, second(group.key), known === undefined ? group.records : known.concat(group.records))
      }
    }
  }

  get(turn: number | null, key: GroupKey): readonly number[] | undefined {
    return this.#map(key).get(turn, second(key))
  }

  #map(key: GroupKey): PairMap<readonly number[]> {
    return key.kind === 'step' ? this.#step : key.kind === 'compaction' ? this.#compaction : this.#message
  }
}

const second = (key: GroupKey): number => (key.kind === 'step' ? key.step : key.kind === 'compaction' ? key.seq : 0)

const NO_RECORDS: readonly number[] = []

/** A request's fields that every request has; the optional ones are set later (./plain-objects.ts). */
function requestObject(
  this: TrajectoryRequest,
  number: number,
  kind: TrajectoryRequest['kind'],
  startSeq: number,
  turn: number | null,
  step: number,
  group: GroupKey,
  status: TrajectoryRequest['status'],
  timing: RequestTiming,
  toolCalls: number,
  subtoolCalls: number,
): void {
  this.number = number
  this.kind = kind
  this.startSeq = startSeq
  this.turn = turn
  this.step = step
  this.group = group
  this.status = status
  this.timing = timing
  this.toolCalls = toolCalls
  this.subtoolCalls = subtoolCalls
}
const RequestObject = plainConstructor(requestObject)

export function numberRequests(inspection: Inspection, records: readonly TrajectoryRecord[], sections: readonly TrajectorySection[], messageUsage: (node: AssistantNode) => TokenUsage | null): TrajectoryRequest[] {
  // The last settled message of each turn and step; `stepsInOrder` lists each turn and step once, in the
  // order its first message came (the order the requests without a view of their own are added in).
  const assistantsByStep = new PairMap<AssistantNode>()
  const stepsInOrder: AssistantNode[] = []
  const { nodes, requests } = inspection
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node
    if (node.kind !== 'assistant' || node.step <= 0) continue
    if (!assistantsByStep.has(node.turn, node.step)) stepsInOrder.push(node)
    assistantsByStep.set(node.turn, node.step, node)
  }
  const requestSteps = new PairMap<true>()
  const ordered: { seq: number; request: RequestView | null; node: AssistantNode | undefined }[] = []
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i] as RequestView
    if (request.kind !== 'assistant') ordered.push({ seq: request.startSeq, request, node: undefined })
    else {
      requestSteps.set(request.turn, request.step, true)
      ordered.push({ seq: request.startSeq, request, node: assistantsByStep.get(request.turn, request.step) })
    }
  }
  for (let i = 0; i < stepsInOrder.length; i++) {
    const first = stepsInOrder[i] as AssistantNode
    if (requestSteps.has(first.turn, first.step)) continue
    const node = assistantsByStep.get(first.turn, first.step) as AssistantNode
    ordered.push({ seq: node.seq, request: null, node })
  }
  ordered.sort((a, b) => a.seq - b.seq)

  const groups = new GroupIndex(sections)
  let cumulative: UsageSum | null = null
  const out: TrajectoryRequest[] = new Array(ordered.length)
  for (let i = 0; i < ordered.length; i++) {
    const { request, node } = ordered[i] as (typeof ordered)[number]
    const number = i + 1
    const counted = request !== null ? request.usage : node === undefined ? null : messageUsage(node)
    cumulative = sumUsage(cumulative, counted)
    const compaction = request?.kind === 'compaction' ? request : null
    const assistant = request?.kind === 'assistant' ? request : null
    const turn = compaction !== null ? compaction.turn : (assistant?.turn ?? node?.turn ?? 0)
    const step = compaction !== null ? 0 : (assistant?.step ?? node?.step ?? 0)
    const group: GroupKey = compaction !== null ? { kind: 'compaction', seq: compaction.startSeq } : { kind: 'step', step }
    const status = request?.status ?? (node?.interrupted === true ? 'error' : 'complete')
    const startSeq = request?.startSeq ?? node?.seq ?? 0
    const startedAt = request?.startedAt ?? null
    const completedAt = request !== null ? request.completedAt : (node?.time ?? null)
    const options = request !== null ? request.requestConfig : node?.requestConfig
    const own = groups.get(turn, group) ?? NO_RECORDS
    const resultSeq = compaction !== null ? (compaction.status === 'running' ? undefined : compaction.startSeq) : (assistant?.resultSeq ?? node?.seq)
    // One walk of the group: the settled record (its result's, else with no result seq its first message),
    // the marker (the first row that is not an input) and the tool and sub-call rows.
    let settled: TrajectoryRecord | undefined
    let firstMessage: TrajectoryRecord | undefined
    let marker: TrajectoryRecord | undefined
    let toolCalls = 0
    let subtoolCalls = 0
    for (let o = 0; o < own.length; o++) {
      const r = records[(own[o] as number) - 1] as TrajectoryRecord
      if (r.kind === 'tool') toolCalls++
      else if (r.kind === 'subtool') subtoolCalls++
      if (marker === undefined && r.kind !== 'user' && r.kind !== 'context') marker = r
      if (r.requestOnly) continue
      if (settled === undefined && (r.kind === 'message' || r.kind === 'compacted') && r.seq === resultSeq) settled = r
      if (firstMessage === undefined && r.kind === 'message') firstMessage = r
    }
    if (settled === undefined && resultSeq === undefined) settled = firstMessage
    const metrics = settled?.metrics
    const outputTokens = counted?.outputTokens
    const made = new RequestObject(
      number,
      compaction !== null ? 'compaction' : 'assistant',
      startSeq,
      turn,
      step,
      group,
      status,
      timing(
        assistant !== null ? assistant.timed : startedAt !== null || completedAt !== null,
        startedAt,
        metrics?.firstTokenTime ?? assistant?.firstTokenTime ?? node?.firstTokenTime ?? null,
        completedAt,
        typeof outputTokens === 'number' ? outputTokens : null,
      ),
      toolCalls,
      subtoolCalls,
    )
    const provider = request?.provider ?? text(node?.source['provider']) ?? text(prop(options, 'provider'))
    const model = request?.model ?? text(node?.source['model']) ?? text(prop(options, 'model'))
    if (provider !== undefined) made.provider = provider
    if (model !== undefined) made.model = model
    if (options !== undefined) made.options = options
    if (assistant?.prompt !== undefined) made.prompt = assistant.prompt
    if (assistant?.promptChange !== undefined) made.promptChange = { ...assistant.promptChange }
    const usage = usageSum(counted)
    if (usage !== undefined) made.usage = usage
    if (cumulative !== null) made.cumulativeUsage = { ...cumulative }
    if (assistant?.retry !== undefined) {
      const { retry, maxRetries, delayMs } = assistant.retry
      made.retry = maxRetries === undefined ? { retry, delayMs } : { retry, maxRetries, delayMs }
    }
    const error = request === null ? undefined : requestError(request)
    if (error !== undefined) made.error = error
    if (resultSeq !== undefined) made.resultSeq = resultSeq
    if (settled !== undefined) made.resultRecord = settled.index
    if (marker !== undefined) made.markerRecord = marker.index
    if (compaction !== null) {
      const id = compaction.compaction.id
      made.compaction = compaction.compaction.checkpointSeq === null ? { id } : { id, replacementSeq: compaction.compaction.checkpointSeq }
    }
    for (let o = 0; o < own.length; o++) (records[(own[o] as number) - 1] as TrajectoryRecord).request ??= number
    out[i] = made
  }
  return out
}
