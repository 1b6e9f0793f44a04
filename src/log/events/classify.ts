/**
 * Judging one stored event record: the strict envelope (log-format.md §7.1: `type` a non-empty string,
 * `seq` a safe integer ≥ 0, `time` a safe integer; both absent means a stripped fixture, §4.5/§11.1) and
 * the payload against its schema in schema.ts (known and matching → `event`; unknown type or mismatching
 * payload → `unknown`, kept whole with the reason). Hot types get a hand fast path that accepts exactly
 * what their zod schema accepts; zod runs for the rest and to word every failure.
 */
import { ZodUnknown, type z } from 'zod'
import { payloadChecks, type PayloadCheck } from './payload-checks'
import type { KnownEvent, RawEvent } from './schema'
import { isKnownType, payloadSchemas, storedEnvelopeSchema } from './schema'

type Rec = Record<string, unknown>

/** The envelope as read: numbers when present, `stripped` when the fixture removed both. */
export type EnvelopeCheck = { ok: true; stripped: true } | { ok: true; stripped: false; seq: number; time: number } | { ok: false; reason: string }

/** One line summary of zod issues, e.g. `seq: Too small: expected number to be >=0`. */
export function formatIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 4).map((issue) => {
    const path = issue.path.map(String).join('.')
    return path === '' ? issue.message : `${path}: ${issue.message}`
  })
  if (error.issues.length > 4) parts.push(`(${error.issues.length - 4} more)`)
  const text = parts.join('; ')
  return text.length > 400 ? `${text.slice(0, 397)}...` : text
}

export function checkEnvelope(record: Rec): EnvelopeCheck {
  const type = record['type']
  const seq = record['seq']
  const time = record['time']
  const typeOk = typeof type === 'string' && type.length > 0
  if (seq === undefined && time === undefined && !Object.hasOwn(record, 'seq') && !Object.hasOwn(record, 'time')) {
    if (typeOk) return { ok: true, stripped: true }
    const parsed = storedEnvelopeSchema.pick({ type: true }).safeParse(record)
    return { ok: false, reason: `invalid event envelope: ${parsed.success ? 'type' : formatIssues(parsed.error)}` }
  }
  if (typeOk && typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 && typeof time === 'number' && Number.isSafeInteger(time)) {
    return { ok: true, stripped: false, seq, time }
  }
  const parsed = storedEnvelopeSchema.safeParse(record)
  // The fast path and the schema agree by construction; the fallback wording covers the impossible case.
  return { ok: false, reason: `invalid event envelope: ${parsed.success ? 'seq/time' : formatIssues(parsed.error)}` }
}

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Per known type, how to judge a payload without zod: a hand check equal to its schema
 * (payload-checks.ts), or `true` when the schema is `z.unknown()` and accepts anything.
 */
const fastPaths = new Map<string, PayloadCheck | true>()
for (const [type, schema] of Object.entries(payloadSchemas)) {
  if (schema instanceof ZodUnknown) fastPaths.set(type, true)
}
for (const [type, check] of Object.entries(payloadChecks)) if (check !== undefined) fastPaths.set(type, check)

/** null when the payload matches its schema, else the reason. */
export function payloadProblem(type: string, data: unknown): string | null {
  const fast = fastPaths.get(type)
  if (fast === true) return null
  if (fast !== undefined && isRecord(data) && fast(data)) return null
  if (!isKnownType(type)) return `unknown event type ${JSON.stringify(type)}`
  // Rejections (and the types without a hand check) go through zod, which also words the reason.
  const parsed = payloadSchemas[type].safeParse(data)
  if (parsed.success) return null
  return `${type} payload does not match its schema: ${formatIssues(parsed.error)}`
}

export interface EventParts {
  type: string
  seq: number
  time: number | null
  data: unknown
  surfaceOp?: RawEvent['surfaceOp']
  sourceEventSeqs?: number[]
  ignorable?: boolean
  wireType?: string
}

export function toRawEvent(parts: EventParts): RawEvent {
  const event: RawEvent = { type: parts.type, seq: parts.seq, time: parts.time, data: parts.data }
  if (parts.surfaceOp !== undefined) event.surfaceOp = parts.surfaceOp
  if (parts.sourceEventSeqs !== undefined) event.sourceEventSeqs = parts.sourceEventSeqs
  if (parts.ignorable === true) event.ignorable = true
  if (parts.wireType !== undefined) event.wireType = parts.wireType
  return event
}

export type Classified = { kind: 'event'; event: KnownEvent } | { kind: 'unknown'; event: RawEvent; reason: string }

/** Known type with a matching payload → typed event; anything else → the raw event and the reason. */
export function classifyEvent(parts: EventParts): Classified {
  const event = toRawEvent(parts)
  const problem = payloadProblem(parts.type, parts.data)
  if (problem !== null) return { kind: 'unknown', event, reason: problem }
  // The single point of trust: `payloadProblem` just checked `data` against the schema of `type`, which
  // is exactly what a KnownEvent member of that type promises. (The checked input is kept instead of the
  // zod output to avoid a deep copy per event; the schemas are loose and transform nothing.)
  return { kind: 'event', event: event as KnownEvent }
}
