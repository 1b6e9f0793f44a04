/**
 * Arriving at a row (browser): a link `page.html#row-id` — from the index search, the find box's list of
 * other pages, or anyone's deep link — opens every folded `<details>` around the row and the row's own, and
 * scrolls to it. When the link came from a search, the query travels in `window.name` (set on click; it
 * survives the navigation and the anchor map's redirect to another page, needs no storage API, and works
 * from file://): its words are marked inside the row and the first one is brought into view. A search
 * link without a row (`more in this session`) fills the page's find box instead. The query is text only:
 * it is never parsed as markup, and it is consumed once.
 */
import { anchorMapSrc, fragmentId } from '../../../components/layout/anchors-client'
import { PENDING_PREFIX, type FindControl } from './find'
import { queryWords } from './match'
import { markWords, openRow, reveal } from './reveal'

/** Marks placed in the row arrived at. */
const MAX_MARKS = 200

function targetOf(doc: Document, hash: string): HTMLElement | null {
  const id = fragmentId(hash)
  return id === null ? null : doc.getElementById(id)
}

export function installArrival(win: Window, find: () => FindControl | null): void {
  const doc = win.document
  const arrive = (first: boolean) => {
    const target = targetOf(doc, win.location.hash)
    let query = ''
    if (first && win.name.startsWith(PENDING_PREFIX)) {
      // A fragment this page lacks is being forwarded to the page that has it: leave the query for that page.
      const forwarded = target === null && win.location.hash.length > 1 && anchorMapSrc(doc) !== null
      if (!forwarded) {
        query = win.name.slice(PENDING_PREFIX.length)
        win.name = ''
      }
    }
    if (target !== null) {
      openRow(target)
      reveal(target, markWords(target, queryWords(query), MAX_MARKS))
    } else if (query !== '' && win.location.hash.length < 2) {
      find()?.search(query)
    }
  }
  let done = false
  const once = () => {
    if (done) return
    done = true
    arrive(true)
  }
  if (doc.readyState === 'complete') once()
  else {
    doc.addEventListener('DOMContentLoaded', once)
    win.addEventListener('load', once)
  }
  win.addEventListener('hashchange', () => arrive(false))
}
