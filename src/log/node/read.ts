/**
 * Streamed reading of one session log: bytes (source.ts) → lines (line-decoder.ts) → `ParsedLine`s
 * (the pure `LogParser`). Iterating a `SessionReader` yields the parsed lines in file order, one batch
 * per ~1 MB read, so memory is bounded by the largest record, not the file (log-format.md §5–6): a zstd
 * frame over 8 MiB is decoded as it is read (zstd-frame-stream.ts), and a line over 256 MiB is reported and
 * skipped without being held (line-decoder.ts `MAX_LINE_BYTES`). Nothing throws for bad input: an unreadable log (missing file, empty file, no
 * valid header, first frame not zstd) ends the iteration with no lines and `summary.unreadable` set;
 * frame damage arrives as `invalid` lines naming frame and byte offset, and so does invalid UTF-8 (issue
 * 17: reported with its byte offset, code `utf8`, just before its line, which is still read with U+FFFD in
 * place of the bad bytes; one native `isUtf8` check per line; a line over 4 MiB is decoded, checked and
 * parsed as its bytes arrive, never joined, and reported the same way); a torn tail sets
 * `summary.tornTail` after its complete lines were yielded.
 */
import { isUtf8 } from 'node:buffer'
import { pushFolded } from '../damage/invalid-runs'
import { LogParser, type ChunkMode, type DeltaTap } from '../parser'
import type { ParsedLine } from '../parsed-line'
import type { SessionHeader } from '../events/schema'
import { ByteStore } from '../bytes/byte-store'
import type { ByteOps } from '../bytes/line-splitter'
import { bufferByteOps, createLineDecoder, type Damage, type DecodeEnd, type LineSink } from './line-decoder'
import { firstInvalidUtf8 } from '../bytes/utf8'
import { fileSource, READ_CHUNK, sourceBytes, type LogSource } from './source'
import { STREAM_FRAMES_ABOVE, ZstdCodec } from './compressed/zstd-codec'

export interface ReadOptions {
  /** Bytes per read; default 1 MiB (tests use tiny chunks to exercise every boundary). */
  chunkSize?: number
  /** Bytes decoded per yielded batch; default 16 KiB (small batches keep expanded events short-lived). */
  batchBytes?: number
  /**
   * `'expand'` (default) or `'skip-superseded'`: leave out the `assistant/chunk` events that a settled
   * `assistant/message` supersedes (LogParser option; src/log/chunks/superseded.ts). For whole-log builds; the
   * conversation fold comes out the same. `summary.parser.skippedEvents` counts what was left out.
   */
  chunks?: ChunkMode
  /** skip-superseded mode: told of every delta left out (LogParser option; src/log/chunks/superseded.ts `DeltaTap`). */
  deltaTap?: DeltaTap
  /**
   * The start of the log, already in memory: read instead of the file (src/site/plan/scan.ts hands over the
   * first bytes it hashed, to find the header without opening the log again). The reader then sees only
   * these bytes: a log longer than them reads as torn where they end.
   */
  head?: Uint8Array
  /** zstd frames larger than this are decoded as they are read (default `STREAM_FRAMES_ABOVE`, 8 MiB). */
  streamFramesAbove?: number
  /** Longest line read (default `MAX_LINE_BYTES`, 256 MiB); a longer one is reported as damage and skipped. */
  maxLineBytes?: number
  /** Lines longer than this are decoded as their bytes arrive (default `TEXT_LINES_ABOVE`, 4 MiB; tests go lower). */
  textLinesAbove?: number
}

const BATCH_BYTES = 16 * 1024
/** Damage records a summary keeps (`ReadSummary.damage`); beyond this only `damageCount` grows. */
export const MAX_DAMAGE = 10_000
const NEWLINE = 0x0a

export interface FrameDamage {
  line: number
  frame?: number
  offset: number
  reason: string
}

export interface ReadSummary {
  source: LogSource
  header: SessionHeader | null
  /** Why nothing could be read (no file, no valid header, …); null once the header parsed. */
  unreadable: string | null
  /** The input ended in a partial line or an incomplete zstd frame (its complete lines were kept). */
  tornTail: boolean
  tornBytes: number
  /** zstd: index of the torn final frame, else null. */
  tornFrame: number | null
  /** zstd: complete frames read. */
  frames: number
  /**
   * Damage found below the line level (zstd frames, invalid UTF-8), also yielded as `invalid` lines: the
   * first MAX_DAMAGE of them (a log of a million bad lines must not cost a million records here).
   */
  damage: FrameDamage[]
  /** All such damage, including any beyond the MAX_DAMAGE kept in `damage`. */
  damageCount: number
  bytesRead: number
  /** Decoded lines (including the header line). */
  lineCount: number
  /** The parser, for `seqGaps`, `synthesizedSeq` and `nextSeq`. */
  parser: LogParser
}

export class SessionReader implements AsyncIterable<ParsedLine[]> {
  readonly summary: ReadSummary
  private started = false
  /** One set for the decoder and the parser: they look at the same chunks (Buffer views are cached). */
  private readonly ops: ByteOps = bufferByteOps()

  constructor(
    readonly source: LogSource,
    private readonly options: ReadOptions = {},
  ) {
    this.summary = {
      source,
      header: null,
      unreadable: null,
      tornTail: false,
      tornBytes: 0,
      tornFrame: null,
      frames: 0,
      damage: [],
      damageCount: 0,
      bytesRead: 0,
      lineCount: 0,
      // In skip-superseded mode the decoders copy what they split into a ByteStore (below), whose bytes stay
      // while the parser holds rows: held rows keep views of them.
      parser: new LogParser({ ...(options.chunks === undefined ? {} : { chunks: options.chunks }), ...(options.deltaTap === undefined ? {} : { deltaTap: options.deltaTap }), textOf: this.ops.textOf, bytesStay: true }),
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ParsedLine[]> {
    if (this.started) throw new Error('a SessionReader can be iterated once')
    this.started = true
    const summary = this.summary
    const parser = summary.parser
    let batch: ParsedLine[] = []
    let stop = false
    // Damage met before line 1 (frame 0 damaged or not zstd at all) waits: it explains a missing header.
    let early: (Damage & { code?: 'utf8' })[] = []
    const giveUp = (reason: string) => {
      summary.unreadable ??= reason
      stop = true
      batch = []
    }
    const record = (damage: Damage & { code?: 'utf8' }) => {
      const at = damage.frame === undefined ? { line: damage.line } : { line: damage.line, frame: damage.frame }
      summary.damageCount++
      if (summary.damage.length < MAX_DAMAGE) summary.damage.push({ ...at, offset: damage.offset, reason: damage.reason })
      const code = damage.code === undefined ? {} : { code: damage.code }
      // Through the parser: in skip-superseded mode it may be holding earlier lines back.
      for (const entry of parser.interject({ ...at, offset: damage.offset, kind: 'invalid', text: damage.text, reason: damage.reason, ...code })) pushFolded(batch, entry)
    }
    // Offset of the next line in the decoded text (the file offset for a raw log).
    let lineOffset = 0
    const zstd = this.source.encoding === 'zstd'
    const checkUtf8 = (bytes: Uint8Array, start: number, end: number, line: number, frame: number | undefined) => {
      if (start === end || isUtf8(bytes.subarray(start, end))) {
        lineOffset += end - start + 1
        return
      }
      reportUtf8(firstInvalidUtf8(bytes, start, end), end - start, line, frame)
    }
    /** Reports the line at `lineOffset` (`length` bytes) as holding invalid UTF-8 from its byte `bad`. */
    const reportUtf8 = (bad: number, length: number, line: number, frame: number | undefined) => {
      const at = lineOffset
      lineOffset += length + 1
      const where = zstd ? `decoded byte ${at + bad}` : `byte ${at + bad}`
      const damage = { line, ...(frame === undefined ? {} : { frame }), offset: at + bad, reason: `invalid UTF-8 at ${where} (column byte ${bad + 1}); shown as U+FFFD`, text: '', code: 'utf8' as const }
      if (summary.lineCount === 0) early.push(damage)
      else record(damage)
    }
    const take = (parsed: ParsedLine[]) => {
      if (summary.lineCount === 1) {
        if (parser.header === null) return giveUp(early[0]?.reason ?? headerProblem(parsed))
        summary.header = parser.header
        for (const entry of parsed) batch.push(entry)
        for (const damage of early) record(damage)
        early = []
        return
      }
      // A run of unreadable lines leaves as one entry (../damage/invalid-runs.ts): a batch of a million blank lines,
      // or of a zstd frame that decodes to millions, stays one entry long.
      for (const entry of parsed) pushFolded(batch, entry)
    }
    const sink: LineSink = {
      line(text, line, frame) {
        if (stop) return
        summary.lineCount++
        take(parser.line(text, frame === undefined ? { line } : { line, frame }))
      },
      // Lines arrive undecoded: in skip-superseded mode the parser reads packed rows from their bytes.
      lineBytes(bytes, start, end, line, frame) {
        if (stop) return
        const offset = lineOffset
        checkUtf8(bytes, start, end, line, frame)
        summary.lineCount++
        take(parser.lineBytes(bytes, start, end, frame === undefined ? { line, offset } : { line, frame, offset }))
      },
      // A line of many MB, parsed from its text as it is decoded (never joined): the same reports and
      // entries as `lineBytes` would give, except that an unreadable-line entry shows the line's head.
      longLine() {
        const input = parser.longLine()
        return {
          piece: (text) => {
            if (!stop) input.push(text)
          },
          torn: () => input.torn(),
          end(invalidAt, byteLength, line, frame) {
            if (stop) return
            const offset = lineOffset
            if (invalidAt === -1) lineOffset += byteLength + 1
            else reportUtf8(invalidAt, byteLength, line, frame)
            summary.lineCount++
            take(input.end(frame === undefined ? { line, offset } : { line, frame, offset }))
          },
        }
      },
      damage(damage: Damage) {
        if (stop) return
        // A line skipped for its length still occupies its bytes (and newline) in the decoded text.
        if (damage.skippedLine !== undefined) lineOffset += damage.skippedLine + 1
        if (summary.lineCount === 0) early.push(damage)
        else record(damage)
      },
    }
    let ended: DecodeEnd | null = null
    try {
      const codec = this.source.encoding === 'zstd' ? await ZstdCodec.create() : null
      const store = this.options.chunks === 'skip-superseded' ? new ByteStore(() => parser.holding) : null
      const decoder = createLineDecoder(this.source.encoding, sink, codec, { ops: this.ops, isUtf8, ...(this.options.textLinesAbove === undefined ? {} : { textLinesAbove: this.options.textLinesAbove }), streamFramesAbove: this.options.streamFramesAbove ?? STREAM_FRAMES_ABOVE, ...(this.options.maxLineBytes === undefined ? {} : { maxLineBytes: this.options.maxLineBytes }), ...(store === null ? {} : { store }) })
      const slice = this.options.batchBytes ?? BATCH_BYTES
      const raw = this.source.encoding === 'jsonl'
      const chunks = this.options.head === undefined ? sourceBytes(this.source, this.options.chunkSize ?? READ_CHUNK) : [this.options.head]
      for await (const chunk of chunks) {
        summary.bytesRead += chunk.length
        // Decode a big read in slices and hand each slice's lines over at once: expanded events then die
        // young instead of surviving a scavenge while a whole 1 MB read is parsed (measured: GC bound).
        // Raw slices end after a newline where there is one, so lines are not cut and joined again.
        const lines = raw ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length) : null
        for (let at = 0, end = 0; at < chunk.length; at = end) {
          end = Math.min(at + slice, chunk.length)
          if (lines !== null && end < chunk.length) {
            const nl = lines.lastIndexOf(NEWLINE, end - 1)
            if (nl >= at) end = nl + 1
          }
          decoder.push(chunk.subarray(at, end))
          if (stop) return
          if (batch.length > 0) {
            const out = batch
            batch = []
            yield out
          }
        }
      }
      ended = decoder.end()
      // Whatever skip-superseded mode still holds: its steps never settled, so it comes out expanded.
      for (const entry of parser.flush()) batch.push(entry)
    } catch (err) {
      giveUp(ioProblem(err))
      return
    }
    summary.tornTail = ended.tornTail
    summary.tornBytes = ended.tornBytes
    summary.tornFrame = ended.tornFrame
    summary.frames = ended.frames
    if (stop) return
    if (summary.lineCount === 0) {
      giveUp(early[0]?.reason ?? (summary.bytesRead === 0 ? 'empty file' : 'no complete line: the header line is torn'))
      return
    }
    if (batch.length > 0) yield batch
  }
}

/** Opens one log for streamed reading; a string is a file path (encoding from its suffix). */
export function readSession(source: LogSource | string, options?: ReadOptions): SessionReader {
  return new SessionReader(typeof source === 'string' ? fileSource(source) : source, options)
}

function headerProblem(parsed: readonly ParsedLine[]): string {
  const first = parsed[0]
  return first !== undefined && first.kind === 'invalid' ? first.reason : 'line 1 is not a session header'
}

function ioProblem(err: unknown): string {
  if (err instanceof Error) {
    const code = 'code' in err ? err.code : undefined
    if (code === 'ENOENT') return 'no such file'
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
    if (code === 'EISDIR') return 'is a directory'
    return err.message
  }
  return String(err)
}

export { firstInvalidUtf8 } from '../bytes/utf8'
