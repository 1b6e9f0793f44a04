/**
 * The page navigation's model (session pages and index pages alike): first / previous / a window of page
 * numbers with an ellipsis where numbers are skipped / next / last, and `Page 2 of 5`. Pure: components
 * only draw it (components/layout/PageNav.tsx), the live page builds the same model in the browser.
 */
import { visiblePages } from './paginate'
import type { Link, PageNav, SiteText } from '../../types'

/** Page `page` of `pages`, with `hrefOf(p)` the link to page p and `label` the navigation's name. */
export function pagerNav(page: number, pages: number, hrefOf: (p: number) => string, label: string, text: SiteText): PageNav {
  const link = (p: number, name: string): Link => ({ href: hrefOf(p), label: name })
  // A gap of one page shows that page rather than an ellipsis standing for it.
  const shown = visiblePages(page, pages)
  const numbers: number[] = []
  for (const p of shown) {
    const last = numbers[numbers.length - 1]
    if (last !== undefined && p - last === 2) numbers.push(last + 1)
    numbers.push(p)
  }
  return {
    label,
    position: text.pageOf(page, pages),
    first: page > 1 ? link(1, text.firstPage) : null,
    previous: page > 1 ? link(page - 1, text.previous) : null,
    next: page < pages ? link(page + 1, text.next) : null,
    last: page < pages ? link(pages, text.lastPage) : null,
    pages: numbers.map((p, i) => {
      const before = numbers[i - 1]
      return { ...link(p, String(p)), current: p === page, ...(before !== undefined && p - before > 1 ? { gapBefore: true } : {}) }
    }),
  }
}
