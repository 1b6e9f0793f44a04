/**
 * The index overview's charts in Chromium (issue 31): the four charts are there, each with a caption and a
 * named image, their bars drawn inside the chart; hovering a bucket shows its values (CSS only, so it works
 * from file:// with the script off too); and axe finds no serious or critical violation in the overview.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildInto, tempDir } from '../support/build'
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
})
