/**
 * A growable FIFO of bytes for incremental decoders: append read chunks at the end, look at the
 * unconsumed bytes as one contiguous view, consume from the front. Capacity doubles, so accumulating a
 * frame that spans many reads costs amortised O(n) copying rather than a re-concatenation per read;
 * memory stays bounded by the largest unit the caller waits for (one zstd frame). `offset` tracks the
 * absolute position of the view's first byte in the stream. Pure: no node:*, no Buffer.
 */
export class ByteQueue {
  private buf: Uint8Array
  private head = 0
  private tail = 0
  /** Stream offset of the first unconsumed byte. */
  offset = 0

  constructor(initialCapacity = 64 * 1024) {
    this.buf = new Uint8Array(initialCapacity)
  }

  get length(): number {
    return this.tail - this.head
  }

  /** The unconsumed bytes. Valid until the next append or consume. */
  view(): Uint8Array {
    return this.buf.subarray(this.head, this.tail)
  }

  /** Copies `chunk` in; the caller may reuse its buffer afterwards. */
  append(chunk: Uint8Array): void {
    const need = this.length + chunk.length
    if (this.tail + chunk.length > this.buf.length) {
      if (need <= this.buf.length && this.head > 0) {
        this.buf.copyWithin(0, this.head, this.tail)
      } else {
        let capacity = this.buf.length
        while (capacity < need) capacity *= 2
        const next = new Uint8Array(capacity)
        next.set(this.buf.subarray(this.head, this.tail))
        this.buf = next
      }
      this.tail -= this.head
      this.head = 0
    }
    this.buf.set(chunk, this.tail)
    this.tail += chunk.length
  }

  consume(count: number): void {
    const n = Math.min(Math.max(count, 0), this.length)
    this.head += n
    this.offset += n
    if (this.head === this.tail) {
      this.head = 0
      this.tail = 0
    }
  }

  /** Drops a large buffer once it is empty again, so one huge frame does not pin its memory forever. */
  shrink(maxIdleCapacity: number): void {
    if (this.length === 0 && this.buf.length > maxIdleCapacity) this.buf = new Uint8Array(maxIdleCapacity)
  }
}
