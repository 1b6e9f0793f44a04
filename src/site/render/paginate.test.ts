import { describe, expect, it } from 'vitest'
import type { PageRow, PageSection } from '../../cards/types'
import { CAP_LEVELS } from './cut'
import { packPages, splitRows, splitSection, visiblePages } from './paginate'

const s = (bytes: number, nodes = 1) => ({ bytes, nodes })
const limit = s(100, 10)

describe('packPages', () => {
  it.each([
    ['everything fits one page', [s(30), s(30), s(30)], [[0, 1, 2]]],
    ['breaks before the piece that would overflow bytes', [s(60), s(30), s(30)], [[0, 1], [2]]],
    ['breaks on nodes as well as bytes', [s(10, 6), s(10, 6), s(10, 3)], [[0], [1, 2]]],
    ['an oversized piece gets a page of its own', [s(10), s(500), s(10)], [[0], [1], [2]]],
    ['a piece exactly at the limit fits', [s(100, 10)], [[0]]],
    ['no pieces still make one (empty) page', [], [[]]],
  ])('%s', (_name, pieces, pages) => expect(packPages(pieces, () => limit)).toEqual(pages))

  it('respects a smaller first page', () => {
    expect(packPages([s(50), s(50), s(50)], p => (p === 0 ? s(60, 10) : limit))).toEqual([[0], [1, 2]])
  })
})

describe('splitRows', () => {
  it('groups rows into parts under the limit, keeping order', () => {
    expect(splitRows([s(40), s(40), s(40), s(40), s(150), s(10)], limit)).toEqual([[0, 1], [2, 3], [4], [5]])
  })
})

describe('visiblePages', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 20, [1, 3, 4, 5, 6, 7, 20]],
    [20, 20, [1, 18, 19, 20]],
  ])('page %i of %i shows %j', (current, total, shown) => expect(visiblePages(current, total)).toEqual(shown))
})

describe('splitSection', () => {
  // Rows are user rows whose text length is their byte size; a re-cut at level L keeps text.length / 2^L.
  const row = (key: string, bytes: number): PageRow => ({ kind: 'user', key, text: 'x'.repeat(bytes), images: [] }) as unknown as PageRow
  const section = (rows: PageRow[]): PageSection => ({ key: 't1', label: 'Turn 1', rows }) as unknown as PageSection
  const textOf = (r: PageRow) => (r as unknown as { text: string }).text
  const run = async (sizes: number[]) => {
    const raw = section(sizes.map((b, i) => row(`r${i}`, b)))
    const recuts: [string, number][] = []
    const parts = await splitSection(raw, raw, s(100, 10), 'continued', {
      size: part => s(part.rows.reduce((n, r) => n + textOf(r).length, 0), part.rows.length),
      recut: async (r, level) => {
        recuts.push([r.key, level])
        return row(r.key, Math.floor(textOf(r).length / 2 ** level))
      },
    })
    return { parts: parts.map(p => [p.key, p.label, p.rows.map(r => `${r.key}:${textOf(r).length}`)]), recuts }
  }

  it('splits rows into page-sized parts, keyed and labelled as continued after the first', async () => {
    expect((await run([60, 30, 30, 50])).parts).toEqual([
      ['t1', 'Turn 1', ['r0:60', 'r1:30']],
      ['t1~2', 'Turn 1 (continued)', ['r2:30', 'r3:50']],
    ])
  })

  it('cuts a row too big alone harder, level by level, until it fits', async () => {
    const { parts, recuts } = await run([40, 300])
    expect(recuts).toEqual([['r1', 1], ['r1', 2]])
    expect(parts).toEqual([['t1', 'Turn 1', ['r0:40']], ['t1~2', 'Turn 1 (continued)', ['r1:75']]])
  })

  it('stops at the last cap level and keeps the row as it is then', async () => {
    const { parts, recuts } = await run([100 * 2 ** CAP_LEVELS.length])
    expect(recuts.map(([, level]) => level)).toEqual(CAP_LEVELS.slice(1).map((_, i) => i + 1))
    expect(parts).toHaveLength(1)
  })
})
