/**
 * Incremental newline splitting over `Uint8Array` chunks (log-format.md §5.1: every record is one
 * UTF-8 line ending in `\n`). Each complete line is handed over as bytes (`bytes[start, end)`, valid only
 * during the call) so a caller can classify it before paying for UTF-8 decoding; `LineSplitter.text`
 * decodes every line on its own (a pure-ASCII line then becomes a one-byte V8 string, which measured ~6×
 * faster than decoding a whole chunk and splitting the string, and 2.5–3× faster than `readline`).
 * Bytes after the last newline are held (copied, so the caller may reuse its chunk buffer) until the next
 * chunk or until the caller takes them as a torn remainder. Memory is bounded by the longest line, and
 * with a `maxLineBytes` cap by that cap: a longer line is not accumulated (its bytes are dropped as they
 * come) but reported through `overlong` when its newline arrives, and the split goes on with the next line.
 * With `LongLines`, a line whose held bytes pass `above` is decoded as its bytes arrive instead (./utf8.ts)
 * and handed over as text run by run: neither its bytes nor its text are ever joined (issue 32: a 100 MB
 * line held its pieces, the joined bytes, the string and the parsed value at once).
 * Pure: no node:*, no Buffer — a Node caller passes faster `ByteOps` (src/log/node/line-decoder.ts).
 */
import { StreamedLineText } from './utf8'

const NEWLINE = 0x0a

/** Called for every complete line: its text without the `\n`, and its 1-based line number. */
export type LineSink = (text: string, line: number) => void

/** Called for every complete line as its bytes `bytes[start, end)` (no `\n`; valid only during the call). */
export type ByteLineSink = (bytes: Uint8Array, start: number, end: number, line: number) => void

/** UTF-8 text of `bytes[start, end)`, invalid sequences as U+FFFD and a BOM kept (WHATWG `ignoreBOM`). */
export type TextOf = (bytes: Uint8Array, start: number, end: number) => string

/** The byte primitives the hot loops use; Node swaps in Buffer's (memchr search, faster decoding). */
export interface ByteOps {
  textOf: TextOf
  /** Index of the first `byte` in `bytes` at or after `from`, or -1 (`Uint8Array#indexOf`). */
  find(bytes: Uint8Array, byte: number, from: number): number
}

/** The portable `TextOf`: one `TextDecoder` call per line. */
export function textDecoderTextOf(): TextOf {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  return (bytes, start, end) => decoder.decode(bytes.subarray(start, end))
}

/** The portable `ByteOps`: `TextDecoder` and `Uint8Array#indexOf`. */
export function portableByteOps(): ByteOps {
  return { textOf: textDecoderTextOf(), find: (bytes, byte, from) => bytes.indexOf(byte, from) }
}

/** Line-length cap: `overlong(line, start, byteLength)` replaces the sink call for a line longer than `maxLineBytes`. */
export interface LineCap {
  maxLineBytes: number
  /** `start`: the line's offset in everything pushed so far. */
  overlong(line: number, start: number, byteLength: number): void
}

/**
 * Long lines as text: once a line's bytes held so far pass `above`, `open()` gives the reader of that line,
 * which gets its text run by run as the bytes are decoded (U+FFFD for invalid UTF-8, as `textOf` gives it;
 * runs are cut only between UTF-8 sequences), then `end` with `invalidAt`, the index in the line of its first
 * byte that is not valid UTF-8 (-1 if none), its byte length and its line number. Lines are still cut by
 * `LineCap` first (a reader dropped that way is never ended).
 */
export interface LongLines {
  above: number
  /** Fast whole-run validity check (Node's `isUtf8`); default a scan in JS. */
  valid?: (bytes: Uint8Array) => boolean
  open(): LongLineText
}

/** One long line's text as it is decoded (see `LongLines`). */
export interface LongLineText {
  piece(text: string): void
  end(invalidAt: number, byteLength: number, line: number): void
  /** The text a torn remainder carries (`Remainder.text`) when the input ends inside this line. */
  torn(): string
}

export interface Remainder {
  /** The unterminated bytes decoded as text (invalid UTF-8 becomes U+FFFD). */
  text: string
  byteLength: number
  /** The line number this text would have had. */
  line: number
}

export class LineSplitter {
  /** A splitter that decodes every line (`ops.textOf`) before handing it over. */
  static text(sink: LineSink, firstLine = 1, ops: ByteOps = portableByteOps()): LineSplitter {
    const textOf = ops.textOf
    return new LineSplitter((bytes, start, end, line) => sink(textOf(bytes, start, end), line), firstLine, ops)
  }

  // Pieces of a line that spans chunks; joined once when its newline arrives.
  private pending: Uint8Array[] = []
  private pendingLength = 0
  private lines = 0
  /** Bytes pushed before the current chunk (line offsets for `overlong`). */
  private position = 0
  /** Length so far of an overlong line being skipped (its bytes are not kept), else -1. */
  private skipping = -1
  /** The held line being decoded as it arrives (past `long.above`), else null; `pending` is then empty. */
  private streaming: StreamedLineText | null = null
  /** Where `streaming` sends the line's text. */
  private streamingTo: LongLineText | null = null
  private readonly max: number

  constructor(
    private readonly sink: ByteLineSink,
    firstLine = 1,
    private readonly ops: ByteOps = portableByteOps(),
    private readonly cap: LineCap | null = null,
    private readonly long: LongLines | null = null,
  ) {
    this.lines = firstLine - 1
    this.max = cap?.maxLineBytes ?? Number.POSITIVE_INFINITY
  }

  /** Number of complete lines emitted so far (plus the starting offset given to the constructor). */
  get lineCount(): number {
    return this.lines
  }

  /** Bytes held after the last newline. */
  get pendingBytes(): number {
    return this.skipping >= 0 ? this.skipping : this.pendingLength
  }

  /** Splits `chunk`, emitting every line it completes. `chunk` may be overwritten once this returns. */
  push(chunk: Uint8Array): void {
    const find = this.ops.find
    let start = 0
    let nl = find(chunk, NEWLINE, 0)
    if (nl === -1) {
      this.hold(chunk, 0)
      this.position += chunk.length
      return
    }
    if (this.skipping >= 0) {
      this.overlong(this.skipping + nl, this.position - this.skipping)
      this.skipping = -1
      start = nl + 1
      nl = find(chunk, NEWLINE, start)
    } else if (this.pendingLength > 0) {
      if (this.pendingLength + nl > this.max) {
        this.pending = []
        this.streaming = null
        this.streamingTo = null
        this.overlong(this.pendingLength + nl, this.position - this.pendingLength)
        this.pendingLength = 0
      } else if (this.streaming !== null) {
        const streaming = this.streaming
        const to = this.streamingTo as LongLineText
        streaming.push(chunk, 0, nl)
        const byteLength = this.pendingLength + nl
        this.streaming = null
        this.streamingTo = null
        this.pendingLength = 0
        this.lines++
        const { invalidAt } = streaming.end()
        to.end(invalidAt, byteLength, this.lines)
      } else {
        const joined = this.joinPending(chunk.subarray(0, nl))
        this.lines++
        this.sink(joined, 0, joined.length, this.lines)
      }
      start = nl + 1
      nl = find(chunk, NEWLINE, start)
    }
    const sink = this.sink
    const max = this.max
    while (nl !== -1) {
      if (nl - start > max) {
        this.overlong(nl - start, this.position + start)
      } else {
        this.lines++
        sink(chunk, start, nl, this.lines)
      }
      start = nl + 1
      nl = find(chunk, NEWLINE, start)
    }
    if (start < chunk.length) this.hold(chunk, start)
    this.position += chunk.length
  }

  /**
   * Takes the unterminated bytes held after the last newline (a torn tail at end of input, or a frame that
   * ended mid-record) and clears them. Null when nothing is held. The line counter still advances past
   * them, so later lines keep numbers that match the plaintext.
   */
  takeRemainder(): Remainder | null {
    if (this.skipping >= 0) {
      // An unterminated overlong line: its length only (its bytes were never kept).
      const byteLength = this.skipping
      this.skipping = -1
      this.lines++
      return { text: '', byteLength, line: this.lines }
    }
    if (this.pendingLength === 0) return null
    if (this.streaming !== null) {
      this.streaming.end()
      const text = (this.streamingTo as LongLineText).torn()
      const byteLength = this.pendingLength
      this.streaming = null
      this.streamingTo = null
      this.pendingLength = 0
      this.lines++
      return { text, byteLength, line: this.lines }
    }
    const bytes = this.joinPending(new Uint8Array(0))
    this.lines++
    return { text: this.ops.textOf(bytes, 0, bytes.length), byteLength: bytes.length, line: this.lines }
  }

  private hold(chunk: Uint8Array, from: number): void {
    const length = chunk.length - from
    if (this.skipping >= 0) {
      this.skipping += length
      return
    }
    if (this.pendingLength + length > this.max) {
      // Past the cap: stop keeping the line, count it until its newline.
      this.skipping = this.pendingLength + length
      this.pending = []
      this.streaming = null
      this.streamingTo = null
      this.pendingLength = 0
      return
    }
    const long = this.long
    if (this.streaming === null && long !== null && this.pendingLength + length > long.above) {
      // Past `above`: decode what is held and from now on each piece as it comes, instead of keeping bytes.
      const to = long.open()
      this.streamingTo = to
      this.streaming = new StreamedLineText(this.ops.textOf, long.valid, (text) => to.piece(text))
      for (const piece of this.pending) this.streaming.push(piece, 0, piece.length)
      this.pending = []
    }
    if (this.streaming !== null) {
      this.streaming.push(chunk, from, chunk.length)
      this.pendingLength += length
      return
    }
    // slice() copies: the caller's buffer may be a reused read buffer or decoder scratch space.
    this.pending.push(chunk.slice(from))
    this.pendingLength += length
  }

  /** Reports the overlong line that just ended (`start`: its offset in everything pushed). */
  private overlong(byteLength: number, start: number): void {
    this.lines++
    this.cap?.overlong(this.lines, start, byteLength)
  }

  private joinPending(tail: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.pendingLength + tail.length)
    let at = 0
    for (const piece of this.pending) {
      out.set(piece, at)
      at += piece.length
    }
    out.set(tail, at)
    this.pending = []
    this.pendingLength = 0
    return out
  }
}
