/**
 * Find in this session (browser, progressive enhancement over components/layout/FindBox): on first use it
 * loads the session's shard, then, as you type or pick a tool or status, it hides the cards that do not
 * match (a card stays when a nested call matches), marks the words in the ones that do, counts them, lists
 * matches on the session's other pages as links (through the anchor map when the session is paginated),
 * and brings the current match into view with every folded `<details>` around it opened. Enter / Shift+Enter
 * and the arrow buttons step through matches; Escape clears. Nothing is fetched.
 */
import { indexRows, isActive, queryWords, rowMatches, snippet, type IndexedRow, type RowFilter } from './match'
import { clearMarks, markWords, reveal } from './reveal'
import { loadShard } from './shards'
import { loadAnchorMap, mapPage } from '../../../components/layout/anchors-client'
import { fillCount } from '../../../components/primitives/count-template'

const HIDDEN = 'data-find-hidden'
const CURRENT = 'data-find-current'
/** Marks drawn per query; a page full of one word stays responsive. */
const MAX_MARKS = 500
/** Links listed for matches on other pages. */
const MAX_ELSEWHERE = 50
const DEBOUNCE_MS = 150

export interface FindControl {
  /** Runs a query as if typed (used when a page is opened from the index search). */
  search(query: string): void
}


export function installFind(doc: Document): FindControl | null {
  const box = doc.querySelector<HTMLElement>('[data-find-box]')
  // A site page has one transcript; a one-file export one per part of each of its sessions (src/export).
  const transcripts = [...doc.querySelectorAll<HTMLElement>('[data-transcript]')]
  const input = box?.querySelector<HTMLInputElement>('#dsh-find')
  const toolSelect = box?.querySelector<HTMLSelectElement>('#dsh-find-tool')
  const stateSelect = box?.querySelector<HTMLSelectElement>('#dsh-find-status')
  const status = box?.querySelector<HTMLOutputElement>('[data-find-status]')
  const elsewhere = box?.querySelector<HTMLElement>('[data-find-elsewhere]')
  const win = doc.defaultView
  if (!box || transcripts.length === 0 || !input || !toolSelect || !stateSelect || !status || !elsewhere || win === null) return null
  const text = (name: string) => box.getAttribute(`data-${name}`) ?? ''
  const session = text('session')
  box.hidden = false

  let rows: IndexedRow[] | null = null
  let partial = false
  let failed = false
  let loading: Promise<void> | null = null
  let matches: HTMLElement[] = []
  let current = -1
  let others = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  // The anchor map (a paginated session's) is loaded with the shard: matches on other pages link through it.
  let anchorMap: unknown
  const load = () =>
    (loading ??= Promise.all([loadShard(doc, text('shard'), session), loadAnchorMap(doc)]).then(([shard, map]) => {
      rows = shard === null ? null : indexRows(shard)
      partial = shard !== null && !shard.complete
      failed = shard === null
      anchorMap = map
    }))

  const reset = () => {
    for (const transcript of transcripts) {
      clearMarks(transcript)
      for (const el of transcript.querySelectorAll(`[${HIDDEN}]`)) el.removeAttribute(HIDDEN)
      for (const el of transcript.querySelectorAll(`[${CURRENT}]`)) el.removeAttribute(CURRENT)
    }
    matches = []
    current = -1
    others = 0
  }

  const showElsewhere = (found: IndexedRow[], words: string[]) => {
    const list = elsewhere.querySelector('ul')
    if (list === null) return
    list.replaceChildren()
    for (const row of found.slice(0, MAX_ELSEWHERE)) {
      const li = doc.createElement('li')
      const a = doc.createElement('a')
      const page = mapPage(anchorMap, row.id) ?? `${session}.html`
      a.href = `${page}#${encodeURIComponent(row.id)}`
      a.textContent = row.label === '' ? row.kind : row.label
      a.addEventListener('click', () => setPendingQuery(win, input.value))
      li.append(a, doc.createTextNode(` — ${snippet(row.text, words, 90)}`))
      list.append(li)
    }
    elsewhere.hidden = found.length === 0
  }

  const describe = () => {
    const parts: string[] = []
    if (matches.length > 0) parts.push(fillCount(text('count'), { i: current + 1, n: matches.length }))
    if (others > 0) parts.push(fillCount(text('count-elsewhere'), { other: others }))
    if (parts.length === 0) parts.push(text('none'))
    if (partial) parts.push(text('partial'))
    status.value = parts.join(' · ')
  }

  const go = (index: number) => {
    if (matches.length === 0) return
    current = (index + matches.length) % matches.length
    for (const transcript of transcripts) {
      for (const el of transcript.querySelectorAll(`[${CURRENT}]`)) el.removeAttribute(CURRENT)
      for (const el of transcript.querySelectorAll('[data-find-current-mark]')) el.removeAttribute('data-find-current-mark')
    }
    const row = matches[current] as HTMLElement
    row.setAttribute(CURRENT, '')
    const marks = [...row.querySelectorAll<HTMLElement>('mark[data-find-mark]')]
    marks[0]?.setAttribute('data-find-current-mark', '')
    reveal(row, marks)
    describe()
  }

  const run = async () => {
    const filter: RowFilter = { words: queryWords(input.value), tool: toolSelect.value, state: stateSelect.value }
    reset()
    if (!isActive(filter)) {
      status.value = ''
      elsewhere.hidden = true
      return
    }
    if (rows === null && !failed) {
      status.value = text('loading')
      await load()
      // The query may have changed while the shard loaded: answer the latest one.
      return run()
    }
    if (rows === null) {
      status.value = text('unavailable')
      return
    }
    const found = rows.filter(r => rowMatches(r, filter))
    const here: HTMLElement[] = []
    const away: IndexedRow[] = []
    for (const r of found) {
      const el = doc.getElementById(r.id)
      if (el !== null && transcripts.some(t => t.contains(el))) here.push(el)
      else away.push(r)
    }
    here.sort((a, b) => (a.compareDocumentPosition(b) & 4 ? -1 : 1))
    for (const transcript of transcripts) hideOthers(transcript, here)
    let budget = MAX_MARKS
    for (const el of here) budget -= markWords(el, filter.words, budget).length
    matches = here
    others = away.length
    showElsewhere(away, filter.words)
    // The list of other pages' matches stays folded under the bar while this page has matches of its own
    // (the bar sticks: an open list would cover them); with none here, nothing is under it.
    if (elsewhere.tagName === 'DETAILS') (elsewhere as HTMLDetailsElement).open = here.length === 0
    if (matches.length > 0) go(0)
    else describe()
  }

  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void run(), DEBOUNCE_MS)
  }
  input.addEventListener('input', schedule)
  input.addEventListener('focus', () => void load(), { once: true })
  toolSelect.addEventListener('change', () => void run())
  stateSelect.addEventListener('change', () => void run())
  input.addEventListener('keydown', event => {
    if (event.key === 'Enter') {
      event.preventDefault()
      clearTimeout(timer)
      if (matches.length === 0) void run()
      else go(current + (event.shiftKey ? -1 : 1))
    } else if (event.key === 'Escape') {
      // First the words, then (a second Escape) the tool and status filters.
      if (input.value !== '') input.value = ''
      else {
        toolSelect.value = ''
        stateSelect.value = ''
      }
      void run()
    }
  })
  for (const button of box.querySelectorAll<HTMLButtonElement>('[data-find-step]')) {
    button.addEventListener('click', () => go(current + Number(button.getAttribute('data-find-step') ?? '1')))
  }
  // A value the browser restored (back navigation) applies at once.
  if (input.value !== '' || toolSelect.value !== '' || stateSelect.value !== '') void run()
  return {
    search(query: string) {
      input.value = query
      void run()
    },
  }
}

/** A turn's folds (src/site/README.md "View modes in the markup"): their rows are filtered one by one. */
const FOLD = 'details[data-turn-process], details[data-process-activity]'

/**
 * Hides the cards (children of the transcript's sections, and of the turn folds and activity groups inside
 * them) that hold no match, the links after them too, and folds and sections left empty. A card holding a
 * matching nested call stays.
 */
function hideOthers(transcript: HTMLElement, matched: readonly HTMLElement[]): void {
  for (const section of transcript.children) {
    if (!hideUnits(section.children, matched)) section.setAttribute(HIDDEN, '')
  }
}

/** Hides the units without a match; whether any stayed. Folds are entered (their depth is the markup's: two). */
function hideUnits(units: Iterable<Element>, matched: readonly HTMLElement[]): boolean {
  let any = false
  let lastShown = false
  for (const unit of units) {
    if (unit.tagName === 'H2' || unit.tagName === 'SUMMARY') continue
    let show: boolean
    // Links after a row (full text, child session) follow the row they belong to.
    if (unit.hasAttribute('data-row-extras')) show = lastShown
    else if (unit.matches(FOLD)) show = hideUnits([...unit.children].filter(c => c.tagName !== 'SUMMARY').flatMap(body => [...body.children]), matched)
    else show = matched.some(el => unit === el || unit.contains(el))
    if (!show) unit.setAttribute(HIDDEN, '')
    lastShown = show
    any ||= show
  }
  return any
}

/** The query a page opened from a search result should show (see arrival.ts). */
export const PENDING_PREFIX = 'dsh-find:'

export function setPendingQuery(win: Window, query: string): void {
  if (query.trim() !== '') win.name = `${PENDING_PREFIX}${query}`
}
