/**
 * Test-only zstd *encoder*: Node 20 has no zstd compressor, so tests and the bench build legal zstd
 * frames (RFC 8878) out of Raw blocks (block type 0; RLE on request) with the content checksum dsh
 * writes — low 32 bits of XXH64(plaintext, seed 0), little-endian (log-format.md §5.1). It can emit every
 * frame-header variant (content-size field widths, single-segment, dictionary id, no checksum), which is
 * what the frame scanner must accept. `zstdLog` lays lines out the way dsh does: frame 0 is the header
 * line alone, then one frame per append batch. Never imported by src outside tests and the bench.
 */
import xxhash from 'xxhash-wasm'

export interface FrameOptions {
  /** Write the 4-byte content checksum (dsh always does). Default true. */
  checksum?: boolean
  /** Width of Frame_Content_Size: 0 (absent, dsh's async writer), 1 (single-segment only), 2, 4 or 8. */
  contentSizeBytes?: 0 | 1 | 2 | 4 | 8
  /** Single-segment frame (needs a content size; no window descriptor). Default false. */
  singleSegment?: boolean
  /** Dictionary id to declare (0 = none). Only for scanner tests: nothing can decode such a frame. */
  dictionaryId?: number
  /** Plaintext bytes per block (≤ 128 KiB). Default 128 KiB. */
  blockSize?: number
  /** Write a block whose bytes are all equal as an RLE block. Default false. */
  rle?: boolean
}

const encoder = new TextEncoder()
let hasher: Awaited<ReturnType<typeof xxhash>> | null = null

/** Loads the hash; call once (await) before `zstdFrame`. */
export async function initZstdEncoder(): Promise<void> {
  hasher ??= await xxhash()
}

export function zstdFrame(plaintext: Uint8Array | string, options: FrameOptions = {}): Uint8Array {
  if (hasher === null) throw new Error('await initZstdEncoder() first')
  const data = typeof plaintext === 'string' ? encoder.encode(plaintext) : plaintext
  const checksum = options.checksum ?? true
  const single = options.singleSegment ?? false
  const dict = options.dictionaryId ?? 0
  let fcsBytes = options.contentSizeBytes ?? 0
  if (single && fcsBytes === 0) fcsBytes = 1
  if (fcsBytes === 1 && !single) throw new Error('a 1-byte content size exists only in single-segment frames')
  const fcsFlag = fcsBytes === 0 || fcsBytes === 1 ? 0 : fcsBytes === 2 ? 1 : fcsBytes === 4 ? 2 : 3
  const dictBytes = dict === 0 ? 0 : dict < 256 ? 1 : dict < 65536 ? 2 : 4
  const dictFlag = dictBytes === 4 ? 3 : dictBytes

  const head: number[] = [0x28, 0xb5, 0x2f, 0xfd]
  head.push((fcsFlag << 6) | ((single ? 1 : 0) << 5) | ((checksum ? 1 : 0) << 2) | dictFlag)
  if (!single) head.push(0x58) // window 2 MiB, as Node's zstd writes for dsh
  pushLE(head, dict, dictBytes)
  if (fcsBytes > 0) pushLE(head, fcsBytes === 2 ? data.length - 256 : data.length, fcsBytes)

  // Blocks go straight into one buffer sized for the worst case (all raw), trimmed at the end.
  const blockSize = options.blockSize ?? 128 * 1024
  const blocks = Math.max(1, Math.ceil(data.length / blockSize))
  const out = new Uint8Array(head.length + blocks * 3 + data.length + 4)
  out.set(head)
  let pos = head.length
  let at = 0
  do {
    const block = data.subarray(at, at + blockSize)
    at += block.length
    const last = at >= data.length ? 1 : 0
    const rle = (options.rle ?? false) && block.length > 1 && block.every((b) => b === block[0])
    const header = (block.length << 3) | ((rle ? 1 : 0) << 1) | last
    out[pos++] = header & 0xff
    out[pos++] = (header >> 8) & 0xff
    out[pos++] = (header >> 16) & 0xff
    if (rle) {
      out[pos++] = block[0] ?? 0
    } else {
      out.set(block, pos)
      pos += block.length
    }
  } while (at < data.length)
  if (checksum) {
    const sum: number[] = []
    pushLE(sum, Number(hasher.h64Raw(data, 0n) & 0xffffffffn), 4)
    out.set(sum, pos)
    pos += 4
  }
  return out.slice(0, pos)
}

/** A dsh-style .zstd log: frame 0 = the header line alone, then one frame per batch of lines. */
export function zstdLog(headerLine: string, batches: readonly (readonly string[])[], options?: FrameOptions): Uint8Array {
  const frames = [zstdFrame(`${headerLine}\n`, options), ...batches.filter((b) => b.length > 0).map((b) => zstdFrame(`${b.join('\n')}\n`, options))]
  return concat(frames)
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function pushLE(out: number[], value: number, bytes: number): void {
  let v = value
  for (let i = 0; i < bytes; i++) {
    out.push(v % 256)
    v = Math.floor(v / 256)
  }
}
