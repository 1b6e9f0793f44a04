/**
 * The Trajectory tab in Chromium (issue 29): the `Chat | Trajectory` tabs in the session header, a Chat tool
 * row's link to its record and the record's link back, selection opening the Event details panel with the
 * inspector's tabs (mouse and keyboard: Enter, ↑/↓, Escape), the request marker opening the request's tabs,
 * the Duration toggle switching the overview, the page reading without script (every record's details a fold
 * under its row), print (every record's inspector on paper, no toolbar, panel or navigation, with and without
 * the script), and axe (WCAG 2.1 A/AA) finding no serious or critical violation in light and dark, with the
 * panel closed and open. The session is dsh's PTC round log: a `run_code` call with two sub-calls, two requests.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, fileBrowser, watch } from './chromium'

const LOG = fileURLToPath(new URL('../../fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl', import.meta.url))
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const enabled = chromiumPath() !== null
const browser = fileBrowser()
let site: string
let chatFile: string
let trajectoryFile: string

beforeAll(async () => {
  if (!enabled) return
  site = join(tempDir('dv-trajectory-'), 'site')
  await buildInto([LOG], site)
  const stem = readdirSync(join(site, 'sessions')).find((f) => f.endsWith('.trajectory.html'))?.slice(0, -'.trajectory.html'.length) ?? ''
  chatFile = `sessions/${stem}.html`
  trajectoryFile = `sessions/${stem}.trajectory.html`
}, 180_000)

const url = (path: string) => pathToFileURL(join(site, path)).href

async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE })
  const violations = (await page.evaluate(() =>
    (Reflect.get(window, 'axe') as { run: (c: Document, o: unknown) => Promise<{ violations: unknown[] }> })
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
      .then((r) => r.violations),
  )) as { id: string; impact: string | null; nodes: { html: string }[] }[]
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.html.slice(0, 160)}`))
}

describe.skipIf(!enabled)('the Trajectory tab', () => {
  it('links both ways: the header tabs, a tool row to its record, the record back to its Chat row', async () => {
    const page = await browser().newPage()
    const activity = watch(page)
    await page.goto(url(chatFile))
    const tabs = page.getByRole('navigation', { name: 'Views' })
    await expect(tabs.getByText('Chat').getAttribute('aria-current')).resolves.toBe('page')
    const toRecord = page.locator('[data-row-extras] [data-kind="trajectory"] a').first()
    const href = (await toRecord.getAttribute('href')) ?? ''
    expect(href).toMatch(/\.trajectory\.html#re[cq]-\d+$/)
    await toRecord.click()
    await page.waitForURL(/\.trajectory\.html#/)
    const id = href.split('#')[1] ?? ''
    // Arriving at a record selects it: the panel shows its details.
    const row = page.locator(`tr:has([id="${id}"]), tr[id="${id}"]`).first()
    await expect(row.getAttribute('aria-selected')).resolves.not.toBeNull()
    await expect(page.getByRole('complementary', { name: 'Event details' }).isVisible()).resolves.toBe(true)
    // Back to the Chat from a record: the row's own link (inside its fold) names a row the Chat page holds.
    const back = (await page.locator('tr[data-k="tool"] td:last-child > details a').filter({ hasText: 'Open in Chat' }).first().getAttribute('href')) ?? ''
    const [backPage, backId] = back.split('#')
    expect(backPage).toBe(chatFile.slice('sessions/'.length))
    await page.goto(`${url(`sessions/${backPage ?? ''}`)}#${backId ?? ''}`)
    await expect(page.locator(`[id="${decodeURIComponent(backId ?? '')}"]`).count()).resolves.toBe(1)
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Trajectory' }).click()
    await page.waitForURL(/\.trajectory\.html$/)
    expect(activity.errors).toEqual([])
    await page.close()
  })

  it('opens the inspector on selection, moves by keyboard, and closes on Escape', async () => {
    const page = await browser().newPage()
    const activity = watch(page)
    await page.goto(url(trajectoryFile))
    const panel = page.getByRole('complementary', { name: 'Event details' })
    await expect(panel.isVisible()).resolves.toBe(false)
    await expect(page.getByRole('toolbar', { name: 'Trajectory toolbar' }).isVisible()).resolves.toBe(true)
    // A tool row: Summary, Code (run_code), Result, Schema, Timing.
    const tool = page.getByRole('row', { name: /^TOOL, run_code/ })
    await tool.click()
    await expect(panel.isVisible()).resolves.toBe(true)
    await expect(tool.getAttribute('aria-selected')).resolves.toBe('true')
    const tabNames = await panel.getByRole('tab').allTextContents()
    expect(tabNames[0]).toBe('Summary')
    expect(tabNames).toContain('Timing')
    await panel.getByRole('tab', { name: 'Timing' }).click()
    await expect(panel.getByRole('tabpanel').textContent()).resolves.toContain('Duration')
    // Keyboard: ↓ moves to the next row, Enter selects it and keeps the last tab used where it exists.
    await tool.focus()
    await page.keyboard.press('ArrowDown')
    const next = page.locator('tr:focus')
    await expect(next.count()).resolves.toBe(1)
    await page.keyboard.press('Enter')
    await expect(next.getAttribute('aria-selected')).resolves.toBe('true')
    await expect(tool.getAttribute('aria-selected')).resolves.toBe('false')
    await page.keyboard.press('Escape')
    await expect(panel.isVisible()).resolves.toBe(false)
    // The request marker opens the request: Summary, Usage (this request and cumulative), Timing.
    await page.getByRole('button', { name: 'Request #1' }).click()
    await expect(panel.getByRole('tab').allTextContents()).resolves.toEqual(expect.arrayContaining(['Summary', 'Usage', 'Timing']))
    await panel.getByRole('tab', { name: 'Usage' }).click()
    await expect(panel.getByRole('tabpanel').textContent()).resolves.toMatch(/This request[\s\S]*Session cumulative/)
    await panel.getByRole('button', { name: 'Close details' }).click()
    await expect(panel.isVisible()).resolves.toBe(false)
    // Duration: the overview shows one mode at a time, the toolbar's choice.
    const shown = () => page.locator('[data-tj-timeline] figure[data-shown]').getAttribute('data-mode')
    await expect(shown()).resolves.toBe('sequence')
    await page.getByRole('button', { name: 'Use actual duration' }).click()
    await expect(shown()).resolves.toBe('duration')
    expect(activity.errors).toEqual([])
    await page.close()
  })

  it('arriving with a malformed fragment (#%zz) selects nothing and leaves every script working', async () => {
    const page = await browser().newPage()
    const activity = watch(page)
    await page.goto(`${url(trajectoryFile)}#%zz`)
    await expect(page.getByRole('toolbar', { name: 'Trajectory toolbar' }).isVisible()).resolves.toBe(true)
    await expect(page.locator('tr[aria-selected="true"]').count()).resolves.toBe(0)
    await page.getByRole('row', { name: /^TOOL, run_code/ }).click()
    await expect(page.getByRole('complementary', { name: 'Event details' }).isVisible()).resolves.toBe(true)
    // And when the fragment changes to one later: the hashchange handler ignores it too.
    await page.evaluate(
      () =>
        new Promise((done) => {
          addEventListener('hashchange', () => done(null), { once: true })
          location.hash = '%E0%A4%A'
        }),
    )
    expect(activity.errors).toEqual([])
    await page.close()
  })

  it('reads without script: every record’s details are a fold under its row, all three overviews shown', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url(trajectoryFile))
    await expect(page.locator('[data-tj-toolbar]').isVisible()).resolves.toBe(false)
    await expect(page.locator('[data-tj-timeline] figure:visible').count()).resolves.toBe(3)
    const rows = await page.locator('table[data-tj-ledger] tbody > tr').count()
    expect(rows).toBeGreaterThan(5)
    const summary = page.locator('tr[data-k="tool"] details').first()
    await summary.locator('summary').click()
    await expect(summary.locator('h4').allTextContents()).resolves.toEqual(expect.arrayContaining(['Summary', 'Timing']))
    await context.close()
  })

  it('draws each content row at least a line tall once the script has named the rows', async () => {
    const page = await browser().newPage()
    await page.goto(url(trajectoryFile))
    await page.locator('[data-tj-toolbar]').waitFor({ state: 'visible' })
    const short = await page.$$eval('table[data-tj-ledger] tbody > tr:not([data-ro])', (rows) =>
      rows.flatMap((tr) => {
        const summary = tr.querySelector('td:last-child > details > summary')
        if (summary === null) return []
        const line = parseFloat(getComputedStyle(summary).lineHeight)
        const named = tr.hasAttribute('aria-label')
        return named && summary.getBoundingClientRect().height >= line - 0.5 ? [] : [`${tr.id}: ${summary.getBoundingClientRect().height}px, line ${line}px, named ${named}`]
      }),
    )
    expect(short).toEqual([])
    await page.close()
  })

  it('prints every record with its inspector, light, without the toolbar, panel, tabs or navigation', async () => {
    // Chrome a printed Trajectory page leaves out: the Chat's (test/browser/a11y.test.ts) plus the toolbar
    // and the Event details panel (the records' folds carry the same content).
    const chrome = ['button', 'input', 'nav', '[role="search"]', 'body > a[href="#main"]', '[data-tj-toolbar]', '[data-tj-panel]']
    const visibleChrome = (page: Page) =>
      page.evaluate((selectors) => selectors.flatMap((s) => [...document.querySelectorAll(s)].filter((el) => el.checkVisibility()).map((el) => `${s}: ${el.outerHTML.slice(0, 100)}`)), chrome)
    /** Per ledger row: the row drawn, and every element of its inspector (what follows the fold's summary) drawn. */
    const inspectors = (page: Page) =>
      page.$$eval('table[data-tj-ledger] tbody > tr', (rows) =>
        rows
          .filter((tr) => tr.querySelector('td:last-child > details') !== null)
          .map((tr) => {
            const body = [...(tr.querySelector('td:last-child > details')?.children ?? [])].filter((el) => el.tagName !== 'SUMMARY')
            return { id: tr.id, row: tr.checkVisibility(), parts: body.length, shown: body.every((el) => el.checkVisibility()) }
          }),
      )
    for (const script of [true, false]) {
      const context = await browser().newContext({ colorScheme: 'dark', javaScriptEnabled: script })
      const page = await context.newPage()
      const activity = watch(page)
      await page.goto(url(trajectoryFile))
      if (script) {
        // On screen: the toolbar shown by the script, a record selected so the panel is open.
        await page.getByRole('row', { name: /^TOOL, run_code/ }).click()
        await expect(page.getByRole('complementary', { name: 'Event details' }).isVisible()).resolves.toBe(true)
      }
      expect((await visibleChrome(page)).length).toBeGreaterThan(0)
      const screen = await inspectors(page)
      expect(screen.length).toBeGreaterThan(5)
      expect(screen.some((r) => r.shown)).toBe(false)
      await page.emulateMedia({ media: 'print' })
      if (script) await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
      expect(await visibleChrome(page)).toEqual([])
      const print = await inspectors(page)
      expect(print.map((r) => r.id)).toEqual(screen.map((r) => r.id))
      expect(print.every((r) => r.row && r.parts > 0 && r.shown)).toBe(true)
      // One overview on paper (the sequence), whole rows.
      await expect(page.locator('[data-tj-timeline] figure:visible').count()).resolves.toBe(1)
      expect(await page.$eval('table[data-tj-ledger] tbody > tr', (tr) => getComputedStyle(tr).breakInside)).toBe('avoid')
      expect(activity.errors).toEqual([])
      await context.close()
    }
  })

  it('has no serious or critical axe violation, light and dark, panel closed and open', async () => {
    const problems: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser().newContext({ colorScheme: scheme, bypassCSP: true })
      const page = await context.newPage()
      await page.goto(url(trajectoryFile))
      problems.push(...(await audit(page)).map((p) => `${scheme}: ${p}`))
      await page.getByRole('button', { name: 'Request #1' }).click()
      problems.push(...(await audit(page)).map((p) => `${scheme}, request open: ${p}`))
      await page.getByRole('row', { name: /^TOOL, run_code/ }).click()
      problems.push(...(await audit(page)).map((p) => `${scheme}, record open: ${p}`))
      await page.goto(url(chatFile))
      problems.push(...(await audit(page)).map((p) => `${scheme}, chat: ${p}`))
      await context.close()
    }
    expect(problems).toEqual([])
  })
})
