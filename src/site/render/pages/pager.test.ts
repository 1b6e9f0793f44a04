/** The pager model (./pager.ts): first/last, previous/next, a window of numbers, ellipses where pages are skipped. */
import { describe, expect, it } from 'vitest'
import { pagerNav } from './pager'
import { siteText } from '../../strings'

const text = siteText('en')
/** The numbers as a pager shows them: `…` for an ellipsis, `[n]` for the current page. */
const shape = (page: number, pages: number) =>
  pagerNav(page, pages, p => `p${p}.html`, 'Pages', text)
    .pages.flatMap(p => [...(p.gapBefore === true ? ['…'] : []), p.current ? `[${p.label}]` : p.label])
    .join(' ')

describe('pagerNav', () => {
  it.each<[number, number, string]>([
    [1, 1, '[1]'],
    [1, 3, '[1] 2 3'],
    [1, 10, '[1] 2 3 … 10'],
    [5, 10, '1 2 3 4 [5] 6 7 … 10'],
    [6, 10, '1 … 4 5 [6] 7 8 9 10'],
    [6, 12, '1 … 4 5 [6] 7 8 … 12'],
    [10, 10, '1 … 8 9 [10]'],
    [93, 186, '1 … 91 92 [93] 94 95 … 186'],
  ])('page %i of %i: %s', (page, pages, want) => expect(shape(page, pages)).toBe(want))

  it('links first and last only away from them, previous and next likewise', () => {
    const first = pagerNav(1, 5, p => `p${p}.html`, 'Pages', text)
    expect([first.first, first.previous, first.next?.href, first.last?.href]).toEqual([null, null, 'p2.html', 'p5.html'])
    const last = pagerNav(5, 5, p => `p${p}.html`, 'Pages', text)
    expect([last.first?.href, last.previous?.href, last.next, last.last]).toEqual(['p1.html', 'p4.html', null, null])
    expect(last.position).toBe('Page 5 of 5')
  })
})
