/**
 * The event model every later stage consumes: a strict envelope (`type`, `seq`, `time`) and wide payloads.
 * `data` belongs to dsh and grows each release, so payload schemas check only the fields dsh-view reads and
 * keep unknown keys (`z.looseObject`). Types derive from these schemas, one direction only.
 *
 * Payload shapes here are the *normalized* ones (log-format.md §6.4, v4 README §2): the reader
 * (src/log/events/normalize.ts) lifts legacy, v3 and v4 spellings into them once, so the assembler sees one shape:
 * - `tool/result` uses the v0 user-role wrapper (`message.content[0]` is the `tool-result` block);
 * - `tool/ptc-dispatch*` arrive as `tool/code-dispatch*`;
 * - `surfaceOp` replace ops use `{op:'replace', start, end}`; `sourceEventSeqs` ranges are expanded;
 * - the v2+ `assistant/message.data.stream` / `assistant/attempt.data.stream` arrays are decoded into
 *   `StreamEntry[]` (packed runs expanded, times reconstructed).
 * Nothing is lost: whenever normalization changed a record, the stored record is kept next to the event
 * (`ParsedLine.raw`), and the stored type of a renamed event is in `Envelope.wireType`.
 */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------------
// Shared value types (log-format.md §7.3). Loose: extra keys survive.

export const contentBlockSchema = z.looseObject({ type: z.string() })
export type ContentBlock = z.output<typeof contentBlockSchema> & Record<string, unknown>

export const tokenUsageSchema = z.looseObject({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cacheReadTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
  reasoningTokens: z.number().optional(),
  totalTokens: z.number().optional(),
})
export type TokenUsage = z.output<typeof tokenUsageSchema>

export const messageSourceSchema = z.looseObject({ kind: z.string() })
export type MessageSource = z.output<typeof messageSourceSchema> & Record<string, unknown>

/** One decoded stream chunk (`assistant/chunk.data.chunk`, or an entry of a v2+ embedded stream). */
export const streamChunkSchema = z.looseObject({ type: z.string() })
export type StreamChunk = z.output<typeof streamChunkSchema> & Record<string, unknown>

/** A v2+ embedded stream entry after decoding: packed runs expanded, one entry per chunk. */
export interface StreamEntry {
  /** Epoch ms, or null when the fixture stripped it. */
  time: number | null
  chunk: StreamChunk
}

const turnStep = { turn: z.number().int(), step: z.number().int() }

export const userMessageSchema = z.looseObject({
  id: z.string(),
  role: z.string(),
  content: z.array(contentBlockSchema),
  source: messageSourceSchema,
})
export type UserMessage = z.output<typeof userMessageSchema>

export const assistantMessageSchema = z.looseObject({
  id: z.string(),
  role: z.string(),
  content: z.array(contentBlockSchema),
  source: messageSourceSchema,
})

export const toolResultBlockSchema = z.looseObject({
  type: z.literal('tool-result'),
  toolCallId: z.string(),
  content: z.array(contentBlockSchema),
  isError: z.boolean().optional(),
})

export const toolErrorSchema = z.looseObject({ name: z.string(), code: z.string(), reason: z.string().optional() })

export const surfaceOpSchema = z.union([
  z.literal('append'),
  z.looseObject({ op: z.literal('replace'), start: z.number(), end: z.number() }),
])
export type SurfaceOp = z.output<typeof surfaceOpSchema>

// ---------------------------------------------------------------------------------------------------
// Payloads per known type (log-format.md §7.2, §8; v4 README §2.10). A type dsh-view knows but never
// reads maps to z.unknown(): still "known", never reported as unknown.

export const payloadSchemas = {
  'turn/start': z.looseObject({ turn: z.number().int() }),
  'turn/end': z.looseObject({ turn: z.number().int(), reason: z.looseObject({ kind: z.string() }) }),
  'step/start': z.looseObject(turnStep),
  'step/end': z.looseObject(turnStep),
  'user/message': userMessageSchema,
  'system/message': z.looseObject({ message: z.looseObject({ content: z.array(contentBlockSchema) }) }),
  'developer/message': z.unknown(),
  'assistant/chunk': z.looseObject({ ...turnStep, chunk: streamChunkSchema }),
  'assistant/message': z.looseObject({
    ...turnStep,
    message: assistantMessageSchema,
    usage: tokenUsageSchema.optional(),
    interrupted: z.boolean().optional(),
    /** v2+: decoded embedded stream (see StreamEntry). Absent for v0/v1. */
    stream: z.array(z.custom<StreamEntry>()).optional(),
  }),
  'assistant/attempt': z.looseObject({ ...turnStep, stream: z.array(z.custom<StreamEntry>()).optional() }),
  'tool/call': z.looseObject({ ...turnStep, callId: z.string(), name: z.string(), arguments: z.string() }),
  'tool/result': z.looseObject({
    ...turnStep,
    message: z.looseObject({
      id: z.string(),
      role: z.string(),
      source: messageSourceSchema,
      content: z.tuple([toolResultBlockSchema], contentBlockSchema),
    }),
    error: toolErrorSchema.optional(),
    meta: z.unknown().optional(),
  }),
  'tool/code-dispatch-start': z.looseObject({
    rootCallId: z.string(),
    parentCallId: z.string(),
    subCallId: z.string(),
    name: z.string(),
    arguments: z.unknown(),
  }),
  'tool/code-dispatch': z.looseObject({
    rootCallId: z.string(),
    parentCallId: z.string(),
    subCallId: z.string(),
    name: z.string(),
    arguments: z.unknown(),
    isError: z.boolean().optional(),
    content: z.array(contentBlockSchema).optional(),
    error: toolErrorSchema.optional(),
    meta: z.unknown().optional(),
  }),
  'todo/write': z.looseObject({ todos: z.array(z.looseObject({ content: z.string(), status: z.string() })) }),
  /** A successful `present` call's declared files (cards-current.md §8.3); entries are narrowed by the fold. */
  'deliverables/presented': z.looseObject({ files: z.array(z.unknown()) }),
  /**
   * A turn's workspace changed (cards-current.md §8.3): the log carries only the turn number; the file list is a
   * summary the dsh Host serves. Known, so it is never an "Unknown event" row; nothing is drawn from it alone.
   */
  'workspace/changes': z.unknown(),
  'request/header': z.looseObject({ header: z.looseObject({ config: z.looseObject({}).optional() }), reason: z.string().optional() }),
  'request/context': z.looseObject({ provider: z.string().optional(), model: z.string().optional(), contextWindow: z.number().optional() }),
  'session/end-seed': z.unknown(),
  'session/title': z.looseObject({ title: z.string() }),
  'session/title-llm-request': z.unknown(),
  'agent/inbox/spliced': z.unknown(),
  'agent-preset/selected': z.unknown(),
  'approval/asked': z.looseObject({ id: z.string(), toolName: z.string().optional(), callId: z.string().optional() }),
  'approval/decided': z.looseObject({ id: z.string(), outcome: z.string() }),
  'approval/policy': z.unknown(),
  'command/run': z.looseObject({ commandId: z.string(), name: z.string(), args: z.string().optional() }),
  'command/done': z.looseObject({ commandId: z.string(), kind: z.string(), text: z.string().optional() }),
  'compaction/start': z.looseObject({ compactionId: z.string() }),
  'compaction/summary': z.looseObject({ compactionId: z.string() }),
  'compaction/end': z.looseObject({ compactionId: z.string() }),
  'compaction/prune': z.unknown(),
  'feedback/record': z.unknown(),
  'feedback/message-put': z.unknown(),
  'feedback/message-delete': z.unknown(),
  'goal/change': z.unknown(),
  'hook/invoked': z.unknown(),
  'hook/result': z.unknown(),
  'image/offload': z.unknown(),
  'llm/retry': z.looseObject({ turn: z.number().int().optional(), step: z.number().int().optional() }),
  'llm/retry-started': z.unknown(),
  'permission/preset': z.unknown(),
  'plan/mode': z.unknown(),
  'sandbox/mode': z.unknown(),
  'schedule/change': z.unknown(),
  'session-log-deepseek/delivery-accepted': z.unknown(),
  'subagent/descriptor': z.unknown(),
  'subagent/catalog': z.looseObject({ childId: z.string() }),
  'team/member': z.unknown(),
  'team/task': z.unknown(),
  'team/message/queued': z.unknown(),
  'team/message/delivered': z.unknown(),
  'tool-workflow/run-start': z.unknown(),
  'tool-workflow/agent-start': z.unknown(),
  'tool-workflow/agent-end': z.unknown(),
  'tool-workflow/run-end': z.unknown(),
  'web/deepseek-search-llm-request': z.unknown(),
} satisfies Record<string, z.ZodType>

export type KnownType = keyof typeof payloadSchemas

export function isKnownType(type: string): type is KnownType {
  return Object.hasOwn(payloadSchemas, type)
}

/**
 * The stored envelope as dsh writes it (log-format.md §7.1): checked strictly. The parser runs a hand
 * fast path and uses this schema only to word the error; the two must agree (classify.test.ts).
 */
export const storedEnvelopeSchema = z.object({
  type: z.string().min(1),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  time: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
})

/** The strict envelope. `time` is null when the fixture stripped it (never invented). */
export interface Envelope {
  seq: number
  time: number | null
  surfaceOp?: SurfaceOp
  sourceEventSeqs?: number[]
  ignorable?: boolean
  /**
   * The type as stored, when normalization renamed it: `tool/ptc-dispatch-start` / `tool/ptc-dispatch`
   * (v3+) and `steering/message` (legacy). Absent when the stored type is `type`.
   */
  wireType?: string
}

export type EventOf<T extends KnownType> = Envelope & { type: T; data: z.output<(typeof payloadSchemas)[T]> }
export type KnownEvent = { [T in KnownType]: EventOf<T> }[KnownType]

/** An event whose type dsh-view does not know, or whose payload failed its schema: kept whole. */
export interface RawEvent extends Envelope {
  type: string
  data: unknown
}

// ---------------------------------------------------------------------------------------------------
// The header (log-format.md §3; v4 README §2.0). Lenient: fixtures lack version/delegationDepth.

export const headerSchema = z.looseObject({
  type: z.literal('session'),
  version: z.number().int().nonnegative().optional(),
  id: z.string(),
  createdAt: z.number().optional(),
  cwd: z.string().optional(),
  parentSession: z.string().optional(),
  seedLength: z.number().int().nonnegative().optional(),
  isSeeded: z.boolean().optional(),
  origin: z.string().optional(),
  delegationDepth: z.number().int().nonnegative().optional(),
  agentPreset: z.string().optional(),
})
export type SessionHeader = z.output<typeof headerSchema>
