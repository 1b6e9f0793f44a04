/**
 * The index overview's charts in Chromium (issue 31): the four charts are there, each with a caption and a
 * named image, their bars drawn inside the chart; hovering a bucket shows its values (CSS only, so it works
 * from file:// with the script off too); and axe finds no serious or critical violation in the overview.
 * With the script, the facet filters (project, date range) redraw the totals and charts for the sessions
 * they keep: the expected figures are summed here from `inspect`'s streaming pass over the same logs.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildInto, tempDir } from '../support/build'
import { inspectRuns } from '../../cli/inspect'
import type { Io } from '../../cli/io'
import { formatTokens } from '../../src/cards/format'
import { chromiumPath, fileBrowser } from './chromium'

const DEMO = fileURLToPath(new URL('../../fixtures/demo-sessions', import.meta.url))
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const enabled = chromiumPath() !== null
const browser = fileBrowser()
let site: string

beforeAll(async () => {
  if (!enabled) return
  site = tempDir('dv-overview-')
  await buildInto([DEMO], site)
}, 120_000)

describe.skipIf(!enabled)('the index overview', () => {
  it('has four labelled charts whose buckets show their values on hover', async () => {
    // axe is injected as an inline script: the page's CSP would refuse it.
    const context = await browser().newContext({ viewport: { width: 1200, height: 1000 }, bypassCSP: true })
    const page = await context.newPage()
    await page.goto(pathToFileURL(join(site, 'index.html')).href)
    const charts = page.locator('[data-chart]')
    expect(await charts.count()).toBe(4)
    for (let i = 0; i < 4; i++) {
      const chart = charts.nth(i)
      expect((await chart.locator('figcaption').innerText()).length).toBeGreaterThan(3)
      const svg = chart.locator('svg[role="img"]')
      expect(await svg.getAttribute('aria-label')).toMatch(/\S{4,}/)
      const box = await svg.boundingBox()
      expect(box?.width).toBeGreaterThan(200)
    }
    const tokens = page.locator('[data-chart="chart-tokens"]')
    const bucket = tokens.locator('[data-bucket]:has(rect)').first()
    const tip = bucket.locator('text')
    expect(await tip.evaluate(t => getComputedStyle(t).visibility)).toBe('hidden')
    await bucket.locator('rect').first().hover()
    expect(await tip.evaluate(t => getComputedStyle(t).visibility)).toBe('visible')
    expect(await tip.textContent()).toMatch(/^\d{4}-\d{2}(-\d{2})?: .*deepseek/)
    // Every bar sits inside its chart's plot.
    const outside = await page.evaluate(() => [...document.querySelectorAll('[data-chart] rect')].filter(r => {
      const svg = r.closest('svg')?.viewBox.baseVal
      const y = Number(r.getAttribute('y'))
      const h = Number(r.getAttribute('height'))
      return svg === undefined || y < 0 || y + h > svg.height + 0.01 || h <= 0
    }).length)
    expect(outside).toBe(0)
    await page.addScriptTag({ content: AXE })
    const violations = await page.evaluate(() => (Reflect.get(window, 'axe') as { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string | null }[] }> }).run({ include: [['[data-overview]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then(r => r.violations))
    expect(violations.filter(v => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await context.close()
  })

  it('follows the project and date filters: filtered totals and charts are those sessions\' figures', async () => {
    const io: Io = { stdout: () => {}, stderr: () => {}, stderrIsTty: false, env: { HOME: '/nonexistent' }, open: async () => {} }
    const inspected = (await inspectRuns([DEMO], io, { now: 0 })).sessions.map(s => s.insight)
    const day = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().slice(0, 10))
    const startDays = (p: string | null) => inspected.filter(s => s.project === p).map(s => day(s.start)).sort()
    // A project whose sessions started on more than one day.
    const project = [...new Set(inspected.map(s => s.project))].find(p => new Set(startDays(p)).size > 1) as string
    expect(project).toBeTypeOf('string')
    const days = startDays(project)
    // From the project's second start day on: a range that leaves some of its sessions out.
    const since = days.find(d => d > (days[0] as string)) as string
    const kept = inspected.filter(s => s.project === project && day(s.start) >= since)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(inspected.filter(s => s.project === project).length)
    const want = {
      sessions: String(kept.length),
      turns: String(kept.reduce((n, s) => n + s.turns, 0)),
      tokensIn: formatTokens(kept.reduce((n, s) => n + s.usage.inputTokens, 0)),
    }

    const context = await browser().newContext({ viewport: { width: 1200, height: 1000 } })
    const page = await context.newPage()
    await page.goto(pathToFileURL(join(site, 'index.html')).href)
    const rootTotals = await page.locator('[data-overview-totals]').innerText()
    const rootSessions = await page.locator('[data-chart="chart-sessions"] [data-bucket]').evaluateAll(gs => gs.map(g => g.getAttribute('data-bucket')))
    await page.selectOption('#dsh-project', project)
    await page.fill('#dsh-since', since)
    await page.locator('#dsh-since').dispatchEvent('change')
    await page.locator('[data-overview][data-overview-filtered]').waitFor()
    const figure = (label: string) => page.locator('[data-overview-totals] > div').filter({ has: page.locator(`dt:text-is("${label}")`) })
    // The root's figure stays; the current filter's is under it.
    expect(await figure('Sessions').locator('dd').first().innerText()).toBe(String(inspected.length))
    expect(await figure('Sessions').locator('dd[data-filtered]').innerText()).toBe(`Current filter: ${want.sessions}`)
    expect(await figure('Turns').locator('dd[data-filtered]').innerText()).toBe(`Current filter: ${want.turns}`)
    expect(await figure('Tokens in').locator('dd[data-filtered]').innerText()).toBe(`Current filter: ${want.tokensIn}`)
    // The sessions chart counts the kept sessions, in buckets from the range's start on; each bucket's values are its SVG title.
    const titles = await page.locator('[data-chart="chart-sessions"] [data-bucket] > title').allTextContents()
    const counted = titles.reduce((n, t) => n + [...t.matchAll(/ (\d+)(?=,|$)/g)].reduce((m, x) => m + Number(x[1]), 0), 0)
    expect(counted).toBe(kept.length)
    const buckets = await page.locator('[data-chart="chart-sessions"] [data-bucket]').evaluateAll(gs => gs.map(g => g.getAttribute('data-bucket') ?? ''))
    expect(buckets).not.toEqual(rootSessions)
    for (const b of buckets) expect(b >= since.slice(0, b.length)).toBe(true)
    // The project picked has its own page, linked beside the select.
    expect(await page.locator('[data-project-link]').getAttribute('href')).toMatch(/^project-[0-9a-f]{10}\.html$/)
    // Every filter open again: the build's overview comes back.
    await page.selectOption('#dsh-project', '')
    await page.fill('#dsh-since', '')
    await page.locator('#dsh-since').dispatchEvent('change')
    await page.locator('[data-overview]:not([data-overview-filtered])').waitFor()
    expect(await page.locator('[data-overview-totals]').innerText()).toBe(rootTotals)
    expect(await page.locator('[data-filtered]').count()).toBe(0)
    await context.close()
  })
})
