/**
 * Search all sessions (browser, progressive enhancement over components/index/SiteSearch): the first time
 * you type, the site's session catalog (`data-catalog`, src/search/catalog.ts: every session, whichever
 * index page lists it; without it, the `li[data-shard]` of this page) and then every session's shard are
 * loaded as scripts (a few at a time), and results grow as shards arrive — matching cards grouped by session, in index order, each
 * a link to `sessions/<stem>.html#<row-id>` (the anchor map forwards a paginated session to the right page)
 * with the words marked in a snippet. Following a link carries the query to the page (window.name), which
 * marks it in the row and opens the folds around it.
 */
import { setPendingQuery } from './find'
import { highlightParts, indexRows, queryWords, rowMatches, snippet, type IndexedRow } from './match'
import { asCatalog } from '../catalog'
import { loadCatalog, loadShard } from './shards'
import { fillCount } from '../../../components/primitives/count-template'

/** Shards loading at once. */
const CONCURRENCY = 4
/** Rows listed per session and in all. */
const PER_SESSION = 5
const MAX_ROWS = 200
const DEBOUNCE_MS = 150

interface Session {
  shard: string
  stem: string
  href: string
  title: string
  rows: IndexedRow[] | null
  failed: boolean
}


function marked(doc: Document, text: string, words: readonly string[]): DocumentFragment {
  const fragment = doc.createDocumentFragment()
  for (const part of highlightParts(text, words)) {
    if (!part.match) fragment.append(doc.createTextNode(part.text))
    else {
      const mark = doc.createElement('mark')
      mark.textContent = part.text
      fragment.append(mark)
    }
  }
  return fragment
}

export function installSiteSearch(doc: Document): void {
  const box = doc.querySelector<HTMLElement>('[data-site-search]')
  const input = box?.querySelector<HTMLInputElement>('#dsh-search')
  const status = box?.querySelector<HTMLOutputElement>('[data-search-status]')
  const results = box?.querySelector<HTMLOListElement>('[data-search-results]')
  const win = doc.defaultView
  if (!box || !input || !status || !results || win === null) return
  const text = (name: string) => box.getAttribute(`data-${name}`) ?? ''
  let sessions: Session[] = []
  for (const li of doc.querySelectorAll<HTMLElement>('li[data-shard]')) {
    const shard = li.getAttribute('data-shard') ?? ''
    const link = li.querySelector<HTMLAnchorElement>(':scope > a')
    const stem = /([^/]+)\.search\.js$/.exec(shard)?.[1]
    if (link === null || stem === undefined) continue
    sessions.push({ shard, stem, href: link.getAttribute('href') ?? '', title: link.textContent ?? stem, rows: null, failed: false })
  }
  box.hidden = false

  let started = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const start = async () => {
    if (started) return
    started = true
    // Every session of the site, from the catalog (a paginated index lists only some on this page);
    // without it, the sessions this page lists.
    const catalogSrc = box.getAttribute('data-catalog')
    const catalog = catalogSrc === null ? null : asCatalog(await loadCatalog(doc, catalogSrc))
    if (catalog !== null && catalog.length > 0) {
      sessions = catalog.flatMap(([shard, href, title]) => {
        const stem = /([^/]+)\.search\.js$/.exec(shard)?.[1]
        return stem === undefined ? [] : [{ shard, stem, href, title, rows: null, failed: false }]
      })
      schedule()
    }
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < sessions.length) {
        const s = sessions[next++] as Session
        const shard = await loadShard(doc, s.shard, s.stem)
        s.rows = shard === null ? null : indexRows(shard)
        s.failed = shard === null
        schedule()
      }
    }
    for (let i = 0; i < CONCURRENCY; i++) void worker()
  }

  const render = () => {
    const words = queryWords(input.value)
    results.replaceChildren()
    if (words.length === 0) {
      status.value = ''
      return
    }
    void start()
    const filter = { words, tool: '', state: '' }
    let rowsShown = 0
    let total = 0
    let withMatches = 0
    for (const s of sessions) {
      if (s.rows === null) continue
      const found = s.rows.filter(r => rowMatches(r, filter))
      if (found.length === 0) continue
      total += found.length
      withMatches++
      if (rowsShown >= MAX_ROWS) continue
      const item = doc.createElement('li')
      const title = doc.createElement('a')
      title.href = s.href
      title.textContent = s.title
      const list = doc.createElement('ul')
      for (const row of found.slice(0, Math.min(PER_SESSION, MAX_ROWS - rowsShown))) {
        const li = doc.createElement('li')
        const a = doc.createElement('a')
        a.href = `${s.href}#${encodeURIComponent(row.id)}`
        a.textContent = row.label === '' ? row.kind : row.label
        const small = doc.createElement('small')
        small.append(marked(doc, snippet(row.text, words), words))
        li.append(a, small)
        list.append(li)
        rowsShown++
      }
      if (found.length > PER_SESSION) {
        const li = doc.createElement('li')
        const more = doc.createElement('a')
        more.href = s.href
        more.textContent = fillCount(text('more'), { n: found.length - PER_SESSION })
        li.append(more)
        list.append(li)
      }
      item.append(title, list)
      results.append(item)
    }
    const read = sessions.filter(s => s.rows !== null || s.failed).length
    const failed = sessions.filter(s => s.failed).length
    const parts = [read < sessions.length ? fillCount(text('loading'), { done: read, total: sessions.length }) : '']
    parts.push(total === 0 ? (read < sessions.length ? '' : text('none')) : fillCount(text('count'), { n: total, s: withMatches }))
    if (failed > 0) parts.push(fillCount(text('unavailable'), { n: failed }))
    status.value = parts.filter(Boolean).join(' · ')
  }

  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(render, DEBOUNCE_MS)
  }
  input.addEventListener('input', schedule)
  // The query travels with the link, so the page it opens can mark it (arrival.ts).
  results.addEventListener('click', event => {
    if (event.target instanceof Element && event.target.closest('a') !== null) setPendingQuery(win, input.value)
  })
  if (input.value !== '') schedule()
}
