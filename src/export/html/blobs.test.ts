/** Embedded full texts: deflated, base64, deterministic, decoded back exactly, within one shared budget. */
import { unzlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { encodeText, packBlobs } from './blobs'

const decode = (data: string) => new TextDecoder().decode(unzlibSync(Buffer.from(data, 'base64')))

describe('packBlobs', () => {
  const long = Array.from({ length: 5_000 }, (_, i) => `line ${i} · ünïcödé ✓`).join('\n')

  it('round-trips text (zlib, as DecompressionStream("deflate") reads it) and compresses it', () => {
    const [blob] = packBlobs([{ hash: 'a', text: long }])
    expect(blob?.data).not.toBeNull()
    expect(decode(blob?.data ?? '')).toBe(long)
    expect(blob?.bytes).toBe(Buffer.byteLength(long, 'utf8'))
    expect(blob?.lines).toBe(5_000)
    expect((blob?.data ?? '').length).toBeLessThan(long.length / 4)
    expect(blob?.data).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })

  it('is byte-identical on every run', () => {
    expect(encodeText(long)).toBe(encodeText(long))
  })

  it('embeds in order until the budget, then marks the rest as not embedded', () => {
    const size = encodeText('x'.repeat(10_000)).length
    const texts = ['a', 'b', 'c'].map(hash => ({ hash, text: `${hash}${'x'.repeat(10_000)}` }))
    const blobs = packBlobs(texts, size * 2 + 10)
    expect(blobs.map(b => b.data !== null)).toEqual([true, true, false])
  })
})

describe('packBlobs on a text of millions of short lines (issue 32)', () => {
  const text = '0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n'.repeat(300_000)

  it('counts its bytes and lines and round-trips it through the piecewise compressor', () => {
    const [blob] = packBlobs([{ hash: 'a', text }], Number.POSITIVE_INFINITY)
    expect(blob?.bytes).toBe(text.length)
    expect(blob?.lines).toBe(text.split('\n').length)
    expect(decode(blob?.data ?? '')).toBe(text)
    expect(encodeText(text)).toBe(blob?.data)
  })

  it('stops compressing once the budget is passed, and a multi-piece text with surrogate pairs round-trips', () => {
    const [small] = packBlobs([{ hash: 'a', text }], 100)
    expect(small?.data).toBeNull()
    const wide = '🙂x'.repeat(700_000)
    expect(decode(encodeText(wide))).toBe(wide)
  })
})
