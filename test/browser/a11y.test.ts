/**
 * Accessibility and print in Chromium (issue 15 item 7). axe-core (WCAG 2.1 A and AA rules) over every page
 * kind — the index, a session page with dozens of tool kinds, a real dsh session with diffs and errors, a
 * subagent page, the one-file export, a first build's preview (index and page) and a page served by
 * `dsh-view live` — in the light and the dark
 * scheme (the pages follow `prefers-color-scheme`, emulated here), each with every fold as built (closed)
 * and again with every `<details>` opened: no serious or critical violation, each one printed with its rule,
 * impact, element and summary. Print, emulated from a dark screen: light colours that pass axe's contrast
 * rule, no page chrome, closed folds shown even without the script, headers and small rows kept whole, and
 * the script opening every fold on `beforeprint` and restoring them on `afterprint`. One browser, one site, one export, one live server.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiveHandle } from '../../cli/live'
import { exportSession } from '../../src/export/export'
import { DEMO_CHILDREN, DEMO_PARENT } from '../export/sessions'
import { startTestLive } from '../live-e2e/harness'
import { buildSite } from '../../src/site/build-site'
import { createProgress } from '../../src/site/progress'
import { buildInto, tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'
import { chromiumPath, fileBrowser, watch } from './chromium'

const fixture = (p: string) => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url))
/** Real dsh logs (fixtures/corpus/real-host): a tool tour (bash, read, write, edit, grep, glob, think) and one with failures and diffs. */
const REAL_HOST = fixture('demo-sessions/--home-dev-project--')
/** The dsh web client's tool-details log: 44 tool calls of 40 kinds (goals, todos, terminals, teams, LSP…). */
const TOOL_DETAILS = fixture('corpus/v4/logs/0217po__snapshots_web_tool-details_session.v3.jsonl')
/** dsh's skill-load log: context injections and a skill card whose texts are taller than their boxes. */
const SKILL_LOAD = fixture('corpus/v0/acp-agent/skill-load/session.jsonl')
const SKILL_PAGE = 'sessions/9eb4181f-2d05-49d3-98fc-3711fe2f5664.html'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

const enabled = chromiumPath() !== null
const browser = fileBrowser()
let site: string
let previewSite: string
let exported: string
let live: LiveHandle | undefined

beforeAll(async () => {
  if (!enabled) return
  const out = tempDir('dv-a11y-')
  site = join(out, 'site')
  exported = join(out, 'family.html')
  const assets = await testSiteAssets()
  ;[, , { live }] = await Promise.all([
    buildInto([REAL_HOST, TOOL_DETAILS, SKILL_LOAD, DEMO_PARENT, ...DEMO_CHILDREN], site),
    exportSession({ session: DEMO_PARENT, html: exported, markdown: null, linkBase: null, locale: 'en', env: {}, homedir: '/nonexistent-home', assets }),
    startTestLive([REAL_HOST]),
    previewOf([REAL_HOST], (previewSite = join(out, 'preview'))),
  ])
}, 180_000)

/**
 * A first build's preview (src/site/preview.ts), as the folder holds it while the build runs: the build is
 * stopped right after publishing it, so the folder keeps the preview.
 */
async function previewOf(inputs: string[], out: string): Promise<void> {
  const stop = new Error('preview published')
  const quiet = createProgress({ write: () => {}, tty: false, quiet: true })
  const build = buildSite(
    { inputs, outDir: out, title: null, baseUrl: null, locale: 'en', env: {}, homedir: '/nonexistent-home', assets: await testSiteAssets(), previewMinBytes: 0 },
    { ...quiet, preview: () => { throw stop } },
  )
  await expect(build).rejects.toBe(stop)
}

afterAll(async () => {
  await live?.close()
})

const file = (path: string) => pathToFileURL(join(site, path)).href

interface Target {
  name: string
  url: () => string
  /** Resolves once the page is what the test means to audit. */
  ready?: (page: Page) => Promise<void>
}

const TARGETS: Target[] = [
  { name: 'index', url: () => file('index.html') },
  { name: 'session with 40 tool kinds', url: () => file('sessions/~007B~007Bsession~003A1~007D~007D.html') },
  { name: 'real dsh session: tool tour', url: () => file('sessions/session-b94a9975-e964-4e8f-8181-dea1d289823b.html') },
  { name: 'skill card and long context texts', url: () => file(SKILL_PAGE) },
  { name: 'real dsh session: failures and diffs', url: () => file('sessions/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2.html') },
  { name: 'subagent session', url: () => file(`sessions/${DEMO_CHILDREN[0]?.split('/').pop() ?? ''}.html`) },
  { name: 'export', url: () => pathToFileURL(exported).href },
  { name: 'preview index', url: () => pathToFileURL(join(previewSite, 'index.html')).href },
  { name: 'preview session page', url: () => pathToFileURL(join(previewSite, 'sessions/session-b94a9975-e964-4e8f-8181-dea1d289823b.html')).href },
  {
    name: 'live session page',
    url: () => `${live?.url ?? ''}sessions/session-b94a9975-e964-4e8f-8181-dea1d289823b.html`,
    // The live script has drawn the followed session once its badge leaves `connecting`.
    ready: (page) => page.locator('.dsh-live-badge:not([data-state="connecting"])').waitFor({ timeout: 120_000 }),
  },
]

interface AxeNode {
  target: unknown[]
  failureSummary?: string
  html: string
}
interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: AxeNode[]
}

/**
 * Waits until every scroll box that overflows and shows has joined the tab order: boxes in turns the browser
 * skips (off screen) are measured while the page is idle, after it opens (components/enhance).
 */
async function scrollBoxesMeasured(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const scrolls = (o: string) => o === 'auto' || o === 'scroll'
    return [...document.querySelectorAll<HTMLElement>('main pre, main div, main ul, main ol, main table')].every((el) => {
      if (el.hasAttribute('tabindex') || el.closest('details:not([open]) > :not(summary)') !== null) return true
      if (el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth) return true
      const style = getComputedStyle(el)
      return !scrolls(style.overflowX) && !scrolls(style.overflowY)
    })
  }, null, { polling: 100 })
}

/** axe over the whole page: one line per serious or critical violation and element. */
async function audit(page: Page, label: string): Promise<string[]> {
  await scrollBoxesMeasured(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE })
  const violations = await page.evaluate(
    (tags) => (Reflect.get(window, 'axe') as { run: (c: Document, o: unknown) => Promise<{ violations: unknown[] }> }).run(document, { runOnly: { type: 'tag', values: tags } }).then((r) => r.violations),
    WCAG_21_AA,
  ) as AxeViolation[]
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) ${JSON.stringify(n.target)} — ${v.help}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')} ${n.html.slice(0, 160)}`))
}

/** Opens every closed `<details>` and resolves once each has fired its `toggle` (the enhancement script reacts to it). */
async function openAll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const closed = [...document.querySelectorAll('details')].filter((d) => !d.open)
    let pending = closed.length
    return new Promise<number>((resolve) => {
      if (pending === 0) resolve(0)
      for (const d of closed) {
        d.addEventListener('toggle', () => {
          pending--
          if (pending === 0) resolve(closed.length)
        }, { once: true })
        d.open = true
      }
    })
  })
}

/** The page's background, as the body paints it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

async function openTarget(context: BrowserContext, target: Target): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const activity = watch(page)
  await page.goto(target.url())
  await target.ready?.(page)
  return { page, errors: activity.errors }
}

describe.skipIf(!enabled)('axe: no serious or critical WCAG 2.1 AA violation', () => {
  describe.each(['light', 'dark'] as const)('%s scheme', (scheme) => {
    it.each(TARGETS.map((t) => [t.name, t] as const))('%s, folds closed and all open', { timeout: 180_000 }, async (_name, target) => {
      // axe is injected as an inline script, which the pages' Content-Security-Policy rightly refuses.
      const context = await browser().newContext({ colorScheme: scheme, bypassCSP: true })
      const { page, errors } = await openTarget(context, target)
      // The scheme took: the dark page paints its dark background.
      expect(await background(page)).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)')
      const closed = await audit(page, `${scheme} ${target.name}, folds closed`)
      const opened = await openAll(page)
      const open = await audit(page, `${scheme} ${target.name}, all ${opened} folds open`)
      expect([...closed, ...open].join('\n')).toBe('')
      expect(errors).toEqual([])
      await context.close()
    })
  })
})

describe.skipIf(!enabled)('scroll boxes and the keyboard', () => {
  it('a scroll box joins the tab order when its content overflows it, and when its fold opens', async () => {
    // The skill's text and its raw result are taller than their boxes.
    const page = await browser().newPage()
    await page.goto(file(SKILL_PAGE))
    // At load only what shows is measured: a box in a closed fold waits for its fold to open (measuring it
    // would make the browser lay out every closed row).
    const measuredClosed = await page.$$eval('main pre[tabindex], main div[tabindex], main ul[tabindex], main ol[tabindex], main table[tabindex]', (els) =>
      els.filter((el) => el.closest('details:not([open]) > :not(summary)') !== null).length,
    )
    expect(measuredClosed).toBe(0)
    await openAll(page)
    const focusable = await page.$$eval('main [tabindex="0"]', (els) => els.map((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight))
    expect(focusable.length).toBeGreaterThan(0)
    expect(focusable.every((overflows) => overflows)).toBe(true)
    // The boxes that fit stay out of the tab order.
    const fitting = await page.$$eval('main pre, main div', (els) =>
      els.filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.checkVisibility() && el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth && !el.hasAttribute('tabindex')).length,
    )
    expect(fitting).toBeGreaterThan(0)
    // Opening a fold checks what it shows (a browser may not lay out a closed fold's content at load). A box
    // in a turn the browser is not drawing yet (content-visibility) is measured when the page is next idle,
    // so the wait is for the attribute, not for the toggle event alone.
    const reopened = await page.evaluate(async () => {
      const box = document.querySelector('main [tabindex="0"]')
      const fold = box?.closest('details')
      if (!box || !fold) return 'no box in a fold'
      box.removeAttribute('tabindex')
      box.setAttribute('data-reopened-box', '')
      const toggled = () => new Promise((resolve) => fold.addEventListener('toggle', resolve, { once: true }))
      fold.open = false
      await toggled()
      fold.open = true
      await toggled()
      return 'reopened'
    })
    expect(reopened).toBe('reopened')
    await page.waitForFunction(() => document.querySelector('[data-reopened-box]')?.getAttribute('tabindex') === '0')
    await page.close()
  })
})

/** Chrome a printed page leaves out, by what it is in the markup. */
const CHROME = ['button', 'input', 'select', 'nav', '[role="search"]', '[data-filter-box]', '[data-view-switch]', 'body > a[href="#main"]']

/** Chrome elements the printed page still draws, as `selector: outerHTML…`. */
const visibleChrome = (page: Page) =>
  page.evaluate((selectors) => selectors.flatMap((s) => [...document.querySelectorAll(s)].filter((el) => el.checkVisibility()).map((el) => `${s}: ${el.outerHTML.slice(0, 100)}`)), CHROME)

describe.skipIf(!enabled)('print', () => {
  it.each(TARGETS.filter((t) => !t.name.startsWith('live')).map((t) => [t.name, t] as const))('%s prints light from a dark screen, passes axe, and leaves out the chrome', { timeout: 120_000 }, async (_name, target) => {
    const context = await browser().newContext({ colorScheme: 'dark', bypassCSP: true })
    const { page } = await openTarget(context, target)
    expect(await background(page)).toBe('rgb(13, 17, 23)')
    // The chrome is there on screen (the script revealed the controls), so hiding it in print means something.
    expect((await visibleChrome(page)).length).toBeGreaterThan(0)
    await page.emulateMedia({ media: 'print' })
    expect(await background(page)).toBe('rgb(255, 255, 255)')
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)')
    expect(await visibleChrome(page)).toEqual([])
    // Contrast (and the rest) in the print colours, every fold open as beforeprint leaves them.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
    expect((await audit(page, `print ${target.name}`)).join('\n')).toBe('')
    await context.close()
  })

  it('opens every fold on beforeprint and restores them on afterprint', async () => {
    const page = await browser().newPage()
    await page.goto(file('sessions/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2.html'))
    const states = () => page.$$eval('details', (all) => all.map((d) => d.open))
    // One fold the reader opened: it must stay open after printing.
    await page.evaluate(() => {
      const shown = [...document.querySelectorAll('details')].find((d) => d.checkVisibility())
      if (shown !== undefined) shown.open = true
    })
    const before = await states()
    expect(before.filter((open) => !open).length).toBeGreaterThan(3)
    expect(before.filter((open) => open)).toHaveLength(1)
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
    expect((await states()).every((open) => open)).toBe(true)
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))
    expect(await states()).toEqual(before)
    await page.close()
  })

  it('shows the content of closed folds in print even without the script', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(file('sessions/session-b94a9975-e964-4e8f-8181-dea1d289823b.html'))
    // Of each closed fold the page draws (not the Inspect panels print leaves out, nor another view mode's
    // rows): is its body (what follows the summary: an element, or a Think row's bare text) drawn too?
    const bodies = () =>
      page.$$eval('details:not([open])', (all) =>
        all.filter((d) => d.checkVisibility()).map((d) => {
          const next = d.querySelector(':scope > summary')?.nextSibling ?? null
          if (next === null) return false
          if (next instanceof Element) return next.checkVisibility()
          const range = document.createRange()
          range.selectNodeContents(next)
          return range.getClientRects().length > 0
        }),
      )
    const screen = await bodies() // on screen the outer folds only: the rest sit inside them
    expect(screen.length).toBeGreaterThan(0)
    expect(screen.every((shown) => !shown)).toBe(true)
    await page.emulateMedia({ media: 'print' })
    const print = await bodies()
    expect(print.length).toBeGreaterThan(3)
    expect(print.every((shown) => shown)).toBe(true)
    // Page breaks: a row header stays whole and with its body; a user message stays whole.
    const breaks = (selector: string) => page.$eval(selector, (el) => `${getComputedStyle(el).breakInside} ${getComputedStyle(el).breakAfter}`)
    expect(await breaks('[data-variant] summary')).toBe('avoid avoid')
    expect(await breaks('[id^="user:"]:not([data-role])')).toBe('avoid auto')
    await context.close()
  })
})
