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
