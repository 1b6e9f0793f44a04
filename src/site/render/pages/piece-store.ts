/**
 * Where a session's rendered sections wait until its pages are cut (src/site/render/render-session.tsx). A page's
 * navigation names the page count, so no page can be finished before the last section is rendered; the
 * sections' HTML would otherwise all be held at once — about 0.6× the log for a real session, on top of
 * the model. Pieces stay in memory up to SPILL_BYTES, then go to a spool file (in the build's staging
 * state folder, so a killed build leaves it where the next build's recovery deletes it); a page is read
 * back as one contiguous range, since a page is consecutive pieces. Without a spool folder (export, aria
 * snapshots: one file of a bounded size) everything stays in memory.
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writevSync } from 'node:fs'
import { join } from 'node:path'

/** Rendered HTML held in memory before the store moves it to its spool file. */
export const SPILL_BYTES = 16 * 1024 * 1024

/**
 * Pieces are written to the spool in runs of about this many bytes, not one write each — those held when it
 * spills as those put later: a long session's Trajectory spools thousands of pieces of a few KB (one a
 * turn), and a system call per piece was a measurable part of its render (issue 29's time goal).
 */
const WRITE_RUN_BYTES = 1024 * 1024

let spools = 0

export class PieceStore {
  /** Piece i's bytes while in memory (null once spilled). */
  #memory: (Buffer | null)[] = []
  /** Byte offset of piece i in the spool (the end of the last at `offsets[length]`). */
  readonly #offsets: number[] = [0]
  #held = 0
  #fd: number | null = null
  #path: string | null = null
  /** Spilled pieces not yet written (in order; they start at `#pendingAt` in the spool), at most ~WRITE_RUN_BYTES. */
  #pending: Buffer[] = []
  #pendingAt = 0
  #pendingBytes = 0

  /** `spoolDir`: a folder for the spool file; null keeps every piece in memory. `spill`: bytes held before spilling. */
  constructor(
    private readonly spoolDir: string | null,
    private readonly spill = SPILL_BYTES,
  ) {}

  get count(): number {
    return this.#offsets.length - 1
  }

  /** Adds a piece; returns its index. */
  put(bytes: Buffer): number {
    const index = this.count
    const end = (this.#offsets[this.#offsets.length - 1] as number) + bytes.length
    this.#offsets.push(end)
    if (this.#fd !== null) {
      this.#queue(bytes, end - bytes.length)
      this.#memory.push(null)
      return index
    }
    this.#memory.push(bytes)
    this.#held += bytes.length
    if (this.spoolDir !== null && this.#held > this.spill) this.#spill(this.spoolDir)
    return index
  }

  /** Pieces `from` … `to - 1`, in order (one buffer read back from the spool when spilled). */
  chunks(from: number, to: number): Buffer[] {
    if (this.#fd === null) return this.#memory.slice(from, to).map(b => b as Buffer)
    this.#flush()
    const start = this.#offsets[from] as number
    const length = (this.#offsets[to] as number) - start
    const out = Buffer.allocUnsafe(length)
    for (let done = 0; done < length; ) {
      const n = readSync(this.#fd, out, done, length - done, start + done)
      if (n === 0) throw new Error('the page spool ended early')
      done += n
    }
    return [out]
  }

  /** Deletes the spool file (idempotent). */
  close(): void {
    if (this.#fd !== null) closeSync(this.#fd)
    this.#fd = null
    if (this.#path !== null) rmSync(this.#path, { force: true })
    this.#path = null
    this.#memory = []
    this.#pending = []
    this.#pendingBytes = 0
  }

  /** Adds a piece spooled at `at` to the pending run, which is written once it reaches WRITE_RUN_BYTES. */
  #queue(bytes: Buffer, at: number): void {
    if (this.#pending.length === 0) this.#pendingAt = at
    this.#pending.push(bytes)
    this.#pendingBytes += bytes.length
    if (this.#pendingBytes >= WRITE_RUN_BYTES) this.#flush()
  }

  /** Writes the pending run (one `writev`; a short write goes on from where it stopped). */
  #flush(): void {
    if (this.#pending.length === 0) return
    let buffers = this.#pending
    let position = this.#pendingAt
    let left = this.#pendingBytes
    this.#pending = []
    this.#pendingBytes = 0
    while (left > 0) {
      let n = writevSync(this.#fd as number, buffers, position)
      position += n
      left -= n
      if (left === 0) break
      // Drop what was written: whole buffers, then the front of the one it stopped in.
      let k = 0
      while (n >= (buffers[k] as Buffer).length) n -= (buffers[k++] as Buffer).length
      buffers = [(buffers[k] as Buffer).subarray(n), ...buffers.slice(k + 1)]
    }
  }

  /** Moves every piece held so far to a new spool file, written in runs as later pieces are. */
  #spill(dir: string): void {
    mkdirSync(dir, { recursive: true })
    this.#path = join(dir, `spool-${process.pid}-${++spools}.tmp`)
    this.#fd = openSync(this.#path, 'w+')
    this.#memory.forEach((bytes, i) => {
      if (bytes !== null) this.#queue(bytes, this.#offsets[i] as number)
    })
    this.#flush()
    this.#memory = this.#memory.map(() => null)
    this.#held = 0
  }
}
