/**
 * View modes in Chromium, from file://: a page built with `--view standard` shows the header's `Work details`
 * control on that mode; switching it changes `<html data-view>` and survives a reload (localStorage); with
 * JavaScript off the control stays hidden and the page reads in its build default. On a page of the markup
 * contract (src/site/README.md "View modes in the markup") with the site's real stylesheet and script: what
 * each mode shows and opens, the inert verbose control, and the snapshotter's `--expand process` opening the
 * turn controls and activity headers and nothing else. Event-driven: every wait is on a page state.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageHeader } from '../../components/layout/PageHeader'
import type { ViewMode } from '../../src/cards/view-mode'
import { sessionChrome } from '../../src/site/render/chrome'
import { fillShell } from '../../src/site/html/shell'
import { siteText } from '../../src/site/strings'
import { openProcess } from '../../src/snapshot/node/aria'
import { buildInto, tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'
import { chromiumPath, launch, watch } from './chromium'

const SESSION = fileURLToPath(new URL('../../fixtures/demo-sessions/--~007B~007Bcwd~007D~007D--/14dda109-5728-45ba-a002-7db9543fe50e/session.jsonl', import.meta.url))
const PAGE = 'sessions/14dda109-5728-45ba-a002-7db9543fe50e.html'

/** The contract's markup: a closed turn (fold, group, a row), a running turn (live group, Think preview). */
const TRANSCRIPT = `<main id="main"><section aria-label="Transcript" data-transcript="">
<div id="turn-1">
  <p data-m="c" id="classic-only">classic row</p>
  <details data-turn-process="" id="turn-fold"><summary role="button">Completed in 12s</summary>
    <details data-process-activity="" id="group-closed"><summary role="button">Ran 2 commands</summary>
      <div id="row-1" data-variant="tool"><details id="row-fold"><summary role="button">Bash npm test</summary><p id="row-body">ok</p></details></div>
    </details>
    <p data-m="n" id="current-only">trigger row</p>
  </details>
</div>
<div id="turn-2">
  <details data-process-activity="" data-live="" id="group-live"><summary role="button">Running commands</summary>
    <div id="live-body" data-variant="think"><details><summary role="button"><span></span><span>Think</span> <span id="preview">first line</span></summary><p>reasoning</p></details></div>
  </details>
</div>
</section></main>`

const enabled = chromiumPath() !== null
let browser: Browser
let site: string
let fixture: string

beforeAll(async () => {
  if (!enabled) return
  site = tempDir()
  ;[browser] = await Promise.all([launch(), buildInto([SESSION], site, { view: 'standard' })])
  // The fixture page: the real shell, stylesheet and script around the contract markup and the real header.
  const assets = await testSiteAssets()
  fixture = tempDir()
  mkdirSync(join(fixture, 'assets'))
  for (const [name, content] of assets.files) writeFileSync(join(fixture, 'assets', name), content)
  const text = siteText('en')
  const summary = { id: 'f', slug: 'f', href: 'f.html', title: 'Fixture', project: null, start: null, duration: null, model: null, turns: 2, toolCalls: 1, status: 'running' as const, parentId: null, pages: 1, warnings: 0 }
  const header = renderToStaticMarkup(createElement(PageHeader, { chrome: sessionChrome(summary, [], { parent: null, children: [] }, 1, 1, text, 'detailed'), allSessions: text.allSessions }))
  writeFileSync(join(fixture, 'page.html'), fillShell(assets.shell, { lang: 'en', root: '', head: '<title>Fixture</title>', body: header + TRANSCRIPT, view: 'detailed' }))
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

const viewOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-view'))
const isOpen = (page: Page, id: string) => page.$eval(`#${id}`, (el) => (el as HTMLDetailsElement).open)

describe.skipIf(!enabled)('the header control on a built page', () => {
  it('shows the build default, switches the mode, and the saved mode wins after a reload', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const activity = watch(page)
    await page.goto(pathToFileURL(join(site, PAGE)).href)
    const control = page.getByLabel('Work details')
    await control.waitFor({ state: 'visible' })
    expect(await control.inputValue()).toBe('standard')
    expect(await viewOf(page)).toBe('standard')
    await control.selectOption('verbose')
    expect(await viewOf(page)).toBe('verbose')
    expect(await page.evaluate(() => localStorage.getItem('dsh-view:view'))).toBe('verbose')
    await page.reload()
    await control.waitFor({ state: 'visible' })
    expect(await control.inputValue()).toBe('verbose')
    expect(await viewOf(page)).toBe('verbose')
    expect(activity.errors).toEqual([])
    await context.close()
  })

  it('with JavaScript off the control stays hidden and the page reads in its default mode', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(pathToFileURL(join(site, PAGE)).href)
    expect(await viewOf(page)).toBe('standard')
    expect(await page.locator('[data-view-switch]').isVisible()).toBe(false)
    await context.close()
  })
})

describe.skipIf(!enabled)('the markup contract with the real stylesheet and script', () => {
  const VISIBLE = ['classic-only', 'current-only', 'preview', 'turn-fold > summary', 'group-closed > summary', 'group-live > summary', 'live-body']
  // What shows once every fold is open (so only the mode's CSS hides things).
  const SHOWN: Record<ViewMode, string[]> = {
    compact: ['current-only', 'turn-fold > summary', 'group-closed > summary', 'group-live > summary', 'live-body'],
    standard: ['current-only', 'preview', 'turn-fold > summary', 'group-closed > summary', 'group-live > summary', 'live-body'],
    detailed: ['current-only', 'preview', 'turn-fold > summary', 'group-closed > summary', 'live-body'],
    verbose: ['current-only', 'preview', 'turn-fold > summary', 'live-body'],
    classic: ['classic-only', 'preview', 'live-body'],
  }
  // The folds' state right after switching (closed turn fold and group, running turn's live group).
  const OPEN: Record<ViewMode, [boolean, boolean, boolean]> = {
    compact: [false, false, false],
    standard: [false, false, false],
    detailed: [false, false, true],
    verbose: [true, true, true],
    classic: [true, true, true],
  }

  let context: Awaited<ReturnType<Browser['newContext']>>
  let page: Page
  beforeAll(async () => {
    if (!enabled) return
    context = await browser.newContext()
    page = await context.newPage()
    await page.goto(pathToFileURL(join(fixture, 'page.html')).href)
    await page.getByLabel('Work details').waitFor({ state: 'visible' })
  })
  afterAll(async () => {
    await context?.close()
  })

  it.each(Object.keys(SHOWN) as ViewMode[])('%s: folds reset to the mode, and the mode hides what it does not draw', async (mode) => {
    await page.getByLabel('Work details').selectOption(mode)
    expect(await viewOf(page)).toBe(mode)
    expect([await isOpen(page, 'turn-fold'), await isOpen(page, 'group-closed'), await isOpen(page, 'group-live')]).toEqual(OPEN[mode])
    // The enhancement script mirrors the state (applyView sets it at once).
    expect(await page.$eval('#turn-fold > summary', (s) => s.getAttribute('aria-expanded'))).toBe(String(OPEN[mode][0]))
    expect(await page.$eval('#turn-fold > summary', (s) => s.getAttribute('aria-disabled'))).toBe(mode === 'verbose' ? 'true' : null)
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true
    })
    const shown: string[] = []
    for (const id of VISIBLE) if (await page.locator(`#${id}`).isVisible()) shown.push(id)
    expect(shown).toEqual(SHOWN[mode])
  })

  it('verbose: the turn control does not toggle, by keyboard either', async () => {
    await page.getByLabel('Work details').selectOption('verbose')
    await page.focus('#turn-fold > summary')
    await page.keyboard.press('Enter')
    expect(await isOpen(page, 'turn-fold')).toBe(true)
    await page.getByLabel('Work details').selectOption('standard')
    await page.focus('#turn-fold > summary')
    await page.keyboard.press('Enter')
    expect(await isOpen(page, 'turn-fold')).toBe(true)
  })

  it('--expand process opens every turn control and activity header, and no row', async () => {
    await page.getByLabel('Work details').selectOption('compact')
    // A row the earlier cases opened: rows are the reader's, a mode switch leaves them alone.
    await page.$eval('#row-fold', (d) => void ((d as HTMLDetailsElement).open = false))
    expect([await isOpen(page, 'turn-fold'), await isOpen(page, 'group-closed'), await isOpen(page, 'group-live')]).toEqual([false, false, false])
    await openProcess(page)
    expect([await isOpen(page, 'turn-fold'), await isOpen(page, 'group-closed'), await isOpen(page, 'group-live')]).toEqual([true, true, true])
    expect(await isOpen(page, 'row-fold')).toBe(false)
    for (const id of ['turn-fold', 'group-closed', 'group-live']) expect(await page.$eval(`#${id} > summary`, (s) => s.getAttribute('aria-expanded'))).toBe('true')
    // Classic: the headers are not drawn (not visible), and their folds are open already: nothing to click.
    await page.getByLabel('Work details').selectOption('classic')
    await openProcess(page)
    expect(await isOpen(page, 'row-fold')).toBe(false)
  })
})
