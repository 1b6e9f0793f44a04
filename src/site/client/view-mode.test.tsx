// @vitest-environment happy-dom
/**
 * The view-mode switch on a small page of the markup contract (src/site/README.md "View modes in the
 * markup"): a closed turn's whole-turn fold holding an activity group, a running turn's live group with a
 * Think preview, a non-collapsible control, and the real page header with its control. Per mode: which folds
 * are open, `aria-expanded`/`aria-disabled`, the stored choice; on load the saved mode wins; the stylesheet's
 * rules hide what each mode does not draw; find and search arrival still open the folds around a hit.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PageHeader } from '../../../components/layout/PageHeader'
import { DEFAULT_VIEW } from '../../../components/session/SessionView'
import { DEFAULT_VIEW_MODE, VIEW_MODES, type ViewMode } from '../../cards/view-mode'
import { openAncestors } from '../../search/client/reveal'
import { sessionChrome } from '../render/chrome'
import { siteText } from '../strings'
import type { SessionSummary } from '../types'
import { applyView, currentView, FoldFollower, installViewSwitch, resetFolds, savedView, syncViewSwitches, VIEW_STORAGE_KEY } from './view-mode'

const SUMMARY: SessionSummary = {
  id: 's1', slug: 's1', href: 'sessions/s1.html', title: 'A session', project: null, start: null, duration: null, model: null,
  turns: 2, toolCalls: 3, status: 'running', parentId: null, pages: 1, warnings: 0,
}

const TRANSCRIPT = `
<section data-transcript="">
  <div id="turn-1">
    <div data-m="c" id="classic-only">classic row</div>
    <details data-turn-process="" id="turn-fold"><summary role="button">Completed in 12s</summary>
      <details data-process-activity="" id="group-closed"><summary role="button">Ran 2 commands</summary>
        <div id="row-in-group">npm test <span id="hit">needle</span></div>
      </details>
      <div data-m="n" id="current-only">trigger row</div>
    </details>
  </div>
  <div id="turn-2">
    <button type="button" disabled="" data-turn-process="" id="plain-control">Completed</button>
    <details data-process-activity="" data-live="" id="group-live"><summary role="button">Running commands</summary>
      <div data-variant="think"><details><summary role="button"><span></span><span>Think</span><span id="preview">first line</span></summary></details></div>
    </details>
  </div>
</section>`

function header(view: ViewMode, locale: 'en' | 'zh' = 'en'): string {
  const text = siteText(locale)
  const chrome = sessionChrome(SUMMARY, [], { parent: null, children: [] }, 1, 1, text, view)
  return renderToStaticMarkup(<PageHeader chrome={chrome} allSessions={text.allSessions} />)
}

/** A fresh page whose server default is `view`, with the folds as the server renders them for that mode. */
function load(view: ViewMode): void {
  document.documentElement.setAttribute('data-view', view)
  document.body.innerHTML = header(view) + TRANSCRIPT
  // The server renders each mode's defaults; start from them (resetFolds is what applyView uses too).
  resetFolds(document, view)
}

const fold = (id: string) => document.getElementById(id) as HTMLDetailsElement
const summaryOf = (id: string) => fold(id).querySelector(':scope > summary') as HTMLElement
const select = () => document.querySelector('[data-view-switch] select') as HTMLSelectElement
const wrapper = () => document.querySelector('[data-view-switch]') as HTMLElement

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

// The contract's server-rendered `open` per mode (closed turn: turn fold, its group; running turn: live group).
const OPEN: [ViewMode, { turn: boolean; group: boolean; live: boolean }][] = [
  ['compact', { turn: false, group: false, live: false }],
  ['standard', { turn: false, group: false, live: false }],
  ['detailed', { turn: false, group: false, live: true }],
  ['verbose', { turn: true, group: true, live: true }],
  ['classic', { turn: true, group: true, live: true }],
]

describe('applyView', () => {
  it.each(OPEN)('%s: sets the page mode, resets every fold to the mode default and stores the choice', (mode, open) => {
    load('detailed')
    // The reader's own toggles before switching: all reset by the switch.
    fold('turn-fold').open = !open.turn
    fold('group-live').open = !open.live
    applyView(document, mode)
    expect(document.documentElement.getAttribute('data-view')).toBe(mode)
    expect(currentView(document)).toBe(mode)
    expect({ turn: fold('turn-fold').open, group: fold('group-closed').open, live: fold('group-live').open }).toEqual(open)
    for (const id of ['turn-fold', 'group-closed', 'group-live']) expect(summaryOf(id).getAttribute('aria-expanded')).toBe(String(fold(id).open))
    expect(summaryOf('turn-fold').getAttribute('aria-disabled')).toBe(mode === 'verbose' ? 'true' : null)
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe(mode)
    expect(select().value).toBe(mode)
    // The non-collapsible control is left alone.
    expect(document.getElementById('plain-control')?.getAttribute('aria-disabled')).toBeNull()
  })

  it('leaving verbose takes aria-disabled off the turn controls', () => {
    load('verbose')
    applyView(document, 'verbose')
    applyView(document, 'standard')
    expect(summaryOf('turn-fold').hasAttribute('aria-disabled')).toBe(false)
  })

  it('with { store: false } does not remember the mode', () => {
    load('detailed')
    applyView(document, 'compact', { store: false })
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBeNull()
  })
})

describe('installViewSwitch (page load)', () => {
  it('without a saved mode keeps the page default and stores nothing; reveals the control on it', () => {
    load('standard')
    expect(wrapper().hidden).toBe(true)
    installViewSwitch(window)
    expect(currentView(document)).toBe('standard')
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBeNull()
    expect(wrapper().hidden).toBe(false)
    expect(select().value).toBe('standard')
  })

  it.each([
    ['verbose', 'verbose'],
    ['normal', 'detailed'],
    ['expanded', 'detailed'],
  ] as const)('a saved %j wins over the page default (→ %s)', (saved, expected) => {
    localStorage.setItem(VIEW_STORAGE_KEY, saved)
    load('compact')
    installViewSwitch(window)
    expect(currentView(document)).toBe(expected)
    expect(fold('turn-fold').open).toBe(expected === 'verbose')
    expect(select().value).toBe(expected)
  })

  it('an unknown saved value falls back to the page default', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'huge')
    load('classic')
    installViewSwitch(window)
    expect(savedView(window)).toBeNull()
    expect(currentView(document)).toBe('classic')
  })

  it('the header control switches the mode and persists it across a reload', () => {
    load('detailed')
    installViewSwitch(window)
    select().value = 'verbose'
    select().dispatchEvent(new Event('change', { bubbles: true }))
    expect(currentView(document)).toBe('verbose')
    expect(fold('turn-fold').open).toBe(true)
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('verbose')
    // "Reload": the same page default, the saved choice wins.
    load('detailed')
    installViewSwitch(window)
    expect(currentView(document)).toBe('verbose')
    expect(select().value).toBe('verbose')
  })

  it('in verbose a click on the turn control does nothing; elsewhere it toggles', () => {
    load('verbose')
    installViewSwitch(window)
    const click = () => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true })
      summaryOf('turn-fold').dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(click()).toBe(true)
    applyView(document, 'standard')
    expect(click()).toBe(false)
  })

  it('syncViewSwitches reveals a header inserted later (the live page swaps in the rebuilt one)', () => {
    load('detailed')
    installViewSwitch(window)
    applyView(document, 'compact')
    const fresh = new DOMParser().parseFromString(header('detailed'), 'text/html').body.firstElementChild as Element
    document.querySelector('header')?.replaceWith(document.importNode(fresh, true))
    expect(wrapper().hidden).toBe(true)
    syncViewSwitches(document)
    expect(wrapper().hidden).toBe(false)
    expect(select().value).toBe('compact')
  })
})

describe('the header control', () => {
  it('is a labelled select of the five modes, hidden until the script runs, on the page default', () => {
    document.body.innerHTML = header('standard')
    expect(wrapper().hidden).toBe(true)
    expect(wrapper().querySelector('label')?.textContent).toContain('Work details')
    expect([...select().options].map((o) => [o.value, o.textContent])).toEqual([
      ['compact', 'Compact'], ['standard', 'Standard'], ['detailed', 'Detailed'], ['verbose', 'Verbose'], ['classic', 'Classic'],
    ])
    expect(select().value).toBe('standard')
  })

  it('is localised', () => {
    document.body.innerHTML = header('detailed', 'zh')
    expect(wrapper().querySelector('label')?.textContent).toContain('工作步骤展示')
    expect([...select().options].map((o) => o.textContent)).toEqual(['简洁', '标准', '详细', '完全展开', '经典'])
  })

  it('the components default to the same mode as the CLI', () => {
    expect(DEFAULT_VIEW).toBe(DEFAULT_VIEW_MODE)
  })
})

describe('the stylesheet (components/layout/view-modes.css)', () => {
  const css = readFileSync(join(process.cwd(), 'components/layout/view-modes.css'), 'utf8')
  const shown = (id: string) => {
    const el = id.startsWith('summary:') ? summaryOf(id.slice(8)) : document.getElementById(id)
    return el !== null && getComputedStyle(el).display !== 'none'
  }
  const HIDDEN: Record<ViewMode, string[]> = {
    compact: ['classic-only', 'preview'],
    standard: ['classic-only'],
    detailed: ['classic-only', 'summary:group-live'],
    verbose: ['classic-only', 'summary:group-closed', 'summary:group-live'],
    classic: ['current-only', 'summary:turn-fold', 'summary:group-closed', 'summary:group-live'],
  }
  const ALL = ['classic-only', 'current-only', 'preview', 'summary:turn-fold', 'summary:group-closed', 'summary:group-live']

  it.each(VIEW_MODES)('%s hides exactly what the mode does not draw', (mode) => {
    load(mode)
    const style = document.createElement('style')
    style.textContent = css
    document.head.append(style)
    try {
      expect(ALL.filter((id) => !shown(id))).toEqual(HIDDEN[mode])
    } finally {
      style.remove()
    }
  })
})

describe('folds and finding', () => {
  it('arrival at a hit opens the turn fold and group around it in any mode', () => {
    for (const mode of ['compact', 'detailed'] as const) {
      load(mode)
      applyView(document, mode)
      expect(fold('turn-fold').open).toBe(false)
      openAncestors(document.getElementById('hit') as Element)
      expect(fold('turn-fold').open).toBe(true)
      expect(fold('group-closed').open).toBe(true)
    }
  })
})

describe('FoldFollower (live redraws)', () => {
  it('leaves folds it has seen alone and gives new ones the current mode', () => {
    load('detailed')
    const follower = new FoldFollower()
    follower.follow(document, 'detailed')
    // The reader opens the closed turn; then a redraw adds a turn that just closed, with its group.
    fold('turn-fold').open = true
    const section = document.createElement('div')
    section.innerHTML = '<details data-turn-process="" id="new-turn" open><summary role="button">Completed in 3s</summary><details data-process-activity="" id="new-group" open><summary role="button">Read 1 file</summary></details></details>'
    document.querySelector('[data-transcript]')?.append(section)
    follower.follow(document, 'detailed')
    expect(fold('turn-fold').open).toBe(true)
    expect(fold('new-turn').open).toBe(false)
    expect(fold('new-group').open).toBe(false)
    expect(summaryOf('new-turn').getAttribute('aria-expanded')).toBe('false')
    // In verbose, new turn folds arrive open and their controls inert.
    const more = document.createElement('div')
    more.innerHTML = '<details data-turn-process="" id="verbose-turn"><summary role="button">Completed in 1s</summary></details>'
    document.querySelector('[data-transcript]')?.append(more)
    follower.follow(document, 'verbose')
    expect(fold('verbose-turn').open).toBe(true)
    expect(summaryOf('verbose-turn').getAttribute('aria-disabled')).toBe('true')
  })
})
