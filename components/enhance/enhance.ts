/**
 * Progressive enhancement for the transcript markup (a classic script on the page; everything works without
 * it). It owns exactly the behaviour the components leave to scripts:
 * - disclosure state: every `details > summary` but a `[data-plain]` one gets `role=button` and `aria-expanded`
 *   mirroring `open`, as the dsh goldens show them (cards.md §15). The markup leaves the role out: a summary is
 *   already a disclosure button to the browser, and the attribute was ~2% of a long session's pages (issue 14);
 * - `Copy` buttons (`button[data-copy]`, rendered `hidden` and bare): dressed (class, label or icon; see
 *   ../primitives/CopyButton) and revealed, and on click copy the `[data-line]`
 *   rows of the element their `data-copy` names (an id, or a place: `copyTarget`) (each with its `data-prefix`, skipping
 *   `[data-copy-skip]`), or the target's text, or `data-copy-text`; the label reads `data-copied-label` (or,
 *   without one, the word ../primitives/copy-words pairs with the resting label) for about a second;
 * - path chips and file links (`[data-copy-path]`): become buttons that copy the path. One outside a row header
 *   is a keyboard button of its own. One inside a row header (`<summary>`) is a `button` in the header's
 *   accessibility tree, as dsh draws it (`button "Read src/app.ts"` holding `text: Read` and
 *   `button "src/app.ts"`, cards-current.md §9.4), but takes no tab stop: a focusable control inside the
 *   header's button is invalid (axe `nested-interactive`) and a second stop on every row. A click on it copies
 *   without toggling the row; from the keyboard the header itself copies its path — `c`, or Ctrl/⌘+C with
 *   nothing selected, while the header has focus (announced in `aria-keyshortcuts`);
 * - scroll boxes (code, outputs) whose content overflows get `tabindex=0` when shown, so the keyboard can
 *   scroll them (axe `scrollable-region-focusable`): at load the ones the browser has drawn, then each turn's
 *   as it comes near the viewport (a turn off screen skips layout: `content-visibility`);
 * - breakdown pills (`details > summary[aria-haspopup=dialog]`, the session pills and turn usage): their panel
 *   opens over the page, so a click elsewhere or Escape closes it, as a dialog would;
 * - instants (`[data-local-time]`, written in UTC by the build): shown in the reader's zone and the page's locale,
 *   as dsh shows them (cards-current.md §11.3, §11.6).
 * No network, no storage, no module syntax at run time: the site bundles this as an IIFE that calls
 * `enhance(document)`. Safe to call again on new content (live mode): listeners are installed once per root.
 */

import { COPIED_AFTER, copyWord } from '../primitives/copy-words'
import copyStyles from '../primitives/CopyButton.module.css'
import iconStyles from '../primitives/Icon.module.css'
import hiddenStyles from '../primitives/VisuallyHidden.module.css'

/** How long a control shows its `Copied` label. */
const COPIED_MS = 1_000
const installed = new WeakSet<object>()

export function enhance(root: Document | Element): void {
  syncDisclosures(root)
  focusScrollers(root)
  localizeTimes(root)
  labelCodeCopies(root)
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    dressCopyButton(button)
    button.hidden = false
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-copy-path]:not([data-copy-ready])')) enhancePath(el)
  if (installed.has(root)) return
  installed.add(root)
  // `toggle` does not bubble, but a capturing listener on an ancestor still sees it.
  root.addEventListener('toggle', (event) => {
    const target = event.target
    if (target instanceof HTMLDetailsElement) {
      syncDisclosure(target)
      if (target.open) focusScrollers(target)
    }
  }, true)
  // A turn the browser starts drawing (it came near the viewport, or Find, a link or the focus went into it):
  // its boxes are measured now, while it is laid out anyway. The event does not bubble; capturing sees it.
  root.addEventListener(DRAWN_EVENT, (event) => {
    const target = event.target
    if (target instanceof Element && (event as Event & { skipped?: boolean }).skipped === false) focusScrollers(target)
  }, true)
  root.addEventListener('click', (event) => {
    const origin = event.target instanceof Element ? event.target : null
    const copy = origin?.closest<HTMLButtonElement>('button[data-copy]')
    if (copy) void copyFromButton(copy)
    closePopovers(root, origin)
  })
  root.addEventListener('keydown', (event) => {
    if (!('key' in event)) return
    const key = event as KeyboardEvent
    if (key.key === 'Escape' && closePopovers(root, null, key.target instanceof Element ? key.target : null)) return
    // A file mention in a reply is a link the tree names a button (src/markdown): Space works it, as a button's does.
    if (key.key === ' ' && key.target instanceof Element && key.target.matches('a[role="button"][href]')) {
      event.preventDefault()
      ;(key.target as HTMLElement).click()
      return
    }
    const path = headerPathFor(key)
    if (path === null) return
    event.preventDefault()
    void copyPath(path)
  })
}

/** The open pills whose breakdown opens over the page (components/primitives/PillDisclosure). */
const OPEN_POPOVERS = 'details[open] > summary[aria-haspopup="dialog"]'

/**
 * Closes every open breakdown pill except the one `inside` is in (a click elsewhere closes it, as a dialog
 * would); with Escape (`from`: the focused element) closes the one holding the focus and gives its pill the
 * focus back. Returns whether one closed.
 */
function closePopovers(root: Document | Element, inside: Element | null, from: Element | null = null): boolean {
  let closed = false
  for (const summary of root.querySelectorAll<HTMLElement>(OPEN_POPOVERS)) {
    const details = summary.parentElement
    if (!(details instanceof HTMLDetailsElement)) continue
    if (from !== null ? !details.contains(from) : inside !== null && details.contains(inside)) continue
    details.open = false
    closed = true
    if (from !== null) summary.focus()
  }
  return closed
}

/** The keys a focused row header copies its path with (`aria-keyshortcuts` syntax). */
const HEADER_COPY_KEYS = 'C Control+C Meta+C'

/**
 * The path a key press on a focused row header asks to copy: `c` alone, or Ctrl/⌘+C while nothing is
 * selected (a selection keeps the browser's own copy); null for any other key or target.
 */
function headerPathFor(event: KeyboardEvent): HTMLElement | null {
  if (event.key !== 'c' && event.key !== 'C') return null
  if (event.altKey || event.shiftKey || (event.ctrlKey && event.metaKey)) return null
  const target = event.target
  if (!(target instanceof Element) || target.tagName !== 'SUMMARY') return null
  const selection = target.ownerDocument.getSelection()
  if ((event.ctrlKey || event.metaKey) && selection !== null && !selection.isCollapsed) return null
  return target.querySelector<HTMLElement>(':scope [data-copy-path][data-copy-ready]')
}

/**
 * A path becomes a button that copies it. Its listeners sit on the element itself: it lives inside a
 * `<summary>`, and cancelling the click before it leaves the summary is what keeps the row from toggling.
 */
function enhancePath(el: HTMLElement): void {
  el.setAttribute('data-copy-ready', '')
  el.setAttribute('role', 'button')
  el.addEventListener('click', (event) => {
    event.preventDefault()
    event.stopPropagation()
    void copyPath(el)
  })
  const summary = el.closest('summary')
  if (summary !== null) {
    summary.setAttribute('aria-keyshortcuts', HEADER_COPY_KEYS)
    return
  }
  el.tabIndex = 0
  el.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    event.stopPropagation()
    void copyPath(el)
  })
}

/**
 * Makes each scroll box under `root` whose content overflows it focusable (`tabindex=0`), so keyboard users
 * can scroll it; boxes that fit stay out of the tab order. Candidates are the transcript's `pre`, `div`, list
 * and table elements whose computed overflow scrolls. Boxes inside a closed fold are not measured: a closed
 * fold's content has no layout, and asking for its size makes the browser lay it out (Chromium did, for every
 * closed row of a page: ~0.3 s of a long page's opening, most of its script time). Each fold is checked
 * when it opens instead (the `toggle` listener), which also covers browsers that lay closed content out.
 * Likewise boxes in a turn the browser skips (`content-visibility: auto`, off screen): measuring one would
 * lay its turn out (all of them, at load: most of a long page's opening again). Each turn's boxes are
 * measured when the browser starts drawing it (`contentvisibilityautostatechange`), and the rest a few at a
 * time while the page is idle (`measureWhenIdle`), so every box that overflows joins the tab order even in a
 * turn nobody scrolls to. A browser without that event gets every box measured at once, as before.
 */
export function focusScrollers(root: Document | Element): void {
  const view = docOf(root).defaultView
  if (view === null) return
  const skipsHidden = DRAWN_EVENT_CLASS in view
  // Every box measured first, then the attributes set: a write between two reads makes the browser redo
  // style and layout for the next read, once per box (it made a long page open ~0.25 s slower).
  const focusable: HTMLElement[] = []
  const later: HTMLElement[] = []
  // A fold being opened is inside <main>: everything of its kind under it counts.
  const inMain = !('documentElement' in root) && root.closest('main') !== null
  for (const el of root.querySelectorAll<HTMLElement>(inMain ? SCROLL_BOXES : MAIN_SCROLL_BOXES)) {
    if (el.hasAttribute('tabindex') || el.closest(IN_CLOSED_FOLD) !== null) continue
    if (skipsHidden && !el.checkVisibility({ contentVisibilityAuto: true })) later.push(el)
    else if (overflowsScrolling(el, view)) focusable.push(el)
  }
  for (const el of focusable) el.tabIndex = 0
  if (later.length > 0) measureWhenIdle(view, later)
}

/** Whether a box's content overflows it and its overflow scrolls (a read: it needs the box laid out). */
function overflowsScrolling(el: HTMLElement, view: Window): boolean {
  if (el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth) return false
  const style = view.getComputedStyle(el)
  return scrolls(style.overflowX) || scrolls(style.overflowY)
}

/** Boxes waiting for an idle moment, per window, in document order (`next`: the first not yet measured). */
const idleQueues = new WeakMap<Window, { boxes: HTMLElement[]; next: number; leaving: boolean; waiting: boolean }>()
/** Boxes measured in one slice where the browser gives no idle deadline. */
const IDLE_BATCH = 50
/**
 * The longest one slice keeps measuring (ms), whatever the browser's deadline allows (up to 50 ms): a box in a
 * skipped turn costs a layout of its turn (1–4 ms), and a slice, once running, holds up whatever comes next —
 * a click, or the page a link or the replay player opened (a seek to another page waited up to ~30 ms behind
 * one slice of the page it left).
 */
const SLICE_MS = 5
/** How long a page being left keeps its slices back (a navigation that never happens, e.g. a download, resumes them). */
const LEAVING_MS = 2_000

/**
 * Measures `boxes` (in skipped turns) when the page is idle, one short slice at a time: each slice lays out
 * the turns it reads (off the opening's path), then sets the attributes. A box drawn, measured or folded away
 * meanwhile is passed over. Once the page starts to leave (`beforeunload`: a link, the player's page turn)
 * no slice runs: its layouts would only delay the next page.
 */
export function measureWhenIdle(view: Window, boxes: readonly HTMLElement[]): void {
  let queue = idleQueues.get(view)
  const idle = queue === undefined
  if (queue === undefined) idleQueues.set(view, (queue = { boxes: [], next: 0, leaving: false, waiting: false }))
  for (const el of boxes) queue.boxes.push(el)
  if (!idle) return
  const own = queue
  const slice = (deadline?: IdleDeadline) => {
    own.waiting = false
    if (own.leaving) return
    const focusable: HTMLElement[] = []
    const began = view.performance.now()
    let measured = 0
    const more = () => (deadline !== undefined ? deadline.timeRemaining() > 1 && view.performance.now() - began < SLICE_MS : measured < IDLE_BATCH)
    while (own.next < own.boxes.length && (measured === 0 || more())) {
      const el = own.boxes[own.next++] as HTMLElement
      if (!el.isConnected || el.hasAttribute('tabindex') || el.closest(IN_CLOSED_FOLD) !== null) continue
      measured++
      if (overflowsScrolling(el, view)) focusable.push(el)
    }
    for (const el of focusable) el.tabIndex = 0
    if (own.next < own.boxes.length) later(slice)
    else {
      idleQueues.delete(view)
      view.removeEventListener('beforeunload', leave)
    }
  }
  const later = (run: (deadline?: IdleDeadline) => void) => {
    own.waiting = true
    if (typeof view.requestIdleCallback === 'function') view.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
    else view.setTimeout(() => run(), 0)
  }
  // Held back while the page is being left; resumed if it is still here a while later.
  const leave = () => {
    if (own.leaving) return
    own.leaving = true
    view.setTimeout(() => {
      own.leaving = false
      if (!own.waiting) later(slice)
    }, LEAVING_MS)
  }
  view.addEventListener('beforeunload', leave)
  later(slice)
}

/** The longest a slice waits for an idle moment (a page that keeps busy, e.g. playing, still gets its boxes). */
const IDLE_TIMEOUT_MS = 1_000

const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll'
const SCROLL_BOXES = 'pre, div, ul, ol, table'
const MAIN_SCROLL_BOXES = 'main pre, main div, main ul, main ol, main table'
/** Fired at a `content-visibility: auto` element when the browser starts (or stops) skipping its content. */
const DRAWN_EVENT = 'contentvisibilityautostatechange'
const DRAWN_EVENT_CLASS = 'ContentVisibilityAutoStateChangeEvent'
/** An element that is, or is inside, a closed fold's content (anything but its `<summary>`). */
const IN_CLOSED_FOLD = 'details:not([open]) > :not(summary)'

/** The document of a root (a Document, or an element in one); `instanceof` fails across realms. */
const docOf = (root: Document | Element): Document => ('documentElement' in root ? root : root.ownerDocument)

/** `seconds`: month short, day, year, hh:mm:ss, zone (§11.3); `short`: medium date and short time (§11.6). */
const TIME_STYLES: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  seconds: { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  short: { dateStyle: 'medium', timeStyle: 'short' },
}

/** Rewrites each `[data-local-time]` once, in the reader's zone; the UTC text stays when anything fails. */
export function localizeTimes(root: Document | Element): void {
  const doc = docOf(root)
  const locale = doc.documentElement.lang || 'en'
  for (const el of root.querySelectorAll<HTMLElement>('[data-local-time]')) {
    const date = new Date(el.getAttribute('data-local-time') ?? '')
    const style = Object.hasOwn(TIME_STYLES, el.dataset.timeStyle ?? '') ? TIME_STYLES[el.dataset.timeStyle ?? ''] : undefined
    if (Number.isNaN(date.getTime()) || style === undefined) continue
    try {
      // ICU puts a narrow no-break space before AM/PM; a plain space reads (and copies) the same everywhere.
      el.textContent = new Intl.DateTimeFormat(locale, style).format(date).replace(/\u202f/g, ' ')
    } catch {
      // An engine without that locale or style: the build's UTC text stays.
    }
    el.removeAttribute('data-local-time')
  }
}

/** The Copy label of a Markdown code block, by the page's language (the Markdown renderer knows no locale). */
const CODE_COPY: Readonly<Record<'en' | 'zh', { label: string; copied: string }>> = {
  en: { label: 'Copy', copied: 'Copied' },
  zh: { label: '复制', copied: '复制成功' },
}

/** Labels each unlabelled Markdown code-block button (`button[data-copy-code]`) once. */
function labelCodeCopies(root: Document | Element): void {
  const doc = docOf(root)
  const words = doc.documentElement.lang.startsWith('zh') ? CODE_COPY.zh : CODE_COPY.en
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy-code]:not([data-copied-label])')) {
    button.dataset.copiedLabel = words.copied
    const span = doc.createElement('span')
    span.textContent = words.label
    button.replaceChildren(span)
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg'

/**
 * Gives a bare Copy button (as ../primitives/CopyButton renders it: no class, no content) what the server
 * used to write on each: `class`, and the label in a `<span>` — or, for the icon-only kind (the one with a
 * `title`, or copying the text above it: `data-copy="-"`, which only a user message's button does),
 * `aria-label` equal to the title (written when the server left it out) and the copy icon. The label is the
 * word of the page's language (../primitives/copy-words; a test ties it to the dictionaries). A button with
 * a class is dressed already (or a Markdown code button, which `labelCodeCopies` owns); the live page calls
 * this again on every draw.
 */
export function dressCopyButton(button: HTMLButtonElement): void {
  if (button.hasAttribute('class') || button.hasAttribute('data-copy-code')) return
  const doc = button.ownerDocument
  let title = button.getAttribute('title')
  if (title === null && button.getAttribute('data-copy') === '-') {
    title = copyWord(doc.documentElement.lang)
    button.title = title
  }
  if (title === null) {
    button.className = copyStyles.copy ?? ''
    const span = doc.createElement('span')
    span.textContent = copyWord(doc.documentElement.lang)
    button.append(span)
    return
  }
  button.className = `${copyStyles.copy} ${copyStyles.iconOnly}`
  button.setAttribute('aria-label', title)
  const icon = doc.createElementNS(SVG_NS, 'svg')
  icon.setAttribute('class', iconStyles.copy ?? '')
  button.append(icon)
}

/**
 * Makes every disclosure summary under `root` a button with `aria-expanded` (call again after inserting
 * content); a `[data-plain]` summary (a card's group label, the header's lists) stays as the browser draws it.
 */
export function syncDisclosures(root: Document | Element): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>('details')) syncDisclosure(details)
}

function syncDisclosure(details: HTMLDetailsElement): void {
  const summary = details.querySelector(':scope > summary')
  if (summary === null || summary.hasAttribute('data-plain')) return
  if (summary.getAttribute('role') !== 'button') summary.setAttribute('role', 'button')
  summary.setAttribute('aria-expanded', details.open ? 'true' : 'false')
}

/** The text a copy button stands for; exported for tests. */
export function copyText(button: HTMLElement): string {
  if (button.hasAttribute('data-copy-code')) return button.closest('[data-md-code]')?.querySelector('pre')?.textContent ?? ''
  const target = copyTarget(button)
  if (target === null) return button.dataset.copyText ?? ''
  const lines = [...target.querySelectorAll<HTMLElement>('[data-line]')].filter((line) => !skipped(line, target))
  if (lines.length === 0) return visibleText(target)
  return lines.map((line) => (line.dataset.prefix ?? '') + visibleText(line)).join('\n')
}

/**
 * The element a Copy button copies: by id (`data-copy`), or by its place — `+` the element after the
 * button's parent, `-` the first element of the element before it (../primitives/CopyButton `near`) —
 * or none (`data-copy=""`: the button's `data-copy-text`).
 */
function copyTarget(button: HTMLElement): Element | null {
  const value = button.dataset.copy ?? ''
  if (value === '+') return button.parentElement?.nextElementSibling ?? null
  if (value === '-') return button.parentElement?.previousElementSibling?.firstElementChild ?? null
  return value === '' ? null : button.ownerDocument.getElementById(value)
}

/** True when `el` sits inside a `[data-copy-skip]` below `root` (a collapsed-only duplicate row). */
function skipped(el: Element, root: Element): boolean {
  for (let node = el.parentElement; node !== null && node !== root; node = node.parentElement)
    if (node.hasAttribute('data-copy-skip')) return true
  return false
}

/** Text content without `[data-copy-skip]` parts (line numbers, gutters, match counts). */
function visibleText(el: Element): string {
  let out = ''
  for (const node of el.childNodes) {
    if (node.nodeType === 3) out += node.nodeValue ?? ''
    else if (node instanceof Element && !node.hasAttribute('data-copy-skip') && node.tagName !== 'SUMMARY') out += visibleText(node)
  }
  return out
}

/** Each button's resting label, read at its first click (a second click inside the second reads `Copied`). */
const restingLabels = new WeakMap<HTMLButtonElement, string>()

async function copyFromButton(button: HTMLButtonElement): Promise<void> {
  if (!(await writeClipboard(button.ownerDocument, copyText(button)))) return
  // An icon-only button is named by `aria-label`; any other shows its label in its one `<span>`.
  const label = button.hasAttribute('aria-label') ? null : button.querySelector<HTMLElement>('span')
  const original = restingLabels.get(button) ?? button.getAttribute('aria-label') ?? label?.textContent ?? ''
  restingLabels.set(button, original)
  const copied = button.dataset.copiedLabel ?? COPIED_AFTER.get(original) ?? ''
  if (label !== null) label.textContent = copied
  if (button.hasAttribute('aria-label')) button.setAttribute('aria-label', copied)
  announce(button.ownerDocument, copied)
  setTimeout(() => {
    if (label !== null) label.textContent = original
    if (button.hasAttribute('aria-label')) button.setAttribute('aria-label', original)
  }, COPIED_MS)
}

async function copyPath(el: HTMLElement): Promise<void> {
  const doc = el.ownerDocument
  if (!(await writeClipboard(doc, el.dataset.copyPath ?? ''))) return
  el.setAttribute('data-copied', '')
  announce(doc, COPIED_AFTER.get(copyWord(doc.documentElement.lang)) ?? '')
  setTimeout(() => el.removeAttribute('data-copied'), COPIED_MS)
}

/**
 * Says `text` to assistive technology through one polite live region per document (`role=status`, visually
 * hidden), made on first use at the end of `<body>`, outside the transcript landmark. A button's own label
 * change is visible but not announced: an icon-only button's `aria-label` change is not read, and a path
 * copied from a row header changes no name at all. The region is emptied first and filled a moment later, so
 * the same word twice in a row is announced twice.
 */
function announce(doc: Document, text: string): void {
  if (text === '') return
  let region = doc.querySelector<HTMLElement>('body > [data-copy-status]')
  if (region === null) {
    region = doc.createElement('div')
    region.setAttribute('role', 'status')
    region.setAttribute('data-copy-status', '')
    region.className = hiddenStyles.hidden ?? ''
    doc.body.append(region)
  }
  const live = region
  live.textContent = ''
  setTimeout(() => {
    live.textContent = text
  }, ANNOUNCE_DELAY_MS)
}

/** Between emptying the live region and filling it: long enough for screen readers to see two changes. */
const ANNOUNCE_DELAY_MS = 100

/** The async Clipboard API where allowed, else the legacy selection copy (older file:// contexts). */
async function writeClipboard(doc: Document, text: string): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard
  if (clipboard !== undefined) {
    try {
      await clipboard.writeText(text)
      return true
    } catch {
      // fall through to the selection copy
    }
  }
  const area = doc.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  doc.body.append(area)
  area.select()
  let ok = false
  try {
    ok = doc.execCommand('copy')
  } catch {
    ok = false
  }
  area.remove()
  return ok
}
