/**
 * Lifting every stored spelling into the one normalized event model documented at the top of schema.ts:
 * the legacy shapes dsh itself upgrades on load (log-format.md §6.4: `turn/start.trigger`, id-less
 * `user/message`, `steering/message`, the pre-identity `assistant/message` and `tool/result` wrappers, old
 * `turn/end` reasons) and the v3/v4 spellings (v4 README §2: `role:'tool'` results, `tool/ptc-dispatch*`,
 * `startSeq`/`endSeq` replace ops, range-encoded `sourceEventSeqs`, embedded streams).
 * Input records are never mutated: a changed payload is a shallow copy, so the stored record the parser
 * keeps next to the event stays verbatim. Types that need no work return their data untouched (hot path).
 */
import { ownTable } from '../own'
import type { SurfaceOp } from './schema'
import { decodeStream } from './stream'

type Rec = Record<string, unknown>

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export interface NormalizeContext {
  /** Session id for `legacy-message:<sessionId>:<seq>` ids. */
  sessionId: string
  /** Message id of the surface event at `seq`, for replacement results that inherit it (§6.4). */
  messageIdAt(seq: number): string | undefined
}

/** A changed event: the stored record differs from the normalized one. */
export interface Normalized {
  type: string
  data: unknown
  /** The stored type when normalization renamed it (`steering/message`, `tool/ptc-dispatch*`). */
  wireType?: string
}

export function legacyMessageId(sessionId: string, seq: number): string {
  return `legacy-message:${sessionId}:${seq}`
}

const RENAMED_TYPES = ownTable<string>({
  'tool/ptc-dispatch-start': 'tool/code-dispatch-start',
  'tool/ptc-dispatch': 'tool/code-dispatch',
})

/**
 * Normalize one event payload. `seq` is the event's (possibly synthesized) seq, `surfaceOp` its already
 * normalized op. Returns null when the record needs no change (the common case: no allocation), or a
 * string when a legacy shape is too malformed to upgrade (dsh refuses those).
 */
export function normalizePayload(
  type: string,
  data: unknown,
  seq: number,
  surfaceOp: SurfaceOp | undefined,
  ctx: NormalizeContext,
): Normalized | null | string {
  switch (type) {
    case 'turn/start':
      return upgradeTurnStart(type, data)
    case 'turn/end':
      return upgradeTurnEnd(type, data)
    case 'user/message':
      return upgradeUserMessage(type, data, seq, ctx)
    case 'steering/message':
      return upgradeSteering(data, seq, ctx)
    case 'assistant/message':
    case 'assistant/attempt':
      return upgradeAssistant(type, data, seq, ctx)
    case 'tool/result':
      return upgradeToolResult(type, data, seq, surfaceOp, ctx)
    case 'tool/ptc-dispatch-start':
    case 'tool/ptc-dispatch':
      return { type: RENAMED_TYPES[type] ?? type, data, wireType: type }
    default:
      return null
  }
}

function upgradeTurnStart(type: string, data: unknown): Normalized | null {
  if (!isRecord(data) || !Object.hasOwn(data, 'trigger')) return null
  const { trigger: _trigger, ...rest } = data
  return { type, data: rest }
}

/** Retired `turn/end` reasons (§6.4). Current or unrecognized reasons pass through for the schema to judge. */
function upgradeTurnEnd(type: string, data: unknown): Normalized | null {
  if (!isRecord(data)) return null
  const reason = data['reason']
  if (!isRecord(reason)) return null
  let upgraded: Rec | undefined
  switch (reason['kind']) {
    case 'aborted':
      if (!Object.hasOwn(reason, 'reason')) upgraded = { kind: 'aborted', reason: { kind: 'legacy' } }
      break
    case 'disposed':
      upgraded = { kind: 'aborted', reason: { kind: 'disposed' } }
      break
    case 'error': {
      if (Object.hasOwn(reason, 'error')) break
      const failure = reason['failure']
      if (isRecord(failure)) upgraded = { kind: 'error', error: failure }
      else if (typeof reason['message'] === 'string') {
        const code = typeof reason['code'] === 'string' ? reason['code'] : 'UNKNOWN'
        upgraded = { kind: 'error', error: { message: reason['message'], code } }
      }
      break
    }
  }
  return upgraded === undefined ? null : { type, data: { ...data, reason: upgraded } }
}

function upgradeUserMessage(type: string, data: unknown, seq: number, ctx: NormalizeContext): Normalized | null {
  if (!isRecord(data)) return null
  // Upstream's exact guard: a current-looking malformed message is left for validation to reject.
  if (Object.hasOwn(data, 'id') || Object.hasOwn(data, 'role') || Object.hasOwn(data, 'message')) return null
  if (!Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'source')) return null
  return { type, data: { ...data, id: legacyMessageId(ctx.sessionId, seq), role: 'user' } }
}

function upgradeSteering(data: unknown, seq: number, ctx: NormalizeContext): Normalized | string {
  const wireType = 'steering/message'
  if (!isRecord(data) || !Number.isSafeInteger(data['turn'])) return 'malformed legacy steering/message: expected {turn, message} or {turn, content, source}'
  const wrapped = data['message']
  if (isRecord(wrapped)) {
    const upgraded = upgradeUserMessage('user/message', wrapped, seq, ctx)
    return { type: 'user/message', data: upgraded === null ? wrapped : upgraded.data, wireType }
  }
  if (!Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'source')) {
    return 'malformed legacy steering/message: expected {turn, message} or {turn, content, source}'
  }
  const { turn: _turn, ...message } = data
  return { type: 'user/message', data: { ...message, id: legacyMessageId(ctx.sessionId, seq), role: 'user' }, wireType }
}

function upgradeAssistant(type: string, data: unknown, seq: number, ctx: NormalizeContext): Normalized | null | string {
  if (!isRecord(data)) return null
  let out = data
  let changed = false
  if (type === 'assistant/message' && !Object.hasOwn(data, 'message') && Object.hasOwn(data, 'content') && Object.hasOwn(data, 'provenance')) {
    const { content, provenance, ...rest } = data
    const source = isRecord(provenance) ? { ...provenance, kind: 'model' } : { kind: 'model' }
    out = { ...rest, message: { id: legacyMessageId(ctx.sessionId, seq), role: 'assistant', content, source } }
    changed = true
  }
  if (Object.hasOwn(out, 'stream')) {
    const stream = decodeStream(out['stream'])
    if (stream === null) return `${type}: data.stream must be an array`
    out = { ...out, stream }
    changed = true
  }
  return changed ? { type, data: out } : null
}

function upgradeToolResult(type: string, data: unknown, seq: number, surfaceOp: SurfaceOp | undefined, ctx: NormalizeContext): Normalized | null {
  if (!isRecord(data)) return null
  const message = data['message']
  if (isRecord(message)) {
    if (message['role'] !== 'tool') return null
    // v4: the result blocks sit on the message itself; fold them back into the v0 wrapper.
    const { toolCallId, content, isError, ...rest } = message
    const block = { type: 'tool-result', toolCallId, content, isError: isError === true }
    return { type, data: { ...data, message: { ...rest, role: 'user', content: [block] } } }
  }
  if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'callId') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'isError')) {
    return null
  }
  const { callId, content, isError, ...rest } = data
  // A legacy replacement result inherits the id of the node it replaces (§6.4).
  const inherited = surfaceOp !== undefined && surfaceOp !== 'append' ? ctx.messageIdAt(surfaceOp.start) : undefined
  const id = inherited ?? legacyMessageId(ctx.sessionId, seq)
  const block = { type: 'tool-result', toolCallId: callId, content, isError }
  return { type, data: { ...rest, message: { id, role: 'user', content: [block], source: { kind: 'tool', callId } } } }
}

/**
 * `'append'`, `{op:'replace', start, end}` (v0–v2) or `{op:'replace', startSeq, endSeq}` (v3+), as
 * `{op:'replace', start, end}`; null for anything else (`surfaceOpProblem` words it).
 */
export function normalizeSurfaceOp(raw: unknown): SurfaceOp | null {
  if (raw === 'append') return raw
  if (isRecord(raw) && raw['op'] === 'replace') {
    const start = Object.hasOwn(raw, 'startSeq') ? raw['startSeq'] : raw['start']
    const end = Object.hasOwn(raw, 'endSeq') ? raw['endSeq'] : raw['end']
    if (Number.isSafeInteger(start) && Number.isSafeInteger(end)) return { op: 'replace', start: start as number, end: end as number }
  }
  return null
}

export function surfaceOpProblem(raw: unknown): string {
  return `surfaceOp must be "append" or {op:"replace", start, end} / {op:"replace", startSeq, endSeq}; got ${preview(raw)}`
}

/** Upper bound on one event's expanded citations: a range cannot make one line cost unbounded memory. */
export const MAX_SOURCE_EVENT_SEQS = 1_000_000

/** Plain numbers and `[start, end]` inclusive ranges (v4 README §2.3), expanded in order. */
export function expandSourceEventSeqs(raw: unknown): number[] | string {
  if (!Array.isArray(raw)) return `sourceEventSeqs must be an array; got ${preview(raw)}`
  let ranged = false
  for (const entry of raw) {
    if (typeof entry === 'number' && Number.isSafeInteger(entry) && entry >= 0) continue
    if (Array.isArray(entry) && entry.length === 2 && isSeq(entry[0]) && isSeq(entry[1]) && entry[0] <= entry[1]) {
      ranged = true
      continue
    }
    return `sourceEventSeqs entries must be seqs or [start, end] ranges; got ${preview(entry)}`
  }
  if (!ranged) return raw as number[]
  const out: number[] = []
  for (const entry of raw as (number | [number, number])[]) {
    if (typeof entry === 'number') out.push(entry)
    else {
      if (out.length + entry[1] - entry[0] + 1 > MAX_SOURCE_EVENT_SEQS) return `sourceEventSeqs expands past ${MAX_SOURCE_EVENT_SEQS} entries`
      for (let s = entry[0]; s <= entry[1]; s++) out.push(s)
    }
  }
  return out
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
