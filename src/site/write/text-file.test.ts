import { describe, expect, it } from 'vitest'
import { bomText, bomTextChunks } from './text-file'

const joined = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks])

describe('bomTextChunks', () => {
  it.each([
    ['empty', '', 4],
    ['ASCII over several pieces', 'abcdefghij', 3],
    ['a surrogate pair at a cut', 'ab😀cd😀', 3],
    ['pairs only', '😀😀😀😀', 2],
    ['CJK and a lone surrogate', '中文\ud800x', 2],
  ])('%s: the BOM then the text, as one Buffer.from would encode it', (_name, text, piece) => {
    const chunks = [...bomTextChunks(text, piece)]
    expect(joined(chunks).equals(Buffer.from(`\ufeff${text}`, 'utf8'))).toBe(true)
    // No piece but the last is empty, and none holds more than its share of characters.
    for (const c of chunks.slice(1)) expect(c.length).toBeGreaterThan(0)
  })
})

describe('bomText', () => {
  it('makes its chunks only as they are taken, and again each time it is read', () => {
    const source = bomText('abcdef', 2)
    const first = source.chunks()[Symbol.iterator]()
    expect(first.next().value).toEqual(Uint8Array.of(0xef, 0xbb, 0xbf))
    expect(Buffer.from(first.next().value as Uint8Array).toString()).toBe('ab')
    expect(joined(source.chunks()).equals(Buffer.from('\ufeffabcdef', 'utf8'))).toBe(true)
  })
})
