/**
 * Incremental bytes → lines for both on-disk encodings (log-format.md §5, §6.1): push the file's bytes in
 * any chunking, get every complete line with its 1-based line number (and frame index for zstd), plus
 * `damage` reports for what cannot be read. `end()` says how the input ended: cleanly, or with a torn
 * tail (a partial last line; a torn final frame, whose complete lines were still emitted). Decoders never
 * throw on bad bytes. `consumed` is the offset just past the last fully handled line or frame: the
 * checkpoint a follower resumes from (live.md §7.1). No node:* imports; lines are found and decoded through
 * the global `Buffer`: its UTF-8 decoding measured ~1.4× faster per line than `TextDecoder` with the same
 * replacement rules, and its `indexOf` (memchr) 5–8× faster than `Uint8Array#indexOf` at finding newlines.
 * A sink with `lineBytes` gets each line undecoded, to classify it first (the reader's skip-superseded mode);
 * one that also has `longLine` gets a line longer than `textLinesAbove` as text runs decoded as its bytes
 * arrive instead, so neither such a line's bytes nor its text are ever joined (issue 32).
 */
import { ByteQueue } from '../bytes/byte-queue'
import type { ByteStore } from '../bytes/byte-store'
import { LineSplitter, type ByteLineSink, type ByteOps, type LongLines, type TextOf } from '../bytes/line-splitter'
import { findZstdMagic, readFrameHeader, scanZstdFrames, ZstdBlockWalker, type ZstdFrame } from '../bytes/zstd-frames'
import type { ZstdCodec } from './compressed/zstd-codec'
import type { FrameStream } from './compressed/zstd-frame-stream'

export type LogEncoding = 'jsonl' | 'zstd'

/**
 * Longest line kept (bytes). A longer one is not accumulated: it is reported as damage ("line of N bytes …
 * skipped") and reading goes on after its newline. 256 MiB keeps a line's UTF-8 → string decoding under
 * V8's maximum string length (2^29 − 24 characters) with room for the JSON parse, and far above any real
 * record (dsh caps tool output long before that).
 */
export const MAX_LINE_BYTES = 256 * 1024 * 1024

/**
 * Lines longer than this go to a sink's `longLine` as text decoded piece by piece. Far above an ordinary
 * record, so their path (one `lineBytes` call and one `JSON.parse` per line) is untouched; low enough that
 * a long line costs its parsed value, not also its bytes and its text.
 */
export const TEXT_LINES_ABOVE = 4 * 1024 * 1024

export interface Damage {
  /** Line number where the damage sits in the decoded plaintext (the next line's number if none). */
  line: number
  frame?: number
  /** Byte offset in the file. */
  offset: number
  reason: string
  /** Undecodable text belonging to the damage (a record cut at a frame end), or ''. */
  text: string
  /** A line skipped for its length: its byte length (the reader's decoded offsets move past it). */
  skippedLine?: number
}

export interface LineSink {
  line(text: string, line: number, frame: number | undefined): void
  /** When present, called instead of `line` with the line's UTF-8 bytes `bytes[start, end)` (valid during the call only). */
  lineBytes?(bytes: Uint8Array, start: number, end: number, line: number, frame: number | undefined): void
  /**
   * With `lineBytes`: called instead of it once a line is longer than `textLinesAbove` bytes; the reader it
   * returns gets the line's text as its bytes are decoded (invalid UTF-8 as U+FFFD), never joined.
   */
  longLine?(): LongLineReader
  damage(damage: Damage): void
}

/** One long line's text, run by run (../bytes/line-splitter.ts `LongLineText`, with the zstd frame). */
export interface LongLineReader {
  piece(text: string): void
  /** `invalidAt`: index in the line of its first byte that is not valid UTF-8, -1 if none. */
  end(invalidAt: number, byteLength: number, line: number, frame: number | undefined): void
  /** What a damage report of the line cut by the end of its frame or file carries as text. */
  torn(): string
}

export interface DecodeEnd {
  tornTail: boolean
  /** Bytes of the dropped partial line / incomplete frame. */
  tornBytes: number
  /** zstd: index of the torn final frame, else null. */
  tornFrame: number | null
  /** zstd: complete frames seen (skippable ones included). */
  frames: number
}

export interface LineDecoder {
  push(chunk: Uint8Array): void
  end(): DecodeEnd
  readonly consumed: number
}

/**
 * `ByteOps` through Buffer (Node): one Buffer view per chunk, then `toString` per line and `indexOf` for
 * newlines. Buffer's UTF-8 decoding replaces invalid sequences exactly as `TextDecoder` does
 * (line-decoder.test.ts checks it).
 */
/** Largest byte source whose Buffer view is cached: read buffers and zstd frames are far smaller. */
const MAX_CACHED_VIEW = 4 * 1024 * 1024

export function bufferByteOps(): ByteOps {
  // Two cached views: the reader alternates between the chunk it splits and the bytes a held row keeps.
  let source: Uint8Array | null = null
  let view: Buffer = Buffer.alloc(0)
  let otherSource: Uint8Array | null = null
  let other: Buffer = view
  const viewOf = (bytes: Uint8Array): Buffer => {
    if (bytes === source) return view
    // A one-off buffer (a long line joined from its pieces) is not cached: the cache would keep it alive,
    // up to a whole 100 MB line, long after reading ended (issue 32: it was most of a read's peak).
    if (bytes.byteLength > MAX_CACHED_VIEW) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    if (bytes === otherSource) {
      ;[source, view, otherSource, other] = [otherSource, other, source, view]
      return view
    }
    otherSource = source
    other = view
    source = bytes
    view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    return view
  }
  return {
    textOf: (bytes, start, end) => viewOf(bytes).toString('utf8', start, end),
    find: (bytes, byte, from) => viewOf(bytes).indexOf(byte, from),
  }
}

/** `TextOf` through Buffer (see `bufferByteOps`). */
export function bufferTextOf(): TextOf {
  return bufferByteOps().textOf
}

/** Long lines as text for `sink`, when it takes them (see `LineSink.longLine`). */
function longLines(sink: LineSink, options: LineDecoderOptions, frame: () => number | undefined): LongLines | null {
  if (sink.lineBytes === undefined || sink.longLine === undefined) return null
  const longLine = sink.longLine.bind(sink)
  return {
    above: options.textLinesAbove ?? TEXT_LINES_ABOVE,
    ...(options.isUtf8 === undefined ? {} : { valid: options.isUtf8 }),
    open: () => {
      const reader = longLine()
      return { piece: (text) => reader.piece(text), end: (invalidAt, byteLength, line) => reader.end(invalidAt, byteLength, line, frame()), torn: () => reader.torn() }
    },
  }
}

/** The splitter's sink for `sink`: raw bytes when it takes them, else decoded text. */
function lineSink(sink: LineSink, ops: ByteOps, frame: () => number | undefined): ByteLineSink {
  const textOf = ops.textOf
  if (sink.lineBytes !== undefined) {
    const lineBytes = sink.lineBytes.bind(sink)
    return (bytes, start, end, line) => lineBytes(bytes, start, end, line, frame())
  }
  return (bytes, start, end, line) => sink.line(textOf(bytes, start, end), line, frame())
}

export interface LineDecoderOptions {
  /** Byte primitives (default `bufferByteOps()`); share one set with a parser reading the same chunks. */
  ops?: ByteOps
  /**
   * Copy what is pushed (raw) or decoded (zstd) into this store before splitting it, so the bytes handed
   * to `lineBytes` stay valid while a skip-superseded parser holds rows that point into them. Without it a
   * line's bytes are only valid during the call (read buffers and zstd scratch space are reused).
   */
  store?: ByteStore
  /**
   * zstd: decode a frame whose plaintext (declared or bounded) or compressed size exceeds this many bytes
   * as its bytes arrive, delivering lines before the frame is complete (`STREAM_FRAMES_ABOVE` for the
   * whole-log reader). Default: never; a follower must not show a frame still being written (live.md §10.1).
   */
  streamFramesAbove?: number
  /** Line-length cap, default `MAX_LINE_BYTES`. */
  maxLineBytes?: number
  /** Lines longer than this go to the sink's `longLine` when it has one (default `TEXT_LINES_ABOVE`). */
  textLinesAbove?: number
  /** Fast UTF-8 validity check for long lines (Node's `isUtf8`); default a scan in JS. */
  isUtf8?: (bytes: Uint8Array) => boolean
}

export function createLineDecoder(encoding: LogEncoding, sink: LineSink, codec: ZstdCodec | null, options: LineDecoderOptions = {}): LineDecoder {
  const ops = options.ops ?? bufferByteOps()
  const store = options.store ?? null
  const limits = { ...(options.streamFramesAbove === undefined ? {} : { streamFramesAbove: options.streamFramesAbove }), ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }) }
  if (encoding === 'jsonl') return new RawLineDecoder(sink, ops, store, limits.maxLineBytes, options)
  if (codec === null) throw new Error('a zstd log needs a ZstdCodec')
  return new ZstdLineDecoder(sink, codec, ops, store, { ...limits, long: options })
}

export class RawLineDecoder implements LineDecoder {
  private readonly splitter: LineSplitter
  private pushed = 0

  constructor(
    sink: LineSink,
    ops: ByteOps = bufferByteOps(),
    private readonly store: ByteStore | null = null,
    maxLineBytes = MAX_LINE_BYTES,
    long: Pick<LineDecoderOptions, 'textLinesAbove' | 'isUtf8'> = {},
  ) {
    const overlong = (line: number, start: number, length: number) => {
      sink.damage({ line, offset: start, reason: tooLong(length, `byte ${start}`, maxLineBytes), text: '', skippedLine: length })
    }
    const noFrame = () => undefined
    this.splitter = new LineSplitter(lineSink(sink, ops, noFrame), 1, ops, { maxLineBytes, overlong }, longLines(sink, long, noFrame))
  }

  get consumed(): number {
    return this.pushed - this.splitter.pendingBytes
  }

  push(chunk: Uint8Array): void {
    this.pushed += chunk.length
    this.splitter.push(this.store === null ? chunk : this.store.keep(chunk))
  }

  end(): DecodeEnd {
    const rest = this.splitter.takeRemainder()
    return { tornTail: rest !== null, tornBytes: rest?.byteLength ?? 0, tornFrame: null, frames: 0 }
  }
}

/** A large frame being decoded as it arrives, or a large skippable frame being skipped. */
type BigFrame =
  | { kind: 'zstd'; walker: ZstdBlockWalker; stream: FrameStream; offset: number; line: number; fed: number }
  | { kind: 'skip'; remaining: number; offset: number; fed: number }

export class ZstdLineDecoder implements LineDecoder {
  private readonly queue = new ByteQueue()
  private readonly splitter: LineSplitter
  private frame = 0
  /** File offset of the frame whose plaintext the splitter is reading (for line-length reports). */
  private frameOffset = 0
  /** After structural corruption: skipping bytes until the next frame magic. */
  private resyncing = false
  /** The large frame in progress (bytes go to it, not to the queue), or null. */
  private big: BigFrame | null = null
  private readonly streamAbove: number

  constructor(
    private readonly sink: LineSink,
    private readonly codec: ZstdCodec,
    ops: ByteOps = bufferByteOps(),
    private readonly store: ByteStore | null = null,
    options: { streamFramesAbove?: number; maxLineBytes?: number; long?: Pick<LineDecoderOptions, 'textLinesAbove' | 'isUtf8'> } = {},
  ) {
    this.streamAbove = options.streamFramesAbove ?? Number.POSITIVE_INFINITY
    const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES
    const overlong = (line: number, start: number, length: number) => {
      const reason = `frame ${this.frame} at byte ${this.frameOffset}: ${tooLong(length, `decoded byte ${start}`, maxLineBytes)}`
      this.sink.damage({ line, frame: this.frame, offset: this.frameOffset, reason, text: '', skippedLine: length })
    }
    const frame = () => this.frame
    this.splitter = new LineSplitter(lineSink(sink, ops, frame), 1, ops, { maxLineBytes, overlong }, longLines(sink, options.long ?? {}, frame))
  }

  /** Offset just past the last complete frame (a large frame in progress does not count). */
  get consumed(): number {
    return this.big === null ? this.queue.offset : this.big.offset
  }

  push(chunk: Uint8Array): void {
    if (this.big !== null) {
      const rest = this.feedBig(chunk)
      if (rest === null || rest.length === 0) return
      chunk = rest
    }
    this.queue.append(chunk)
    for (;;) {
      const view = this.queue.view()
      if (this.resyncing) {
        const next = findZstdMagic(view, 0)
        // Keep the last 3 bytes: a magic may straddle this chunk and the next.
        if (next === -1) return this.queue.consume(view.length - 3)
        this.queue.consume(next)
        this.resyncing = false
        continue
      }
      const scan = scanZstdFrames(view)
      for (const frame of scan.frames) this.decodeFrame(view, frame)
      if (scan.corrupt === null) {
        const torn = scan.tornStart
        if (torn !== null && this.startsBig(view, torn, scan.tornMaxContentSize)) {
          // A large torn frame: from here on its bytes go to a stream as they arrive.
          this.queue.consume(torn)
          const bytes = this.queue.view()
          const offset = this.queue.offset
          this.queue.consume(bytes.length)
          this.queue.offset = offset
          this.queue.shrink(1024 * 1024)
          // `openBig` advances the queue offset over what the frame uses: normally every byte.
          const rest = this.openBig(bytes, offset)
          if (rest === null || rest.length === 0) return
          this.queue.append(rest)
          continue
        }
        this.queue.consume(torn ?? view.length)
        this.queue.shrink(1024 * 1024)
        return
      }
      const offset = this.queue.offset + scan.corrupt.offset
      this.report(offset, `frame ${this.frame} at byte ${offset}: ${scan.corrupt.reason}; skipped to the next frame`, '')
      this.frame++
      this.queue.consume(scan.corrupt.offset + 1)
      this.resyncing = true
    }
  }

  end(): DecodeEnd {
    const big = this.big
    if (big !== null) {
      // A torn large frame: what it decoded was delivered; its unfinished record is dropped.
      this.big = null
      if (big.kind === 'zstd') big.stream.close()
      this.splitter.takeRemainder()
      return { tornTail: true, tornBytes: big.fed, tornFrame: this.frame, frames: this.frame }
    }
    const rest = this.queue.view()
    const frames = this.frame
    if (this.resyncing || rest.length === 0) return { tornTail: false, tornBytes: 0, tornFrame: null, frames }
    this.frameOffset = this.queue.offset
    const prefix = this.codec.decodePrefix(rest, scanZstdFrames(rest).tornMaxContentSize)
    this.splitter.push(prefix.plaintext)
    // The torn frame's complete lines were emitted; its unfinished record is dropped like a raw torn line.
    this.splitter.takeRemainder()
    this.queue.consume(rest.length)
    return { tornTail: true, tornBytes: rest.length, tornFrame: frames, frames }
  }

  /** Whether the torn frame at `view[start…]` is too large to wait for (its header must have arrived). */
  private startsBig(view: Uint8Array, start: number, bound: number): boolean {
    const available = view.length - start
    if (available < 8) return false
    if ((u32le(view, start) & 0xfffffff0) === 0x184d2a50) return 8 + u32le(view, start + 4) > this.streamAbove
    const read = readFrameHeader(view, start, view.length)
    if (!('header' in read)) return false
    // Compressed bytes alone count from an eighth of the limit (1 MiB by default): a frame without a content
    // size (dsh's async writer) would otherwise pile up ~8 MiB before its bound told us (1 per compressed byte
    // for Raw blocks); a frame declaring a small size but holding more must not pile up at all.
    return (read.header.contentSize ?? 0) > this.streamAbove || bound > this.streamAbove || available > this.streamAbove / 8
  }

  /** Starts a large frame whose first bytes (at least its header) are `bytes`, at file offset `offset`. */
  private openBig(bytes: Uint8Array, offset: number): Uint8Array | null {
    if ((u32le(bytes, 0) & 0xfffffff0) === 0x184d2a50) {
      this.big = { kind: 'skip', remaining: 8 + u32le(bytes, 4), offset, fed: 0 }
      return this.feedBig(bytes)
    }
    const read = readFrameHeader(bytes, 0, bytes.length)
    if (!('header' in read)) throw new Error('a large frame opened before its header arrived')
    const header = read.header
    this.frameOffset = offset
    const store = this.store
    const splitter = this.splitter
    const stream = this.codec.openStream(header, (plaintext) => splitter.push(store === null ? plaintext : store.keep(plaintext)))
    const walker = new ZstdBlockWalker(header, header.headerEnd)
    this.big = { kind: 'zstd', walker, stream, offset, line: splitter.lineCount + 1, fed: header.headerEnd }
    this.queue.offset += header.headerEnd
    stream.push(bytes.subarray(0, header.headerEnd))
    return this.feedBig(bytes.subarray(header.headerEnd))
  }

  /** Gives `chunk` to the large frame in progress; returns the bytes after it (null: it used them all). */
  private feedBig(chunk: Uint8Array): Uint8Array | null {
    const big = this.big
    if (big === null) return chunk
    if (big.kind === 'skip') {
      const used = Math.min(big.remaining, chunk.length)
      big.remaining -= used
      big.fed += used
      this.queue.offset += used
      if (big.remaining > 0) return null
      this.big = null
      this.frame++
      return chunk.subarray(used)
    }
    let rest = chunk
    while (rest.length > 0) {
      const step = big.walker.advance(rest)
      if (step.corrupt !== null) {
        // Lines decoded before the bad block header stay. The search for the next frame starts at that
        // header: a frame cut at a block boundary is often followed by a new frame, whose magic is read there.
        this.big = null
        big.stream.close()
        this.queue.offset += step.corruptAt
        this.closeBig(big, `${step.corrupt}; skipped to the next frame`)
        this.resyncing = true
        const header = step.badHeader ?? new Uint8Array(0)
        return step.corruptAt >= 0 ? rest.subarray(step.corruptAt) : concatBytes(header.subarray(0, -step.corruptAt), rest)
      }
      big.fed += step.used
      this.queue.offset += step.used
      // One block (or the checksum) per call: zstd drops what a call flushed when the same call then fails.
      big.stream.push(rest.subarray(0, step.used))
      rest = rest.subarray(step.used)
      if (!step.done) continue
      this.big = null
      const end = big.stream.finish(big.walker.storedChecksum)
      if (end.checksum === 'mismatch') {
        // Known only now, after the frame's lines: the report still names the frame's first line.
        const reason = `frame ${this.frame} at byte ${big.offset}: content checksum mismatch (the frame is damaged; its lines are shown as decoded)`
        this.sink.damage({ line: big.line, frame: this.frame, offset: big.offset, reason, text: '' })
      }
      this.closeBig(big, end.error)
      return rest
    }
    return null
  }

  /** Ends a large frame as `decodeFrame` ends a small one: a cut record or an error becomes damage. */
  private closeBig(big: { offset: number }, error: string | null): void {
    const cut = this.splitter.takeRemainder()
    if (cut !== null) {
      const why = error ?? 'frame ends in the middle of a record'
      this.sink.damage({ line: cut.line, frame: this.frame, offset: big.offset, reason: `frame ${this.frame} at byte ${big.offset}: ${why}`, text: cut.text })
    } else if (error !== null) {
      this.report(big.offset, `frame ${this.frame} at byte ${big.offset}: ${error}`, '')
    }
    this.frame++
  }

  private decodeFrame(view: Uint8Array, info: ZstdFrame): void {
    const bytes = view.subarray(info.start, info.end)
    const offset = this.queue.offset + info.start
    if (info.kind === 'zstd' && (info.maxContentSize > this.streamAbove || bytes.length > this.streamAbove / 8)) {
      // A large complete frame (it arrived within one push): streamed too, so it never decodes whole.
      const base = this.queue.offset
      const rest = this.openBig(bytes, offset)
      this.queue.offset = base
      if (rest === null || rest.length > 0 || this.big !== null) throw new Error('a complete frame did not end where the scanner said')
      return
    }
    this.frameOffset = offset
    const result = this.codec.decodeFrame(bytes, info)
    if (result.checksum === 'mismatch') {
      this.report(offset, `frame ${this.frame} at byte ${offset}: content checksum mismatch (the frame is damaged; its lines are shown as decoded)`, '')
    }
    this.splitter.push(this.store === null ? result.plaintext : this.store.keep(result.plaintext))
    const cut = this.splitter.takeRemainder()
    if (cut !== null) {
      const why = result.error ?? 'frame ends in the middle of a record'
      this.sink.damage({ line: cut.line, frame: this.frame, offset, reason: `frame ${this.frame} at byte ${offset}: ${why}`, text: cut.text })
    } else if (result.error !== null) {
      this.report(offset, `frame ${this.frame} at byte ${offset}: ${result.error}`, '')
    }
    this.frame++
  }

  private report(offset: number, reason: string, text: string): void {
    this.sink.damage({ line: this.splitter.lineCount + 1, frame: this.frame, offset, reason, text })
  }
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

function u32le(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0
}

/** The reason given for a line longer than `cap` (`where` it starts: file or decoded byte offset). */
function tooLong(length: number, where: string, cap: number): string {
  return `line of ${length} bytes at ${where} is longer than the ${cap}-byte line limit; skipped`
}
