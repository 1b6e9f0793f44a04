/**
 * One ledger record per kind (trajectory.md §3.2, §4.4, §4.6): what the row and the inspector show, built
 * from the inspection's nodes. `index`, `turn`, `group` and `request` are placeholders here; the layout
 * (./layout.ts) and the numbering (./requests.ts) fill them. Durations are own durations in ms, clamped at
 * 0, null when either end is unknown — a stripped log's missing clocks are never replaced by surrogates.
 */
import type { ContentBlock } from '../../log/events/schema'
import type { CallView } from '../fold/tools'
import type { GroupKey, TrajectoryLabel, TrajectoryRecord } from '../model'
import type { AssistantNode, CompactionRequestView, InputNode } from './inspection'
import { previewText } from './preview'
import { count, firstText, joined, reasoningOf, textOf } from './blocks'
import { plainConstructor } from './plain-objects'
import { NO_LABELS, resultView } from './results'

/** `later − earlier` in ms, at least 0; null when either is unknown. */
export function durationMs(later: number | null, earlier: number | null): number | null {
  if (later === null || earlier === null || !Number.isFinite(later) || !Number.isFinite(earlier)) return null
  return Math.max(0, later - earlier)
}

/**
 * A record id from its parts, as one flat string: a template literal makes a tree of string pieces (and a
 * string for each number in it) that the snapshot would keep for every record as long as the page is built
 * (about 4 MB of a 100 MB log's 50,000 records); `join` writes the characters once.
 */
export function recordId(...parts: (string | number)[]): string {
  return parts.join('')
}

/**
 * A record's group until the layout places it (it places every record, ./layout.ts): one shared object, not
 * one per record that the snapshot would carry, promoted, until it is replaced.
 */
const UNPLACED: GroupKey = Object.freeze({ kind: 'message' })

/** A record's first fields; the optional ones are set later (./plain-objects.ts says why a constructor). */
function recordObject(this: TrajectoryRecord, kind: TrajectoryRecord['kind'], id: string, seq: number | null): void {
  this.index = 0
  this.id = id
  this.kind = kind
  this.requestOnly = false
  this.turn = null
  this.group = UNPLACED
  this.request = null
  this.seq = seq
  this.text = ''
  this.labels = NO_LABELS
  this.isError = false
  this.status = 'complete'
  this.startedAt = null
  this.duration = null
}
const RecordObject = plainConstructor(recordObject)

export function blankRecord(kind: TrajectoryRecord['kind'], id: string, seq: number | null): TrajectoryRecord {
  return new RecordObject(kind, id, seq)
}

/** A `tool-call` content block's id, name and raw arguments (upstream `toAssistantBlock`). */
/** The call id a message's block names, when it is a tool call (without reading its arguments). */
export function toolCallIdOf(block: ContentBlock): string | null {
  return block.type === 'tool-call' ? String(block['id']) : null
}

export function toolCallOf(block: ContentBlock): { callId: string; name: string; argsRaw: string } | null {
  const callId = toolCallIdOf(block)
  if (callId === null) return null
  const args = block['arguments']
  return { callId, name: typeof block['name'] === 'string' ? block['name'] : '', argsRaw: typeof args === 'string' ? args : (JSON.stringify(args) ?? '') }
}

/** USER, steering or CONTEXT (trajectory.md §3.2 and the tool-change notices of §4.7). */
export function inputRecord(node: InputNode): TrajectoryRecord {
  const input = node.input
  const kind = input.kind === 'context' ? 'context' : 'user'
  const record = blankRecord(kind, recordId(kind, ':seq:', input.seq), input.seq)
  record.startedAt = input.time
  record.duration = 0
  record.blocks = input.content
  const content = input.content
  if (content.length > 0 && count(content, 'tool-addition') + count(content, 'tool-removal') === content.length) {
    const names = (type: string) => content.flatMap((b) => (b.type === type && typeof b['toolName'] === 'string' ? [b['toolName']] : []))
    const added = names('tool-addition')
    const removed = names('tool-removal')
    const single = content.length === 1 ? content[0] : undefined
    if (single !== undefined) {
      record.labels = [{ key: single.type === 'tool-addition' ? 'layout.toolAdded' : 'layout.toolRemoved', values: { name: [...added, ...removed][0] ?? '' } }]
    } else {
      const summary: TrajectoryLabel =
        added.length > 0 && removed.length > 0
          ? { key: 'layout.toolsChanged', values: { added: added.length, removed: removed.length } }
          : added.length > 0
            ? { key: 'layout.toolsAddedCount', values: { count: added.length } }
            : { key: 'layout.toolsRemovedCount', values: { count: removed.length } }
      record.labels = [{ key: 'layout.toolUpdateNotice' }, summary]
      record.inputDetailLabels = [
        ...(added.length > 0 ? [{ key: 'layout.toolsAdded' as const, values: { names: added.join(', ') } }] : []),
        ...(removed.length > 0 ? [{ key: 'layout.toolsRemoved' as const, values: { names: removed.join(', ') } }] : []),
      ]
    }
    return record
  }
  const images = count(content, 'image')
  const files = count(content, 'file')
  const labels: TrajectoryLabel[] = []
  if (images > 0) labels.push({ key: 'layout.imageCount', values: { count: images } })
  if (files > 0) labels.push({ key: 'layout.fileAttachments', values: { count: files } })
  if (labels.length > 0) record.labels = labels
  const first = firstText(content, false)
  if (first !== null && first !== '') record.preview = previewText(first)
  record.source = input.source
  record.inputDetail = joined(content, textOf, '\n')
  if (input.kind === 'user') record.opensTurn = true
  if (input.kind === 'steering') record.steering = true
  return record
}

/** The ASSISTANT record of a settled message (its tool records come from ./layout.ts). */
export function assistantRecord(node: AssistantNode, previousTime: number | null): TrajectoryRecord {
  const record = blankRecord('message', recordId('assistant:', node.turn, ':', node.step), node.seq)
  const message = joined(node.content, textOf, '\n\n')
  const thinking = joined(node.content, reasoningOf, '\n\n')
  if (message === '' && thinking === '') {
    if (node.content.some((b) => b.type === 'tool-call')) record.labels = [{ key: 'layout.toolCallOnly' }]
    else if (count(node.content, 'image') > 0) record.labels = [{ key: 'layout.imageCount', values: { count: count(node.content, 'image') } }]
  }
  if (message !== '') record.preview = previewText(message)
  else if (thinking !== '') record.preview = previewText(thinking)
  if (message !== '') record.outputDetail = message
  if (thinking !== '') record.reasoningDetail = thinking
  record.blocks = node.content
  record.isError = node.interrupted
  // Settled by event presence (§4.10): a stored message is Completed (Failed when interrupted), clock or not.
  record.status = node.interrupted ? 'error' : 'complete'
  record.startedAt = node.stepStartTime
  record.duration = durationMs(node.time, node.stepStartTime ?? previousTime)
  if (node.usage !== null) record.usage = node.usage
  const output = node.usage?.outputTokens
  record.metrics = {
    timingRecorded: node.time !== null,
    stepStartTime: node.stepStartTime,
    firstTokenTime: node.firstTokenTime,
    completedTime: node.time,
    usageProvided: node.usage !== null,
    outputTokens: typeof output === 'number' && Number.isFinite(output) ? output : null,
  }
  return record
}

/** A TOOL or SUBTOOL record of a call view (settled, interrupted or running). */
export function callRecord(kind: 'tool' | 'subtool', call: CallView, head: { name: string; argsRaw: string } | null, startedAt: number | null): TrajectoryRecord {
  const record = blankRecord(kind, recordId(kind, ':call:', call.callId), call.seq ?? call.result?.seq ?? null)
  record.callId = call.callId
  const result = call.result
  if (head !== null) {
    record.text = head.name
    record.toolName = head.name
    if (head.argsRaw !== '') record.preview = previewText(head.argsRaw)
    record.inputDetail = head.argsRaw
  }
  record.startedAt = startedAt
  record.status = 'running'
  if (result === null) return record
  const view = resultView(result)
  record.result = view
  if (head === null) {
    // A result with no loaded call: the row reads as its result (upstream `resultAsText`).
    record.text = view.text
    record.labels = view.labels
    if (view.preview !== undefined) record.preview = view.preview
  }
  record.isError = result.isError
  record.status = result.isError ? 'error' : 'complete'
  record.duration = durationMs(result.time, result.callTime)
  return record
}

/** The COMPACTED record of a compaction request (trajectory.md §4.8). */
export function compactedRecord(request: CompactionRequestView): TrajectoryRecord {
  const record = blankRecord('compacted', recordId('compacted:seq:', request.startSeq), request.startSeq)
  const summary = request.compaction.summary
  const blocks = summary?.blocks ?? null
  const raw = summary?.rawOutput ?? blocks
  if (request.status === 'running') record.labels = [{ key: 'layout.compacting' }]
  else if (request.status === 'error') {
    if (request.error?.interruptedCompaction === true) record.labels = [{ key: 'layout.compactionInterrupted' }]
    else if (request.error !== undefined) record.text = request.error.message
    else record.labels = [{ key: 'layout.compactionFailed' }]
  } else if (blocks === null) record.labels = [{ key: 'layout.compacted' }]
  else {
    const first = firstText(blocks, false)
    if (first !== null && first !== '') record.preview = previewText(first)
  }
  if (blocks !== null) {
    record.outputDetail = joined(blocks, textOf, '\n')
    record.outputBlocks = blocks
  }
  if (raw !== null) {
    const thinking = joined(raw, reasoningOf, '\n')
    if (thinking !== '') record.reasoningDetail = thinking
    record.blocks = raw
  }
  record.isError = request.status === 'error'
  record.status = request.status
  record.startedAt = request.startedAt
  record.duration = request.completedAt === null ? null : durationMs(request.completedAt, request.startedAt)
  if (request.usage !== null) record.usage = request.usage
  return record
}
