/**
 * `deriveTrajectoryLayout` (trajectory.md §3.1, §4.1 turn placement): the inspection's nodes, system
 * prompts, compactions, prompt changes and request-only markers, in seq order (the initial system prompt
 * first), become numbered records in sections (turns, and "Between turns" standalone compactions) and
 * groups (`Message`, `Step {n}`, `Compaction {seq}`). Each assistant message is followed by its tool calls,
 * each call by its PTC sub-calls depth first; a result whose call is in no loaded message becomes a TOOL row
 * in turn 0 "Step 1", folded into Turn 1; calls still running that no message names come last.
 * USER / CONTEXT rows join the turn of the next assistant message (else the last assistant turn + 1, else
 * 1); steering joins its step's group, before the step's request-only marker. Sections sort by their first
 * record. Record indexes follow this fold order; the ledger's display order is the sections'.
 *
 * The loops over whole-log arrays here, in ./requests.ts and ./inspection.ts are indexed, not `for…of`: the
 * derivation runs once per snapshot, mostly before V8 optimizes it, and there each `for…of` step allocates
 * an iterator result (~37 MB of garbage on a 100 MB log's derivation, measured with the sampling heap
 * profiler).
 */
import type { ContentBlock } from '../../log/events/schema'
import type { CallView } from '../fold/tools'
import type { GroupKey, TrajectoryRecord, TrajectorySection } from '../model'
import { codeProgram, PTC_TOOL_NAME } from './code-program'
import { PairMap } from '../pair-map'
import type { AssistantNode, AssistantRequestView, CompactionRequestView, Inspection, Node, RequestView, RunningCall } from './inspection'
import { assistantRecord, blankRecord, callRecord, compactedRecord, durationMs, inputRecord, recordId, toolCallIdOf, toolCallOf } from './records'

interface Bucket {
  groups: { key: GroupKey; records: TrajectoryRecord[] }[]
}

/** A thing the layout places, at `seq`; `order` is what the entries sort by (the initial system prompt first). */
type Entry = { seq: number; order: number } & (
  | { kind: 'node'; node: Node; nodeIndex: number }
  | { kind: 'compaction'; request: CompactionRequestView }
  | { kind: 'system'; request: AssistantRequestView | null; systemText: string | null; change: { seq: number; time: number | null; kind: 'initial' | 'system' | 'tools' | 'system-and-tools'; previous?: number } }
  | { kind: 'request'; request: AssistantRequestView }
)

export interface Layout {
  records: TrajectoryRecord[]
  sections: TrajectorySection[]
}

export const sameGroup = (a: GroupKey, b: GroupKey): boolean =>
  a.kind === b.kind && (a.kind === 'message' || (a.kind === 'step' && b.kind === 'step' && a.step === b.step) || (a.kind === 'compaction' && b.kind === 'compaction' && a.seq === b.seq))

const LABELS = {
  initial: 'layout.initialSystemPrompt',
  system: 'layout.systemPromptUpdated',
  tools: 'layout.toolsUpdated',
  'system-and-tools': 'layout.systemPromptAndToolsUpdated',
} as const

/** A call view and its sub-calls as TOOL / SUBTOOL records, depth first (iterative), added to `out`. */
function callRecords(out: TrajectoryRecord[], root: CallView, rootHead: { name: string; argsRaw: string } | null, rootStartedAt: number | null): TrajectoryRecord[] {
  out.push(callRecord('tool', root, rootHead, rootStartedAt))
  if (root.subCalls.length === 0) return out
  const stack: { call: CallView; parent: string }[] = []
  for (let i = root.subCalls.length - 1; i >= 0; i--) stack.push({ call: root.subCalls[i] as CallView, parent: root.callId })
  while (stack.length > 0) {
    const { call, parent } = stack.pop() as { call: CallView; parent: string }
    const result = call.result
    const head = result === null ? { name: call.name, argsRaw: call.argsRaw } : result.call
    const record = callRecord('subtool', call, head, result === null ? call.time : result.callTime)
    record.parentCallId = parent
    out.push(record)
    for (let i = call.subCalls.length - 1; i >= 0; i--) stack.push({ call: call.subCalls[i] as CallView, parent: call.callId })
  }
  return out
}

export function deriveLayout(inspection: Inspection, prompts: readonly { tools: unknown[] }[]): Layout {
  const { nodes, requests, runningCalls } = inspection
  // Every root call by id: settled ones (a tool-result node, result set) and running ones (result null). A
  // tree is one id, so the two never share one; a call's start is its result's call time, else its own.
  const callById = new Map<string, CallView>()
  const emitted = new Set<string>()
  let firstVisibleTurn = Number.POSITIVE_INFINITY
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node
    if (node.kind === 'tool-result') callById.set(node.call.callId, node.call)
    else if (node.kind === 'assistant') {
      if (node.turn > 0 && node.turn < firstVisibleTurn) firstVisibleTurn = node.turn
      const content = node.content
      for (let b = 0; b < content.length; b++) {
        const callId = toolCallIdOf(content[b] as ContentBlock)
        if (callId !== null) emitted.add(callId)
      }
    }
  }
  if (firstVisibleTurn === Number.POSITIVE_INFINITY) firstVisibleTurn = 1
  for (let i = 0; i < runningCalls.length; i++) {
    const { call } = runningCalls[i] as RunningCall
    callById.set(call.callId, call)
  }
  const following: (AssistantNode | undefined)[] = new Array(nodes.length)
  let next: AssistantNode | undefined
  for (let i = nodes.length - 1; i >= 0; i--) {
    following[i] = next
    const node = nodes[i]
    if (node?.kind === 'assistant') next = node
  }

  const turns = new Map<number, Bucket>()
  const standalone: Bucket[] = []
  const records: TrajectoryRecord[] = []
  let previousTime: number | null = null
  let lastAssistantTurn: number | null = null
  const bucket = (turn: number): Bucket => {
    let found = turns.get(turn)
    if (found === undefined) turns.set(turn, (found = { groups: [] }))
    return found
  }
  const numberedOne = (record: TrajectoryRecord): TrajectoryRecord => {
    record.index = records.length + 1
    records.push(record)
    return record
  }
  const numbered = (list: TrajectoryRecord[]): TrajectoryRecord[] => {
    for (let i = 0; i < list.length; i++) numberedOne(list[i] as TrajectoryRecord)
    return list
  }
  const pushMessage = (turn: number, record: TrajectoryRecord) => {
    const groups = bucket(turn).groups
    const last = groups[groups.length - 1]
    if (last !== undefined && last.key.kind === 'message') last.records.push(record)
    else groups.push({ key: { kind: 'message' }, records: [record] })
  }
  const pushStep = (turn: number, step: number, list: TrajectoryRecord[], beforeMarker = false) => {
    if (list.length === 0) return
    const groups = bucket(turn).groups
    const key: GroupKey = { kind: 'step', step }
    const group = groups.find((g) => sameGroup(g.key, key))
    if (group === undefined) groups.push({ key, records: [...list] })
    else {
      const marker = beforeMarker ? group.records.findIndex((r) => r.requestOnly) : -1
      if (marker === -1) group.records.push(...list)
      else group.records.splice(marker, 0, ...list)
    }
  }

  const represented = new PairMap<true>()
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node
    if (node.kind === 'assistant' && node.step > 0) represented.set(node.turn, node.step, true)
  }
  for (let i = 0; i < runningCalls.length; i++) {
    const { turn, step } = runningCalls[i] as RunningCall
    if (step > 0) represented.set(turn, step, true)
  }

  // What the layout places, in seq order: the nodes (`inspect` returns them sorted by seq, and seqs are safe
  // integers, schema-checked) merged with the few other entries, sorted (a stable sort: equal seqs keep this
  // order) — system prompts, [nodes], compactions, prompt changes, request-only markers; the initial system
  // prompt first. An entry for each node and a sort of them all (~60,000 at 100 MB) gave the same order.
  const entries: Entry[] = []
  for (const node of inspection.systemPrompts) {
    const kind = node.update ? 'system' : 'initial'
    entries.push({ kind: 'system', seq: node.seq, order: kind === 'initial' ? Number.NEGATIVE_INFINITY : node.seq, request: null, systemText: node.text, change: { seq: node.seq, time: node.time, kind } })
  }
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i] as RequestView
    if (r.kind === 'compaction') entries.push({ kind: 'compaction', seq: r.startSeq, order: r.startSeq, request: r })
  }
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i] as RequestView
    const change = r.kind === 'assistant' ? r.promptChange : undefined
    if (r.kind === 'assistant' && change !== undefined && r.prompt !== undefined) {
      entries.push({ kind: 'system', seq: change.seq, order: change.kind === 'initial' ? Number.NEGATIVE_INFINITY : change.seq, request: r, systemText: null, change })
    }
  }
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i] as RequestView
    if (r.kind === 'assistant' && !represented.has(r.turn, r.step)) entries.push({ kind: 'request', seq: r.startSeq, order: r.startSeq, request: r })
  }
  entries.sort((a, b) => a.order - b.order)

  const promptTurn = nextStepTurn(nodes)

  // One entry, refilled, stands for each node taken from the sorted nodes.
  const nodeEntry: Entry & { kind: 'node' } = { kind: 'node', seq: 0, order: 0, node: nodes[0] as Node, nodeIndex: 0 }
  let e = 0
  let n = 0
  while (e < entries.length || n < nodes.length) {
    const other = entries[e]
    const next = nodes[n]
    let entry: Entry
    // A system prompt (no request) at a node's seq was entered before the nodes; any other entry after them.
    if (next !== undefined && (other === undefined || other.order > next.seq || (other.order === next.seq && !(other.kind === 'system' && other.request === null)))) {
      nodeEntry.seq = next.seq
      nodeEntry.order = next.seq
      nodeEntry.node = next
      nodeEntry.nodeIndex = n++
      entry = nodeEntry
    } else {
      entry = other as Entry
      e++
    }
    if (entry.kind === 'request') {
      const { request } = entry
      const record = blankRecord('message', recordId('request:seq:', request.startSeq), request.startSeq)
      record.requestOnly = true
      record.startedAt = request.startedAt
      record.duration = request.completedAt === null ? null : durationMs(request.completedAt, request.startedAt)
      record.isError = request.status === 'error'
      record.status = request.status
      pushStep(request.turn, request.step, numbered([record]))
      previousTime = request.completedAt ?? request.startedAt ?? previousTime
      continue
    }
    if (entry.kind === 'system') {
      const { change } = entry
      const record = blankRecord('system', recordId('system:seq:', change.seq), change.seq)
      record.labels = [{ key: LABELS[change.kind] }]
      if (entry.request?.prompt !== undefined) record.prompt = entry.request.prompt
      record.promptChange = change.previous === undefined ? { seq: change.seq, time: change.time, kind: change.kind } : { seq: change.seq, time: change.time, kind: change.kind, previous: change.previous }
      if (entry.systemText !== null) record.systemText = entry.systemText
      record.startedAt = change.time
      record.duration = 0
      pushMessage(change.kind === 'initial' ? firstVisibleTurn : promptTurn(change.seq), numberedOne(record))
      previousTime = change.time ?? previousTime
      continue
    }
    if (entry.kind === 'compaction') {
      const { request } = entry
      const record = numberedOne(compactedRecord(request))
      const group = { key: { kind: 'compaction', seq: request.startSeq } as GroupKey, records: [record] }
      if (request.turn === null) standalone.push({ groups: [group] })
      else bucket(request.turn).groups.push(group)
      previousTime = request.completedAt ?? request.startedAt ?? previousTime
      continue
    }
    const { node, nodeIndex } = entry
    if (node.kind === 'input') {
      const input = node.input
      const after = following[nodeIndex]
      const record = numberedOne(inputRecord(node))
      if (input.kind !== 'steering') pushMessage(after?.turn ?? (lastAssistantTurn !== null ? lastAssistantTurn + 1 : 1), record)
      else {
        const { turn, step } = input.location
        if (turn !== null && step !== null) pushStep(turn.turn, step.step, [record], true)
        else if (after !== undefined && (turn === null || after.turn === turn.turn)) {
          if (after.step > 0) pushStep(after.turn, after.step, [record], true)
          else pushMessage(after.turn, record)
        } else pushMessage(turn?.turn ?? lastAssistantTurn ?? 1, record)
      }
      previousTime = input.time ?? previousTime
      continue
    }
    if (node.kind === 'assistant') {
      const list = [assistantRecord(node, previousTime)]
      const content = node.content
      for (let b = 0; b < content.length; b++) {
        const head = toolCallOf(content[b] as ContentBlock)
        if (head === null) continue
        const call = callById.get(head.callId)
        const result = call?.result ?? null
        const view: CallView = { callId: head.callId, seq: call?.seq ?? null, name: head.name, argsRaw: head.argsRaw, time: null, result, subCalls: call?.subCalls ?? [] }
        // The row keeps the message's call head; a settled result fills it (§3.1).
        callRecords(list, view, head, call === undefined ? null : result !== null ? result.callTime : call.time)
      }
      numbered(list)
      if (node.step > 0) pushStep(node.turn, node.step, list)
      else for (let i = 0; i < list.length; i++) pushMessage(node.turn, list[i] as TrajectoryRecord)
      previousTime = node.time ?? previousTime
      lastAssistantTurn = node.turn
      continue
    }
    if (!emitted.has(node.call.callId)) {
      const result = node.call.result
      pushStep(0, 1, numbered(callRecords([], node.call, result?.call ?? null, result?.callTime ?? null)))
    }
    previousTime = node.time ?? previousTime
  }

  // Calls still running that no row shows yet (a message's call head, a sub-call) come last.
  const seen = new Set<string>()
  if (runningCalls.length > 0) for (let i = 0; i < records.length; i++) {
    const callId = (records[i] as TrajectoryRecord).callId
    if (callId !== undefined) seen.add(callId)
  }
  for (const { turn, step, call } of runningCalls) {
    if (seen.has(call.callId)) continue
    const list = numbered(callRecords([], call, { name: call.name, argsRaw: call.argsRaw }, call.time))
    if (step > 0) pushStep(turn, step, list)
    else for (const record of list) pushMessage(turn, record)
  }

  const prologue = turns.get(0)
  if (prologue !== undefined) {
    turns.delete(0)
    const first = turns.get(1) ?? { groups: [] }
    first.groups = [...prologue.groups, ...first.groups]
    turns.set(1, first)
  }

  for (let i = 0; i < records.length; i++) attachSchema(records[i] as TrajectoryRecord, inspection, prompts)

  const sections: { turn: number | null; bucket: Bucket; first: number }[] = []
  turns.forEach((b, turn) => sections.push({ turn, bucket: b, first: firstIndex(b) }))
  for (let i = 0; i < standalone.length; i++) {
    const b = standalone[i] as Bucket
    sections.push({ turn: null, bucket: b, first: firstIndex(b) })
  }
  sections.sort((a, b) => a.first - b.first)
  const out: TrajectorySection[] = new Array(sections.length)
  for (let s = 0; s < sections.length; s++) {
    const section = sections[s] as (typeof sections)[number]
    const groups = section.bucket.groups
    const placed: TrajectorySection['groups'] = new Array(groups.length)
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] as Bucket['groups'][number]
      const indexes: number[] = new Array(group.records.length)
      for (let r = 0; r < group.records.length; r++) {
        const record = group.records[r] as TrajectoryRecord
        record.turn = section.turn
        record.group = group.key
        indexes[r] = record.index
      }
      placed[g] = { key: group.key, records: indexes }
    }
    out[s] = { turn: section.turn, groups: placed }
  }
  return { records, sections: out }
}

/**
 * `(seq) =>` the turn of the first assistant message with step > 0 after `seq` in `nodes` (else 1): where a
 * later system prompt change goes (§4.1). A session has a prompt change for many of its requests, so a scan
 * of every node per change grew with the square of the log; the nodes are sorted by seq (./inspection.ts),
 * and so are the step messages among them, so the first one past `seq` is found by bisection. Should they
 * not be in order, the scan it replaces gives the answer.
 */
function nextStepTurn(nodes: readonly Node[]): (seq: number) => number {
  const steps: AssistantNode[] = []
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as Node
    if (n.kind === 'assistant' && n.step > 0) steps.push(n)
  }
  let sorted = true
  for (let i = 1; i < steps.length && sorted; i++) sorted = (steps[i - 1] as AssistantNode).seq <= (steps[i] as AssistantNode).seq
  return (seq) => {
    if (!sorted) {
      for (const n of steps) if (n.seq > seq) return n.turn
      return 1
    }
    let lo = 0
    let hi = steps.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((steps[mid] as AssistantNode).seq > seq) hi = mid
      else lo = mid + 1
    }
    return lo < steps.length ? (steps[lo] as AssistantNode).turn : 1
  }
}

function firstIndex(bucket: Bucket): number {
  let first = Number.POSITIVE_INFINITY
  for (let g = 0; g < bucket.groups.length; g++) {
    const records = (bucket.groups[g] as Bucket['groups'][number]).records
    for (let r = 0; r < records.length; r++) first = Math.min(first, (records[r] as TrajectoryRecord).index)
  }
  return first
}

function attachSchema(record: TrajectoryRecord, inspection: Inspection, prompts: readonly { tools: unknown[] }[]): void {
  if (record.callId === undefined || (record.kind !== 'tool' && record.kind !== 'subtool')) return
  const schema = inspection.callSchemas.get(record.callId)
  if (schema !== undefined) record.schema = schema
  // Only a `run_code` call has a program; its schema (the last tool of that name in its prompt) gives the language.
  if (record.toolName !== PTC_TOOL_NAME || record.inputDetail === undefined) return
  let tool: unknown = null
  if (schema !== undefined) for (const entry of prompts[schema.prompt]?.tools ?? []) if (typeof entry === 'object' && entry !== null && Reflect.get(entry, 'name') === schema.name) tool = entry
  const program = codeProgram(record.toolName, record.inputDetail, tool)
  if (program !== null) record.program = program
}
