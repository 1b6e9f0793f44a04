/**
 * The Trajectory page's script (trajectory.md §5, §7, §8, §9): progressive enhancement of a page that reads
 * fully without it (every row's details are a fold under the row, the three timing overviews one under the
 * other). With it:
 * - each row gets its accessible name from its parts (`Request 1, ASSISTANT, …`, §9) and `aria-selected`;
 * - click, Enter or Space on a row selects it and opens the Event details panel with that record's tabs
 *   (the client's: the most recently used tab when the new selection has it, else the first); the request
 *   marker button selects the request instead; Close, Escape or a click on blank ledger space clears it;
 * - ↑/↓ move between rows, Home/End to the first and last (the client's ledger is a list of focusable rows);
 * - the toolbar shows: the Duration toggle and the Actual time switch pick the overview's mode; the search
 *   keeps the rows whose text holds every term; Turns folds each turn to its first content row (the
 *   client's Calls fold and its summary rows are not drawn);
 * - the panel's resize handle takes ←/→ in 16 px steps and resets on double-click (§5.1);
 * - arriving at `#rec-N` / `#req-N` selects it.
 * The panel's content is a copy of the row's fold: ids are left out of the copy, so nothing is duplicated.
 */
import { fragmentId } from '../../../components/layout/anchors-client'
import { matches } from '../../../components/index/filter-client'

const STEP_PX = 16

function textOf(el: Element | null): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : undefined) ?? whole)
}

/**
 * `signal` ends the listeners this installs on the document and the window (a live page that swaps in a
 * rebuilt body installs again, src/live/browser/trajectory-page.ts: the old ones would keep the old body).
 */
export function installTrajectory(doc: Document, signal?: AbortSignal): void {
  const main = doc.querySelector<HTMLElement>('main[data-trajectory]')
  const table = main?.querySelector<HTMLTableElement>('table[data-tj-ledger]')
  const panel = main?.querySelector<HTMLElement>('[data-tj-panel]')
  if (main == null || table == null || panel == null) return
  const win = doc.defaultView
  const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody > tr')]
  const template = table.dataset['aria'] ?? '{request}{kind}, {content}'
  const prefix = table.dataset['prefix'] ?? 'Request {request}, '
  const none = table.dataset['none'] ?? 'no content'

  for (const row of rows) {
    const marker = row.querySelector<HTMLButtonElement>('td:first-child > button')
    if (marker !== null) marker.hidden = false
    if (row.hasAttribute('aria-label')) continue
    const kind = textOf(row.querySelector('td:first-child > span'))
    // The summary's parts as they read on screen: the `→` before a result is drawn by CSS, not text.
    const summary = row.querySelector('td:last-child > details > summary')
    const parts = summary === null ? [] : [...summary.children].filter((el) => el.tagName === 'SPAN').map(textOf).filter((t) => t !== '')
    const content = parts.length > 0 ? parts.join(' → ') : textOf(summary)
    const request = marker === null ? '' : fill(prefix, { request: row.dataset['r'] ?? '' })
    row.setAttribute('aria-label', fill(template, { request, kind, content: content === '' ? none : content }))
  }

  // ---- the details panel
  const [, header, tablist, tabpanel] = [...panel.children] as HTMLElement[]
  const [tagEl, whereEl, closeButton] = header === undefined ? [] : ([...header.children] as HTMLElement[])
  let selected: HTMLTableRowElement | null = null
  let lastTab: string | null = null

  /** The inspector of a row (`req` or `rec`): its heading and everything up to the next heading of its level. */
  function inspectorParts(row: HTMLTableRowElement, of: 'req' | 'rec'): { heading: HTMLElement; body: Element[] } | null {
    const details = row.querySelector('td:last-child > details')
    if (details === null) return null
    const children = [...details.children]
    const start = children.findIndex((el) => el.tagName === 'H3' && el.getAttribute('data-of') === of)
    if (start < 0) return null
    const body: Element[] = []
    for (const el of children.slice(start + 1)) {
      if (el.tagName === 'H3' || el.tagName === 'SUMMARY') break
      body.push(el)
    }
    return { heading: children[start] as HTMLElement, body }
  }

  /** A copy without ids (the row's own fold keeps them). */
  function copy(el: Element): Node {
    const clone = el.cloneNode(true) as Element
    clone.removeAttribute('id')
    for (const inner of clone.querySelectorAll('[id]')) inner.removeAttribute('id')
    return clone
  }

  function showTab(tabs: { id: string; button: HTMLButtonElement; nodes: Element[] }[], id: string): void {
    if (tabpanel === undefined) return
    const tab = tabs.find((t) => t.id === id) ?? tabs[0]
    if (tab === undefined) return
    lastTab = tab.id
    for (const t of tabs) {
      t.button.setAttribute('aria-selected', String(t === tab))
      t.button.tabIndex = t === tab ? 0 : -1
    }
    tabpanel.replaceChildren(...tab.nodes.map(copy))
    tabpanel.setAttribute('aria-labelledby', tab.button.id)
    // The Summary's buttons that open another tab (Source, a section heading).
    for (const opener of tabpanel.querySelectorAll<HTMLElement>('[data-open]')) {
      opener.setAttribute('role', 'button')
      opener.tabIndex = 0
      const go = () => showTab(tabs, opener.getAttribute('data-open') ?? '')
      opener.addEventListener('click', go)
      opener.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          go()
        }
      })
    }
  }

  function open(row: HTMLTableRowElement, of: 'req' | 'rec'): void {
    const parts = inspectorParts(row, of)
    if (parts === null || tablist === undefined || tagEl === undefined || whereEl === undefined) return
    if (selected !== null) selected.setAttribute('aria-selected', 'false')
    for (const b of table!.querySelectorAll('td:first-child > button[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false')
    selected = row
    if (of === 'rec') row.setAttribute('aria-selected', 'true')
    else row.querySelector('td:first-child > button')?.setAttribute('aria-pressed', 'true')
    const title = parts.heading.textContent ?? ''
    const at = Number(parts.heading.getAttribute('data-at') ?? title.length)
    tagEl.textContent = title.slice(0, at)
    whereEl.textContent = title.slice(at).replace(/^ · /, '')
    const tabs: { id: string; button: HTMLButtonElement; nodes: Element[] }[] = []
    for (const el of parts.body) {
      if (el.tagName === 'H4' && el.hasAttribute('data-tab')) {
        const button = doc.createElement('button')
        button.type = 'button'
        button.setAttribute('role', 'tab')
        button.id = `tj-tab-${el.getAttribute('data-tab') ?? ''}`
        button.textContent = el.textContent
        tabs.push({ id: el.getAttribute('data-tab') ?? '', button, nodes: [] })
      } else tabs[tabs.length - 1]?.nodes.push(el)
    }
    tablist.replaceChildren(...tabs.map((t) => t.button))
    tabs.forEach((t, i) => {
      t.button.addEventListener('click', () => showTab(tabs, t.id))
      t.button.addEventListener('keydown', (e) => {
        const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null
        if (next === null) return
        e.preventDefault()
        const target = tabs[(next + tabs.length) % tabs.length]
        if (target === undefined) return
        showTab(tabs, target.id)
        target.button.focus()
      })
    })
    showTab(tabs, lastTab !== null && tabs.some((t) => t.id === lastTab) ? lastTab : (tabs[0]?.id ?? ''))
    panel!.hidden = false
  }

  function close(): void {
    if (selected !== null) {
      selected.setAttribute('aria-selected', 'false')
      selected.querySelector('td:first-child > button')?.setAttribute('aria-pressed', 'false')
    }
    const was = selected
    selected = null
    panel!.hidden = true
    was?.focus()
  }

  const selectable = () => rows.filter((r) => r.tabIndex >= 0 && !r.hidden)
  for (const row of rows) if (row.tabIndex >= 0) row.setAttribute('aria-selected', 'false')

  table.addEventListener('click', (e) => {
    const target = e.target as Element
    if (target.closest('a') !== null) return
    const row = target.closest('tr')
    if (row === null || !rows.includes(row as HTMLTableRowElement)) return
    const marker = target.closest('td:first-child > button')
    // With the panel, a row's fold stays shut: its content is what the panel shows.
    if (target.closest('summary') !== null) e.preventDefault()
    if (marker !== null) open(row as HTMLTableRowElement, 'req')
    else if ((row as HTMLTableRowElement).tabIndex >= 0) open(row as HTMLTableRowElement, 'rec')
  })
  table.addEventListener('keydown', (e) => {
    const row = (e.target as Element).closest('tr') as HTMLTableRowElement | null
    if (row === null || e.target !== row) return
    const list = selectable()
    const i = list.indexOf(row)
    const move = (to: HTMLTableRowElement | undefined) => {
      if (to === undefined) return
      e.preventDefault()
      to.focus()
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      open(row, 'rec')
    } else if (e.key === 'ArrowDown') move(list[i + 1])
    else if (e.key === 'ArrowUp') move(list[i - 1])
    else if (e.key === 'Home') move(list[0])
    else if (e.key === 'End') move(list[list.length - 1])
  })
  closeButton?.addEventListener('click', close)
  doc.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && !panel.hidden) close()
    },
    { signal },
  )
  main.querySelector('[data-tj-ledger]')?.parentElement?.addEventListener('click', (e) => {
    if ((e.target as Element).closest('tr') === null && !panel.hidden) close()
  })

  // ---- the resize handle
  const handle = panel.querySelector<HTMLElement>('[role="separator"]')
  const split = panel.parentElement
  const range = (name: string, fallback: number) => Number(handle?.getAttribute(name) ?? fallback)
  const [initial, min, max] = [range('aria-valuenow', 420), range('aria-valuemin', 320), range('aria-valuemax', 960)]
  let width = initial
  handle?.addEventListener('keydown', (e) => {
    const delta = e.key === 'ArrowLeft' ? STEP_PX : e.key === 'ArrowRight' ? -STEP_PX : 0
    if (delta === 0) return
    e.preventDefault()
    width = Math.max(min, Math.min(max, width + delta))
    handle.setAttribute('aria-valuenow', String(width))
    split?.style.setProperty('--tj-panel', `${width}px`)
  })
  handle?.addEventListener('dblclick', () => {
    width = initial
    handle.setAttribute('aria-valuenow', String(width))
    split?.style.removeProperty('--tj-panel')
  })

  // ---- the toolbar: overview mode, search, turn folds
  const toolbar = main.querySelector<HTMLElement>('[data-tj-toolbar]')
  const timeline = main.querySelector<HTMLElement>('[data-tj-timeline]')
  if (toolbar !== null) toolbar.hidden = false
  const duration = toolbar?.querySelector<HTMLButtonElement>('[data-tj-duration]')
  const actual = toolbar?.querySelector<HTMLInputElement>('[data-tj-actual]')
  const pressLabel = duration?.getAttribute('aria-label') ?? ''
  const releaseLabel = duration?.getAttribute('data-tj-duration') ?? ''
  const showMode = () => {
    if (timeline === null) return
    const mode = actual?.checked === true ? 'actual' : duration?.getAttribute('aria-pressed') === 'true' ? 'duration' : 'sequence'
    timeline.setAttribute('data-mode', mode)
    for (const figure of timeline.querySelectorAll('figure')) figure.toggleAttribute('data-shown', figure.getAttribute('data-mode') === mode)
  }
  duration?.addEventListener('click', () => {
    const pressed = duration.getAttribute('aria-pressed') !== 'true'
    duration.setAttribute('aria-pressed', String(pressed))
    // The title says what the next press does (§8).
    duration.title = pressed ? releaseLabel : pressLabel
    showMode()
  })
  actual?.addEventListener('change', showMode)
  showMode()

  const search = toolbar?.querySelector<HTMLInputElement>('[data-tj-search]')
  const folded = new Set<HTMLTableRowElement>()
  const applyVisibility = () => {
    const query = search?.value ?? ''
    const searching = query.trim() !== ''
    for (const row of rows) {
      // The index filter's rule (every word, lower-cased without the reader's locale: a Turkish locale
      // would lower `I` to `ı` and miss `id`), so both boxes find the same rows for the same words.
      const match = searching && matches((row.textContent ?? '').toLowerCase(), query)
      // While searching only matches remain, folds dropped (§8).
      row.hidden = searching ? !match : folded.has(row)
    }
  }
  search?.addEventListener('input', applyVisibility)

  const turns = toolbar?.querySelector<HTMLButtonElement>('[data-tj-fold="turns"]')
  const collapseLabel = turns?.getAttribute('aria-label') ?? ''
  const expandLabel = turns?.getAttribute('data-expand') ?? ''
  turns?.addEventListener('click', () => {
    const fold = turns.getAttribute('aria-pressed') !== 'true'
    folded.clear()
    if (fold) {
      // A turn keeps its SYSTEM and request-only rows and its first content row (§8).
      for (const body of table.querySelectorAll<HTMLElement>('tbody[data-turn]')) {
        let first = true
        for (const row of body.querySelectorAll<HTMLTableRowElement>(':scope > tr')) {
          const content = row.getAttribute('data-k') !== 'system' && row.tabIndex >= 0
          if (!content) continue
          if (first) first = false
          else folded.add(row)
        }
      }
    }
    turns.setAttribute('aria-pressed', String(fold))
    turns.setAttribute('aria-label', fold ? expandLabel : collapseLabel)
    applyVisibility()
  })

  // ---- arriving at a record or request
  const arrive = () => {
    // A malformed escape (`#%zz`) names nothing: it must not throw out of the page script.
    const id = fragmentId(win?.location.hash ?? '')
    if (id === null || !/^(rec|req)-\d+$/.test(id)) return
    const el = doc.getElementById(id)
    const row = el?.closest('tr') as HTMLTableRowElement | null
    if (row == null) return
    open(row, id.startsWith('req') ? 'req' : 'rec')
  }
  arrive()
  win?.addEventListener('hashchange', arrive, { signal })
}
