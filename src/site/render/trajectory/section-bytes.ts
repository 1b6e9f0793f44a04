/**
 * One ledger section's rows as UTF-8, encoded once, as each row is written (./render-trajectory.tsx): a row's
 * markup goes straight into a scratch buffer, and its size is what the encoder wrote plus the elements and
 * deferred links the writer counted (components/trajectory/ledger-html.ts `Tally`) — no second pass over the
 * text to learn its byte length, and the row's string is let go at once. A page piece (the section's frame
 * around a run of its rows) is then one copy out of the scratch buffer. The buffer is kept from section to
 * section (a long session has thousands), unless one section made it large.
 */
import { add, measure, type Size } from '../pages/measure'

/** Bytes the scratch buffer starts with, and what it shrinks back to after a large section. */
const SCRATCH_BYTES = 1 << 20
/** A scratch buffer grown past this by one section is not kept for the next (it would stay resident). */
const KEEP_BYTES = 4 << 20

export interface SectionPiece {
  bytes: Buffer
  /** The piece's bytes and elements (its frame's included). */
  size: Size
  /** Its deferred links (`<a data-x`). */
  links: number
}

export class SectionBytes {
  #scratch = Buffer.allocUnsafe(SCRATCH_BYTES)
  /** Where row i starts in the scratch buffer; the last entry is where the rows end. */
  #starts: number[] = [0]
  #sizes: Size[] = []
  #links: number[] = []

  /** Starts a new section (the previous one's bytes are dropped). */
  reset(): void {
    if (this.#scratch.length > KEEP_BYTES) this.#scratch = Buffer.allocUnsafe(SCRATCH_BYTES)
    this.#starts = [0]
    this.#sizes = []
    this.#links = []
  }

  /** Appends a row: its markup and what the writer counted in it. */
  add(html: string, nodes: number, links: number): void {
    const at = this.#starts[this.#starts.length - 1] as number
    // A UTF-16 code unit is at most three bytes of UTF-8 (a surrogate pair, two units, is four): a row that
    // surely fits is written without learning its length first; one that might not is counted, and the
    // buffer grows (doubling) only if it does not.
    if (at + html.length * 3 > this.#scratch.length) {
      const need = at + Buffer.byteLength(html, 'utf8')
      if (need > this.#scratch.length) {
        const grown = Buffer.allocUnsafe(Math.max(need, this.#scratch.length * 2))
        this.#scratch.copy(grown, 0, 0, at)
        this.#scratch = grown
      }
    }
    const bytes = this.#scratch.write(html, at, 'utf8')
    this.#starts.push(at + bytes)
    this.#sizes.push({ bytes, nodes })
    this.#links.push(links)
  }

  /** The rows' sizes, in order (what a section too big for a page is split by). */
  get sizes(): readonly Size[] {
    return this.#sizes
  }

  /** The size of `frame` around rows `from`…`to − 1`. */
  size(frame: { open: string; close: string }, from: number, to: number): Size {
    let size = add(measure(frame.open), measure(frame.close))
    size = { bytes: size.bytes + (this.#starts[to] as number) - (this.#starts[from] as number), nodes: size.nodes }
    for (let i = from; i < to; i++) size.nodes += (this.#sizes[i] as Size).nodes
    return size
  }

  /** `frame` around rows `from`…`to − 1`, as one buffer of its own. */
  piece(frame: { open: string; close: string }, from: number, to: number): SectionPiece {
    const size = this.size(frame, from, to)
    let links = 0
    for (let i = from; i < to; i++) links += this.#links[i] as number
    const bytes = Buffer.allocUnsafe(size.bytes)
    let at = bytes.write(frame.open, 0, 'utf8')
    at += this.#scratch.copy(bytes, at, this.#starts[from] as number, this.#starts[to] as number)
    at += bytes.write(frame.close, at, 'utf8')
    if (at !== size.bytes) throw new Error('a ledger piece encoded to another length than it measured')
    return { bytes, size, links }
  }
}
