/**
 * The index filter box (browser, progressive enhancement): reveals the box and, as you type, hides the
 * entries whose text does not contain every word typed, or whose status (`data-status`) is not the one
 * picked in the status filter. An entry stays visible when one of its child sessions matches — as context,
 * marked `data-filter-context` and drawn muted, and not counted: `1 of 6` under "failed" means one failed
 * session, not the completed parent shown around it. A project heading hides when none of its entries
 * shows; when nothing matches, the page says so (`data-filter-empty`). Reads only this page, so it works
 * from file:// with no fetch; entries carry their lower-cased text in `data-filter`.
 */
import { fillCount } from '../primitives/count-template'

/** Every whitespace-separated word of the query occurs in the entry text (case-insensitive). */
export function matches(entryText: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return words.every((w) => entryText.includes(w))
}

/**
 * Applies a query and a status (`''`: any); returns how many entries (parents and children alike) match
 * it. An entry shows when it matches both, or — as context, not counted — when one of its children shows.
 */
export function applyFilter(root: ParentNode, query: string, status = ''): { shown: number; total: number } {
  const entries = [...root.querySelectorAll<HTMLElement>('li[data-filter]')]
  // Deepest first, so a parent sees whether any child stayed visible.
  const own = new Map<HTMLElement, boolean>()
  const visible = new Map<HTMLElement, boolean>()
  for (const entry of [...entries].reverse()) {
    const self = matches(entry.getAttribute('data-filter') ?? '', query) && (status === '' || entry.getAttribute('data-status') === status)
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
  const empty = doc.querySelector<HTMLElement>('[data-filter-empty]')
  const run = () => {
    const status = select?.value ?? ''
    const { shown, total } = applyFilter(doc, input.value, status)
    const idle = input.value.trim() === '' && status === ''
    if (output) output.textContent = idle ? '' : fillCount(template, { shown, total })
    if (empty !== null) empty.hidden = idle || shown > 0
  }
  box.hidden = false
  input.addEventListener('input', run)
  select?.addEventListener('change', run)
  // A value restored by the browser (back navigation) applies at once.
  if (input.value !== '' || (select !== null && select.value !== '')) run()
}
