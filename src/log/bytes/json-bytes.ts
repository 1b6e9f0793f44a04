/**
 * Exact-JSON readers over UTF-8 bytes, for packed-scan.ts: each reads one token at a position of a line
 * held in a `Uint8Array` and returns the position after it, or -1 when the bytes are not exactly what
 * dsh's `JSON.stringify` writes there (which JSON.parse then judges). A value besides the position comes
 * back in a module-level binding (`int`, `count`, `escaped`): no result object per token. They are hot
 * loops over ~100k packed rows per 100 MB of log, written for V8: locals, no per-member allocation.
 * Working on bytes is exact because UTF-8 never hides an ASCII byte inside a multi-byte sequence, and
 * bytes ≥ 0x80 are string content either way. Pure: no node:*, no Buffer.
 */
import type { TextOf } from './line-splitter'

export const QUOTE = 0x22
export const BACKSLASH = 0x5c

/** The bytes of an ASCII literal. */
export const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0))

// Values read besides the position returned.
/** `readInt`'s value. */
export let int = 0
/** `readStrings`' member count. */
export let count = 0
/** Whether the literal `readString` / `closingQuote` went over had an escape. */
export let escaped = false

export function matches(b: Uint8Array, at: number, end: number, expected: Uint8Array): boolean {
  if (at + expected.length > end) return false
  for (let k = 0; k < expected.length; k++) if (b[at + k] !== expected[k]) return false
  return true
}

const MAX_INT_DIGITS = 15 // 10^15 − 1 < 2^53: every accepted integer is safe

/** `-?(0|[1-9][0-9]*)` of at most 15 digits at `i` (value in `int`): the index after it, or -1. */
export function readInt(b: Uint8Array, i: number, end: number): number {
  const negative = i < end && b[i] === 0x2d
  if (negative) i++
  const start = i
  let value = 0
  let ch = i < end ? (b[i] ?? 0) : 0
  while (ch >= 0x30 && ch <= 0x39) {
    value = value * 10 + (ch - 0x30)
    ch = ++i < end ? (b[i] ?? 0) : 0
  }
  const digits = i - start
  if (digits === 0 || digits > MAX_INT_DIGITS || (digits > 1 && b[start] === 0x30)) return -1
  // A fraction or exponent is valid JSON but not what dsh writes: leave it to JSON.parse.
  if (ch === 0x2e || ch === 0x65 || ch === 0x45) return -1
  int = negative ? -value : value
  return i
}

/**
 * `[int, …]` (possibly empty) at `i` into `out`: the index after it, or -1. The numbers are parsed here
 * rather than by `readInt`: dt arrays hold most of a row's numbers, and the call plus the round trip
 * through the module-level `int` cost more than the parsing.
 */
export function readInts(b: Uint8Array, i: number, end: number, out: number[]): number {
  if (i + 1 >= end || b[i] !== 0x5b) return -1 // [
  if (b[i + 1] === 0x5d) return i + 2
  for (;;) {
    i++
    const negative = i < end && b[i] === 0x2d
    if (negative) i++
    const start = i
    let value = 0
    let ch = i < end ? (b[i] ?? 0) : 0
    while (ch >= 0x30 && ch <= 0x39) {
      value = value * 10 + (ch - 0x30)
      ch = ++i < end ? (b[i] ?? 0) : 0
    }
    const digits = i - start
    if (digits === 0 || digits > MAX_INT_DIGITS || (digits > 1 && b[start] === 0x30)) return -1
    out.push(negative ? -value : value)
    if (ch === 0x5d) return i + 1
    if (ch !== 0x2c) return -1 // also rejects a fraction or an exponent
  }
}

/**
 * A non-empty array of JSON strings at `i`, validated and counted (`count`): the index after its `]`, or
 * -1. The hottest loop of skip-superseded mode: nothing is built per member.
 */
export function readStrings(b: Uint8Array, i: number, end: number): number {
  if (i >= end || b[i] !== 0x5b) return -1 // [
  let n = 0
  for (i++; ; i++) {
    i = readString(b, i, end)
    if (i < 0 || i >= end) return -1
    n++
    const next = b[i]
    if (next === 0x5d) {
      count = n
      return i + 1
    }
    if (next !== 0x2c) return -1 // ,
  }
}

/**
 * The JSON string literal at `i`: the index after its closing quote, or -1 when it is not exactly what
 * JSON.parse accepts (a raw control character, a bad escape, no closing quote). `escaped` tells whether it
 * had any escape. The hottest loop: it tests `end` only at bytes ≤ 0x5c, so on a literal left open it may
 * read on past `end` (never past the array) — callers reject any result beyond `end`.
 */
export function readString(b: Uint8Array, i: number, end: number): number {
  if (i >= end || b[i] !== QUOTE) return -1
  let sawEscape = false
  for (i++; ; ) {
    // Past the array this is undefined, which fails every test below but `i >= end`.
    const ch = b[i] as number
    // Letters and most text sort above the backslash, and every byte of a multi-byte character is ≥ 0x80:
    // one comparison per byte on the common path.
    if (ch > BACKSLASH) {
      i++
      continue
    }
    if (i >= end) return -1
    if (ch === QUOTE) {
      escaped = sawEscape
      return i + 1
    }
    if (ch === BACKSLASH) {
      sawEscape = true
      const e = b[i + 1]
      if (e === 0x75) {
        if (!isHex(b[i + 2]) || !isHex(b[i + 3]) || !isHex(b[i + 4]) || !isHex(b[i + 5])) return -1
        i += 6
      } else if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
        i += 2
      } else return -1
      continue
    }
    if (ch < 0x20) return -1
    i++
  }
}

/** The closing quote of a validated literal whose body starts at `i` (`escaped` tells about escapes). */
export function closingQuote(b: Uint8Array, i: number): number {
  let sawEscape = false
  for (;;) {
    const ch = b[i]
    if (ch === QUOTE) break
    if (ch === BACKSLASH) {
      sawEscape = true
      i += 2
    } else i++
  }
  escaped = sawEscape
  return i
}

/** The string value of the validated literal `b[open]` … `b[close]` (both quotes). */
export function literal(b: Uint8Array, open: number, close: number, hasEscape: boolean, textOf: TextOf): string {
  const body = textOf(b, open + 1, close)
  return hasEscape ? (JSON.parse(`"${body}"`) as string) : body
}

/**
 * The UTF-16 length of the validated literal `b[open]` … `b[close]` (both quotes) without decoding it: an
 * escape is one unit (`\uXXXX` too: a surrogate half is a unit of its own), a 4-byte UTF-8 sequence two
 * (a surrogate pair), any other sequence one (continuation bytes count nothing). Invalid UTF-8 may count
 * differently from the U+FFFD a decoder would put in its place: callers use it as a measure, not an offset.
 */
export function literalUnits(b: Uint8Array, open: number, close: number): number {
  let units = 0
  for (let i = open + 1; i < close; ) {
    const ch = b[i] ?? 0
    if (ch === BACKSLASH) {
      units++
      i += b[i + 1] === 0x75 ? 6 : 2
      continue
    }
    if (ch < 0x80 || ch >= 0xc0) units += ch >= 0xf0 ? 2 : 1
    i++
  }
  return units
}

function isHex(ch: number | undefined): boolean {
  return ch !== undefined && ((ch >= 0x30 && ch <= 0x39) || (ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66))
}
