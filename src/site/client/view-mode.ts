/**
 * The view-mode switch of a page (browser; part of the classic site script, so also of the export file and
 * the live page). The page holds every mode's content; the mode is presentation only: `<html data-view>`
 * picks what the stylesheet shows (components/layout/view-modes.css) and the folds' open state follows the
 * mode (src/cards/view-folds.ts). `applyView` switches: it sets the attribute, remembers the choice in
 * localStorage (`dsh-view:view`), resets every whole-turn fold (`details[data-turn-process]`) and activity
 * group (`details[data-process-activity]`, `data-live` while its turn runs) to the mode's default, and marks
 * the turn controls `aria-disabled` in verbose, where nothing folds. On load a saved valid mode wins over the
 * page's default (the build's `--view`). Showing `classic` first fills in the classic-only rows the build wrote
 * once per page (`fillRepeats`). The header control (`[data-view-switch]`, rendered `hidden`: it
 * does nothing without the script) is revealed and kept in step. Everything fails soft: without storage the
 * switch still works for this page.
 */
import { foldOpen } from '../../cards/view-folds'
import { DEFAULT_VIEW_MODE, parseViewMode, type ViewMode } from '../../cards/view-mode'

export const VIEW_STORAGE_KEY = 'dsh-view:view'
/** The header control: a wrapper holding one `<select>` whose options are the modes. */
export const VIEW_SWITCH_SELECTOR = '[data-view-switch]'
const TURN_FOLD = 'details[data-turn-process]'
const ACTIVITY_FOLD = 'details[data-process-activity]'
const FOLDS = `${TURN_FOLD}, ${ACTIVITY_FOLD}`

/** The mode the page shows now (its `<html data-view>`; the default when missing or unknown). */
export function currentView(doc: Document): ViewMode {
  return parseViewMode(doc.documentElement.getAttribute('data-view')) ?? DEFAULT_VIEW_MODE
}

/** The reader's saved mode, or null (none, unknown, or no storage). Legacy values read as `detailed`. */
export function savedView(win: Window): ViewMode | null {
  try {
    return parseViewMode(win.localStorage.getItem(VIEW_STORAGE_KEY))
  } catch {
    return null
  }
}

function saveView(win: Window | null, mode: ViewMode): void {
  try {
    win?.localStorage.setItem(VIEW_STORAGE_KEY, mode)
  } catch {
    // Storage refused (private window, some file:// contexts): the switch still applies to this page.
  }
}

/** The mode's default open state for one fold. */
function defaultOpen(details: HTMLDetailsElement, mode: ViewMode): boolean {
  if (details.matches(TURN_FOLD)) return foldOpen(mode, 'turn')
  return foldOpen(mode, 'activity', details.hasAttribute('data-live'))
}

/**
 * Sets a fold open or closed and its summary's `aria-expanded` at once (components/enhance mirrors it again
 * on the `toggle` event, which fires a task later).
 */
function setOpen(details: HTMLDetailsElement, open: boolean): void {
  if (details.open !== open) details.open = open
  const summary = details.querySelector(':scope > summary[role=button]')
  summary?.setAttribute('aria-expanded', open ? 'true' : 'false')
}

/** The turn controls are inert in verbose (nothing folds): `aria-disabled` on their summaries. */
function markTurnControls(root: ParentNode, mode: ViewMode): void {
  for (const summary of root.querySelectorAll(`${TURN_FOLD} > summary`)) {
    if (mode === 'verbose') summary.setAttribute('aria-disabled', 'true')
    else summary.removeAttribute('aria-disabled')
  }
}

/** Every fold under `root` back to the mode's default. */
export function resetFolds(root: ParentNode, mode: ViewMode): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>(FOLDS)) setOpen(details, defaultOpen(details, mode))
  markTurnControls(root, mode)
}

export interface ApplyOptions {
  /** Remember the mode as the reader's choice (default true; false on load, so the page default never sticks). */
  store?: boolean
}

/**
 * Classic-only rows the build wrote once per page (src/site/render/classic-repeats.ts): each placeholder
 * `[data-same]` gets a closed copy of the row it names, under the placeholder's own id, so the page reads as
 * if every row had been written out. Done when the page first shows `classic` (the only mode that shows
 * these rows); a placeholder whose row is missing stays empty.
 */
export function fillRepeats(root: Document): void {
  for (const holder of root.querySelectorAll<HTMLElement>('[data-same]')) {
    const source = root.getElementById(holder.dataset.same ?? '')
    holder.removeAttribute('data-same')
    if (source === null) continue
    const copy = source.cloneNode(true) as HTMLElement
    copy.id = holder.id
    holder.removeAttribute('id')
    for (const details of copy.querySelectorAll<HTMLDetailsElement>('details[open]')) setOpen(details, false)
    holder.append(copy)
  }
}

/** Switches the page to `mode` (see the module comment). */
export function applyView(doc: Document, mode: ViewMode, { store = true }: ApplyOptions = {}): void {
  if (mode === 'classic') fillRepeats(doc)
  doc.documentElement.setAttribute('data-view', mode)
  if (store) saveView(doc.defaultView, mode)
  resetFolds(doc, mode)
  syncViewSwitches(doc)
}

/** Reveals every header control and shows the current mode in it (call again after inserting a header). */
export function syncViewSwitches(doc: Document): void {
  const mode = currentView(doc)
  for (const wrapper of doc.querySelectorAll<HTMLElement>(VIEW_SWITCH_SELECTOR)) {
    const select = wrapper.querySelector('select')
    if (select === null) continue
    if (select.value !== mode) select.value = mode
    wrapper.hidden = false
  }
}

/**
 * For pages that redraw (live): folds that appear after the page loaded start in the current mode's state;
 * folds already seen keep whatever the reader made of them. The first call only records what is there (the
 * page's own folds were set by `applyView` or restored by the redraw).
 */
export class FoldFollower {
  readonly #seen = new WeakSet<Element>()
  #primed = false

  follow(root: ParentNode, mode: ViewMode): void {
    for (const details of root.querySelectorAll<HTMLDetailsElement>(FOLDS)) {
      if (this.#seen.has(details)) continue
      this.#seen.add(details)
      if (this.#primed) setOpen(details, defaultOpen(details, mode))
    }
    markTurnControls(root, mode)
    this.#primed = true
  }
}

const installed = new WeakSet<Document>()

/** On load: the saved mode (else the page's), the header control revealed, and its listeners (once per document). */
export function installViewSwitch(win: Window): void {
  const doc = win.document
  applyView(doc, savedView(win) ?? currentView(doc), { store: false })
  if (installed.has(doc)) return
  installed.add(doc)
  // Delegated, so a header swapped in later (the live page takes the rebuilt page's) works too.
  doc.addEventListener('change', (event) => {
    const select = event.target
    if (!(select instanceof HTMLSelectElement) || select.closest(VIEW_SWITCH_SELECTOR) === null) return
    const mode = parseViewMode(select.value)
    if (mode !== null) applyView(doc, mode)
  })
  // Verbose: the turn control stays drawn but does nothing (pointer and keyboard alike: both arrive as clicks).
  doc.addEventListener(
    'click',
    (event) => {
      if (currentView(doc) !== 'verbose' || !(event.target instanceof Element)) return
      if (event.target.closest(`${TURN_FOLD} > summary`) !== null) event.preventDefault()
    },
    true,
  )
}
