/**
 * Packed chunk runs (log-format.md §4; v4 README §2.4): the storage rows `text-chunks`,
 * `reasoning-chunks`, `tool-call-chunks` of v0/v1 logs, and the same runs embedded in v2+
 * `assistant/message.data.stream`. This module owns validating a run and rebuilding its members' chunks
 * (§4.3: member k gets `time0 + dt[0..k)`, `name` copied to every tool-call member only when present),
 * and expanding a top-level storage row into `assistant/chunk` events with exact seq/time.
 * Members are built by hand, without per-member zod: these are the hottest records of a v0 log.
 */
import type { LinePosition, ParsedLine } from '../parsed-line'
import type { EventOf, StreamChunk } from '../events/schema'
import { knownTime } from '../events/time'

export const PACKED_ROW_TYPES = ['text-chunks', 'reasoning-chunks', 'tool-call-chunks'] as const
export type PackedRowType = (typeof PACKED_ROW_TYPES)[number]

export function isPackedRowType(type: unknown): type is PackedRowType {
  return type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks'
}

/** A validated run: everything needed to rebuild its members, whatever it was stored in. */
export interface PackedRun {
  type: PackedRowType
  index: number
  /** Tool-call runs only. */
  id?: string
  /** Tool-call runs only, and only when the run carried it (then copied onto every member). */
  name?: string
  /** `texts` or `args`: one entry per member, never joined. */
  pieces: string[]
  dt: number[]
}

type Fields = Record<string, unknown>

/**
 * Check the run fields shared by storage rows and stream entries (upstream's decoder rules: non-empty
 * string pieces, safe-integer gaps, `dt.length === members - 1`). Returns the run or the reason.
 */
export function readRun(type: PackedRowType, fields: Fields): PackedRun | string {
  const index = fields['index']
  if (typeof index !== 'number') return 'index must be a number'
  const key = type === 'tool-call-chunks' ? 'args' : 'texts'
  const pieces = fields[key]
  if (!Array.isArray(pieces) || pieces.length === 0) return `${key} must be a non-empty string array`
  for (const piece of pieces) if (typeof piece !== 'string') return `${key} must be a non-empty string array`
  const dt = fields['dt']
  if (!Array.isArray(dt)) return 'dt must be an array of safe integers'
  for (const gap of dt) if (!Number.isSafeInteger(gap)) return 'dt must be an array of safe integers'
  if (dt.length !== pieces.length - 1) return `dt length ${dt.length} does not match ${pieces.length} members`
  const run: PackedRun = { type, index, pieces: pieces as string[], dt: dt as number[] }
  if (type === 'tool-call-chunks') {
    const id = fields['id']
    if (typeof id !== 'string') return 'id must be a string'
    run.id = id
    if (Object.hasOwn(fields, 'name')) {
      const name = fields['name']
      if (typeof name !== 'string') return 'name must be a string when present'
      run.name = name
    }
  }
  return run
}

/** The chunk of member `k`, with upstream's key order `type, index, [id, name,] text|argumentsDelta`. */
export function memberChunk(run: PackedRun, k: number): StreamChunk {
  const piece = run.pieces[k] ?? ''
  switch (run.type) {
    case 'text-chunks':
      return { type: 'text-delta', index: run.index, text: piece }
    case 'reasoning-chunks':
      return { type: 'reasoning-delta', index: run.index, text: piece }
    case 'tool-call-chunks':
      return run.name === undefined
        ? { type: 'tool-call-delta', index: run.index, id: run.id, argumentsDelta: piece }
        : { type: 'tool-call-delta', index: run.index, id: run.id, name: run.name, argumentsDelta: piece }
  }
}

const ROW_KEYS_ENVELOPED = ['type', 'seq0', 'time0', 'data']
const ROW_KEYS_STRIPPED = ['type', 'data']
const TEXT_DATA_KEYS = ['turn', 'step', 'index', 'dt', 'texts']
const CALL_DATA_KEYS = ['turn', 'step', 'index', 'id', 'dt', 'args']
const CALL_DATA_KEYS_NAMED = ['turn', 'step', 'index', 'id', 'name', 'dt', 'args']

function hasExactKeys(value: object, keys: readonly string[]): boolean {
  if (Object.keys(value).length !== keys.length) return false
  for (const key of keys) if (!Object.hasOwn(value, key)) return false
  return true
}

/**
 * A validated storage row whose members have not been built: the parser expands it at once (default) or,
 * in `skip-superseded` mode, keeps it until it knows which members anything will look at (superseded.ts).
 * Rows come from `readPackedRow` (a parsed JSON value) or from `scanPackedRow` (the line text itself).
 */
export interface PackedRow {
  readonly type: PackedRowType
  readonly seq0: number
  /** null for a stripped row (§4.5): its members' times are unknown. */
  readonly time0: number | null
  readonly turn: number
  readonly step: number
  readonly index: number
  /** Tool-call rows only. */
  readonly id: string | undefined
  /** Tool-call rows only, and only when the row carried it. */
  readonly name: string | undefined
  /** `dt.length === count - 1`; every running member time is a safe integer (checked). */
  readonly dt: readonly number[]
  readonly count: number
  piece(k: number): string
  pieceEmpty(k: number): boolean
  /** Member k's length in UTF-16 units (`piece(k).length`), without making the string where that can be avoided. */
  pieceUnits(k: number): number
}

class ParsedRow implements PackedRow {
  readonly index: number
  readonly id: string | undefined
  readonly name: string | undefined
  readonly dt: readonly number[]
  readonly count: number
  private readonly pieces: readonly string[]

  constructor(
    readonly type: PackedRowType,
    readonly seq0: number,
    readonly time0: number | null,
    readonly turn: number,
    readonly step: number,
    run: PackedRun,
  ) {
    this.index = run.index
    this.id = run.id
    this.name = run.name
    this.dt = run.dt
    this.pieces = run.pieces
    this.count = run.pieces.length
  }

  piece(k: number): string {
    return this.pieces[k] ?? ''
  }
  pieceEmpty(k: number): boolean {
    return this.pieces[k] === ''
  }
  pieceUnits(k: number): number {
    return this.pieces[k]?.length ?? 0
  }
}

/** The chunk of member `k` of a row (same shapes and key order as `memberChunk`). */
export function rowChunk(row: PackedRow, k: number): StreamChunk {
  switch (row.type) {
    case 'text-chunks':
      return { type: 'text-delta', index: row.index, text: row.piece(k) }
    case 'reasoning-chunks':
      return { type: 'reasoning-delta', index: row.index, text: row.piece(k) }
    case 'tool-call-chunks':
      return row.name === undefined
        ? { type: 'tool-call-delta', index: row.index, id: row.id, argumentsDelta: row.piece(k) }
        : { type: 'tool-call-delta', index: row.index, id: row.id, name: row.name, argumentsDelta: row.piece(k) }
  }
}

/** Member `k` as the `assistant/chunk` event it stands for; `time` is its reconstructed time. */
export function rowEvent(row: PackedRow, k: number, time: number | null): EventOf<'assistant/chunk'> {
  return { type: 'assistant/chunk', seq: row.seq0 + k, time: knownTime(time), data: { turn: row.turn, step: row.step, chunk: rowChunk(row, k) } }
}

/**
 * Pushes the row's members as `event` lines of `pos`: all of them, or only `members` (ascending member
 * indices). The hot loop of a chunk-heavy log in the default mode: row fields are read once, and each
 * member costs exactly its four objects (line, event, data, chunk) with one key order per kind.
 */
export function pushRowLines(row: PackedRow, pos: LinePosition, out: ParsedLine[], members: readonly number[] | null = null): void {
  const { type, seq0, turn, step, index, id, name, dt, count } = row
  const line = pos.line
  const frame = pos.frame
  const delta = type === 'text-chunks' ? 'text-delta' : 'reasoning-delta'
  const n = members === null ? count : members.length
  let time = row.time0
  let at = 0 // the member `time` belongs to
  for (let i = 0; i < n; i++) {
    const k = members === null ? i : (members[i] ?? 0)
    if (time !== null) for (; at < k; at++) time += dt[at] ?? 0
    const piece = row.piece(k)
    const chunk: StreamChunk =
      type !== 'tool-call-chunks'
        ? { type: delta, index, text: piece }
        : name === undefined
          ? { type: 'tool-call-delta', index, id, argumentsDelta: piece }
          : { type: 'tool-call-delta', index, id, name, argumentsDelta: piece }
    const event: EventOf<'assistant/chunk'> = { type: 'assistant/chunk', seq: seq0 + k, time: knownTime(time), data: { turn, step, chunk } }
    out.push(frame === undefined ? { line, kind: 'event', event } : { line, frame, kind: 'event', event })
  }
}

/** What reading a storage row gives: the row, or why it is malformed. */
export type PackedRowRead = { ok: true; row: PackedRow; synthesized: boolean } | { ok: false; reason: string }

/**
 * Validate one storage row (§4.2–4.3) without building its members. `nextSeq` is where a stripped row (no
 * `seq0`/`time0`, §4.5) starts; its members get time null. The caller checks `seq0` against the running seq.
 */
export function readPackedRow(type: PackedRowType, row: Fields, nextSeq: number): PackedRowRead {
  const fail = (why: string): PackedRowRead => ({ ok: false, reason: `malformed ${type} row: ${why}` })
  const stripped = hasExactKeys(row, ROW_KEYS_STRIPPED)
  if (!stripped && !hasExactKeys(row, ROW_KEYS_ENVELOPED)) {
    return fail('envelope must be exactly {type, seq0, time0, data} (or {type, data} when stripped)')
  }
  let seq0 = nextSeq
  let time0: number | null = null
  if (!stripped) {
    const s = row['seq0']
    const t = row['time0']
    if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0) return fail('seq0 must be a non-negative safe integer')
    if (typeof t !== 'number' || !Number.isSafeInteger(t)) return fail('time0 must be a safe integer')
    seq0 = s
    time0 = t
  }
  const data = row['data']
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('data must be an object')
  const fields = data as Fields
  if (type === 'tool-call-chunks') {
    if (!hasExactKeys(fields, CALL_DATA_KEYS) && !hasExactKeys(fields, CALL_DATA_KEYS_NAMED)) {
      return fail('data must be exactly {turn, step, index, id, name?, dt, args}')
    }
  } else if (!hasExactKeys(fields, TEXT_DATA_KEYS)) {
    return fail('data must be exactly {turn, step, index, dt, texts}')
  }
  const turn = fields['turn']
  const step = fields['step']
  // Integers, not just numbers: the expanded events must satisfy the `assistant/chunk` payload schema.
  if (typeof turn !== 'number' || typeof step !== 'number' || !Number.isInteger(turn) || !Number.isInteger(step)) {
    return fail('turn/step must be integers')
  }
  const run = readRun(type, fields)
  if (typeof run === 'string') return fail(run)
  if (!Number.isSafeInteger(seq0 + run.pieces.length - 1)) return fail('member seqs must stay safe integers')
  if (time0 !== null) {
    let time = time0
    for (const gap of run.dt) if (!Number.isSafeInteger((time += gap))) return fail('member times must stay safe integers')
  }
  return { ok: true, row: new ParsedRow(type, seq0, time0, turn, step, run), synthesized: stripped }
}

/** A decoded storage row: its members as events, or why the row is malformed. */
export type PackedRowResult =
  | { ok: true; seq0: number; synthesized: boolean; events: EventOf<'assistant/chunk'>[] }
  | { ok: false; reason: string }

/** Validate and expand one storage row (`readPackedRow`, then every member as an event). */
export function expandPackedRow(type: PackedRowType, value: Fields, nextSeq: number): PackedRowResult {
  const read = readPackedRow(type, value, nextSeq)
  if (!read.ok) return read
  const row = read.row
  const events = new Array<EventOf<'assistant/chunk'>>(row.count)
  let time = row.time0
  for (let k = 0; k < row.count; k++) {
    if (k > 0 && time !== null) time += row.dt[k - 1] ?? 0
    events[k] = rowEvent(row, k, time)
  }
  return { ok: true, seq0: row.seq0, synthesized: read.synthesized, events }
}
