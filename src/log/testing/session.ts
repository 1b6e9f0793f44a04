/**
 * Typed fixture builders for tests across dsh-view (log reader, assembler, cards): a session written the
 * way dsh writes it — header, events with contiguous seq and a fixed clock (`T0 + seq * tick`), turn/step
 * numbers tracked for you, packed chunk rows (log-format.md §4) — returning real `EventOf<...>` values, so
 * tests never cast literals. `jsonl()` renders the stored form (optionally envelope-stripped, §11.1) for
 * feeding the parser. Test-only: nothing in src imports it outside `*.test.ts`.
 */
import type { ContentBlock, EventOf, KnownEvent, KnownType, SessionHeader, StreamChunk, SurfaceOp, TokenUsage } from '../events/schema'
import type { PackedRowType } from '../chunks/packed'

/** The fixed clock: epoch ms of seq 0 and of the header `createdAt` (2026-07-06T15:34:05Z, the v0 tool-call-turn era). */
export const T0 = 1_783_352_045_000
export const TEST_SESSION_ID = 'test-session'
export const TEST_CWD = '/home/dev/project'

export interface SessionBuilderOptions {
  id?: string
  cwd?: string
  /** Header `version`; default 0. */
  version?: number
  /** Extra header fields (parentSession, seedLength, isSeeded, origin, agentPreset, …). */
  header?: Partial<SessionHeader>
  /** ms between consecutive seqs; default 1000. */
  tick?: number
}

export interface EventExtras {
  surfaceOp?: SurfaceOp
  sourceEventSeqs?: number[]
}

export interface ResultOptions {
  isError?: boolean
  error?: { name: string; code: string; reason?: string }
  meta?: unknown
  /** Extra content blocks instead of the single text block. */
  content?: ContentBlock[]
}

/** A stored packed chunk row as dsh writes it (§4.2). */
export interface PackedRowRecord {
  type: PackedRowType
  seq0: number
  time0: number
  data: Record<string, unknown>
}

type StoredRecord = KnownEvent | PackedRowRecord

export function text(value: string): ContentBlock {
  return { type: 'text', text: value }
}

export function reasoning(value: string): ContentBlock {
  return { type: 'reasoning', text: value }
}

/** A `tool-call` content block; `args` objects are serialized, strings kept verbatim. */
export function toolCallBlock(id: string, name: string, args: unknown): ContentBlock {
  return { type: 'tool-call', id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }
}

export class SessionBuilder {
  readonly header: SessionHeader
  /** Logical events in seq order (packed rows expanded). */
  readonly events: KnownEvent[] = []
  /** Stored records in write order: events verbatim and packed rows. */
  readonly records: StoredRecord[] = []
  turn = 0
  step = 0
  readonly #tick: number
  #calls = 0
  readonly #callSeqs = new Map<string, number>()

  constructor(options: SessionBuilderOptions = {}) {
    this.#tick = options.tick ?? 1000
    this.header = {
      type: 'session',
      version: options.version ?? 0,
      id: options.id ?? TEST_SESSION_ID,
      createdAt: T0,
      cwd: options.cwd ?? TEST_CWD,
      ...options.header,
      delegationDepth: options.header?.delegationDepth ?? 0,
    }
  }

  get nextSeq(): number {
    return this.events.length
  }

  timeOf(seq: number): number {
    return T0 + seq * this.#tick
  }

  /** Append any known event with the next seq and clock time. */
  push<T extends KnownType>(type: T, data: EventOf<T>['data'], extras: EventExtras = {}): EventOf<T> {
    const seq = this.nextSeq
    const event: EventOf<T> = { type, seq, time: this.timeOf(seq), data }
    if (extras.surfaceOp !== undefined) event.surfaceOp = extras.surfaceOp
    if (extras.sourceEventSeqs !== undefined) event.sourceEventSeqs = extras.sourceEventSeqs
    this.events.push(event as KnownEvent)
    this.records.push(event as KnownEvent)
    return event
  }

  turnStart(): EventOf<'turn/start'> {
    this.turn++
    this.step = 0
    return this.push('turn/start', { turn: this.turn })
  }

  turnEnd(reason: { kind: string; [k: string]: unknown } = { kind: 'completed' }): EventOf<'turn/end'> {
    return this.push('turn/end', { turn: this.turn, reason })
  }

  stepStart(): EventOf<'step/start'> {
    this.step++
    return this.push('step/start', { turn: this.turn, step: this.step })
  }

  stepEnd(): EventOf<'step/end'> {
    return this.push('step/end', { turn: this.turn, step: this.step })
  }

  user(body: string | ContentBlock[], source: { kind: string; [k: string]: unknown } = { kind: 'user' }): EventOf<'user/message'> {
    const content = typeof body === 'string' ? [text(body)] : body
    return this.push('user/message', { id: `msg-${this.nextSeq}`, role: 'user', content, source }, { surfaceOp: 'append' })
  }

  assistant(body: string | ContentBlock[], options: { usage?: TokenUsage; interrupted?: boolean } = {}): EventOf<'assistant/message'> {
    const content = typeof body === 'string' ? [text(body)] : body
    const message = { id: `msg-${this.nextSeq}`, role: 'assistant', content, source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-flash' } }
    const data: EventOf<'assistant/message'>['data'] = { turn: this.turn, step: this.step, message }
    if (options.usage !== undefined) data.usage = options.usage
    if (options.interrupted !== undefined) data.interrupted = options.interrupted
    return this.push('assistant/message', data, { surfaceOp: 'append' })
  }

  /** `tool/call`; `args` objects are serialized, strings kept verbatim (the raw model text). */
  call(name: string, args: unknown, callId?: string): EventOf<'tool/call'> {
    this.#calls++
    const id = callId ?? `call-${this.#calls}`
    this.#callSeqs.set(id, this.nextSeq)
    return this.push('tool/call', { turn: this.turn, step: this.step, callId: id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) })
  }

  /** `tool/result` in the v0 wrapper shape, citing its `tool/call` when this builder wrote it. */
  result(callId: string, body: string, options: ResultOptions = {}): EventOf<'tool/result'> {
    const block = { type: 'tool-result' as const, toolCallId: callId, content: options.content ?? [text(body)], isError: options.isError ?? false }
    const data: EventOf<'tool/result'>['data'] = {
      turn: this.turn,
      step: this.step,
      message: { id: `msg-${this.nextSeq}`, role: 'user', source: { kind: 'tool', callId }, content: [block] },
    }
    if (options.error !== undefined) data.error = options.error
    if (options.meta !== undefined) data.meta = options.meta
    const callSeq = this.#callSeqs.get(callId)
    return this.push('tool/result', data, { surfaceOp: 'append', sourceEventSeqs: callSeq === undefined ? [] : [callSeq] })
  }

  /** A code-mode sub-call start; `subCallId` defaults to `<parent>:code:<n>`. */
  dispatchStart(parentCallId: string, name: string, args: unknown, n = 1, rootCallId = parentCallId): EventOf<'tool/code-dispatch-start'> {
    return this.push('tool/code-dispatch-start', { rootCallId, parentCallId, subCallId: `${parentCallId}:code:${n}`, name, arguments: args })
  }

  dispatchEnd(parentCallId: string, name: string, args: unknown, body: string, options: { n?: number; isError?: boolean; rootCallId?: string } = {}): EventOf<'tool/code-dispatch'> {
    const n = options.n ?? 1
    return this.push('tool/code-dispatch', {
      rootCallId: options.rootCallId ?? parentCallId,
      parentCallId,
      subCallId: `${parentCallId}:code:${n}`,
      name,
      arguments: args,
      isError: options.isError ?? false,
      content: [text(body)],
    })
  }

  chunk(chunk: StreamChunk): EventOf<'assistant/chunk'> {
    return this.push('assistant/chunk', { turn: this.turn, step: this.step, chunk })
  }

  /**
   * A packed row of `pieces.length` members (store it as one line); the expanded `assistant/chunk`
   * events land in `events` exactly as §4.3 reconstructs them.
   */
  chunkRow(type: PackedRowType, pieces: string[], options: { index?: number; id?: string; name?: string } = {}): PackedRowRecord {
    const seq0 = this.nextSeq
    const index = options.index ?? 0
    const dt = pieces.slice(1).map(() => this.#tick)
    const data: Record<string, unknown> =
      type === 'tool-call-chunks'
        ? { turn: this.turn, step: this.step, index, id: options.id ?? 'call-1', ...(options.name === undefined ? {} : { name: options.name }), dt, args: pieces }
        : { turn: this.turn, step: this.step, index, dt, texts: pieces }
    for (const piece of pieces) {
      const chunk: StreamChunk =
        type === 'tool-call-chunks'
          ? { type: 'tool-call-delta', index, id: options.id ?? 'call-1', ...(options.name === undefined ? {} : { name: options.name }), argumentsDelta: piece }
          : { type: type === 'text-chunks' ? 'text-delta' : 'reasoning-delta', index, text: piece }
      const seq = this.nextSeq
      this.events.push({ type: 'assistant/chunk', seq, time: this.timeOf(seq), data: { turn: this.turn, step: this.step, chunk } })
    }
    const row: PackedRowRecord = { type, seq0, time0: this.timeOf(seq0), data }
    this.records.push(row)
    return row
  }

  /** The stored log text (header + one line per record, newline-terminated). */
  jsonl(options: { stripped?: boolean } = {}): string {
    const lines = [JSON.stringify(this.header)]
    for (const record of this.records) lines.push(JSON.stringify(options.stripped === true ? strip(record) : record))
    return `${lines.join('\n')}\n`
  }
}

/** The record without its envelope, as upstream fixtures store it (§11.1). */
function strip(record: StoredRecord): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record }
  for (const key of ['seq', 'time', 'seq0', 'time0']) delete copy[key]
  return copy
}

export function session(options?: SessionBuilderOptions): SessionBuilder {
  return new SessionBuilder(options)
}
