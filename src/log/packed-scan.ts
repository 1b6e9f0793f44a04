/**
 * Reading a packed chunk storage row (log-format.md §4.2) without `JSON.parse`, for the reader's
 * `skip-superseded` mode: most of a chunk-heavy log's bytes are these rows, and most of their members are
 * superseded by the step's settled `assistant/message`, so the reader only needs their seq/time layout
 * and the few members it keeps (superseded.ts). The scanner accepts only the exact text dsh's
 * `JSON.stringify` writes (no whitespace; top-level keys `type, seq0, time0, data`; `data` keys in any
 * order, each once; integers without fraction or exponent and at most 15 digits, so always safe) and
 * checks everything `expandPackedRow` checks. Anything else returns null and the caller takes the
 * `JSON.parse` path, so accepting a line never changes what it means: a scanned row and the parsed row
 * rebuild the same members (packed-scan.test.ts checks both on generated and mutated rows).
 * Member text stays in the line as spans until someone asks for it.
 */
import type { PackedRow, PackedRowType } from './packed'

/** A row read by `scanPackedRow`: validated like `readPackedRow`'s, member text kept as spans of the line. */
export class ScannedRow implements PackedRow {
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
    /** Member k's string body is `text.slice(spans[2k], spans[2k + 1])` (between its quotes). */
    private readonly spans: number[],
    private readonly text: string,
  ) {
    this.count = spans.length / 2
  }

  readonly count: number

  /** Member k's text (escapes decoded only when it has any; the literal was validated). */
  piece(k: number): string {
    const start = this.spans[2 * k] ?? 0
    const end = this.spans[2 * k + 1] ?? 0
    const raw = this.text.slice(start, end)
    return raw.indexOf('\\') === -1 ? raw : (JSON.parse(this.text.slice(start - 1, end + 1)) as string)
  }

  pieceEmpty(k: number): boolean {
    return this.spans[2 * k] === this.spans[2 * k + 1]
  }
}

const PREFIXES: Readonly<Record<PackedRowType, string>> = {
  'reasoning-chunks': '{"type":"reasoning-chunks","seq0":',
  'text-chunks': '{"type":"text-chunks","seq0":',
  'tool-call-chunks': '{"type":"tool-call-chunks","seq0":',
}

/** The cheap test the parser makes before `JSON.parse`: could this line be a packed row as dsh writes it? */
export function packedRowPrefix(text: string): PackedRowType | null {
  // `{"type":"` is 9 characters; the 10th tells the three row types from everything but `text…`/`tool…`.
  const c = text.charCodeAt(9)
  if (c !== 0x72 && c !== 0x74) return null
  if (text.startsWith(PREFIXES['reasoning-chunks'])) return 'reasoning-chunks'
  if (text.startsWith(PREFIXES['text-chunks'])) return 'text-chunks'
  if (text.startsWith(PREFIXES['tool-call-chunks'])) return 'tool-call-chunks'
  return null
}

const MAX_INT_DIGITS = 15 // 10^15 − 1 < 2^53: every accepted integer is safe

/** The row, or null when the text is not exactly a well-formed row as dsh writes it. */
export function scanPackedRow(text: string, type: PackedRowType): ScannedRow | null {
  const c = new Cursor(text)
  if (!c.lit(PREFIXES[type])) return null
  const seq0 = c.int()
  if (seq0 === null || seq0 < 0 || !c.lit(',"time0":')) return null
  const time0 = c.int()
  if (time0 === null || !c.lit(',"data":{')) return null
  const tool = type === 'tool-call-chunks'
  let turn: number | null = null
  let step: number | null = null
  let index: number | null = null
  let id: string | undefined
  let name: string | undefined
  let hasId = false
  let dt: number[] | null = null
  let spans: number[] | null = null
  for (let first = true; ; first = false) {
    if (c.lit('}')) break
    if (!first && !c.lit(',')) return null
    const key = c.key()
    switch (key) {
      case 'turn':
        if (turn !== null || (turn = c.int()) === null) return null
        break
      case 'step':
        if (step !== null || (step = c.int()) === null) return null
        break
      case 'index':
        if (index !== null || (index = c.int()) === null) return null
        break
      case 'dt':
        if (dt !== null || (dt = c.ints()) === null) return null
        break
      case 'texts':
      case 'args':
        if (spans !== null || (key === 'args') !== tool || (spans = c.strings()) === null) return null
        break
      case 'id':
      case 'name': {
        if (!tool || (key === 'id' ? hasId : name !== undefined)) return null
        const value = c.string()
        if (value === null) return null
        if (key === 'id') {
          id = value
          hasId = true
        } else name = value
        break
      }
      default:
        return null
    }
  }
  if (!c.lit('}') || c.at !== text.length) return null
  if (turn === null || step === null || index === null || dt === null || spans === null || (tool && !hasId)) return null
  const n = spans.length / 2
  if (dt.length !== n - 1 || !Number.isSafeInteger(seq0 + n - 1)) return null
  let time = time0
  for (const gap of dt) if (!Number.isSafeInteger((time += gap))) return null
  return new ScannedRow(type, seq0, time0, turn, step, index, id, name, dt, spans, text)
}

type DataKey = 'turn' | 'step' | 'index' | 'dt' | 'texts' | 'args' | 'id' | 'name'
const KEY_TEXT: Readonly<Record<DataKey, string>> = {
  turn: '"turn":',
  step: '"step":',
  index: '"index":',
  dt: '"dt":',
  texts: '"texts":',
  args: '"args":',
  id: '"id":',
  name: '"name":',
}

class Cursor {
  at = 0
  constructor(readonly s: string) {}

  lit(expected: string): boolean {
    if (!this.s.startsWith(expected, this.at)) return false
    this.at += expected.length
    return true
  }

  /** `"name":` → which data key (no string is built), or null. */
  key(): DataKey | null {
    const s = this.s
    const at = this.at
    let key: DataKey
    switch (s.charCodeAt(at + 1)) {
      case 0x74: // t
        key = s.charCodeAt(at + 2) === 0x75 ? 'turn' : 'texts'
        break
      case 0x73: // s
        key = 'step'
        break
      case 0x69: // i
        key = s.charCodeAt(at + 2) === 0x6e ? 'index' : 'id'
        break
      case 0x64: // d
        key = 'dt'
        break
      case 0x6e: // n
        key = 'name'
        break
      case 0x61: // a
        key = 'args'
        break
      default:
        return null
    }
    return this.lit(KEY_TEXT[key]) ? key : null
  }

  /** `-?(0|[1-9][0-9]*)` of at most 15 digits, or null. */
  int(): number | null {
    const s = this.s
    let i = this.at
    const negative = s.charCodeAt(i) === 0x2d
    if (negative) i++
    const start = i
    let value = 0
    let ch = s.charCodeAt(i)
    while (ch >= 0x30 && ch <= 0x39) {
      value = value * 10 + (ch - 0x30)
      ch = s.charCodeAt(++i)
    }
    const digits = i - start
    if (digits === 0 || digits > MAX_INT_DIGITS || (digits > 1 && s.charCodeAt(start) === 0x30)) return null
    // A fraction or exponent is valid JSON but not what dsh writes: leave it to JSON.parse.
    if (ch === 0x2e || ch === 0x65 || ch === 0x45) return null
    this.at = i
    return negative ? -value : value
  }

  /** `[int, …]` (possibly empty), or null. A hot loop: locals only. */
  ints(): number[] | null {
    const s = this.s
    let i = this.at
    if (s.charCodeAt(i) !== 0x5b) return null // [
    const out: number[] = []
    if (s.charCodeAt(i + 1) === 0x5d) {
      this.at = i + 2
      return out
    }
    for (;;) {
      i++
      const negative = s.charCodeAt(i) === 0x2d
      if (negative) i++
      const start = i
      let value = 0
      let ch = s.charCodeAt(i)
      while (ch >= 0x30 && ch <= 0x39) {
        value = value * 10 + (ch - 0x30)
        ch = s.charCodeAt(++i)
      }
      const digits = i - start
      if (digits === 0 || digits > MAX_INT_DIGITS || (digits > 1 && s.charCodeAt(start) === 0x30)) return null
      out.push(negative ? -value : value)
      if (ch === 0x5d) {
        this.at = i + 1
        return out
      }
      if (ch !== 0x2c) return null // also rejects a fraction or an exponent
    }
  }

  /** A non-empty array of strings as body spans, or null. The hottest loop: locals only. */
  strings(): number[] | null {
    const s = this.s
    let i = this.at
    if (s.charCodeAt(i) !== 0x5b) return null // [
    i++
    const spans: number[] = []
    for (;;) {
      if (s.charCodeAt(i) !== 0x22) return null
      const end = stringEnd(s, i + 1)
      if (end === -1) return null
      spans.push(i + 1, end)
      const next = s.charCodeAt(end + 1)
      if (next === 0x5d) {
        this.at = end + 2
        return spans
      }
      if (next !== 0x2c) return null // ,
      i = end + 2
    }
  }

  string(): string | null {
    const s = this.s
    const start = this.at
    if (s.charCodeAt(start) !== 0x22) return null
    const end = stringEnd(s, start + 1)
    if (end === -1) return null
    this.at = end + 1
    const raw = s.slice(start + 1, end)
    return raw.indexOf('\\') === -1 ? raw : (JSON.parse(s.slice(start, end + 1)) as string)
  }
}

/**
 * Index of the quote closing the JSON string body that starts at `i`, or -1 when the literal is not
 * exactly what JSON.parse accepts (a raw control character, a bad escape, no closing quote).
 */
function stringEnd(s: string, i: number): number {
  const length = s.length
  while (i < length) {
    const ch = s.charCodeAt(i)
    // Letters and most text sort above the backslash: one comparison per character on the common path.
    if (ch > 0x5c) {
      i++
      continue
    }
    if (ch === 0x22) return i
    if (ch === 0x5c) {
      const e = s.charCodeAt(i + 1)
      if (e === 0x75) {
        if (!isHex(s.charCodeAt(i + 2)) || !isHex(s.charCodeAt(i + 3)) || !isHex(s.charCodeAt(i + 4)) || !isHex(s.charCodeAt(i + 5))) return -1
        i += 6
      } else if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
        i += 2
      } else return -1
      continue
    }
    if (ch < 0x20) return -1
    i++
  }
  return -1
}

function isHex(ch: number): boolean {
  return (ch >= 0x30 && ch <= 0x39) || (ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66)
}
