/**
 * The browser bundle's stand-ins for `node:crypto` and `Buffer` give Node's answers: the live page names
 * side files and sizes texts exactly as the build does (empty text, block edges, multi-byte and astral
 * characters, lone surrogates, long texts, texts asked twice).
 */
import { createHash as nodeHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Buffer as ShimBuffer } from './buffer'
import { createHash } from './node-crypto'

/** Any UTF-16 text, lone surrogates included (quick to generate, unlike fast-check's `binary` strings). */
const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }).map((units) => String.fromCharCode(...units))

const samples = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(63), 'a'.repeat(64), 'a'.repeat(65), 'héllo wörld', '€ 漢字 \u{1F600}', 'lone \ud800 high', 'lone \udc00 low', 'end \ud83d', 'x'.repeat(200_000)]

describe('browser node:crypto shim', () => {
  it.each(samples.map((s) => [s.length > 40 ? `${s.slice(0, 20)}… (${s.length})` : JSON.stringify(s), s]))('sha256 of %s is Node’s', (_, text) => {
    const expected = nodeHash('sha256').update(text).digest('hex')
    expect(createHash('sha256').update(text).digest('hex')).toBe(expected)
    // Asked again (memoized for long texts) and fed in two parts.
    expect(createHash('sha256').update(text).digest('hex')).toBe(expected)
    expect(createHash('sha256').update(text.slice(0, 3)).update(text.slice(3)).digest('hex')).toBe(expected)
  })

  it('agrees with Node on arbitrary strings', () => {
    fc.assert(fc.property(utf16, (text) => createHash('sha256').update(text).digest('hex') === nodeHash('sha256').update(text).digest('hex')))
  })

  it('refuses what it cannot do instead of answering wrongly', () => {
    expect(() => createHash('md5')).toThrow(/only sha256/)
  })
})

describe('browser Buffer shim', () => {
  it.each(samples.map((s) => [s.slice(0, 20), s]))('byteLength of %j is Node’s', (_, text) => {
    expect(ShimBuffer.byteLength(text, 'utf8')).toBe(Buffer.byteLength(text, 'utf8'))
  })

  it('agrees with Node on arbitrary strings', () => {
    fc.assert(fc.property(utf16, (text) => ShimBuffer.byteLength(text, 'utf8') === Buffer.byteLength(text, 'utf8')))
  })
})
