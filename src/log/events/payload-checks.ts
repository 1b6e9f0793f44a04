/**
 * Hand-written equivalents of the payload schemas in schema.ts for the event types that make up nearly
 * every line of a real log, so the decode loop runs no zod for them (the issue-2 bench wants the reader
 * within 70% of a bare JSON.parse loop; zod was the largest cost left). Each check returns exactly what
 * `payloadSchemas[type].safeParse(data).success` would; classify.ts still asks zod to word a failure.
 * Agreement is enforced by payload-checks.test.ts on the corpus payloads and on mutations of them.
 * Types whose schema is `z.unknown()` need no check at all.
 */
import type { KnownType } from './schema'

type Rec = Record<string, unknown>

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** zod 4 `z.number()`: finite numbers only (JSON can yield Infinity from `1e400`). */
function isNum(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value)
}

/** zod 4 `z.number().int()`: safe integers. */
function isInt(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

function optNum(value: unknown): boolean {
  return value === undefined || isNum(value)
}

function optStr(value: unknown): boolean {
  return value === undefined || typeof value === 'string'
}

function optBool(value: unknown): boolean {
  return value === undefined || typeof value === 'boolean'
}

/** `z.looseObject({ type: z.string() })`: content blocks, sources (`kind`), stream chunks. */
function hasStringKey(value: unknown, key: string): boolean {
  return isRecord(value) && typeof value[key] === 'string'
}

function isBlocks(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const block of value) if (!hasStringKey(block, 'type')) return false
  return true
}

function isTurnStep(data: Rec): boolean {
  return isInt(data['turn']) && isInt(data['step'])
}

function isMessage(value: unknown): boolean {
  return isRecord(value) && typeof value['id'] === 'string' && typeof value['role'] === 'string' && isBlocks(value['content']) && hasStringKey(value['source'], 'kind')
}

function isUsage(value: unknown): boolean {
  if (value === undefined) return true
  if (!isRecord(value)) return false
  return (
    optNum(value['inputTokens']) &&
    optNum(value['outputTokens']) &&
    optNum(value['cacheReadTokens']) &&
    optNum(value['cacheWriteTokens']) &&
    optNum(value['reasoningTokens']) &&
    optNum(value['totalTokens'])
  )
}

function isToolError(value: unknown): boolean {
  return value === undefined || (isRecord(value) && typeof value['name'] === 'string' && typeof value['code'] === 'string' && optStr(value['reason']))
}

/** `z.array(z.custom<StreamEntry>()).optional()`: any array (entries were decoded by stream.ts). */
function optArray(value: unknown): boolean {
  return value === undefined || Array.isArray(value)
}

function isToolResultMessage(value: unknown): boolean {
  if (!isRecord(value) || typeof value['id'] !== 'string' || typeof value['role'] !== 'string' || !hasStringKey(value['source'], 'kind')) return false
  const content = value['content']
  if (!Array.isArray(content) || content.length === 0) return false
  const first: unknown = content[0]
  if (!isRecord(first) || first['type'] !== 'tool-result' || typeof first['toolCallId'] !== 'string' || !isBlocks(first['content']) || !optBool(first['isError'])) return false
  for (let i = 1; i < content.length; i++) if (!hasStringKey(content[i], 'type')) return false
  return true
}

function isTodos(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const todo of value) if (!isRecord(todo) || typeof todo['content'] !== 'string' || typeof todo['status'] !== 'string') return false
  return true
}

function isDispatchIds(data: Rec): boolean {
  return (
    typeof data['rootCallId'] === 'string' &&
    typeof data['parentCallId'] === 'string' &&
    typeof data['subCallId'] === 'string' &&
    typeof data['name'] === 'string' &&
    // `arguments: z.unknown()` still requires the key (zod 4 treats a missing non-optional key as an issue).
    Object.hasOwn(data, 'arguments')
  )
}

export type PayloadCheck = (data: Rec) => boolean

/** Called with an object payload only (a non-object fails every one of these schemas). */
export const payloadChecks: Partial<Record<KnownType, PayloadCheck>> = {
  'turn/start': (d) => isInt(d['turn']),
  'turn/end': (d) => isInt(d['turn']) && hasStringKey(d['reason'], 'kind'),
  'step/start': isTurnStep,
  'step/end': isTurnStep,
  'user/message': (d) => isMessage(d),
  'system/message': (d) => isRecord(d['message']) && isBlocks(d['message']['content']),
  'assistant/chunk': (d) => isTurnStep(d) && hasStringKey(d['chunk'], 'type'),
  'assistant/message': (d) => isTurnStep(d) && isMessage(d['message']) && isUsage(d['usage']) && optBool(d['interrupted']) && optArray(d['stream']),
  'assistant/attempt': (d) => isTurnStep(d) && optArray(d['stream']),
  'tool/call': (d) => isTurnStep(d) && typeof d['callId'] === 'string' && typeof d['name'] === 'string' && typeof d['arguments'] === 'string',
  'tool/result': (d) => isTurnStep(d) && isToolResultMessage(d['message']) && isToolError(d['error']),
  'tool/code-dispatch-start': isDispatchIds,
  'tool/code-dispatch': (d) => isDispatchIds(d) && optBool(d['isError']) && (d['content'] === undefined || isBlocks(d['content'])) && isToolError(d['error']),
  'request/header': (d) => isRecord(d['header']) && (d['header']['config'] === undefined || isRecord(d['header']['config'])) && optStr(d['reason']),
  'request/context': (d) => optStr(d['provider']) && optStr(d['model']) && optNum(d['contextWindow']),
  'session/title': (d) => typeof d['title'] === 'string',
  'subagent/catalog': (d) => typeof d['childId'] === 'string',
  'todo/write': (d) => isTodos(d['todos']),
  'deliverables/presented': (d) => Array.isArray(d['files']),
  'approval/asked': (d) => typeof d['id'] === 'string' && optStr(d['toolName']) && optStr(d['callId']),
  'approval/decided': (d) => typeof d['id'] === 'string' && typeof d['outcome'] === 'string',
  'command/run': (d) => typeof d['commandId'] === 'string' && typeof d['name'] === 'string' && optStr(d['args']),
  'command/done': (d) => typeof d['commandId'] === 'string' && typeof d['kind'] === 'string' && optStr(d['text']),
  'compaction/start': (d) => typeof d['compactionId'] === 'string',
  'compaction/summary': (d) => typeof d['compactionId'] === 'string',
  'compaction/end': (d) => typeof d['compactionId'] === 'string',
  'llm/retry': (d) => (d['turn'] === undefined || isInt(d['turn'])) && (d['step'] === undefined || isInt(d['step'])),
}
