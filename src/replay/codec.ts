/**
 * The replay data's number format: base-64 variable-length quantities, as source maps write them — five
 * bits a character, the sixth says another follows — so the small deltas the data is made of (an id index
 * +1, a few hundred milliseconds, a few characters) take one or two characters, and the text is a plain
 * JavaScript string literal (no quote, backslash or `<` to escape). Signed numbers are zigzagged. Shared
 * by the build (encode) and the page's player (decode); pure.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const VALUE = new Int8Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i

export class VlqWriter {
  #out = ''

  /** A whole number ≥ 0 (negative or fractional input is a bug: rounded, clamped at 0). */
  unsigned(value: number): this {
    let n = Math.max(0, Math.round(value))
    do {
      let digit = n % 32
      n = Math.floor(n / 32)
      if (n > 0) digit += 32
      this.#out += ALPHABET[digit]
    } while (n > 0)
    return this
  }

  signed(value: number): this {
    const n = Math.round(value)
    return this.unsigned(n < 0 ? -2 * n - 1 : 2 * n)
  }

  toString(): string {
    return this.#out
  }
}

/** Reads what a VlqWriter wrote; a malformed or exhausted text reads as zeros with `bad` set (never throws). */
export class VlqReader {
  #at = 0
  bad = false

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.#at >= this.text.length
  }

  unsigned(): number {
    let value = 0
    let scale = 1
    for (;;) {
      if (this.#at >= this.text.length) {
        this.bad = true
        return 0
      }
      const code = this.text.charCodeAt(this.#at++)
      const digit = code < 128 ? (VALUE[code] as number) : -1
      if (digit < 0) {
        this.bad = true
        return 0
      }
      value += (digit & 31) * scale
      if (digit < 32) return value
      scale *= 32
      // Past 2^53 a number is no longer exact: the data is not ours.
      if (scale > 2 ** 50) {
        this.bad = true
        return 0
      }
    }
  }

  signed(): number {
    const n = this.unsigned()
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2
  }
}

/** FNV-1a (32 bits) of the ids joined by newlines, as 8 hex digits: checks a page's ids against the data's. */
export function idsHash(ids: readonly string[]): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string
    if (i > 0) hash = Math.imul(hash ^ 10, 0x01000193)
    for (let k = 0; k < id.length; k++) hash = Math.imul(hash ^ id.charCodeAt(k), 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}
