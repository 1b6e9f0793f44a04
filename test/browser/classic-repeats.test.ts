/**
 * Classic-only rows written once per page (src/site/render/classic-repeats.ts) in Chromium, from file://: on a page
 * of real corpus turns chained into one session, built in the default mode, the header control's switch to
 * classic puts a copy of the first row into every placeholder — each under its own id, closed, visible, with
 * the first row's text — and the copy opens and closes like any row. Event-driven: every wait is on a page
 * state.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildInto, tempDir } from '../support/build'
import { chainedRoot } from '../support/chained-session'
import { chromiumPath, launch, watch } from './chromium'

const enabled = chromiumPath() !== null
let browser: Browser
let page: string

beforeAll(async () => {
  if (!enabled) return
  const root = chainedRoot(4, 3)
  const site = tempDir('dv-classic-repeats-site-')
  ;[browser] = await Promise.all([launch(), buildInto([root], site)])
  const sessions = join(site, 'sessions')
  const withRepeats = readdirSync(sessions).filter(f => f.endsWith('.html')).sort().find(f => readFileSync(join(sessions, f), 'utf8').includes(' data-same="'))
  if (withRepeats === undefined) throw new Error('the chained session has no page with a repeated classic row')
  page = join(sessions, withRepeats)
}, 240_000)

afterAll(async () => {
  await browser?.close()
})

describe.skipIf(!enabled)('repeated classic rows in Chromium', () => {
  it('are filled in when the reader switches to classic, and read and open like the first', async () => {
    const context = await browser.newContext()
    const tab = await context.newPage()
    const activity = watch(tab)
    await tab.goto(pathToFileURL(page).href)
    const control = tab.getByLabel('Work details')
    await control.waitFor({ state: 'visible' })
    const holders = await tab.$$eval('[data-same]', els => els.map(el => ({ id: el.id, same: el.getAttribute('data-same') ?? '' })))
    expect(holders.length).toBeGreaterThan(0)
    await control.selectOption('classic')
    await tab.waitForFunction(() => document.documentElement.getAttribute('data-view') === 'classic')
    expect(await tab.locator('[data-same]').count()).toBe(0)
    for (const { id, same } of holders.slice(0, 5)) {
      const copy = tab.locator(`[id="${id}"]`)
      const first = tab.locator(`[id="${same}"]`)
      expect(await copy.count()).toBe(1)
      expect(await copy.isVisible()).toBe(true)
      expect(await copy.evaluate(el => el.parentElement?.getAttribute('data-m'))).toBe('c')
      expect(await copy.textContent()).toBe(await first.textContent())
      expect(await copy.evaluate(el => el.querySelector('details')?.open)).toBe(false)
    }
    // A copy is a row like any other: its header opens it (and the enhancement mirrors the state).
    const [{ id }] = holders as [{ id: string; same: string }]
    const header = tab.locator(`[id="${id}"] > details > summary`)
    await header.click()
    await tab.locator(`[id="${id}"] > details > summary[aria-expanded="true"]`).waitFor()
    expect(await tab.locator(`[id="${id}"] > details > :not(summary)`).first().isVisible()).toBe(true)
    expect(activity.errors).toEqual([])
    await context.close()
  })
})
