/**
 * The index filter box (browser, progressive enhancement): reveals the box and, as you type, hides the
 * entries whose text does not contain every word typed, or whose status (`data-status`) is not the one
 * picked in the status filter. An entry stays visible when one of its child sessions matches — as context,
 * marked `data-filter-context` and drawn muted, and not counted: `1 of 6` under "failed" means one failed
 * session, not the completed parent shown around it. A project heading hides when none of its entries
 * shows; when nothing matches, the page says so (`data-filter-empty`). Reads only this page, so it works
 * from file:// with no fetch; entries carry their lower-cased text in `data-filter`. The facet filters
 * (project, model, start-day range; issue 31) read each entry's `data-model`, `data-day` and its group's
 * `data-project`, and every change is announced (`dsh-filter`) for the overview, which follows it.
 */
import { fillCount } from '../primitives/count-template'

/** Every whitespace-separated word of the query occurs in the entry text (case-insensitive). */
export function matches(entryText: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return words.every((w) => entryText.includes(w))
}

/** The facet filters (issue 31): project, model and a start-day range; '' leaves one open. */
export interface Facets {
  project: string
  model: string
  since: string
  until: string
}

const OPEN: Facets = { project: '', model: '', since: '', until: '' }

/** Whether an entry's facets (its `data-model`, `data-day` and its group's `data-project`) pass the filters. */
function facetsMatch(entry: HTMLElement, f: Facets): boolean {
  if (f.project !== '' && entry.closest('[data-filter-group]')?.getAttribute('data-project') !== f.project) return false
  if (f.model !== '' && entry.getAttribute('data-model') !== f.model) return false
  if (f.since === '' && f.until === '') return true
  const day = entry.getAttribute('data-day') ?? ''
  return day !== '' && (f.since === '' || day >= f.since) && (f.until === '' || day <= f.until)
}

/**
 * Applies a query, a status (`''`: any) and the facets; returns how many entries (parents and children
 * alike) match them. An entry shows when it matches all, or — as context, not counted — when one of its
 * children shows.
 */
export function applyFilter(root: ParentNode, query: string, status = '', facets: Facets = OPEN): { shown: number; total: number } {
  const entries = [...root.querySelectorAll<HTMLElement>('li[data-filter]')]
  // Deepest first, so a parent sees whether any child stayed visible.
  const own = new Map<HTMLElement, boolean>()
  const visible = new Map<HTMLElement, boolean>()
  for (const entry of [...entries].reverse()) {
    const self = matches(entry.getAttribute('data-filter') ?? '', query) && (status === '' || entry.getAttribute('data-status') === status) && facetsMatch(entry, facets)
    const child = [...entry.querySelectorAll<HTMLElement>(':scope > ul > li[data-filter]')].some((c) => visible.get(c) === true)
    own.set(entry, self)
    visible.set(entry, self || child)
  }
  let shown = 0
  for (const entry of entries) {
    const show = visible.get(entry) === true
    entry.hidden = !show
    const context = show && own.get(entry) !== true
    entry.toggleAttribute('data-filter-context', context)
    if (show && !context) shown++
  }
  for (const group of root.querySelectorAll<HTMLElement>('[data-filter-group]')) {
    group.hidden = group.querySelector('li[data-filter]:not([hidden])') === null
  }
  return { shown, total: entries.length }
}

export function installFilter(doc: Document): void {
  const box = doc.querySelector<HTMLElement>('[data-filter-box]')
  const input = box?.querySelector<HTMLInputElement>('input')
  if (!box || !input) return
  const output = box.querySelector<HTMLOutputElement>('output')
  const template = output?.getAttribute('data-count-template') ?? '{shown} / {total}'
  const select = box.querySelector<HTMLSelectElement>('select#dsh-status')
  const project = box.querySelector<HTMLSelectElement>('select#dsh-project')
  const model = box.querySelector<HTMLSelectElement>('select#dsh-model')
  const since = box.querySelector<HTMLInputElement>('input#dsh-since')
  const until = box.querySelector<HTMLInputElement>('input#dsh-until')
  const projectLink = box.querySelector<HTMLAnchorElement>('[data-project-link]')
  const empty = doc.querySelector<HTMLElement>('[data-filter-empty]')
  const run = () => {
    const status = select?.value ?? ''
    const facets: Facets = { project: project?.value ?? '', model: model?.value ?? '', since: since?.value ?? '', until: until?.value ?? '' }
    const { shown, total } = applyFilter(doc, input.value, status, facets)
    const idle = input.value.trim() === '' && status === '' && Object.values(facets).every(v => v === '')
    if (output) output.textContent = idle ? '' : fillCount(template, { shown, total })
    if (empty !== null) empty.hidden = idle || shown > 0
    // The project picked has a page of its own: the link beside the select goes there.
    const href = project?.selectedOptions[0]?.getAttribute('data-href') ?? null
    if (projectLink !== null) {
      projectLink.hidden = href === null
      if (href !== null) projectLink.href = href
    }
    // The overview follows the facets and the status (components/index/overview-client.ts).
    doc.dispatchEvent(new CustomEvent<FilterState>(FILTER_EVENT, { detail: { status, ...facets } }))
  }
  box.hidden = false
  input.addEventListener('input', run)
  for (const control of [select, project, model, since, until]) control?.addEventListener('change', run)
  // A value restored by the browser (back navigation) applies at once.
  if (input.value !== '' || [select, project, model, since, until].some(c => c != null && c.value !== '')) run()
}

/** What the filter box tells the page after each change: the status and the facets. */
export type FilterState = Facets & { status: string }
export const FILTER_EVENT = 'dsh-filter'
