/**
 * Offline search in a real browser, from file:// (issue 7, users.md complaint 2): the site of the demo
 * sessions plus a long paginated session whose needle sits in a folded terminal output on a later page.
 * - the session find box finds text inside a folded output, marks it visibly (every fold around it
 *   opened), and lists matches on other pages whose links land on the right row, opened;
 * - the index search finds the same text across sessions, and its result opens the row on its page
 *   (through the anchor map's redirect) with the folds around the match opened and the words marked;
 * - no request leaves the site folder, nothing breaks the CSP, and with JavaScript off both boxes stay
 *   hidden while every page is complete;
 * - shards are byte-identical across builds and within their budget.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARD_BUDGET } from '../../src/search/shard'
import { chromiumPath, launch, NO_CHROMIUM, watch, type PageActivity } from '../browser/chromium'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { longBashSession, writeLongRoot } from '../support/long-session'

const DEMO = fileURLToPath(new URL('../../fixtures/demo-sessions/', import.meta.url))
const NEEDLE = 'zebra-quartz-7731'
const NEEDLE_CALL = 'call-27'

/** 30 turns, each a bash call with a 200-line output; one output hides the needle on its line 150. */
function writeLongSearchRoot(): string {
  const output = (_t: number, id: string) => Array.from({ length: 200 }, (_, i) => (id === NEEDLE_CALL && i === 150 ? `found ${NEEDLE} here` : `line ${i} ${'x'.repeat(300)}`)).join('\n')
  return writeLongRoot(longBashSession({ id: 'long-search', turns: 30, output }))
}

const enabled = chromiumPath() !== null
let browser: Browser
let site: string
let again: string
let inputs: string[]

beforeAll(async () => {
  if (!enabled) return
  site = tempDir()
  again = tempDir()
  inputs = [DEMO, writeLongSearchRoot()]
  ;[browser] = await Promise.all([launch(), buildInto(inputs, site)])
  await buildInto(inputs, again)
}, 180_000)

afterAll(async () => {
  await browser?.close()
})

const url = (path: string) => pathToFileURL(join(site, path)).href
const offSite = (activity: PageActivity) => activity.requests.filter(r => !r.startsWith(pathToFileURL(site).href))
const pagesOfLong = () => [...treeOf(site, { skipState: true }).keys()].filter(p => /^sessions\/long-search(\.p\d+)?\.html$/.test(p))

/** The page of the long session that holds the needle's row. */
function needlePage(): string {
  const page = pagesOfLong().find(p => readFileSync(join(site, p), 'utf8').includes(`id="tool:${NEEDLE_CALL}"`))
  if (page === undefined) throw new Error('needle row not rendered')
  return page
}

async function expectMarkShown(page: Page) {
  const mark = page.locator(`[id="tool:${NEEDLE_CALL}"] mark`, { hasText: NEEDLE }).first()
  await expect.poll(() => mark.isVisible()).toBe(true)
  // Visible means every <details> around it is open.
  expect(await mark.evaluate(el => { const closed: string[] = []; for (let n = el.parentElement; n; n = n.parentElement) if (n instanceof HTMLDetailsElement && !n.open) closed.push(n.className); return closed })).toEqual([])
}

describe.skipIf(!enabled)('search from file://', () => {
  it('the session find box finds text in a folded output on its page and opens it', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(url(needlePage()))
    const row = page.locator(`[id="tool:${NEEDLE_CALL}"]`)
    expect(await row.locator('details').first().evaluate(d => (d as HTMLDetailsElement).open)).toBe(false)
    await page.locator('#dsh-find').fill(NEEDLE)
    await expectMarkShown(page)
    await expect.poll(() => page.locator('[data-find-status]').textContent()).toMatch(/^1 of 1 matching card on this page/)
    // Every other card of the page is filtered away.
    expect(await page.locator('[data-transcript] > div > *:not(h2):visible').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('[data-transcript] mark').count()).toBe(0)
    expect(offSite(activity)).toEqual([])
    expect(activity.errors.concat(activity.console.filter(c => /error|Content Security Policy/i.test(c)))).toEqual([])
    await page.close()
  })

  it('lists matches on other pages, and their links land on the row with its folds open', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    const first = pagesOfLong().find(p => p !== needlePage()) as string
    await page.goto(url(first))
    await page.locator('#dsh-find').fill(NEEDLE)
    const link = page.locator('[data-find-elsewhere] a').first()
    await expect.poll(() => link.isVisible()).toBe(true)
    await expect.poll(() => page.locator('[data-find-status]').textContent()).toMatch(/1 more on other pages/)
    await link.click()
    await page.waitForURL(new RegExp(`${needlePage().replace('sessions/', '').replace('.', '\\.')}#tool%3A${NEEDLE_CALL}$`))
    await expectMarkShown(page)
    expect(offSite(activity)).toEqual([])
    await page.close()
  })

  it('the index search finds it across sessions; the result opens the row on its page with the match marked', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(url('index.html'))
    await page.locator('#dsh-search').fill(NEEDLE)
    const result = page.locator('[data-search-results] ul a').first()
    await expect.poll(() => result.getAttribute('href')).toBe(`sessions/long-search.html#tool%3A${NEEDLE_CALL}`)
    await expect.poll(() => page.locator('[data-search-status]').textContent()).toBe('1 match in 1 session')
    expect(await page.locator('[data-search-results] mark').first().textContent()).toBe(NEEDLE)
    await result.click()
    // long-search.html does not hold the row: the anchor map forwards to the page that does.
    await page.waitForURL(new RegExp(`${needlePage().replace('sessions/', '').replace('.', '\\.')}#`))
    await expectMarkShown(page)
    expect(await page.evaluate(() => window.name)).toBe('')
    expect(offSite(activity)).toEqual([])
    expect(activity.errors).toEqual([])
    await page.close()
  })

  it('the index search sees folded text of every session (a demo context injection)', async () => {
    const page = await browser.newPage()
    await page.goto(url('index.html'))
    await page.locator('#dsh-search').fill('approval policy fails closed')
    await expect.poll(() => page.locator('[data-search-results] > li').count()).toBeGreaterThan(0)
    const hrefs = await page.locator('[data-search-results] ul a').evaluateAll(els => els.map(e => e.getAttribute('href') ?? ''))
    expect(hrefs.every(h => /^sessions\/[^/]+\.html#context%3A/.test(h))).toBe(true)
    await page.close()
  })

  it('with JavaScript off, both boxes stay hidden and the pages are whole', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const activity = watch(page)
    await page.goto(url('index.html'))
    expect(await page.locator('[data-site-search]').isVisible()).toBe(false)
    await page.goto(url(needlePage()))
    expect(await page.locator('[data-find-box]').isVisible()).toBe(false)
    // The row is on the page, inside its turn's fold (detailed folds completed turns): a native <details> opens it.
    const folds = page.locator(`details:has([id="tool:${NEEDLE_CALL}"])`)
    expect(await folds.count()).toBeGreaterThan(0)
    await folds.evaluateAll(all => all.forEach(d => void ((d as HTMLDetailsElement).open = true)))
    expect(await page.locator(`[id="tool:${NEEDLE_CALL}"]`).isVisible()).toBe(true)
    expect(activity.requests.filter(r => r.endsWith('.search.js'))).toEqual([])
    await context.close()
  })

  it('writes byte-identical shards (and the site catalog) on every build, each within its budget', () => {
    const a = [...treeOf(site).entries()].filter(([p]) => p.endsWith('.search.js'))
    const b = treeOf(again)
    // 9 sessions' shards and sessions.search.js, the catalog "Search all sessions" reads.
    expect(a.length).toBe(10)
    expect(a.map(([p]) => p)).toContain('sessions.search.js')
    for (const [path, bytes] of a) {
      expect(b.get(path)?.equals(bytes), path).toBe(true)
      expect(bytes.length, path).toBeLessThanOrEqual(SHARD_BUDGET)
    }
  })
})

if (!enabled) describe(`search browser tests: ${NO_CHROMIUM}`, () => it.skip('skipped', () => {}))
