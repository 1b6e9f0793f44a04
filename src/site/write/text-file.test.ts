import { describe, expect, it } from 'vitest'
import { bomTextChunks } from './text-file'

const joined = (chunks: Uint8Array[]) => Buffer.concat(chunks)

describe('bomTextChunks', () => {
  it.each([
    ['empty', '', 4],
    ['ASCII over several pieces', 'abcdefghij', 3],
    ['a surrogate pair at a cut', 'ab😀cd😀', 3],
    ['pairs only', '😀😀😀😀', 2],
    ['CJK and a lone surrogate', '中文\ud800x', 2],
  ])('%s: the BOM then the text, as one Buffer.from would encode it', (_name, text, piece) => {
    const chunks = bomTextChunks(text, piece)
    expect(joined(chunks).equals(Buffer.from(`\ufeff${text}`, 'utf8'))).toBe(true)
    // No piece but the last is empty, and none holds more than its share of characters.
    for (const c of chunks.slice(1)) expect(c.length).toBeGreaterThan(0)
  })
})
