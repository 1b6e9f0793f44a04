/**
 * Where a session's rendered sections wait until its pages are cut (src/site/render/render-session.tsx). A page's
 * navigation names the page count, so no page can be finished before the last section is rendered; the
 * sections' HTML would otherwise all be held at once — about 0.6× the log for a real session, on top of
 * the model. Pieces stay in memory up to SPILL_BYTES, then go to a spool file (in the build's staging
 * state folder, so a killed build leaves it where the next build's recovery deletes it); a page is read
 * back as one contiguous range, since a page is consecutive pieces. Without a spool folder (export, aria
 * snapshots: one file of a bounded size) everything stays in memory.
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Rendered HTML held in memory before the store moves it to its spool file. */
export const SPILL_BYTES = 16 * 1024 * 1024

let spools = 0

export class PieceStore {
  /** Piece i's bytes while in memory (null once spilled). */
  #memory: (Buffer | null)[] = []
  /** Byte offset of piece i in the spool (the end of the last at `offsets[length]`). */
  readonly #offsets: number[] = [0]
  #held = 0
  #fd: number | null = null
  #path: string | null = null

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
      this.#write(bytes, end - bytes.length)
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
  }

  #spill(dir: string): void {
    mkdirSync(dir, { recursive: true })
    this.#path = join(dir, `spool-${process.pid}-${++spools}.tmp`)
    this.#fd = openSync(this.#path, 'w+')
    this.#memory.forEach((bytes, i) => {
      if (bytes !== null) this.#write(bytes, this.#offsets[i] as number)
    })
    this.#memory = this.#memory.map(() => null)
    this.#held = 0
  }

  #write(bytes: Buffer, position: number): void {
    for (let done = 0; done < bytes.length; ) done += writeSync(this.#fd as number, bytes, done, bytes.length - done, position + done)
  }
}
