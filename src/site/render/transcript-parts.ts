/**
 * A session's pages as transcript parts, for a render without a RenderOutput (the one-file export,
 * src/export): each part is its page's `<section>` landmark around the page's rendered pieces, kept as the
 * UTF-8 bytes they were measured from. A part becomes a string only when asked (`text`), so an export that
 * keeps 16 MB of a 100 MB session's pages decodes those 16 MB, not every page (issue 32: the export held
 * every page as bytes and as a string, and measured each by encoding it once more).
 */
import { measureBytes, type Size } from './pages/measure'

export class TranscriptParts {
  readonly #open: Buffer
  readonly #close: Buffer

  constructor(
    open: string,
    close: string,
    private readonly bodies: readonly (readonly Buffer[])[],
  ) {
    this.#open = Buffer.from(open, 'utf8')
    this.#close = Buffer.from(close, 'utf8')
  }

  get length(): number {
    return this.bodies.length
  }

  #bytes(i: number): Buffer {
    const body = this.bodies[i]
    if (body === undefined) throw new RangeError(`no transcript part ${i}`)
    return Buffer.concat([this.#open, ...body, this.#close])
  }

  /** Part `i`'s size as a page's is measured (src/site/render/pages/measure.ts). */
  size(i: number): Size {
    return measureBytes(this.#bytes(i))
  }

  /** Part `i`'s UTF-8 length. */
  byteLength(i: number): number {
    return (this.bodies[i] ?? []).reduce((sum, b) => sum + b.length, this.#open.length + this.#close.length)
  }

  /** Part `i`'s markup. */
  text(i: number): string {
    return this.#bytes(i).toString('utf8')
  }
}
