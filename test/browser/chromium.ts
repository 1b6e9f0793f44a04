/**
 * Chromium for the browser tests: Debian's `/usr/bin/chromium` (or `$DSH_VIEW_CHROMIUM`) driven by
 * playwright-core, headless, offline. `chromiumPath()` is null when there is none, and the suites skip with
 * that reason instead of failing.
 */
import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from '../../src/snapshot/node/launch-chromium'

export function chromiumPath(): string | null {
  const path = process.env['DSH_VIEW_CHROMIUM'] ?? '/usr/bin/chromium'
  return existsSync(path) ? path : null
}

export const NO_CHROMIUM = `no Chromium at ${process.env['DSH_VIEW_CHROMIUM'] ?? '/usr/bin/chromium'} (install Debian's chromium or set DSH_VIEW_CHROMIUM)`

export function launch(): Promise<Browser> {
  const path = chromiumPath()
  if (path === null) throw new Error(NO_CHROMIUM)
  return launchChromium(path)
}

/** Everything a page asked the network for, or tried to: requests, dialogs, console lines, page errors. */
/**
 * One browser for a test file: launched before its tests (when Chromium is there), closed after them. Call at
 * the top of the file; `browser()` inside a test.
 */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    if (chromiumPath() !== null) browser = await launch()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (browser === undefined) throw new Error(NO_CHROMIUM)
    return browser
  }
}

export interface PageActivity {
  requests: string[]
  dialogs: string[]
  console: string[]
  errors: string[]
}

export function watch(page: Page): PageActivity {
  const activity: PageActivity = { requests: [], dialogs: [], console: [], errors: [] }
  page.on('request', r => void activity.requests.push(r.url()))
  page.on('dialog', d => {
    activity.dialogs.push(d.message())
    void d.dismiss()
  })
  page.on('console', m => void activity.console.push(`${m.type()}: ${m.text()}`))
  page.on('pageerror', e => void activity.errors.push(e.message))
  return activity
}
