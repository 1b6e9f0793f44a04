/**
 * An index too big for one page (issue 4 budgets: ≤ 5,000 elements and ≤ 1 MB a page; a root of more than
 * about a thousand sessions passes that) is cut into pages: `index.html`, `index.p2.html`, … with previous /
 * next links. Pure and deterministic: the cut depends only on the index model. A page takes whole top-level
 * entries (a parent with its nested children never splits) in index order; a project continued on the next
 * page repeats its heading, marked as continued. The filter box filters the page it is on, and says so.
 */
import { pagerNav } from '../render/pages/pager'
import type { IndexEntry, IndexGroup, IndexModel, SiteText } from '../types'

export const indexFile = (page: number): string => (page === 1 ? 'index.html' : `index.p${page}.html`)

/**
 * Elements an entry adds to the page as components/index/SessionIndex.tsx draws it: the item, its title
 * link, status and meta; the pages line with a link per page; a nested list of its children. An estimate
 * for packing — the renderer measures every page it writes and cuts again, smaller, if one is over.
 */
export function entryElements(entry: IndexEntry): number {
  let n = 4
  if (entry.pages.length > 0) n += 1 + entry.pages.length
  if (entry.children.length > 0) n += 1 + entry.children.reduce((sum, c) => sum + entryElements(c), 0)
  return n
}

/** A group's own elements on a page: its section, heading and list. */
const GROUP_ELEMENTS = 3

/** The model cut into pages of at most `maxElements` entry elements (one page when it fits). */
export function paginateIndex(model: IndexModel, text: SiteText, maxElements: number, fileOf: (page: number) => string = indexFile): IndexModel[] {
  const pages: IndexGroup[][] = []
  let page: IndexGroup[] = []
  let used = 0
  for (const group of model.groups) {
    let part: IndexGroup | null = null
    for (const entry of group.entries) {
      const size = entryElements(entry) + (part === null ? GROUP_ELEMENTS : 0)
      if (used > 0 && used + size > maxElements) {
        pages.push(page)
        page = []
        used = 0
        part = null
      }
      if (part === null) {
        const continued = pages.some(p => p.some(g => g.id === group.id))
        part = continued ? { ...group, project: `${group.project} (${text.continued})`, entries: [] } : { ...group, entries: [] }
        page.push(part)
        used += GROUP_ELEMENTS
      }
      part.entries.push(entry)
      used += entryElements(entry)
    }
  }
  if (page.length > 0 || pages.length === 0) pages.push(page)
  if (pages.length === 1) return [model]
  // The overview sums the whole site: the first page carries it.
  return pages.map((groups, i) => ({ ...model, groups, nav: pagerNav(i + 1, pages.length, fileOf, text.indexPagesNav, text), overview: i === 0 ? (model.overview ?? null) : null }))
}
