import { describe, expect, it } from 'vitest'
import { packPages, splitRows, visiblePages } from './paginate'

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
