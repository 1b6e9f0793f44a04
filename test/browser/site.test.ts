/**
 * The built site in a real browser, opened from file:// (issue 4): with JavaScript off every page shows its
 * cards, makes no network request and holds the DOM and byte budgets; with it on, the index filter works,
 * deep links follow a row to its page, and nothing breaks the Content-Security-Policy. Also 360 px width,
 * dark scheme, landmarks and the skip link. One browser for the file, many pages.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES } from '../../src/site/render/pages/measure'
import { buildInto, tempDir } from '../support/build'
import { session } from '../../src/log/testing/session'
import { treeOf } from '../support/files'
import { longBashSession, writeLongRoot } from '../support/long-session'
import { chromiumPath, launch, NO_CHROMIUM, watch } from './chromium'

const DEMO = fileURLToPath(new URL('../../fixtures/demo-sessions/', import.meta.url))

/** A session long enough to paginate (deep links across pages). */
function writeLongSessionRoot(): string {
  // Long lines: a terminal's output is one text block, so the page budget this hits is bytes.
  return writeLongRoot(longBashSession({ id: 'long-session', turns: 30, output: () => Array.from({ length: 200 }, (_, i) => `line ${i} ${'x'.repeat(300)}`).join('\n') }))
}

/**
 * Log text with no place to break, in the rows that show it in their header: a slash command, an unknown
 * event's type, an unreadable line (users.md: 360 px phones).
 */
function writeWideRoot(): string {
  const s = session({ id: 'wide-session', cwd: '/home/dev/wide' })
  s.turnStart()
  s.user('go')
  s.push('command/run', { commandId: 'cmd-1', name: `deploy-${'x'.repeat(400)}`, args: ` ${'y'.repeat(600)}`, source: { kind: 'user' } })
  s.push('command/done', { commandId: 'cmd-1', kind: 'error', text: 'z'.repeat(3000) })
  s.turnEnd()
  const future = JSON.stringify({ type: `future/${'e'.repeat(500)}`, seq: s.nextSeq, time: s.timeOf(s.nextSeq), data: { value: 'v'.repeat(2000) } })
  const root = tempDir()
  mkdirSync(join(root, '--work-wide--/wide-session'), { recursive: true })
  writeFileSync(join(root, '--work-wide--/wide-session/session.jsonl'), `${s.jsonl()}${future}\n${'{'.repeat(3000)}\n`)
  return root
}

const enabled = chromiumPath() !== null
let browser: Browser
let site: string
let pages: string[]

beforeAll(async () => {
  if (!enabled) return
  site = tempDir()
  ;[browser] = await Promise.all([launch(), buildInto([DEMO, writeLongSessionRoot(), writeWideRoot()], site)])
  pages = [...treeOf(site, { skipState: true }).keys()].filter(p => p.endsWith('.html'))
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

const url = (path: string) => pathToFileURL(join(site, path)).href

describe.skipIf(!enabled)('the site from file:// with JavaScript off', () => {
  it('every page shows its content, requests only its own files, and holds the budgets', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const siteUrl = pathToFileURL(site).href
    for (const path of pages) {
      const page = await context.newPage()
      const activity = watch(page)
      await page.goto(url(path))
      const nodes = await page.evaluate(() => document.getElementsByTagName('*').length)
      expect(nodes, path).toBeLessThanOrEqual(MAX_PAGE_NODES)
      expect(statSync(join(site, path)).size, path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect(activity.requests.filter(r => !r.startsWith(siteUrl)), path).toEqual([])
      expect(activity.dialogs.concat(activity.errors), path).toEqual([])
      if (path.startsWith('sessions/') && path.includes('.trajectory.')) {
        // A Trajectory page: its ledger rows take up space without scripts (issue 29, JS off).
        const rows = page.locator('tr[id^="rec-"]')
        expect(await rows.count(), path).toBeGreaterThan(0)
        const flat = await rows.evaluateAll(els => els.filter(e => e.getBoundingClientRect().height === 0).map(e => e.outerHTML.slice(0, 80)))
        expect(flat, path).toEqual([])
      } else if (path.startsWith('sessions/')) {
        // Every row of the transcript takes up space: readable without scripts.
        const hidden = await page.$$eval('[data-transcript] > div > *', els =>
          // Not the turn control's visually hidden announcement (a `role=status` live region, cards-current.md §5.4),
          // nor markup of the classic view only (`data-m="c"`, hidden in the page's default mode).
          els.filter(e => e.getBoundingClientRect().height === 0 && e.tagName !== 'H2' && e.getAttribute('role') !== 'status' && e.getAttribute('data-m') !== 'c').map(e => e.outerHTML.slice(0, 80)),
        )
        expect(hidden, path).toEqual([])
        expect(await page.locator('[data-transcript] > div > *').count(), path).toBeGreaterThan(1)
      }
      await page.close()
    }
    await context.close()
  })

  it('the index lists every session and hides the filter box (it needs a script)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url('index.html'))
    expect(await page.locator('li[data-filter]').count()).toBe(10)
    expect(await page.locator('[data-filter-box]').isVisible()).toBe(false)
    await context.close()
  })
})

describe.skipIf(!enabled)('the site with JavaScript on', () => {
  it('filters the index as you type, keeping parents of matching children', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(url('index.html'))
    await page.locator('#dsh-filter').fill('reply with exactly the word')
    const visible = await page.locator('li[data-filter]:visible').count()
    expect(visible).toBe(3) // the subagent-multi parent and its two children
    // The parent's title does not match: it is shown as context for its children, and not counted (48dc6bf).
    await expect.poll(() => page.locator('[data-filter-box] output').textContent()).toBe('2 of 10 sessions')
    expect(await page.locator('li[data-filter][data-filter-context]:visible').count()).toBe(1)
    await page.locator('#dsh-filter').fill('')
    expect(await page.locator('li[data-filter]:visible').count()).toBe(10)
    expect(activity.console.filter(c => c.startsWith('error'))).toEqual([])
    await page.close()
  })

  it('a deep link to a row on another page lands on that page', async () => {
    const page = await browser.newPage()
    await page.goto(`${url('sessions/long-session.html')}#${encodeURIComponent('tool:call-29')}`)
    await page.waitForURL(/long-session\.p\d+\.html/)
    expect(await page.locator('[id="tool:call-29"]').count()).toBe(1)
    await page.close()
  })

  it('loads site.js from file:// under the CSP and reports no violation', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(url('sessions/session-b94a9975-e964-4e8f-8181-dea1d289823b.html'))
    // The copy buttons are revealed by the script: proof that it ran.
    expect(await page.locator('button[data-copy]:visible').count()).toBeGreaterThan(0)
    expect(activity.console.filter(c => /Content Security Policy|error/i.test(c))).toEqual([])
    await page.close()
  })
})

describe.skipIf(!enabled)('layout and accessibility', () => {
  it('fits 360 px without horizontal scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } })
    for (const path of ['index.html', 'sessions/session-b94a9975-e964-4e8f-8181-dea1d289823b.html', 'sessions/long-session.p2.html']) {
      await page.goto(url(path))
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
    }
    // Long unbroken log text, rows collapsed and then every one opened.
    await page.goto(url('sessions/wide-session.html'))
    const rows = await page.evaluate(() => ['command', 'raw-event', 'invalid-line'].map(v => document.querySelectorAll(`[data-variant="${v}"]`).length))
    expect(rows).toEqual([1, 1, 1])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.evaluate(() => document.querySelectorAll('details').forEach(d => { d.open = true }))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.close()
  })

  it('follows the dark colour scheme', async () => {
    const light = await browser.newPage({ colorScheme: 'light' })
    const dark = await browser.newPage({ colorScheme: 'dark' })
    const bg = (p: typeof light) => p.evaluate(() => getComputedStyle(document.body).backgroundColor)
    await light.goto(url('index.html'))
    await dark.goto(url('index.html'))
    expect(await bg(light)).toBe('rgb(255, 255, 255)')
    expect(await bg(dark)).not.toBe('rgb(255, 255, 255)')
    await Promise.all([light.close(), dark.close()])
  })

  it('has one h1, a main landmark, and a skip link as the first stop of the keyboard', async () => {
    const page = await browser.newPage()
    await page.goto(url('sessions/11111111-1111-4111-8111-111111111111.html'))
    expect(await page.locator('h1').count()).toBe(1)
    expect(await page.locator('main#main').count()).toBe(1)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main')
    await page.close()
  })
})

// Without Chromium the suites above are skipped; this names the reason in the test report.
if (!enabled) describe(`browser tests: ${NO_CHROMIUM}`, () => it.skip('skipped', () => {}))
