/**
 * The one zstd adapter (architecture §1: swap the decoder here and nowhere else). It decodes a single
 * complete frame found by `scanZstdFrames`, verifies its content checksum (low 32 bits of
 * XXH64(plaintext, seed 0), little-endian, the frame's last 4 bytes; log-format.md §5.1), and salvages
 * what a torn or damaged frame still yields. Never throws on bad data: failures come back as values.
 *
 * Three decoders, chosen per frame (measured on Node 20.20, 2 shared cores, on the bench's ~6,500 dsh-style
 * frames of ~1.1 KB compressed / ~3 KB plain, and on fixtures/corpus/real-host's real frames):
 * 1. **zstd's C decoder in wasm** (zstddec 0.3.4, raw exports: wasm-zstd.ts) for every complete frame up
 *    to 8 MiB of plaintext: ~260 MB/s of plaintext against ~56 MB/s for the fzstd path below. dsh's
 *    frames are small, so per-frame table setup dominates; C rebuilds its tables ~5× faster than fzstd's
 *    JS. zstd verifies the content checksum itself and reports damage as an error code, so a success
 *    is exact length + checksum `ok`; any error (mismatch, corrupt block, truncation) falls through to
 *    (2)/(3), which word the damage exactly as before (xxhash-wasm does that checksum). zstddec's own
 *    `decode()` is not used: it hides those error codes (returns 0 bytes or a wrong length, §5.3), and
 *    its `decodeStreaming()` measured slower (~220 MB/s: a new context and two 128 KiB buffers per call)
 *    and can loop on input it cannot advance. Larger frames skip wasm because its heap never shrinks.
 * 2. **fzstd `decompress(frame, out)`** straight into a zero-filled scratch buffer (no window copies):
 *    fzstd tests `out == 1`, which stringifies the whole buffer unless it has a cheap
 *    `Symbol.toPrimitive` (hence `OutBuffer`), and it does not return how many bytes it wrote. Without a
 *    content size we find the end as the first 0x00 byte: valid JSONL never contains a NUL byte (JSON
 *    escapes U+0000), and the xxhash checksum then confirms the length. (fzstd's plain
 *    `decompress(frame)` and streaming `Decompress` allocate and shift a 2 MiB window per block:
 *    ~2 MB/s on dsh's frames.)
 * 3. **fzstd's streaming decoder**, exact and slow, for what (2) cannot settle (no checksum and no content
 *    size, a mismatch, a decode error) and for torn frames: `push(bytes, false)` emits every fully
 *    decoded block of a torn frame, which is what recovering the complete lines of a crash tail needs.
 *    It gets the frame with its window descriptor shrunk to what the frame can hold
 *    (`withWindowAtLeast`), so it copies kilobytes rather than 2 MiB per block.
 * 4. **Streaming, for large frames** (zstd-frame-stream.ts): the whole-log reader's `ZstdLineDecoder` sends a
 *    frame whose plaintext may exceed `STREAM_FRAMES_ABOVE` (declared or bounded), or with over 1 MiB of
 *    compressed bytes pending, to `openStream` instead of (1)–(3), one block at a time as it is read
 *    (`ZSTD_decompressStream` in wasm; fzstd's streaming decoder without wasm). A 1 GB single-frame log
 *    then needs neither its compressed frame nor its plaintext whole in memory (issue 17: ~4.3 GB → ~140 MB
 *    peak RSS reading one, and ~2.8× faster than (2) was on it).
 * Node ≥ 22.15's `zlib.zstdDecompressSync` could replace (1) behind a feature check once a Node 22 CI leg
 * exists to test it. There is one codec per process (`create()` returns it): the wasm scratch is shared.
 */
import { Decompress, decompress } from 'fzstd'
import xxhash from 'xxhash-wasm'
import { withWindowAtLeast, type ChecksumState, type ZstdFrame, type ZstdFrameHeader } from '../../bytes/zstd-frames'
import { loadWasmZstd, type WasmZstd } from './wasm-zstd'
import { openFrameStream, type FrameStream, type PlaintextSink } from './zstd-frame-stream'

export interface FrameDecode {
  /** The decoded bytes (possibly partial when `error` is set). Valid until the next call on the codec. */
  plaintext: Uint8Array
  checksum: ChecksumState
  /** Why decoding stopped early, or null. */
  error: string | null
}

/** fzstd compares its output argument with `== 1`; a cheap primitive keeps that from joining every byte. */
class OutBuffer extends Uint8Array {
  [Symbol.toPrimitive](): number {
    return Number.NaN
  }
}

// Scratch output space is kept between frames; beyond this size it is released after use.
const KEEP_SCRATCH = 8 * 1024 * 1024
/** Frames whose plaintext may exceed this go to fzstd: the wasm heap keeps its high-water mark. */
const WASM_MAX_PLAINTEXT = 8 * 1024 * 1024

/**
 * Frames larger than this (plaintext, or compressed bytes) are decoded as they arrive (`openStream`) by the
 * whole-log reader: the same 8 MiB as the wasm limit, so every frame either fits the fast path or streams.
 */
export const STREAM_FRAMES_ABOVE = WASM_MAX_PLAINTEXT

/** How many frames each decoder settled (tests check the fast path is really taken). */
export interface CodecCounts {
  wasm: number
  fzstd: number
  exact: number
  /** Large frames opened for streaming (`openStream`). */
  streamed: number
}

type Hasher = Awaited<ReturnType<typeof xxhash>>
let shared: Promise<ZstdCodec> | null = null

export class ZstdCodec {
  private scratch = new OutBuffer(256 * 1024)
  private dirty = 0
  readonly counts: CodecCounts = { wasm: 0, fzstd: 0, exact: 0, streamed: 0 }

  private constructor(
    private readonly hasher: Hasher,
    private readonly wasm: WasmZstd | null,
  ) {}

  /** The process's codec (decoding is synchronous, so one set of scratch buffers serves every reader). */
  static create(): Promise<ZstdCodec> {
    shared ??= Promise.all([xxhash(), loadWasmZstd()]).then(([hasher, wasm]) => new ZstdCodec(hasher, wasm))
    return shared
  }

  /** Decodes one complete frame (`bytes` is exactly the frame). */
  decodeFrame(bytes: Uint8Array, frame: ZstdFrame): FrameDecode {
    if (frame.kind === 'skippable') return { plaintext: new Uint8Array(0), checksum: 'absent', error: null }
    if (frame.dictionaryId !== 0) return { plaintext: new Uint8Array(0), checksum: 'absent', error: `frame needs zstd dictionary ${frame.dictionaryId}, which dsh never uses` }
    if (this.wasm !== null && frame.maxContentSize <= WASM_MAX_PLAINTEXT) {
      const plaintext = this.wasmDecode(bytes, frame.maxContentSize)
      // An error code (damage, truncation) is worded by the fzstd paths below.
      if (plaintext !== null) {
        this.counts.wasm++
        return { plaintext, checksum: frame.hasChecksum ? 'ok' : 'absent', error: null }
      }
    }
    if (frame.hasChecksum || frame.contentSize !== null) {
      const fast = this.decodeInto(bytes, frame)
      if (fast !== null) {
        const checksum = this.verify(bytes, frame, fast)
        if (checksum !== 'mismatch' || frame.contentSize !== null) {
          this.counts.fzstd++
          return { plaintext: fast, checksum, error: null }
        }
        // A mismatch with an inferred length may be a NUL byte in the plaintext: decode exactly to tell.
      }
    }
    this.counts.exact++
    const exact = streamDecode(withWindowAtLeast(bytes, frame.maxContentSize), true)
    // A frame that does not decode cannot have its checksum checked: the error is the one report.
    if (exact.error !== null) return { plaintext: exact.plaintext, checksum: 'absent', error: exact.error }
    return { plaintext: exact.plaintext, checksum: this.verify(bytes, frame, exact.plaintext), error: null }
  }

  /** Size of the wasm decoder's heap (0 without wasm). */
  get wasmHeapBytes(): number {
    return this.wasm?.heapBytes() ?? 0
  }

  /** A decoder for one large frame fed in pieces; its plaintext goes to `sink` (zstd-frame-stream.ts). */
  openStream(header: ZstdFrameHeader, sink: PlaintextSink): FrameStream {
    this.counts.streamed++
    return openFrameStream(header, sink, this.wasm, this.hasher)
  }

  /**
   * Everything decodable from the start of an incomplete frame: its fully decoded blocks. `bound` is the
   * scanner's `tornMaxContentSize` (0: no complete block, nothing to decode).
   */
  decodePrefix(bytes: Uint8Array, bound: number): FrameDecode {
    if (bound === 0) return { plaintext: new Uint8Array(0), checksum: 'absent', error: null }
    const result = streamDecode(withWindowAtLeast(bytes, bound), false)
    return { plaintext: result.plaintext, checksum: 'absent', error: result.error }
  }

  /** zstd's own decoder; null on any failure (the fzstd paths then decode and word it). */
  private wasmDecode(bytes: Uint8Array, capacity: number): Uint8Array | null {
    try {
      const result = this.wasm?.decode(bytes, capacity) ?? null
      return typeof result === 'number' ? null : result
    } catch {
      return null
    }
  }

  /** Fast path; null when fzstd threw (the caller falls back to the exact decoder). */
  private decodeInto(bytes: Uint8Array, frame: ZstdFrame): Uint8Array | null {
    const bound = frame.maxContentSize
    if (this.scratch.length < bound + 1) {
      this.scratch = new OutBuffer(Math.max(bound + 1, this.scratch.length * 2))
      this.dirty = 0
    } else if (this.dirty > 0) {
      this.scratch.fill(0, 0, this.dirty)
    }
    const out = this.scratch.subarray(0, bound)
    this.dirty = bound
    try {
      decompress(bytes, out)
    } catch {
      return null
    }
    const length = frame.contentSize ?? firstZero(out, bound)
    this.dirty = length
    const plaintext = this.scratch.subarray(0, length)
    if (this.scratch.length > KEEP_SCRATCH) {
      // Hand the big buffer over instead of copying it: it is freed once the caller drops the plaintext.
      this.scratch = new OutBuffer(256 * 1024)
      this.dirty = 0
    }
    return plaintext
  }

  private verify(bytes: Uint8Array, frame: ZstdFrame, plaintext: Uint8Array): ChecksumState {
    if (!frame.hasChecksum) return 'absent'
    const n = bytes.length
    const stored = ((bytes[n - 4] ?? 0) | ((bytes[n - 3] ?? 0) << 8) | ((bytes[n - 2] ?? 0) << 16) | ((bytes[n - 1] ?? 0) << 24)) >>> 0
    const actual = Number(this.hasher.h64Raw(plaintext, 0n) & 0xffffffffn)
    return actual === stored ? 'ok' : 'mismatch'
  }
}

function firstZero(out: Uint8Array, bound: number): number {
  const at = out.indexOf(0)
  return at === -1 ? bound : at
}

/** The exact (slow) decoder: fzstd's streaming API, keeping every block it emitted before any error. */
function streamDecode(bytes: Uint8Array, final: boolean): { plaintext: Uint8Array; error: string | null } {
  const blocks: Uint8Array[] = []
  let total = 0
  let error: string | null = null
  const stream = new Decompress((block) => {
    // fzstd reuses nothing it hands out, but copy defensively: it is cheap next to the window copies.
    blocks.push(block.slice())
    total += block.length
  })
  try {
    stream.push(bytes, final)
  } catch (err) {
    error = `zstd decoding failed: ${err instanceof Error ? err.message : String(err)}`
  }
  const plaintext = new Uint8Array(total)
  let at = 0
  for (const block of blocks) {
    plaintext.set(block, at)
    at += block.length
  }
  return { plaintext, error }
}
