import { describe, expect, it } from 'vitest'
import { measure } from '../pages/measure'
import { SectionBytes } from './section-bytes'

const FRAME = { open: '<tbody id="turn-1">', close: '</tbody>' }

/** Rows of every width of UTF-8: ASCII, two- and three-byte characters, a surrogate pair, a lone surrogate. */
const ROWS = [
  '<tr><td>plain</td></tr>',
  '<tr><td>é ß ü</td></tr>',
  '<tr><td>日本語 · 轨迹</td></tr>',
  '<tr><td>😀 \u{1F600}</td></tr>',
  '<tr><td>lone \uD800 half</td></tr>',
  '',
]

describe('a section’s rows encoded as written', () => {
  const section = new SectionBytes()
  section.reset()
  for (const html of ROWS) section.add(html, measure(html).nodes, 1)

  it.each(ROWS.map((html, i) => [i, html] as const))('row %i is sized as measure() sizes it', (i, html) => {
    expect(section.sizes[i]).toEqual(measure(html))
  })

  it.each([
    [0, ROWS.length],
    [0, 1],
    [2, 5],
    [3, 3],
  ])('a piece of rows %i…%i is the frame around those rows, sized and counted', (from, to) => {
    const html = FRAME.open + ROWS.slice(from, to).join('') + FRAME.close
    const piece = section.piece(FRAME, from, to)
    // As the page's writer encodes the joined markup (a lone surrogate as U+FFFD, as everywhere).
    expect(piece.bytes.equals(Buffer.from(html, 'utf8'))).toBe(true)
    expect(piece.size).toEqual(measure(html))
    expect(section.size(FRAME, from, to)).toEqual(measure(html))
    expect(piece.links).toBe(to - from)
  })

  it('grows for a section larger than its buffer, keeps earlier rows, and starts empty after a reset', () => {
    const big = new SectionBytes()
    const long = `<p>${'轨'.repeat(700_000)}</p>`
    big.add('<b>first</b>', 1, 0)
    big.add(long, 1, 0)
    big.add(long, 1, 2)
    expect(big.piece(FRAME, 0, 3).bytes.toString('utf8')).toBe(FRAME.open + '<b>first</b>' + long + long + FRAME.close)
    // Rows that fill the buffer exactly: the last ones are counted before they are written, never cut short.
    const exact = new SectionBytes()
    const row = `<p>${'é'.repeat(1000)}</p>` // 2,007 bytes, 1,007 characters
    const rows = Math.ceil((1 << 20) / 2007) + 3
    for (let i = 0; i < rows; i++) exact.add(row, 1, 0)
    expect(exact.sizes.every((s) => s.bytes === 2007)).toBe(true)
    expect(exact.piece(FRAME, rows - 5, rows).bytes.equals(Buffer.from(FRAME.open + row.repeat(5) + FRAME.close))).toBe(true)
    big.reset()
    big.add('<i>x</i>', 1, 0)
    expect(big.sizes).toEqual([{ bytes: 8, nodes: 1 }])
    expect(big.piece(FRAME, 0, 1).bytes.toString('utf8')).toBe(`${FRAME.open}<i>x</i>${FRAME.close}`)
  })
})
