/**
 * UTF-8 of one line whose bytes arrive in pieces (issue 32: a 100 MB line must not be joined as bytes before
 * it is decoded, which held its pieces, the joined bytes, the string and the parsed value at once).
 * `StreamedLineText` decodes each piece as it arrives and finds the line's first invalid byte, and both come
 * out exactly as decoding and checking the joined line would: a piece is cut only where the WHATWG decoder
 * is between sequences whatever came before (before a byte that is not a continuation byte 0x80–0xBF, or
 * after 4 continuation bytes), and the few bytes of a sequence still open at a piece's end wait for the next
 * piece. So U+FFFD replacements, a kept BOM and `firstInvalidUtf8`'s position do not depend on the cut.
 * Pure: the caller passes the per-piece decoder (`TextOf`, Buffer's in Node) and optionally a fast validity
 * check (Node's native `isUtf8`).
 */
/** UTF-8 text of `bytes[start, end)` with U+FFFD for invalid sequences (line-splitter.ts `TextOf`). */
type TextOf = (bytes: Uint8Array, start: number, end: number) => string

/** Index (from `start`) of the first byte of `bytes[start, end)` that is not part of valid UTF-8 (`end - start` if none). */
export function firstInvalidUtf8(bytes: Uint8Array, start: number, end: number): number {
  let i = start
  while (i < end) {
    const b = bytes[i] ?? 0
    if (b < 0x80) {
      i++
      continue
    }
    let n: number
    let min: number
    if (b >= 0xc2 && b <= 0xdf) [n, min] = [1, 0x80]
    else if (b >= 0xe0 && b <= 0xef) [n, min] = [2, 0x800]
    else if (b >= 0xf0 && b <= 0xf4) [n, min] = [3, 0x10000]
    else return i - start
    if (i + n >= end) return i - start
    let cp = b & (0x3f >> n)
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k] ?? 0
      if ((c & 0xc0) !== 0x80) return i - start
      cp = (cp << 6) | (c & 0x3f)
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i - start
    i += n + 1
  }
  return end - start
}

const isContinuation = (b: number) => (b & 0xc0) === 0x80

/** Bytes of the sequence a lead byte opens (1 for ASCII and for bytes that cannot open one). */
function sequenceLength(b: number): number {
  if (b >= 0xc2 && b <= 0xdf) return 2
  if (b >= 0xe0 && b <= 0xef) return 3
  if (b >= 0xf0 && b <= 0xf4) return 4
  return 1
}

/**
 * A line's text, decoded piece by piece; `end()` gives the text and where its first invalid byte is. With
 * `emit`, each decoded run goes to it as it is decoded instead (a long line's JSON is then read from its
 * runs, ../json/piece-parser.ts) and `end()` gives '' for the text.
 */
export class StreamedLineText {
  private parts: string[] = []
  /** Bytes of a sequence still open at the last piece's end (a lead byte and continuation bytes), copied. */
  private carry: Uint8Array = new Uint8Array(0)
  /** Bytes of the line decoded so far (the offset of `carry` in the line). */
  private decoded = 0
  private invalid = -1

  constructor(
    private readonly textOf: TextOf,
    private readonly valid: (bytes: Uint8Array) => boolean = (bytes) => firstInvalidUtf8(bytes, 0, bytes.length) === bytes.length,
    private readonly emit: ((text: string) => void) | null = null,
  ) {}

  /** Bytes of the line pushed so far. */
  get byteLength(): number {
    return this.decoded + this.carry.length
  }

  /** Adds `bytes[start, end)` (read during the call only). */
  push(bytes: Uint8Array, start: number, end: number): void {
    let from = start
    if (this.carry.length > 0) {
      // The open sequence closes at the first byte that is not a continuation byte (or once 4 bytes are held).
      let j = from
      while (j < end && j - from + this.carry.length < 4 && isContinuation(bytes[j] ?? 0)) j++
      const joined = new Uint8Array(this.carry.length + (j - from))
      joined.set(this.carry, 0)
      joined.set(bytes.subarray(from, j), this.carry.length)
      from = j
      if (j === end && joined.length < 4) {
        this.carry = joined
        return
      }
      this.carry = new Uint8Array(0)
      this.region(joined, 0, joined.length)
    }
    if (from === end) return
    // Hold back a sequence the piece ends inside of: it is cut before its lead byte.
    let cut = end
    for (let q = end - 1; q >= Math.max(from, end - 4); q--) {
      const b = bytes[q] ?? 0
      if (isContinuation(b)) continue
      if (q + sequenceLength(b) > end) cut = q
      break
    }
    if (cut > from) this.region(bytes, from, cut)
    if (cut < end) this.carry = bytes.slice(cut, end)
  }

  /** The whole line's text, and the index of its first invalid byte (-1 when it is valid UTF-8). */
  end(): { text: string; invalidAt: number } {
    if (this.carry.length > 0) {
      const rest = this.carry
      this.carry = new Uint8Array(0)
      this.region(rest, 0, rest.length)
    }
    const parts = this.parts
    this.parts = []
    return { text: parts.length === 1 ? (parts[0] ?? '') : parts.join(''), invalidAt: this.invalid }
  }

  /** Decodes a run that starts and ends where the decoder is between sequences. */
  private region(bytes: Uint8Array, start: number, end: number): void {
    if (this.invalid === -1) {
      const view = bytes.subarray(start, end)
      if (!this.valid(view)) this.invalid = this.decoded + firstInvalidUtf8(bytes, start, end)
    }
    const text = this.textOf(bytes, start, end)
    if (this.emit === null) this.parts.push(text)
    else this.emit(text)
    this.decoded += end - start
  }
}
