/**
 * Walks the structure of concatenated Zstandard frames (RFC 8878) without decompressing anything:
 * magic, frame header descriptor, window / dictionary / content-size fields, 3-byte block headers and the
 * optional 4-byte content checksum. It yields every complete frame and `tornStart`, the offset of an
 * incomplete final frame (a crash tail, or simply "wait for more bytes" when following a growing file).
 * dsh writes one frame per append batch (log-format.md §5.1); this mirrors dsh's own `scanZstdFrames`
 * (§5.2), including its corruption rules: bad magic, a reserved descriptor bit (0x18), a reserved block
 * type 3. Skippable frames are standard, so they are walked over and reported as such.
 * Pure: no node:*, no Buffer — the browser's live mode may run it.
 */

export const ZSTD_MAGIC = 0xfd2fb528
/** Largest block a frame may hold (RFC 8878 §3.1.1.2.3: Block_Maximum_Size ≤ 128 KiB). */
export const ZSTD_BLOCK_MAX = 128 * 1024

/** What a frame's content checksum said once its plaintext was decoded: it matched, it did not, or the frame has none. */
export type ChecksumState = 'ok' | 'mismatch' | 'absent'

export interface ZstdFrame {
  kind: 'zstd' | 'skippable'
  /** Byte offsets in the scanned buffer: the frame is `bytes.subarray(start, end)`. */
  start: number
  end: number
  /** Frame_Content_Size when the header carries it (exact plaintext length), else null. */
  contentSize: number | null
  /** Upper bound of the plaintext length: contentSize, else the sum of per-block bounds. */
  maxContentSize: number
  windowSize: number
  dictionaryId: number
  hasChecksum: boolean
  blocks: number
}

export interface ZstdScan {
  frames: ZstdFrame[]
  /** Start of an incomplete final frame, or null when the input ends on a frame boundary or is corrupt. */
  tornStart: number | null
  /** Upper bound of the plaintext the torn frame's complete blocks hold (0 when none is complete). */
  tornMaxContentSize: number
  /** Structural corruption where scanning stopped (frames before it are still listed). */
  corrupt: { offset: number; reason: string } | null
}

type FrameResult = { frame: ZstdFrame } | { torn: true; bound: number } | { corrupt: string }

const TORN_EMPTY: { torn: true; bound: number } = { torn: true, bound: 0 }

/** Scans `bytes[start, end)` for consecutive frames. */
export function scanZstdFrames(bytes: Uint8Array, start = 0, end = bytes.length): ZstdScan {
  const frames: ZstdFrame[] = []
  let pos = start
  while (pos < end) {
    const result = scanFrame(bytes, pos, end)
    if ('frame' in result) {
      frames.push(result.frame)
      pos = result.frame.end
    } else if ('torn' in result) {
      return { frames, tornStart: pos, tornMaxContentSize: result.bound, corrupt: null }
    } else {
      return { frames, tornStart: null, tornMaxContentSize: 0, corrupt: { offset: pos, reason: result.corrupt } }
    }
  }
  return { frames, tornStart: null, tornMaxContentSize: 0, corrupt: null }
}

/**
 * A copy of a frame (or torn frame prefix) whose window descriptor declares the smallest window that is
 * still ≥ `needed`, or the input when it cannot shrink. `needed` must cover the plaintext of the blocks
 * to decode: the scanner's `maxContentSize` / `tornMaxContentSize` do (a compressed block counts 128 KiB).
 * A window only has to cover the plaintext a frame holds, since back-references never reach before the
 * frame; decoders such as fzstd allocate and shift the declared window per block, so for dsh's ~1 KB
 * frames with a 2 MiB window this is the difference between kilobytes and megabytes copied per block.
 */
export function withWindowAtLeast(frame: Uint8Array, needed: number): Uint8Array {
  if (frame.length < 6 || u32le(frame, 0) !== ZSTD_MAGIC) return frame
  const descriptor = frame[4] ?? 0
  if ((descriptor >> 5) & 1) return frame // single segment: no window descriptor
  const current = windowOf(frame[5] ?? 0)
  for (let exponent = 0; exponent < 32; exponent++) {
    for (let mantissa = 0; mantissa < 8; mantissa++) {
      const wd = (exponent << 3) | mantissa
      const size = windowOf(wd)
      if (size < needed) continue
      if (size >= current) return frame
      const copy = frame.slice()
      copy[5] = wd
      return copy
    }
  }
  return frame
}

function windowOf(descriptorByte: number): number {
  const base = 2 ** (10 + (descriptorByte >> 3))
  return base + (base / 8) * (descriptorByte & 7)
}

/** Offset of the next zstd magic at or after `from`, or -1: where to resume after corruption. */
export function findZstdMagic(bytes: Uint8Array, from: number, end = bytes.length): number {
  for (let i = bytes.indexOf(0x28, from); i !== -1 && i + 4 <= end; i = bytes.indexOf(0x28, i + 1)) {
    if (bytes[i + 1] === 0xb5 && bytes[i + 2] === 0x2f && bytes[i + 3] === 0xfd) return i
  }
  return -1
}

function u32le(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0
}

/** Little-endian unsigned integer of `size` bytes (0–8); 8-byte values beyond 2^53 lose precision. */
function uintLE(bytes: Uint8Array, at: number, size: number): number {
  let value = 0
  for (let i = size - 1; i >= 0; i--) value = value * 256 + (bytes[at + i] ?? 0)
  return value
}

/** A zstd frame's header fields (RFC 8878 §3.1.1.1), as `readFrameHeader` finds them. */
export interface ZstdFrameHeader {
  /** Offset just past the header: where the first block header starts. */
  headerEnd: number
  contentSize: number | null
  windowSize: number
  dictionaryId: number
  hasChecksum: boolean
  /** Largest plaintext a compressed block of this frame may hold (counted into `maxContentSize`). */
  blockMax: number
}

type HeaderResult = { header: ZstdFrameHeader } | { torn: true; bound: number } | { corrupt: string }

/**
 * The header of the zstd (not skippable) frame whose magic is at `start`: torn when `bytes[start, end)`
 * ends inside it. Shared by the scanner and the streaming reader of large frames (src/log/node).
 */
export function readFrameHeader(bytes: Uint8Array, start: number, end: number): HeaderResult {
  let pos = start + 4
  if (pos >= end) return TORN_EMPTY
  const descriptor = bytes[pos] ?? 0
  // 0x08 is reserved; 0x10 is "unused". dsh rejects both (log-format.md §5.2), and so do we.
  if (descriptor & 0x18) return { corrupt: `reserved bit set in frame header descriptor 0x${hex2(descriptor)}` }
  const fcsFlag = descriptor >> 6
  const singleSegment = (descriptor >> 5) & 1
  const hasChecksum = ((descriptor >> 2) & 1) === 1
  const dictFlag = descriptor & 3
  const windowBytes = singleSegment ? 0 : 1
  const dictBytes = dictFlag === 3 ? 4 : dictFlag
  const fcsBytes = fcsFlag === 0 ? singleSegment : 1 << fcsFlag
  pos += 1
  const headerEnd = pos + windowBytes + dictBytes + fcsBytes
  if (headerEnd > end) return TORN_EMPTY

  let windowSize = 0
  if (windowBytes) {
    windowSize = windowOf(bytes[pos] ?? 0)
    pos += 1
  }
  const dictionaryId = uintLE(bytes, pos, dictBytes)
  pos += dictBytes
  let contentSize: number | null = null
  if (fcsBytes) {
    contentSize = uintLE(bytes, pos, fcsBytes) + (fcsBytes === 2 ? 256 : 0)
    if (!Number.isSafeInteger(contentSize)) return { corrupt: 'frame content size out of range' }
    pos += fcsBytes
  }
  if (singleSegment) windowSize = contentSize ?? 0
  const blockMax = Math.min(ZSTD_BLOCK_MAX, Math.max(windowSize, 1))
  return { header: { headerEnd, contentSize, windowSize, dictionaryId, hasChecksum, blockMax } }
}

function scanFrame(bytes: Uint8Array, start: number, end: number): FrameResult {
  if (end - start < 4) return isMagicPrefix(bytes, start, end) ? TORN_EMPTY : { corrupt: 'not a zstd frame (bad magic)' }
  const magic = u32le(bytes, start)
  if ((magic & 0xfffffff0) === 0x184d2a50) return scanSkippable(bytes, start, end)
  if (magic !== ZSTD_MAGIC) return { corrupt: 'not a zstd frame (bad magic)' }
  const read = readFrameHeader(bytes, start, end)
  if (!('header' in read)) return read
  const { headerEnd, contentSize, windowSize, dictionaryId, hasChecksum, blockMax } = read.header

  let pos = headerEnd
  let blocks = 0
  let bound = 0
  for (;;) {
    if (pos + 3 > end) return { torn: true, bound }
    const header = (bytes[pos] ?? 0) | ((bytes[pos + 1] ?? 0) << 8) | ((bytes[pos + 2] ?? 0) << 16)
    const problem = blockProblem(header, pos)
    if (problem !== null) return { corrupt: problem }
    const last = header & 1
    const type = (header >> 1) & 3
    const size = header >>> 3
    pos += 3
    // Raw: `size` bytes follow. RLE: one byte follows, regenerated `size` times. Compressed: `size` bytes.
    const payload = type === 1 ? 1 : size
    if (pos + payload > end) return { torn: true, bound }
    pos += payload
    bound += type === 2 ? blockMax : size
    blocks++
    if (last) break
  }
  if (hasChecksum) {
    if (pos + 4 > end) return { torn: true, bound }
    pos += 4
  }
  return {
    frame: {
      kind: 'zstd',
      start,
      end: pos,
      contentSize,
      maxContentSize: contentSize ?? bound,
      windowSize,
      dictionaryId,
      hasChecksum,
      blocks,
    },
  }
}

/** Why a 3-byte block header is corrupt (reported with `at`, its offset), or null. */
function blockProblem(header: number, at: number): string | null {
  if (((header >> 1) & 3) === 3) return `reserved block type at offset ${at}`
  const size = header >>> 3
  if (size > ZSTD_BLOCK_MAX) return `block of ${size} bytes exceeds the 128 KiB maximum at offset ${at}`
  return null
}

/** What `ZstdBlockWalker.advance` found in the bytes it was given. */
export interface WalkStep {
  /** How many of the given bytes belong to the frame (all of them unless it ended or is corrupt). */
  used: number
  /** The frame's last byte was among them (its content checksum, or its last block). */
  done: boolean
  /** Structural corruption at a block header (scanner wording; offset from the frame start), or null. */
  corrupt: string | null
  /** With `corrupt`: how many of the given bytes precede the bad block header (negative: it began earlier). */
  corruptAt: number
  /** With `corrupt`: the bad block header's 3 bytes (a new frame's magic often sits there). */
  badHeader: Uint8Array | null
}

/**
 * `scanZstdFrames`'s block walk, one piece of a frame at a time, so a frame far larger than memory can be
 * followed without holding it: give it the bytes after the frame header in any chunking and it tells where
 * the frame ends, applying the scanner's corruption rules (same wording, offsets from the frame start). It
 * keeps only a partial block header (≤ 3 bytes) and the 4-byte content checksum.
 */
export class ZstdBlockWalker {
  /** Offset (from the frame start) of the next byte to walk. */
  private pos: number
  /** Bytes still to skip of the current block's payload. */
  private payload = 0
  private readonly partial = new Uint8Array(3)
  private partialLength = 0
  private lastBlock = false
  private checksumLength = 0
  /** The frame's content checksum bytes once walked (little-endian XXH64 low 32 bits). */
  readonly checksum = new Uint8Array(4)
  /** Sum of per-block plaintext bounds so far (as `maxContentSize` counts them). */
  bound = 0

  constructor(private readonly header: ZstdFrameHeader, headerLength: number) {
    this.pos = headerLength
  }

  /** Bytes of the frame walked so far, header included. */
  get length(): number {
    return this.pos
  }

  get storedChecksum(): number {
    return u32le(this.checksum, 0)
  }

  /**
   * Walks `bytes` (the frame's next bytes), stopping at the end of a block: a decoder fed one step at a
   * time then finishes at most one block per call, and meets the content checksum in a call of its own.
   */
  advance(bytes: Uint8Array): WalkStep {
    let i = 0
    const n = bytes.length
    while (i < n) {
      if (this.payload > 0) {
        const take = Math.min(this.payload, n - i)
        this.payload -= take
        i += take
        this.pos += take
        if (this.payload === 0) return this.blockEnd(i)
        continue
      }
      if (this.lastBlock) {
        // The content checksum follows the last block.
        this.checksum[this.checksumLength++] = bytes[i++] ?? 0
        this.pos++
        if (this.checksumLength === 4) return { used: i, done: true, corrupt: null, corruptAt: 0, badHeader: null }
        continue
      }
      this.partial[this.partialLength++] = bytes[i++] ?? 0
      if (this.partialLength < 3) continue
      this.partialLength = 0
      const at = this.pos
      const header = (this.partial[0] ?? 0) | ((this.partial[1] ?? 0) << 8) | ((this.partial[2] ?? 0) << 16)
      const problem = blockProblem(header, at)
      if (problem !== null) return { used: Math.max(0, i - 3), done: false, corrupt: problem, corruptAt: i - 3, badHeader: this.partial.slice() }
      this.pos += 3
      const type = (header >> 1) & 3
      const size = header >>> 3
      this.payload = type === 1 ? 1 : size
      this.bound += type === 2 ? this.header.blockMax : size
      this.lastBlock = (header & 1) === 1
      if (this.payload === 0) return this.blockEnd(i)
    }
    return { used: n, done: false, corrupt: null, corruptAt: 0, badHeader: null }
  }

  private blockEnd(used: number): WalkStep {
    return { used, done: this.lastBlock && !this.header.hasChecksum, corrupt: null, corruptAt: 0, badHeader: null }
  }
}

function scanSkippable(bytes: Uint8Array, start: number, end: number): FrameResult {
  if (start + 8 > end) return TORN_EMPTY
  const frameEnd = start + 8 + u32le(bytes, start + 4)
  if (frameEnd > end) return TORN_EMPTY
  const frame: ZstdFrame = {
    kind: 'skippable',
    start,
    end: frameEnd,
    contentSize: 0,
    maxContentSize: 0,
    windowSize: 0,
    dictionaryId: 0,
    hasChecksum: false,
    blocks: 0,
  }
  return { frame }
}

/** A buffer shorter than 4 bytes can still be the start of a frame (torn) only if it matches the magic. */
function isMagicPrefix(bytes: Uint8Array, start: number, end: number): boolean {
  const magic = [0x28, 0xb5, 0x2f, 0xfd]
  const skippable = [0x50, 0x2a, 0x4d, 0x18]
  let zstd = true
  let skip = true
  for (let i = start; i < end; i++) {
    const b = bytes[i] ?? 0
    const k = i - start
    if (b !== magic[k]) zstd = false
    if (k === 0 ? (b & 0xf0) !== 0x50 : b !== skippable[k]) skip = false
  }
  return zstd || skip
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0')
}
