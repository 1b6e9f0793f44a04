/**
 * Reading a packed chunk storage row (log-format.md §4.2) from its UTF-8 bytes, without decoding it and
 * without `JSON.parse`, for the reader's `skip-superseded` mode: most of a chunk-heavy log's bytes are these
 * rows, and most of their members are superseded by the step's settled `assistant/message`, so the reader
 * needs their seq/time layout, their member count and the few members it keeps (superseded.ts) — never
 * the text of the rest. The scanner accepts only the exact text dsh's `JSON.stringify` writes (no
 * whitespace; top-level keys `type, seq0, time0, data`; `data` keys in any order, each once; integers
 * without fraction or exponent and at most 15 digits, so always safe) and checks everything
 * `readPackedRow` checks, including every member string literal (a raw control character or a bad escape
 * makes the row malformed, as JSON.parse would). Anything else returns null and the caller takes the
 * decode + `JSON.parse` path, so accepting a line never changes what it means: a scanned row and the
 * parsed row rebuild the same members (packed-scan.test.ts checks both on generated and mutated rows).
 * Working on bytes is exact because UTF-8 never hides an ASCII byte inside a multi-byte sequence: every
 * quote, backslash and bracket is where the decoded text has it, and a byte ≥ 0x80 is string content
 * either way (decoding a member's bytes alone gives the same text, U+FFFD included, as decoding the line).
 * A scanned row keeps its member array's bytes (a view, or a copy when the caller reuses its buffers) and
 * decodes a member only when asked. The byte-level JSON readers are in bytes/json-bytes.ts.
 */
import type { ByteStore } from '../bytes/byte-store'
import { ascii, closingQuote, count, escaped, int, literal, literalUnits, matches, QUOTE, readInt, readInts, readString, readStrings } from '../bytes/json-bytes'
import type { TextOf } from '../bytes/line-splitter'
import type { PackedRow, PackedRowType } from './packed'

/** A row read by `scanPackedRow`: validated like `readPackedRow`'s, member text kept as UTF-8 bytes. */
export class ScannedRow implements PackedRow {
  // Fields are assigned in the constructor only (`declare`): class-field definitions cost a define per
  // field per row, measurable at ~100k rows per 100 MB.
  declare readonly count: number
  /** The row's validated member array `["…",…]` is `block[start, end)`. */
  declare private readonly block: Uint8Array
  declare private readonly start: number
  declare private readonly end: number
  declare private readonly textOf: TextOf
  // Cursor over the member array: member `k`'s opening quote is at `at`. Callers ask for members in
  // ascending order (the superseded.ts passes, the expansion), so a step walks each row once at most.
  declare private k: number
  declare private at: number

  constructor(
    readonly type: PackedRowType,
    readonly seq0: number,
    readonly time0: number,
    readonly turn: number,
    readonly step: number,
    readonly index: number,
    readonly id: string | undefined,
    readonly name: string | undefined,
    readonly dt: number[],
    block: Uint8Array,
    start: number,
    end: number,
    textOf: TextOf,
  ) {
    this.count = dt.length + 1
    this.block = block
    this.start = start
    this.end = end
    this.textOf = textOf
    this.k = 0
    this.at = start + 1
  }

  /** Bytes this row keeps alive. */
  get size(): number {
    return this.end - this.start
  }

  /** Member k's text (escapes decoded only when it has any; the literal was validated). */
  piece(k: number): string {
    const open = this.seek(k)
    const close = closingQuote(this.block, open + 1)
    return literal(this.block, open, close, escaped, this.textOf)
  }

  pieceEmpty(k: number): boolean {
    return this.block[this.seek(k) + 1] === QUOTE
  }

  /** Member k's length in UTF-16 units, counted on its bytes (nothing decoded). */
  pieceUnits(k: number): number {
    const open = this.seek(k)
    return literalUnits(this.block, open, closingQuote(this.block, open + 1))
  }

  private seek(k: number): number {
    if (k < this.k) {
      this.k = 0
      this.at = this.start + 1
    }
    let at = this.at
    for (let m = this.k; m < k; m++) at = closingQuote(this.block, at + 1) + 2 // past `",`
    this.k = k
    this.at = at
    return at
  }
}

const REASONING_PREFIX = ascii('{"type":"reasoning-chunks","seq0":')
const TEXT_PREFIX = ascii('{"type":"text-chunks","seq0":')
const TOOL_PREFIX = ascii('{"type":"tool-call-chunks","seq0":')
// A switch, not a lookup by string key: keyed loads with a varying string key go megamorphic.
const prefixOf = (type: PackedRowType) => (type === 'text-chunks' ? TEXT_PREFIX : type === 'reasoning-chunks' ? REASONING_PREFIX : TOOL_PREFIX)
const TIME0 = ascii(',"time0":')
const DATA = ascii(',"data":{')

/** The cheap test made before decoding a line: could `bytes[start, end)` be a packed row as dsh writes it? */
export function packedRowType(bytes: Uint8Array, start: number, end: number): PackedRowType | null {
  // `{"type":"` is 9 bytes; the 10th tells the three row types from everything but `text…`/`tool…`.
  const c = bytes[start + 9]
  if (end - start < 40 || (c !== 0x72 && c !== 0x74)) return null
  if (bytes[start + 1] !== QUOTE) return null
  if (c === 0x72) return matches(bytes, start, end, REASONING_PREFIX) ? 'reasoning-chunks' : null
  if (matches(bytes, start, end, TEXT_PREFIX)) return 'text-chunks'
  return matches(bytes, start, end, TOOL_PREFIX) ? 'tool-call-chunks' : null
}

/**
 * The row in `b[start, end)`, or null when it is not exactly a well-formed row as dsh writes it. Its member
 * bytes are kept as a view of `b` (the caller keeps `b` unchanged while the row is held), or as a copy in
 * `store` when one is given; `textOf` decodes a member later, when one is asked for. Nothing at or past
 * `end` is read.
 */
export function scanPackedRow(b: Uint8Array, start: number, end: number, type: PackedRowType, store: ByteStore | null, textOf: TextOf): ScannedRow | null {
  const prefix = prefixOf(type)
  if (!matches(b, start, end, prefix)) return null
  let i = readInt(b, start + prefix.length, end)
  const seq0 = int
  if (i < 0 || seq0 < 0 || !matches(b, i, end, TIME0)) return null
  i = readInt(b, i + TIME0.length, end)
  const time0 = int
  if (i < 0 || !matches(b, i, end, DATA)) return null
  i += DATA.length
  const tool = type === 'tool-call-chunks'
  let turn = -1
  let step = -1
  let index = -1
  let hasTurn = false
  let hasStep = false
  let hasIndex = false
  let id: string | undefined
  let name: string | undefined
  let hasId = false
  let dt: number[] | null = null
  let members = -1 // start of the member array
  let membersEnd = -1
  for (let first = true; ; first = false) {
    if (i >= end) return null
    if (b[i] === 0x7d) break // }
    if (!first) {
      if (b[i] !== 0x2c) return null // ,
      i++
    }
    const key = dataKey(b, i, end)
    if (key === NO_KEY) return null
    i += (KEY_BYTES[key] as Uint8Array).length
    switch (key) {
      case TURN:
        if (hasTurn || (i = readInt(b, i, end)) < 0) return null
        turn = int
        hasTurn = true
        break
      case STEP:
        if (hasStep || (i = readInt(b, i, end)) < 0) return null
        step = int
        hasStep = true
        break
      case INDEX:
        if (hasIndex || (i = readInt(b, i, end)) < 0) return null
        index = int
        hasIndex = true
        break
      case DT:
        if (dt !== null) return null
        dt = []
        if ((i = readInts(b, i, end, dt)) < 0) return null
        break
      case TEXTS:
      case ARGS:
        if (members !== -1 || (key === ARGS) !== tool) return null
        members = i
        if ((i = readStrings(b, i, end)) < 0) return null
        membersEnd = i
        break
      default: {
        // ID or NAME
        if (!tool || (key === ID ? hasId : name !== undefined)) return null
        const open = i
        if ((i = readString(b, i, end)) < 0) return null
        const value = literal(b, open, i - 1, escaped, textOf)
        if (key === ID) {
          id = value
          hasId = true
        } else name = value
        break
      }
    }
  }
  // The data object's `}` (at i), then the row's, then the end of the line.
  if (i + 2 !== end || b[i + 1] !== 0x7d) return null
  if (!hasTurn || !hasStep || !hasIndex || dt === null || members === -1 || (tool && !hasId)) return null
  if (count !== dt.length + 1 || !Number.isSafeInteger(seq0 + dt.length)) return null
  let time = time0
  for (let k = 0; k < dt.length; k++) if (!Number.isSafeInteger((time += dt[k] ?? 0))) return null
  if (store === null) return new ScannedRow(type, seq0, time0, turn, step, index, id, name, dt, b, members, membersEnd, textOf)
  const kept = store.keep(b.subarray(members, membersEnd))
  return new ScannedRow(type, seq0, time0, turn, step, index, id, name, dt, kept, 0, kept.length, textOf)
}

// Data keys as small integers (codes index KEY_BYTES).
const NO_KEY = -1
const TURN = 0
const STEP = 1
const INDEX = 2
const DT = 3
const TEXTS = 4
const ARGS = 5
const ID = 6
const NAME = 7
const KEY_BYTES: readonly Uint8Array[] = ['"turn":', '"step":', '"index":', '"dt":', '"texts":', '"args":', '"id":', '"name":'].map(ascii)

/** `"name":` at `i` → which data key (no string is built), or NO_KEY. */
function dataKey(b: Uint8Array, i: number, end: number): number {
  if (i + 3 > end) return NO_KEY
  let key: number
  switch (b[i + 1]) {
    case 0x74: // t
      key = b[i + 2] === 0x75 ? TURN : TEXTS
      break
    case 0x73: // s
      key = STEP
      break
    case 0x69: // i
      key = b[i + 2] === 0x6e ? INDEX : ID
      break
    case 0x64: // d
      key = DT
      break
    case 0x6e: // n
      key = NAME
      break
    case 0x61: // a
      key = ARGS
      break
    default:
      return NO_KEY
  }
  return matches(b, i, end, KEY_BYTES[key] as Uint8Array) ? key : NO_KEY
}
