/**
 * The one zstd adapter (architecture §1: swap the decoder here and nowhere else). It decodes a single
 * complete frame found by `scanZstdFrames`, verifies its content checksum (low 32 bits of
 * XXH64(plaintext, seed 0), little-endian, the frame's last 4 bytes; log-format.md §5.1), and salvages
 * what a torn or damaged frame still yields. Never throws on bad data: failures come back as values.
 *
 * Why fzstd 0.1.1 used this way (measured on Node 20.20, real dsh frames from fixtures/corpus/real-host,
 * which are ~1 KB single-block frames with a 2 MiB window and no content size):
 * - `decompress(frame)` and the streaming `Decompress` allocate the full 2 MiB window per frame and
 *   `copyWithin` it after every block: ~2 MB/s of plaintext on dsh's small batch frames.
 * - `decompress(frame, out)` decodes straight into `out` (no window copies): ~100 MB/s on the same frames.
 *   Two quirks make it usable only with care: fzstd tests `out == 1`, which stringifies the whole buffer
 *   unless it has a cheap `Symbol.toPrimitive` (hence `OutBuffer`), and it does not return how many bytes
 *   it wrote. Without a content size we find the end as the first 0x00 byte of a zero-filled buffer:
 *   valid JSONL never contains a NUL byte (JSON escapes U+0000), and the checksum then confirms the
 *   length. Anything else (no checksum and no content size, a mismatch, a decode error) falls back to the
 *   exact streaming decoder, which is slow but rare.
 * - The streaming decoder with `push(bytes, false)` emits every fully decoded block of a torn frame,
 *   which is what recovering the complete lines of a crash tail needs. It (and the exact fallback) gets
 *   the frame with its window descriptor shrunk to what the frame can hold (`withWindowAtLeast`), so it
 *   copies kilobytes rather than 2 MiB per block.
 * zstddec's streaming decoder measured faster in the issue, but it is not a dependency and its one-shot
 * `decode()` silently returns wrong lengths; Node ≥ 22.15 has `zlib.zstdDecompressSync`, which could be
 * added here behind a feature check once a Node 22 CI leg exists to test it.
 */
import { Decompress, decompress } from 'fzstd'
import xxhash from 'xxhash-wasm'
import { withWindowAtLeast, type ZstdFrame } from '../bytes/zstd-frames'

export type ChecksumState = 'ok' | 'mismatch' | 'absent'

export interface FrameDecode {
  /** The decoded bytes (possibly partial when `error` is set). Valid until the next call. */
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

type Hasher = Awaited<ReturnType<typeof xxhash>>
let hasherPromise: Promise<Hasher> | null = null

export class ZstdCodec {
  private scratch = new OutBuffer(256 * 1024)
  private dirty = 0

  private constructor(private readonly hasher: Hasher) {}

  static async create(): Promise<ZstdCodec> {
    hasherPromise ??= xxhash()
    return new ZstdCodec(await hasherPromise)
  }

  /** Decodes one complete frame (`bytes` is exactly the frame). */
  decodeFrame(bytes: Uint8Array, frame: ZstdFrame): FrameDecode {
    if (frame.kind === 'skippable') return { plaintext: new Uint8Array(0), checksum: 'absent', error: null }
    if (frame.dictionaryId !== 0) return { plaintext: new Uint8Array(0), checksum: 'absent', error: `frame needs zstd dictionary ${frame.dictionaryId}, which dsh never uses` }
    if (frame.hasChecksum || frame.contentSize !== null) {
      const fast = this.decodeInto(bytes, frame)
      if (fast !== null) {
        const checksum = this.verify(bytes, frame, fast)
        if (checksum !== 'mismatch' || frame.contentSize !== null) return { plaintext: fast, checksum, error: null }
        // A mismatch with an inferred length may be a NUL byte in the plaintext: decode exactly to tell.
      }
    }
    const exact = streamDecode(withWindowAtLeast(bytes, frame.maxContentSize), true)
    // A frame that does not decode cannot have its checksum checked: the error is the one report.
    if (exact.error !== null) return { plaintext: exact.plaintext, checksum: 'absent', error: exact.error }
    return { plaintext: exact.plaintext, checksum: this.verify(bytes, frame, exact.plaintext), error: null }
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
