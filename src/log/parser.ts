/**
 * The stateful line reader: one stored line in, its `ParsedLine`s out, for every format dsh has written
 * (log-format.md §3–4, §6–7; v4 README §2–3). It owns what needs state across lines: the header (line 1),
 * the running logical seq (packed rows expanded, §4.3), seq synthesis when envelopes were stripped
 * (§4.5), seq-gap reports (§6.1), and the message ids a legacy replacement result inherits (§6.4).
 * Per-record judgement lives in packed.ts, normalize.ts and classify.ts. `line()` never throws.
 * With `chunks: 'skip-superseded'` (superseded.ts) output may be held back until a step settles, the caller
 * must call `flush()` at the end of input, and lines given as bytes (`lineBytes`) that are packed rows as
 * dsh writes them are read by packed-scan.ts without decoding them or `JSON.parse`. A line too long to hold as
 * one string comes in runs (`longLine`) and is parsed as it arrives.
 */
import { capJson, DEPTH_NOTE, MAX_JSON_DEPTH } from './json/depth'
import { MAX_JSON_NODES, WIDTH_NOTE, WIDTH_NOTE_KEY } from './json/width'
import { checkEnvelope, formatIssues, payloadProblem } from './events/classify'
import { expandSourceEventSeqs, isRecord, normalizePayload, normalizeSurfaceOp, surfaceOpProblem, type NormalizeContext } from './events/normalize'
import { isPackedRowType, pushRowLines, readPackedRow, type PackedRow, type PackedRowType } from './chunks/packed'
import { ByteStore } from './bytes/byte-store'
import { textDecoderTextOf, type TextOf } from './bytes/line-splitter'
import { packedRowType, scanPackedRow } from './chunks/packed-scan'
import type { InvalidCode, LinePosition, ParsedLine } from './parsed-line'
import { headerSchema, type KnownEvent, type RawEvent, type SessionHeader, type SurfaceOp } from './events/schema'
import { ChunkHold, MAX_HELD_CHARS, type ChunkMode, type DeltaTap } from './chunks/superseded'
import { JsonPieceParser } from './json/piece-parser'
import { KeptHead, type LongLineInput } from './json/long-line'
import { knownTime } from './events/time'
import { defineOwnKey } from './json/own-key'

export type { ChunkMode, DeltaKind, DeltaTap } from './chunks/superseded'
export type { LongLineInput } from './json/long-line'

export interface LogParserOptions {
  /** used for legacy ids `legacy-message:<sessionId>:<seq>` when the header is missing */
  sessionIdHint?: string
  /**
   * `'expand'` (default): every packed-row member becomes an `assistant/chunk` event at once.
   * `'skip-superseded'`: chunk events that a step's settled `assistant/message` supersedes are left out
   * (the conversation fold gives the same result; superseded.ts says which stay), output may lag until the
   * step settles, and `flush()` must be called at the end of input. For whole-log builds, not live views.
   */
  chunks?: ChunkMode
  /** UTF-8 decoding for `lineBytes` (default `TextDecoder`; the Node reader passes Buffer's). */
  textOf?: TextOf
  /**
   * True when the bytes given to `lineBytes` stay unchanged while `holding` is true (the Node reader copies
   * them into a ByteStore): skip-superseded mode then keeps views of the rows it holds instead of copies.
   */
  bytesStay?: boolean
  /** skip-superseded mode: told of every delta left out (superseded.ts `DeltaTap`), e.g. for replay timing. */
  deltaTap?: DeltaTap
}

export interface SeqGap {
  line: number
  expected: number
  got: number
}

/** Session id used for legacy message ids when neither a header nor a hint names the session. */
export const UNKNOWN_SESSION_ID = 'unknown-session'

type Rec = Record<string, unknown>

export class LogParser {
  #header: SessionHeader | null = null
  #linesSeen = 0
  #nextSeq = 0
  #synthesizedSeq = false
  readonly #seqGaps: SeqGap[] = []
  /**
   * seq → message id of `tool/result`s, for a legacy replacement result that inherits the id of the node it
   * replaces (§6.4). Pruning replaces tool results only, so other surface ids are not kept (memory: a long
   * log has far fewer results than events).
   */
  readonly #resultIds = new Map<number, string>()
  readonly #ctx: NormalizeContext
  /** skip-superseded mode only: the held step, and where the current line's output goes. */
  readonly #hold: ChunkHold | null
  #out: ParsedLine[] = []
  readonly #textOf: TextOf
  /** Where held rows' bytes are copied to, or null when the caller's bytes stay (`bytesStay`). */
  readonly #store: ByteStore | null

  constructor(options: LogParserOptions = {}) {
    this.#ctx = {
      sessionId: options.sessionIdHint ?? UNKNOWN_SESSION_ID,
      messageIdAt: (seq) => this.#resultIds.get(seq),
    }
    this.#hold = options.chunks === 'skip-superseded' ? new ChunkHold(MAX_HELD_CHARS, options.deltaTap ?? null) : null
    this.#textOf = options.textOf ?? textDecoderTextOf()
    // A copy per held row (~1 µs, mostly `subarray`) when the caller may reuse its buffers.
    this.#store = options.bytesStay === true ? null : new ByteStore(() => this.holding)
  }

  get header(): SessionHeader | null {
    return this.#header
  }

  /** seq the next event will get: the count of logical events so far, or last seq + 1 after a gap. */
  get nextSeq(): number {
    return this.#nextSeq
  }

  /** True once a record arrived without seq/time envelopes and its seq was synthesized by counting. */
  get synthesizedSeq(): boolean {
    return this.#synthesizedSeq
  }

  get seqGaps(): readonly SeqGap[] {
    return this.#seqGaps
  }

  /**
   * Whether skip-superseded mode is holding output back (possibly rows that point into bytes given to
   * `lineBytes`: a caller reusing its buffers waits until this is false; src/log/bytes/byte-store.ts).
   */
  get holding(): boolean {
    return this.#hold?.holding ?? false
  }

  /** `assistant/chunk` events left out as superseded (skip-superseded mode; always 0 otherwise). */
  get skippedEvents(): number {
    return this.#hold?.skipped ?? 0
  }

  /**
   * One complete stored line (no trailing newline). The first line given is the header slot. In
   * skip-superseded mode the entries returned may belong to earlier lines (held until their step settled).
   */
  line(text: string, pos: LinePosition): ParsedLine[] {
    // Inline rather than through `#guarded`: two closures a line would cost on the hot path.
    const hold = this.#hold
    try {
      if (hold === null) return this.#line(text, pos)
      const out: ParsedLine[] = (this.#out = [])
      hold.entries(this.#line(text, pos), out)
      return out
    } catch (error) {
      return this.#internal(error, text, pos)
    }
  }

  /** `line`'s hold (skip-superseded mode) and reader-bug guard around `read`, for a long line. */
  #guarded(read: () => ParsedLine[], text: () => string, pos: LinePosition): ParsedLine[] {
    const hold = this.#hold
    try {
      if (hold === null) return read()
      const out: ParsedLine[] = (this.#out = [])
      hold.entries(read(), out)
      return out
    } catch (error) {
      return this.#internal(error, text(), pos)
    }
  }

  /**
   * `line` for the UTF-8 bytes `bytes[start, end)` of one stored line (only read during the call). In
   * skip-superseded mode a packed row as dsh writes it is scanned in place and held undecoded; every other
   * line is decoded and read as by `line`, so both give the same entries.
   */
  lineBytes(bytes: Uint8Array, start: number, end: number, pos: LinePosition): ParsedLine[] {
    const hold = this.#hold
    if (hold !== null && this.#linesSeen > 0) {
      const out: ParsedLine[] = (this.#out = [])
      try {
        const type = packedRowType(bytes, start, end)
        const row = type === null ? null : scanPackedRow(bytes, start, end, type, this.#store, this.#textOf)
        if (row !== null) {
          this.#linesSeen++
          this.#holdRow(row, false, row.size, pos, () => this.#textOf(bytes, start, end))
          return out
        }
      } catch (error) {
        return this.#internal(error, this.#textOf(bytes, start, end), pos)
      }
    }
    return this.line(this.#textOf(bytes, start, end), pos)
  }

  /**
   * `line` for a line too long to hold as one string (src/log/node: past 4 MiB): its text arrives run by
   * run through `push` and is parsed as it comes (./json/piece-parser.ts; the same values and errors as
   * `JSON.parse`), then `end` gives the entries `line` would give. Only the line's first
   * `LONG_LINE_KEPT` characters are kept, for what an unreadable-line entry shows (./json/long-line.ts).
   */
  longLine(): LongLineInput {
    const first = this.#linesSeen === 0
    const json = new JsonPieceParser({ skipBom: first, maxDepth: MAX_JSON_DEPTH, deepNote: DEPTH_NOTE, maxNodes: MAX_JSON_NODES, wideNote: WIDTH_NOTE, wideKey: WIDTH_NOTE_KEY })
    const kept = new KeptHead(first)
    return {
      push: (text) => {
        json.push(text)
        kept.push(text)
      },
      torn: () => kept.text(),
      end: (pos) => this.#guarded(() => this.#longLine(json, kept, pos), () => kept.text(), pos),
    }
  }

  /** Defence in depth: a reader bug must cost one line, never the log. */
  #internal(error: unknown, text: string, pos: LinePosition): ParsedLine[] {
    const message = error instanceof Error ? error.message : String(error)
    return [...(this.#hold === null ? [] : this.#out), invalid(pos, text, 'internal', `reader error: ${message}`)]
  }

  /**
   * An entry made outside the parser (frame damage found below the line level) at the current position:
   * returned at once, or after what skip-superseded mode holds back, so the output order stays the log's.
   */
  interject(entry: ParsedLine): ParsedLine[] {
    if (this.#hold === null) return [entry]
    const out: ParsedLine[] = []
    this.#hold.entries([entry], out)
    return out
  }

  /** End of input: the entries still held back (skip-superseded mode), else nothing. */
  flush(): ParsedLine[] {
    const out: ParsedLine[] = []
    this.#hold?.flush(out)
    return out
  }

  #line(text: string, pos: LinePosition): ParsedLine[] {
    const first = this.#linesSeen === 0
    this.#linesSeen++
    // dsh never writes a byte-order mark, but an editor may add one; it must not cost the header.
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    // A blank line without the cost of a thrown parse error (a run of millions must stay cheap per line).
    if (text.length === 0) return [invalid(pos, text, first ? 'header' : 'empty', first ? 'missing session header: line 1 is empty' : 'empty line')]
    let value: unknown
    try {
      // Capped to MAX_JSON_DEPTH levels and MAX_JSON_NODES values (only a line long enough to pass one is
      // walked): the full value lives only until then, one line at a time.
      value = capJson(JSON.parse(text), text.length)
    } catch (error) {
      // Checked only on failure: JSON.parse rejects blank text, and trimming every line costs a copy.
      return [notJson(pos, text, first, text.trim() === '', error instanceof Error ? error.message : String(error))]
    }
    return this.#value(value, text, text.length, first, pos)
  }

  #longLine(json: JsonPieceParser, kept: KeptHead, pos: LinePosition): ParsedLine[] {
    const first = this.#linesSeen === 0
    this.#linesSeen++
    const parsed = json.end()
    const text = kept.text()
    if (!parsed.ok) return [notJson(pos, text, first, json.isBlank, parsed.message)]
    // Already capped as it was read (the piece parser applies both caps; a second pass would count the notes).
    return this.#value(parsed.value, text, kept.length, first, pos)
  }

  /**
   * A line's parsed `value`: the header, a record, or why it is neither. `text` is what an unreadable-line
   * entry shows (the line, or a long line's head), `size` the line's length in characters.
   */
  #value(value: unknown, text: string, size: number, first: boolean, pos: LinePosition): ParsedLine[] {
    if (!isRecord(value)) {
      const what = `JSON ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}`
      return [invalid(pos, text, first ? 'header' : 'not-object', `${first ? 'missing session header: ' : ''}not a JSON object (${what})`, value)]
    }
    const type = value['type']
    if (first) {
      if (type === 'session') return [this.#readHeader(value, text, pos)]
      // No header: report it, then still read the line as a record so nothing is lost.
      const missing = invalid(pos, text, 'header', `missing session header: line 1 is a ${JSON.stringify(type)} record`, value)
      if (this.#hold === null) return [missing, ...this.#record(value, type, text, size, pos)]
      // A held row goes straight to the hold: the report must be ahead of it.
      this.#hold.entries([missing], this.#out)
      return this.#record(value, type, text, size, pos)
    }
    if (type === 'session') return [invalid(pos, text, 'misplaced-header', 'unexpected session header after line 1', value)]
    return this.#record(value, type, text, size, pos)
  }

  #readHeader(value: Rec, text: string, pos: LinePosition): ParsedLine {
    // pi/openclaw sessions share the `type:"session"` tag (v4 README §2.12); tell them apart early.
    if (value['createdAt'] === undefined && typeof value['timestamp'] === 'string') {
      return invalid(pos, text, 'header', 'invalid session header: not a dsh log (ISO "timestamp" instead of numeric "createdAt"; a pi/openclaw session?)', value)
    }
    const parsed = headerSchema.safeParse(value)
    if (!parsed.success) return invalid(pos, text, 'header', `invalid session header: ${formatIssues(parsed.error)}`, value)
    // Keep the stored object (loose schema, no transforms) so unknown header fields survive verbatim; a
    // `createdAt` no date can hold is unknown (./events/time.ts), as if absent.
    const created = value['createdAt']
    this.#header = (typeof created === 'number' && knownTime(created) === null ? withoutKey(value, 'createdAt') : value) as SessionHeader
    this.#ctx.sessionId = this.#header.id
    return pos.frame === undefined ? { line: pos.line, kind: 'header', header: this.#header } : { line: pos.line, frame: pos.frame, kind: 'header', header: this.#header }
  }

  #record(value: Rec, type: unknown, text: string, size: number, pos: LinePosition): ParsedLine[] {
    if (isPackedRowType(type)) return this.#packedRow(value, type, text, size, pos)
    const seq = value['seq']
    const time = value['time']
    // Inline fast path for the common well-formed envelope (no result object per event);
    // checkEnvelope handles stripped records and words every rejection.
    if (typeof type === 'string' && type !== '' && typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 && typeof time === 'number' && Number.isSafeInteger(time)) {
      const expected = this.#nextSeq
      this.#nextSeq = seq + 1
      const event = this.#event(value, type, seq, knownTime(time), pos)
      return seq === expected ? [event] : [this.#gap(expected, seq, text, pos), event]
    }
    const envelope = checkEnvelope(value)
    if (!envelope.ok) return [invalid(pos, text, 'envelope', envelope.reason, value)]
    if (!envelope.stripped) return [invalid(pos, text, 'internal', 'reader error: envelope fast path and checkEnvelope disagree', value)]
    const synthesized = this.#nextSeq
    this.#nextSeq = synthesized + 1
    this.#synthesizedSeq = true
    return [this.#event(value, type as string, synthesized, null, pos)]
  }

  #gap(expected: number, got: number, text: string, pos: LinePosition): ParsedLine {
    this.#seqGaps.push({ line: pos.line, expected, got })
    const what = got < expected ? 'duplicate or backwards seq' : 'seq gap'
    return invalid(pos, text, 'seq-gap', `${what}: expected seq ${expected}, got ${got}`)
  }

  #packedRow(value: Rec, type: PackedRowType, text: string, size: number, pos: LinePosition): ParsedLine[] {
    const read = readPackedRow(type, value, this.#nextSeq)
    if (!read.ok) return [invalid(pos, text, 'packed-row', read.reason, value)]
    const row = read.row
    if (this.#hold !== null) {
      this.#holdRow(row, read.synthesized, size, pos, () => text)
      return []
    }
    const out: ParsedLine[] = []
    if (read.synthesized) this.#synthesizedSeq = true
    else if (row.seq0 !== this.#nextSeq) out.push(this.#gap(this.#nextSeq, row.seq0, text, pos))
    this.#nextSeq = row.seq0 + row.count
    pushRowLines(row, pos, out)
    return out
  }

  /**
   * skip-superseded: the row's seq bookkeeping now, its members when its step resolves. `size` is what the
   * held row costs (characters, or bytes for a scanned row); `text` gives the line for a seq-gap report.
   */
  #holdRow(row: PackedRow, synthesized: boolean, size: number, pos: LinePosition, text: () => string): void {
    const hold = this.#hold
    if (hold === null) return
    if (synthesized) this.#synthesizedSeq = true
    else if (row.seq0 !== this.#nextSeq) hold.entries([this.#gap(this.#nextSeq, row.seq0, text(), pos)], this.#out)
    this.#nextSeq = row.seq0 + row.count
    hold.row(row, pos, size, this.#out)
  }

  #event(value: Rec, type: string, seq: number, time: number | null, pos: LinePosition): ParsedLine {
    const event: RawEvent = { type, seq, time, data: value['data'] }
    const storedOp = value['surfaceOp']
    const storedSeqs = value['sourceEventSeqs']
    let problems: string | undefined
    let surfaceOp: SurfaceOp | undefined
    if (storedOp !== undefined) {
      const op = normalizeSurfaceOp(storedOp)
      if (op === null) problems = surfaceOpProblem(storedOp)
      else surfaceOp = event.surfaceOp = op
    }
    if (storedSeqs !== undefined) {
      const seqs = expandSourceEventSeqs(storedSeqs)
      if (typeof seqs === 'string') problems = problems === undefined ? seqs : `${problems}; ${seqs}`
      else event.sourceEventSeqs = seqs
    }
    if (value['ignorable'] === true) event.ignorable = true
    if (problems !== undefined) {
      // A record whose references cannot be read is shown raw; `raw` keeps the stored fields untouched.
      delete event.surfaceOp
      delete event.sourceEventSeqs
      return unknownLine(pos, event, problems, value)
    }
    const normalized = normalizePayload(type, event.data, seq, surfaceOp, this.#ctx)
    if (typeof normalized === 'string') return unknownLine(pos, event, normalized, value)
    if (normalized !== null) {
      event.type = normalized.type
      event.data = normalized.data
      if (normalized.wireType !== undefined) event.wireType = normalized.wireType
    }
    const problem = payloadProblem(event.type, event.data)
    if (problem !== null) return unknownLine(pos, event, problem, value)
    // The single point of trust: `payloadProblem` just checked `data` against the schema of `type`, which is
    // what a KnownEvent of that type promises (the input is kept rather than zod's deep copy; the schemas are
    // loose and transform nothing).
    const known = event as KnownEvent
    if (known.type === 'tool/result' && typeof known.data.message.id === 'string') this.#resultIds.set(seq, known.data.message.id)
    const changed = normalized !== null || surfaceOp !== storedOp || event.sourceEventSeqs !== storedSeqs
    return eventLine(pos, known, changed ? value : undefined)
  }
}

// Entries are built with explicit keys rather than `{...pos}`: object spread per event was measurable in
// the decode loop, and one key order per kind keeps the objects' hidden classes few.

function eventLine(pos: LinePosition, event: KnownEvent, raw: unknown): ParsedLine {
  const frame = pos.frame
  if (frame === undefined) return raw === undefined ? { line: pos.line, kind: 'event', event } : { line: pos.line, kind: 'event', event, raw }
  return raw === undefined ? { line: pos.line, frame, kind: 'event', event } : { line: pos.line, frame, kind: 'event', event, raw }
}

function unknownLine(pos: LinePosition, event: RawEvent, reason: string, raw: unknown): ParsedLine {
  return pos.frame === undefined ? { line: pos.line, kind: 'unknown', event, reason, raw } : { line: pos.line, frame: pos.frame, kind: 'unknown', event, reason, raw }
}

/** A line that is not JSON (`blank`: nothing but whitespace, as `String#trim` sees it). */
function notJson(pos: LinePosition, text: string, first: boolean, blank: boolean, message: string): ParsedLine {
  if (blank) return invalid(pos, text, first ? 'header' : 'empty', first ? 'missing session header: line 1 is empty' : 'empty line')
  return invalid(pos, text, first ? 'header' : 'json', `${first ? 'missing session header: ' : ''}not valid JSON (${message})`)
}

function invalid(pos: LinePosition, text: string, code: InvalidCode, reason: string, raw?: unknown): ParsedLine {
  const entry: ParsedLine = pos.frame === undefined ? { line: pos.line, kind: 'invalid', text, reason, code } : { line: pos.line, frame: pos.frame, kind: 'invalid', text, reason, code }
  if (pos.offset !== undefined) entry.offset = pos.offset
  if (raw !== undefined) entry.raw = raw
  return entry
}

/** `record` without `key` (a copy; keys are defined, so a `__proto__` key stays an own key). */
function withoutKey(record: Rec, key: string): Rec {
  const copy: Rec = {}
  for (const [k, v] of Object.entries(record)) if (k !== key) defineOwnKey(copy, k, v)
  return copy
}
