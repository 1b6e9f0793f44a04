import { describe, expect, it } from 'vitest'
import type { PageRow, PageSection } from '../../../cards/types'
import { CAP_LEVELS } from './cut'
import { LONG_SESSION_PAGES, LONG_SESSION_SHARE, packPages, packSession, splitRows, splitSection, visiblePages } from './paginate'

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

describe('packSession', () => {
  // Pieces the size of a light page's room: one to a light page, `perPage` to a full one (room 100).
  const piece = Math.floor(limit.bytes * LONG_SESSION_SHARE)
  const perPage = Math.floor(limit.bytes / piece)
  const pieces = (n: number) => Array.from({ length: n }, () => s(piece))
  const full = LONG_SESSION_PAGES * perPage

  it('packs a session of up to LONG_SESSION_PAGES full pages to the full room', () => {
    expect(packSession(pieces(full), limit).pages).toEqual(packPages(pieces(full), () => limit))
    expect(packSession(pieces(full), limit).pages).toHaveLength(LONG_SESSION_PAGES)
    expect(packSession(pieces(full), limit).light).toBe(false)
  })

  it('packs a longer session to LONG_SESSION_SHARE of the room', () => {
    const { pages, light: lightened } = packSession(pieces(full + 1), limit)
    const light = { bytes: limit.bytes * LONG_SESSION_SHARE, nodes: limit.nodes * LONG_SESSION_SHARE }
    expect(lightened).toBe(true)
    expect(pages).toEqual(packPages(pieces(full + 1), () => light))
    expect(pages).toHaveLength(full + 1)
  })

  it('gives a piece too big for a light page a page of its own, every piece once and in order', () => {
    const mixed = [...pieces(full), s(90), s(10), s(10)]
    expect(90).toBeGreaterThan(piece)
    const { pages } = packSession(mixed, limit)
    expect(pages.flat()).toEqual(mixed.map((_, i) => i))
    expect(pages).toContainEqual([full])
    expect(pages.at(-1)).toEqual([full + 1, full + 2])
  })

  it('breaks on nodes the same way', () => {
    // 4 elements: two to a full page (room 10), one to a light one.
    const many = Array.from({ length: LONG_SESSION_PAGES * 2 + 1 }, () => s(1, 4))
    expect(packSession(many, limit).pages.every(page => page.length === 1)).toBe(true)
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
