/**
 * Bytes that stay valid while a skip-superseded parser may still look at them. The parser holds a step's
 * packed rows undecoded, as views of the bytes they were read from (packed-scan.ts), until the step
 * resolves; read buffers and zstd scratch space are reused, so the reader copies what it decodes into a
 * store block first (one memcpy per chunk or frame, far cheaper than a copy per held row) and the rows
 * point there. Blocks are reused, not reallocated: when a block is full and `inUse()` says nothing is held
 * any more, every block is free again; otherwise the full block is set aside until then. So a log costs a
 * few blocks, not a fresh 1 MiB per MiB read (which measured ~2× the GC time and more page faults).
 * Pure: no node:*, no Buffer.
 */

/** Largest block; a larger chunk gets a block of its own, which is not reused. */
export const STORE_BLOCK = 1024 * 1024
/** First block: a small log does not pay for 1 MiB. Later blocks double up to STORE_BLOCK. */
const FIRST_BLOCK = 64 * 1024
/** Free blocks kept for reuse. */
const MAX_FREE = 8

export class ByteStore {
  private block: Uint8Array = new Uint8Array(0)
  private used = 0
  private nextSize = FIRST_BLOCK
  /** Full blocks that held rows may still point into. */
  private retired: Uint8Array[] = []
  private free: Uint8Array[] = []

  /** `inUse()`: whether anything may still point into bytes kept earlier (the parser holds rows). */
  constructor(private readonly inUse: () => boolean) {}

  /** A copy of `bytes` that stays unchanged while `inUse()` is true. */
  keep(bytes: Uint8Array): Uint8Array {
    const n = bytes.length
    if (this.used + n > this.block.length) this.nextBlock(n)
    const at = this.used
    this.block.set(bytes, at)
    this.used = at + n
    return this.block.subarray(at, at + n)
  }

  private nextBlock(n: number): void {
    const idle = !this.inUse()
    if (idle) {
      for (const block of this.retired) this.free.push(block)
      this.retired = []
    }
    if (this.block.length > 0 && this.block.length <= STORE_BLOCK) (idle ? this.free : this.retired).push(this.block)
    if (this.free.length > MAX_FREE) this.free.splice(0, this.free.length - MAX_FREE)
    const last = this.free.at(-1)
    if (last !== undefined && last.length >= n) {
      this.block = last
      this.free.pop()
    } else {
      this.block = new Uint8Array(Math.max(this.nextSize, n))
      this.nextSize = Math.min(STORE_BLOCK, this.nextSize * 2)
    }
    this.used = 0
  }
}
