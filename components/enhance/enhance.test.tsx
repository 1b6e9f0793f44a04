// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { copyText, enhance, measureWhenIdle } from './enhance'
import { ToolRow } from '../rows/ToolRow'
import { UserMessage } from '../messages/UserMessage'
import { DiffBlock } from '../cards/DiffBlock'
import { SearchBlock } from '../cards/SearchBlock'
import { mount } from '../testing/render'
import { abortedBashRow, diffCard, readCard, rowWindow, searchCard, terminalCard, toolDetails, toolRow, userRow } from '../testing/builders'

const terminalRow = toolRow({ key: 'tool:t', title: 'Pwsh', summary: 'Fail deliberately', expandable: true, body: terminalCard(), details: toolDetails({ output: { kind: 'card' } }) })
const readRow = toolRow({
  key: 'tool:r', tool: 'read', title: 'Read', summary: 'a.txt', summaryStyle: 'file-link', filePath: '/w/a.txt',
  expandable: true, body: readCard(), details: toolDetails({ output: { kind: 'card' } }),
})

/** Two files; the window re-inserts file b's header (row 3) in front of the tail [5, 6]. */
const searchRows = searchCard().rows.concat([
  { kind: 'match', lineNumber: 2, line: 'x', text: '2: x' },
  { kind: 'match', lineNumber: 3, line: 'y', text: '3: y' },
])

function page() {
  return mount(
    <div>
      <UserMessage row={userRow({ text: 'line one\nline two' })} />
      <ToolRow row={abortedBashRow()} />
      <ToolRow row={terminalRow} />
      <ToolRow row={readRow} />
      <DiffBlock model={diffCard()} place="chat" />
      <SearchBlock model={searchCard({ rows: searchRows, chatWindow: rowWindow([0, 1], [3, 5, 6], 3) })} place="chat" />
    </div>,
  )
}

afterEach(() => vi.useRealTimers())

describe('enhance', () => {
  test('mirrors each disclosure into aria-expanded, and follows toggles', () => {
    const root = page()
    enhance(document)
    const summary = root.querySelector('[id="tool:call_wait"] > details > summary')
    expect(summary?.getAttribute('aria-expanded')).toBe('false')
    const details = summary?.parentElement
    if (!(details instanceof HTMLDetailsElement)) throw new Error('no details')
    details.open = true
    details.dispatchEvent(new Event('toggle'))
    expect(summary?.getAttribute('aria-expanded')).toBe('true')
  })

  test('reveals Copy buttons, which stay hidden without it', () => {
    const root = page()
    const buttons = () => [...root.querySelectorAll<HTMLButtonElement>('button[data-copy]')]
    expect(buttons().length).toBeGreaterThan(4)
    expect(buttons().every((b) => b.hidden)).toBe(true)
    enhance(document)
    expect(buttons().every((b) => !b.hidden)).toBe(true)
  })

  test('copies the rendered lines: terminal output, user text, diff with prefixes and no numbers, search without the duplicate header', () => {
    const root = page()
    const copyOf = (selector: string) => {
      const button = root.querySelector<HTMLElement>(`${selector} button[data-copy]`)
      if (button === null) throw new Error(`no copy button in ${selector}`)
      return copyText(button)
    }
    expect(copyOf('[id="tool:t"]')).toBe("[stderr]\nGet-Item : Cannot find path 'missing.txt' because it does not exist.")
    expect(copyOf('[id="user:m1"]')).toBe('line one\nline two')
    expect(copyOf('[data-diff]')).toBe('src/a.ts\n  const a = 1\n- const b = 2\n+ const b = 3')
    expect(copyOf('[data-read]')).toBe('alpha\nbeta')
    // Head [0, 1], middle [2..4] (holding header 3), header 3 again collapsed-only, tail [5, 6].
    expect(root.querySelectorAll('[data-search] [data-kind="file"]')).toHaveLength(3)
    expect(copyOf('[data-search]')).toBe('src/a.ts\n3: foo()\n9: foo(1)\nsrc/b.ts\n1: foo\n2: x\n3: y')
  })

  test('a Copy click writes the clipboard and shows the copied label for a moment', async () => {
    const root = page()
    enhance(document)
    vi.useFakeTimers()
    const button = root.querySelector<HTMLButtonElement>('[id="tool:t"] button[data-copy]')
    button?.click()
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toContain('[stderr]'))
    await vi.waitFor(() => expect(button?.textContent).toBe('Copied'))
    // A second click while it reads `Copied` still returns to `Copy` (the resting label is kept from the first).
    button?.click()
    await vi.advanceTimersByTimeAsync(500)
    vi.advanceTimersByTime(1_000)
    expect(button?.textContent).toBe('Copy')
  })

  test('a file link in a row header is a button in the header, with no tab stop of its own; a click copies it without toggling the row', async () => {
    const root = page()
    enhance(document)
    enhance(document) // idempotent
    const link = root.querySelector<HTMLElement>('[id="tool:r"] [data-copy-path]')
    const summary = link?.closest('summary')
    expect(summary).not.toBeNull()
    // dsh's tree: `button "Read a.txt"` holding `text: Read` and `button "a.txt"` (cards-current.md §9.4).
    expect(link?.getAttribute('role')).toBe('button')
    // No focusable control inside the header's button (axe nested-interactive); the header copies it instead.
    expect(link?.hasAttribute('tabindex')).toBe(false)
    expect(summary?.getAttribute('aria-keyshortcuts')).toBe('C Control+C Meta+C')
    const details = root.querySelector<HTMLDetailsElement>('[id="tool:r"] > details')
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    link?.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(details?.open).toBe(false)
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('/w/a.txt'))
  })

  test.each([
    ['c', {}],
    ['C', {}],
    ['c', { ctrlKey: true }],
    ['c', { metaKey: true }],
  ])('the focused row header copies its path on %s %o', async (key, modifiers) => {
    const root = page()
    enhance(document)
    await navigator.clipboard.writeText('')
    const summary = root.querySelector<HTMLElement>('[id="tool:r"] summary')
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers })
    summary?.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('/w/a.txt'))
  })

  test.each([
    ['another key', 'x', {}],
    ['Alt+C', 'c', { altKey: true }],
    ['Shift+C', 'C', { shiftKey: true }],
  ])('the row header leaves %s alone', (_name, key, modifiers) => {
    const root = page()
    enhance(document)
    const summary = root.querySelector<HTMLElement>('[id="tool:r"] summary')
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers })
    summary?.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
  })

  test('Ctrl+C on a row header with text selected keeps the browser copy', () => {
    const root = page()
    enhance(document)
    const summary = root.querySelector<HTMLElement>('[id="tool:r"] summary')
    const range = document.createRange()
    range.selectNodeContents(summary as Node)
    document.getSelection()?.removeAllRanges()
    document.getSelection()?.addRange(range)
    const event = new KeyboardEvent('keydown', { key: 'c', ctrlKey: true, bubbles: true, cancelable: true })
    summary?.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    document.getSelection()?.removeAllRanges()
  })

  test('a path outside a row header becomes a keyboard button that copies it', async () => {
    const root = page()
    const chip = document.createElement('span')
    chip.setAttribute('data-copy-path', '/w/chip.txt')
    chip.textContent = 'chip.txt'
    root.append(chip)
    enhance(document)
    enhance(document)
    expect(chip.getAttribute('role')).toBe('button')
    expect(chip.tabIndex).toBe(0)
    const key = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    chip.dispatchEvent(key)
    expect(key.defaultPrevented).toBe(true)
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('/w/chip.txt'))
  })
})

describe('local times and Markdown code blocks', () => {
  afterEach(() => document.documentElement.setAttribute('lang', 'en'))

  test('an instant is shown in the page locale (the build wrote UTC); unknown styles keep their text', () => {
    document.documentElement.setAttribute('lang', 'en')
    document.body.innerHTML =
      '<dd><span id="a" data-local-time="2026-09-10T08:00:00.000Z" data-time-style="short">Sep 10, 2026, 8:00 AM UTC</span></dd>' +
      '<dd><span id="b" data-local-time="2026-09-10T08:00:00.000Z" data-time-style="constructor">kept</span></dd>' +
      '<dd><span id="c" data-local-time="not a date" data-time-style="short">kept too</span></dd>'
    enhance(document)
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-09-10T08:00:00.000Z')).replace(/\u202f/g, ' ')
    expect(document.getElementById('a')?.textContent).toBe(expected)
    expect(document.getElementById('b')?.textContent).toBe('kept')
    expect(document.getElementById('c')?.textContent).toBe('kept too')
  })

  test('a code block Copy button is labelled in the page language and copies its block', async () => {
    document.documentElement.setAttribute('lang', 'zh-CN')
    document.body.innerHTML = '<div data-md-code=""><div><span>ts</span><button type="button" hidden data-copy="" data-copy-code=""></button></div><pre><code>let a = 1</code></pre></div>'
    enhance(document)
    const button = document.querySelector<HTMLButtonElement>('button[data-copy-code]')
    expect(button?.hidden).toBe(false)
    expect(button?.textContent).toBe('复制')
    expect(button === null ? '' : copyText(button)).toBe('let a = 1')
  })
})

describe('scroll boxes', () => {
  /** A scrolling `<pre>` that overflows, counting how often its size is asked for. */
  function box(id: string): { el: HTMLElement; reads: () => number } {
    const el = document.createElement('pre')
    el.id = id
    el.style.overflowY = 'auto'
    let reads = 0
    Object.defineProperty(el, 'scrollHeight', { get: () => (reads++, 500) })
    Object.defineProperty(el, 'clientHeight', { get: () => 100 })
    return { el, reads: () => reads }
  }
  function fold(open: boolean, content: HTMLElement): HTMLDetailsElement {
    const details = document.createElement('details')
    details.open = open
    details.append(Object.assign(document.createElement('summary'), { textContent: 'row' }), content)
    return details
  }

  test('a box in an open fold joins the tab order; one in a closed fold is not measured until the fold opens', () => {
    const shown = box('shown')
    const folded = box('folded')
    const nested = box('nested')
    const main = document.createElement('main')
    const closed = fold(false, folded.el)
    const inner = fold(true, nested.el)
    closed.append(inner)
    main.append(fold(true, shown.el), closed)
    document.body.replaceChildren(main)
    enhance(document)
    expect(shown.el.tabIndex).toBe(0)
    expect(shown.reads()).toBeGreaterThan(0)
    // Inside a closed fold, an open fold's content is hidden too.
    expect([folded.el.hasAttribute('tabindex'), folded.reads(), nested.el.hasAttribute('tabindex'), nested.reads()]).toEqual([false, 0, false, 0])
    closed.open = true
    closed.dispatchEvent(new Event('toggle'))
    expect([folded.el.tabIndex, nested.el.tabIndex]).toEqual([0, 0])
  })

  /** A window whose idle callbacks, timers and clock the test runs by hand; each size read takes `readMs`. */
  function idleWindow(readMs: number) {
    const idle: ((deadline: IdleDeadline) => void)[] = []
    const timers: (() => void)[] = []
    let now = 0
    const view = Object.assign(new EventTarget(), {
      requestIdleCallback: (run: (deadline: IdleDeadline) => void) => idle.push(run),
      setTimeout: (run: () => void) => timers.push(run),
      performance: { now: () => now },
      getComputedStyle: () => ({ overflowX: 'visible', overflowY: 'auto' }),
    }) as unknown as Window
    const boxes = Array.from({ length: 10 }, (_, i) => {
      const el = document.createElement('pre')
      el.id = `idle-${i}`
      Object.defineProperty(el, 'scrollHeight', { get: () => ((now += readMs), 500) })
      Object.defineProperty(el, 'clientHeight', { get: () => 100 })
      return el
    })
    document.body.replaceChildren(...boxes)
    /** Runs the next idle callback with a long deadline (the browser's longest is 50 ms). */
    const runSlice = () => (idle.shift() as (deadline: IdleDeadline) => void)({ didTimeout: false, timeRemaining: () => 45 })
    const measured = () => boxes.filter(b => b.tabIndex === 0).length
    return { view, idle, timers, boxes, runSlice, measured }
  }

  test('an idle slice stops after a few milliseconds of measuring, however long the idle period', () => {
    const w = idleWindow(2)
    measureWhenIdle(w.view, w.boxes)
    w.runSlice()
    // 2 ms a box: three boxes reach the 5 ms a slice may take; the rest wait for the next idle period.
    expect(w.measured()).toBe(3)
    expect(w.idle).toHaveLength(1)
    while (w.idle.length > 0) w.runSlice()
    expect(w.measured()).toBe(10)
  })

  test('no slice runs while the page is being left; a page still there later resumes', () => {
    const w = idleWindow(2)
    measureWhenIdle(w.view, w.boxes)
    w.view.dispatchEvent(new Event('beforeunload'))
    w.runSlice()
    expect([w.measured(), w.idle.length]).toEqual([0, 0])
    // The navigation did not happen (a download, say): the timer resumes the slices.
    expect(w.timers).toHaveLength(1)
    ;(w.timers.shift() as () => void)()
    while (w.idle.length > 0) w.runSlice()
    expect(w.measured()).toBe(10)
  })
})
