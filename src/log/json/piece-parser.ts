/**
 * `JSON.parse` for a text that arrives in pieces, never joined (issue 32: a 100 MB log line must not exist
 * as one string beside its pieces and its parsed value). `JsonPieceParser` takes the pieces in order and
 * gives the value `JSON.parse` would give for their concatenation — or an error on exactly the inputs it
 * rejects. It is a state machine with an explicit stack (no recursion on log data): structure is read
 * character by character, while a string literal's body is found with `indexOf` and decoded per piece by
 * `JSON.parse` itself (each run of it wrapped in quotes, cut only between escapes), so escapes, lone
 * surrogates and the control-character rule are JSON.parse's own; a long string is the joined decoded runs.
 * Numbers are checked against the JSON grammar and converted by `Number` (the same correctly rounded
 * conversion); duplicate keys keep the last value in the first key's place, and a `__proto__` key becomes
 * an own data property, as with `JSON.parse`. Error messages are this parser's own wording (JSON.parse's
 * differs between Node versions anyway) with the character position in the whole text.
 *
 * `maxDepth`: containers nested deeper are read (and checked) but never built — each outermost one becomes
 * `deepNote`, exactly what `capDepth` (./depth.ts) makes of the full value — so a line of millions of
 * nested brackets costs a bit per level, not an array or object per level (a 20 MB line of `[[[…` took
 * 2.6 GB to build and cap). Their kinds are kept in a byte stack for the closing brackets.
 *
 * `maxNodes`: values built inside containers (the node cap, ./width.ts), counted as each starts (an object's
 * member at its key). A member that would pass it cuts its container: the rest of it is read and checked
 * like a container below the depth cap, and when it closes it gets `wideNote` (an array's last element, an
 * object's `wideKey`) — what `capWidth` makes of the full value — so a line of millions of small containers
 * side by side builds only the first `maxNodes`.
 */
import { defineOwnKey } from './own-key'

type Container = { array: unknown[]; object: null; key: string } | { array: null; object: Record<string, unknown>; key: string }

/** What the parser expects next (outside a token). */
const Want = {
  Value: 0, // a value (top level, after `:` or an array's `,`)
  ValueOrClose: 1, // after `[`
  KeyOrClose: 2, // after `{`
  Key: 3, // after an object's `,`
  Colon: 4,
  CommaOrClose: 5,
  Done: 6, // the top-level value is complete: whitespace only
} as const
type Want = (typeof Want)[keyof typeof Want]

/** The token being read across pieces. */
const Token = { None: 0, String: 1, Number: 2, Literal: 3 } as const
type Token = (typeof Token)[keyof typeof Token]

export type JsonPieceResult = { ok: true; value: unknown } | { ok: false; message: string }

const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/
/** A run of a string body that needs `JSON.parse` to decode (an escape) or to reject (a control character). */
const NEEDS_DECODE = /[\\\u0000-\u001f]/
const NOT_BLANK = /\S/

const isNumberChar = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45
const isLetter = (c: number) => c >= 0x61 && c <= 0x7a

export class JsonPieceParser {
  private readonly stack: Container[] = []
  private want: Want = Want.Value
  private token: Token = Token.None
  /** Characters of a number or literal read so far. */
  private word = ''
  private wordAt = 0
  /** Decoded runs of the string being read, and the start of an escape cut at a piece's end. */
  private parts: string[] = []
  private carry = ''
  private stringIsKey = false
  private root: unknown = undefined
  /** Characters pushed before the current piece (error positions). */
  private position = 0
  private error: string | null = null
  private blank = true
  private bomPending: boolean
  private readonly maxDepth: number
  private readonly deepNote: string
  /** Open containers below `maxDepth` (not built), and their kinds (1: array, 0: object), innermost last. */
  private skipped = 0
  private skipKinds = new Uint8Array(64)
  private readonly maxNodes: number
  private readonly wideNote: string
  private readonly wideKey: string
  /** Nodes built so far, and whether the outermost skipped container is the innermost built one's cut rest. */
  private nodes = 0
  private cutOpen = false

  /**
   * `skipBom`: a leading U+FEFF is dropped first (the reader does so for line 1). `maxDepth`: levels of
   * containers built; a deeper one becomes `deepNote` (default: no cap). `maxNodes`: values built inside
   * containers; a container cut short gets `wideNote`, under `wideKey` in an object (default: no cap).
   */
  constructor(options: { skipBom?: boolean; maxDepth?: number; deepNote?: string; maxNodes?: number; wideNote?: string; wideKey?: string } = {}) {
    this.bomPending = options.skipBom === true
    this.maxDepth = options.maxDepth ?? Infinity
    this.deepNote = options.deepNote ?? ''
    this.maxNodes = options.maxNodes ?? Infinity
    this.wideNote = options.wideNote ?? ''
    this.wideKey = options.wideKey ?? ''
  }

  /** True while everything pushed is whitespace to `String#trim` (how the reader tells a blank line). */
  get isBlank(): boolean {
    return this.blank
  }

  push(piece: string): void {
    if (this.bomPending && piece.length > 0) {
      this.bomPending = false
      if (piece.charCodeAt(0) === 0xfeff) {
        piece = piece.slice(1)
        this.position++
      }
    }
    if (this.blank && NOT_BLANK.test(piece)) this.blank = false
    if (this.error === null) this.read(piece)
    this.position += piece.length
  }

  /** The value, or why the text is not JSON. */
  end(): JsonPieceResult {
    if (this.error === null && this.token !== Token.None) {
      if (this.token === Token.String) this.fail('Unterminated string in JSON', this.position)
      else this.finishWord()
    }
    if (this.error === null && this.want !== Want.Done) this.error = 'Unexpected end of JSON input'
    if (this.error !== null) return { ok: false, message: this.error }
    const value = this.root
    this.root = undefined
    return { ok: true, value }
  }

  private fail(what: string, at: number): void {
    if (this.error === null) this.error = `${what} at position ${at}`
  }

  private read(piece: string): void {
    let i = 0
    const n = piece.length
    if (this.token === Token.String) {
      i = this.stringBody(piece, 0)
      if (i < 0) return
    } else if (this.token !== Token.None) {
      i = this.wordBody(piece, 0)
      if (i < 0) return
    }
    while (i < n && this.error === null) {
      const c = piece.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++
        continue
      }
      const at = this.position + i
      switch (this.want) {
        case Want.Done:
          return this.fail('Unexpected non-whitespace character after JSON', at)
        case Want.Colon:
          if (c !== 0x3a) return this.fail(`Expected ':' after property name in JSON`, at)
          this.want = Want.Value
          i++
          continue
        case Want.CommaOrClose: {
          const inArray = this.skipped > 0 ? this.skipKinds[this.skipped - 1] === 1 : (this.stack[this.stack.length - 1] as Container).array !== null
          if (c === 0x2c) {
            this.want = inArray ? Want.Value : Want.Key
            i++
            continue
          }
          if (c === (inArray ? 0x5d : 0x7d)) {
            i++
            this.close()
            continue
          }
          return this.fail(inArray ? `Expected ',' or ']' after array element in JSON` : `Expected ',' or '}' after property value in JSON`, at)
        }
        case Want.KeyOrClose:
        case Want.Key:
          if (c === 0x22) {
            this.stringIsKey = true
            if (this.skipped === 0) this.member(false)
            i = this.openString(piece, i + 1)
            if (i < 0) return
            continue
          }
          if (c === 0x7d && this.want === Want.KeyOrClose) {
            i++
            this.close()
            continue
          }
          return this.fail(`Expected ${this.want === Want.KeyOrClose ? "property name or '}'" : 'double-quoted property name'} in JSON`, at)
        case Want.ValueOrClose:
          if (c === 0x5d) {
            i++
            this.close()
            continue
          }
        // fall through: a value
        case Want.Value:
          // An array's member starts here (an object's started at its key).
          if (this.skipped === 0 && (this.stack[this.stack.length - 1]?.array ?? null) !== null) this.member(true)
          if (c === 0x22) {
            this.stringIsKey = false
            i = this.openString(piece, i + 1)
            if (i < 0) return
            continue
          }
          if (c === 0x7b || c === 0x5b) {
            const array = c === 0x5b
            if (this.skipped > 0 || this.stack.length >= this.maxDepth) this.skip(array)
            else this.stack.push(array ? { array: [], object: null, key: '' } : { array: null, object: {}, key: '' })
            this.want = array ? Want.ValueOrClose : Want.KeyOrClose
            i++
            continue
          }
          if ((c >= 0x30 && c <= 0x39) || c === 0x2d) this.token = Token.Number
          else if (c === 0x74 || c === 0x66 || c === 0x6e) this.token = Token.Literal
          else return this.fail(`Unexpected token '${piece[i] ?? ''}' in JSON`, at)
          this.word = ''
          this.wordAt = at
          i = this.wordBody(piece, i)
          if (i < 0) return
          continue
      }
    }
  }

  /** Reads a number's or literal's characters from `piece[i…]`; -1 when the piece ends inside it. */
  private wordBody(piece: string, i: number): number {
    const start = i
    const n = piece.length
    const number = this.token === Token.Number
    while (i < n && (number ? isNumberChar(piece.charCodeAt(i)) : isLetter(piece.charCodeAt(i)))) i++
    this.word += piece.slice(start, i)
    if (i === n) return -1
    this.finishWord()
    return this.error === null ? i : -1
  }

  private finishWord(): void {
    const word = this.word
    this.word = ''
    const number = this.token === Token.Number
    this.token = Token.None
    if (number) {
      if (!NUMBER.test(word)) return this.fail(`Invalid number '${word.slice(0, 40)}' in JSON`, this.wordAt)
      return this.value(Number(word))
    }
    if (word === 'true') return this.value(true)
    if (word === 'false') return this.value(false)
    if (word === 'null') return this.value(null)
    this.fail(`Unexpected token '${word.slice(0, 40)}' in JSON`, this.wordAt)
  }

  /** Starts a string whose body begins at `piece[i]`; returns where reading goes on (-1: the piece ended). */
  private openString(piece: string, i: number): number {
    this.token = Token.String
    this.parts = []
    this.carry = ''
    return this.stringBody(piece, i)
  }

  /**
   * Reads a string body from `piece[i…]` up to its closing quote (returns the index after it) or to the
   * piece's end (returns -1, the body so far decoded, an escape cut in two kept in `carry`).
   */
  private stringBody(piece: string, i: number): number {
    let text = piece
    let from = i
    // `text` index − `shift` = `piece` index (an escape cut at the last piece's end is put in front).
    let shift = 0
    if (this.carry !== '') {
      shift = this.carry.length - i
      text = this.carry + piece.slice(i)
      from = 0
      this.carry = ''
    }
    // Where `text[0]` sits in the whole input (error positions).
    const base = this.position - shift
    let q = text.indexOf('"', from)
    while (q !== -1) {
      // An even run of backslashes before the quote leaves it unescaped: the string ends there.
      let b = q - 1
      while (b >= from && text.charCodeAt(b) === 0x5c) b--
      if ((q - 1 - b) % 2 === 0) break
      q = text.indexOf('"', q + 1)
    }
    if (q === -1) {
      const cut = escapeCut(text, from)
      if (cut > from) this.decodeRun(text, from, cut, base)
      this.carry = text.slice(cut)
      return -1
    }
    if (q > from) this.decodeRun(text, from, q, base)
    if (this.error !== null) return -1
    const parts = this.parts
    this.parts = []
    this.token = Token.None
    const value = parts.length === 0 ? '' : parts.length === 1 ? (parts[0] as string) : parts.join('')
    if (this.stringIsKey) {
      if (this.skipped === 0) (this.stack[this.stack.length - 1] as Container).key = value
      this.want = Want.Colon
    } else {
      this.value(value)
    }
    return q + 1 - shift
  }

  /** Decodes `text[from, to)`, a run of a string body that does not end inside an escape. */
  private decodeRun(text: string, from: number, to: number, base: number): void {
    if (this.error !== null) return
    const run = text.slice(from, to)
    if (!NEEDS_DECODE.test(run)) {
      this.parts.push(run)
      return
    }
    try {
      this.parts.push(JSON.parse(`"${run}"`) as string)
    } catch {
      const at = badStringAt(run)
      this.fail(run.charCodeAt(at) < 0x20 ? 'Bad control character in string literal in JSON' : 'Bad escaped character in JSON', base + from + at)
    }
  }

  /** A value is complete: it goes into the open container, or it is the document. */
  private value(v: unknown): void {
    if (this.skipped > 0) {
      // Inside a container below the cap: checked, not kept.
      this.want = Want.CommaOrClose
      return
    }
    const top = this.stack[this.stack.length - 1]
    if (top === undefined) {
      this.root = v
      this.want = Want.Done
      return
    }
    if (top.array !== null) top.array.push(v)
    else setKey(top.object, top.key, v)
    this.want = Want.CommaOrClose
  }

  private close(): void {
    if (this.skipped > 0) {
      this.skipped--
      if (this.skipped > 0) this.want = Want.CommaOrClose
      else if (this.cutOpen) {
        // The rest of a container cut by the node cap is read: the container ends with the note.
        this.cutOpen = false
        const top = this.stack.pop() as Container
        if (top.array !== null) top.array.push(this.wideNote)
        else setKey(top.object, this.wideKey, this.wideNote)
        this.value(top.array ?? top.object)
      }
      // The outermost container below the cap is complete: it stands as the note.
      else this.value(this.deepNote)
      return
    }
    const top = this.stack.pop() as Container
    this.value(top.array ?? top.object)
  }

  /**
   * A member of the innermost built container starts (`array`: its kind): counted, or, past `maxNodes`,
   * the start of that container's rest, read as a skipped container of its kind.
   */
  private member(array: boolean): void {
    if (this.nodes < this.maxNodes) {
      this.nodes++
      return
    }
    this.skip(array)
    this.cutOpen = true
  }

  /** Opens a container below the cap: only its kind is kept. */
  private skip(array: boolean): void {
    if (this.skipped === this.skipKinds.length) {
      const grown = new Uint8Array(this.skipKinds.length * 2)
      grown.set(this.skipKinds)
      this.skipKinds = grown
    }
    this.skipKinds[this.skipped++] = array ? 1 : 0
  }
}

/** `object[key] = value` as JSON.parse does it: `__proto__` is an own data property, not the prototype. */
function setKey(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') defineOwnKey(object, key, value)
  else object[key] = value
}

/**
 * Where a string body read up to the end of a piece may be cut: before an escape the piece ends inside
 * (a lone trailing backslash, or `\u` with fewer than four characters after it), else at its end.
 */
function escapeCut(text: string, from: number): number {
  const end = text.length
  let b = end - 1
  while (b >= from && text.charCodeAt(b) === 0x5c) b--
  if ((end - 1 - b) % 2 === 1) return end - 1
  for (let j = Math.max(from, end - 5); j <= end - 2; j++) {
    if (text.charCodeAt(j) !== 0x5c || text.charCodeAt(j + 1) !== 0x75) continue
    let k = j
    while (k >= from && text.charCodeAt(k) === 0x5c) k--
    // An odd run ending at j: j starts an escape.
    if ((j - k) % 2 === 1) return j
  }
  return end
}

/** Index in a rejected string run of its first control character or bad escape. */
function badStringAt(run: string): number {
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i)
    if (c < 0x20) return i
    if (c !== 0x5c) continue
    const e = run[i + 1] ?? ''
    if (e === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(run.slice(i + 2, i + 6))) return i
      i += 5
    } else if ('"\\/bfnrt'.includes(e) && e !== '') i++
    else return i
  }
  return 0
}

