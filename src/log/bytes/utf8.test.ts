/**
 * A line decoded piece by piece (`StreamedLineText`) equals the joined line decoded at once — the same text
 * (U+FFFD replacements, a kept BOM) and the same first invalid byte — however the bytes are cut. Property
 * test over seeded random lines built from UTF-8 fragments that straddle cuts: valid 1–4 byte sequences,
 * truncated ones, lone continuation bytes, overlongs, surrogates, bytes never valid, a BOM and U+FFFD itself.
 */
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../testing/random'
import { textDecoderTextOf } from './line-splitter'
import { firstInvalidUtf8, StreamedLineText } from './utf8'

const FRAGMENTS: number[][] = [
  [0x61],
  [0x7a, 0x20],
  [0xc3, 0xa9],
  [0xe4, 0xbc, 0x9a],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xef, 0xbb, 0xbf],
  [0xef, 0xbf, 0xbd],
  [0x80],
  [0xbf, 0x80, 0x80, 0x80, 0x80],
  [0xe4, 0xb8],
  [0xf0, 0x9f, 0x98],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xff],
  [0xc2],
]

function randomLine(random: () => number): Uint8Array {
  const out: number[] = []
  const n = Math.floor(random() * 40)
  for (let i = 0; i < n; i++) out.push(...(FRAGMENTS[Math.floor(random() * FRAGMENTS.length)] ?? []))
  return new Uint8Array(out)
}

/** `bytes` cut at random points, each piece given with a random margin of unrelated bytes around it. */
function streamed(bytes: Uint8Array, random: () => number, valid?: (b: Uint8Array) => boolean): { text: string; invalidAt: number; byteLength: number } {
  const line = new StreamedLineText(textDecoderTextOf(), valid)
  let at = 0
  while (at < bytes.length) {
    const end = Math.min(bytes.length, at + 1 + Math.floor(random() * 6))
    const pad = Math.floor(random() * 3)
    const piece = new Uint8Array(pad + (end - at) + 2).fill(0xe4)
    piece.set(bytes.subarray(at, end), pad)
    line.push(piece, pad, pad + (end - at))
    at = end
  }
  const byteLength = line.byteLength
  return { ...line.end(), byteLength }
}

describe('StreamedLineText', () => {
  it('gives the text and first invalid byte of the whole line, however it is cut (property)', () => {
    const whole = new TextDecoder('utf-8', { ignoreBOM: true })
    const random = seededRandom(32)
    for (let run = 0; run < 4000; run++) {
      const bytes = randomLine(random)
      const expectedText = whole.decode(bytes)
      const bad = firstInvalidUtf8(bytes, 0, bytes.length)
      const expectedInvalid = bad === bytes.length ? -1 : bad
      for (const valid of [undefined, (b: Uint8Array) => firstInvalidUtf8(b, 0, b.length) === b.length]) {
        const got = streamed(bytes, random, valid)
        expect({ text: got.text, invalidAt: got.invalidAt, byteLength: got.byteLength }, `bytes ${Array.from(bytes, (b) => b.toString(16)).join(' ')}`).toEqual({ text: expectedText, invalidAt: expectedInvalid, byteLength: bytes.length })
      }
    }
  })

  it('holds a sequence open across pieces of one byte each', () => {
    const line = new StreamedLineText(textDecoderTextOf())
    for (const b of [0xf0, 0x9f, 0x98, 0x80, 0x61]) line.push(new Uint8Array([b]), 0, 1)
    expect(line.end()).toEqual({ text: '😀a', invalidAt: -1 })
  })

  it('reports a sequence left open at the end of the line at its lead byte', () => {
    const line = new StreamedLineText(textDecoderTextOf())
    line.push(new Uint8Array([0x61, 0x62, 0xe4]), 0, 3)
    line.push(new Uint8Array([0xb8]), 0, 1)
    expect(line.end()).toEqual({ text: 'ab\ufffd', invalidAt: 2 })
  })

  it('decodes a run of stray continuation bytes without holding it back', () => {
    const line = new StreamedLineText(textDecoderTextOf())
    for (let i = 0; i < 100; i++) line.push(new Uint8Array([0x80, 0x80, 0x80]), 0, 3)
    // At most 3 bytes of an open sequence wait for the next piece.
    expect(line.byteLength).toBe(300)
    expect(line.end()).toEqual({ text: '\ufffd'.repeat(300), invalidAt: 0 })
  })
})
