/**
 * First-view timing for the same-conversation benchmark (issue 14): how long a page takes from the moment
 * the browser is told to open it (file://) until its DOM has settled — the last DOM change, confirmed by
 * `quietMs` (250) without another one and the load event having fired. A MutationObserver installed before
 * the document is parsed records every change, the parser's insertions included, so a page drawn by script
 * (claude-replay) is timed until its script stops drawing and a static page (dsh-view, claude-code-transcripts)
 * until it is parsed and its scripts have run. The quiet window itself is not counted. Each page opens in a
 * fresh browser context (cold cache); the browser is started once, before any timing, as a user's is
 * already running. Chromium is Debian's `/usr/bin/chromium` (or `$DSH_VIEW_CHROMIUM`) driven by
 * playwright-core, as in the browser tests (test/browser/chromium.ts).
 */
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../src/snapshot/node/launch-chromium'

export function chromiumPath(): string | null {
  const path = process.env['DSH_VIEW_CHROMIUM'] ?? '/usr/bin/chromium'
  return existsSync(path) ? path : null
}

export { launchChromium }

export interface FirstView {
  /** From `goto` to the last DOM change (or the load event, if later), ms. */
  ms: number
  /** Elements in the settled document. */
  elements: number
  /** Uncaught page errors, which a fair comparison must not have. */
  errors: string[]
}

/** Runs in the page before its document is parsed: the time of the last DOM change, on the epoch clock. */
const OBSERVER = `(() => {
  const mark = () => { window.__benchLastChange = performance.timeOrigin + performance.now() }
  mark()
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
})()`

export async function openFirstView(browser: Browser, file: string, options: { quietMs?: number; timeoutMs?: number } = {}): Promise<FirstView> {
  const quiet = options.quietMs ?? 250
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    await context.addInitScript(OBSERVER)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => void errors.push(e.message))
    const started = Date.now()
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: options.timeoutMs ?? 300_000 })
    await page.waitForFunction(
      (q) => {
        const w = window as unknown as { __benchLastChange: number }
        return document.readyState === 'complete' && performance.timeOrigin + performance.now() - w.__benchLastChange >= q
      },
      quiet,
      { polling: 50, timeout: options.timeoutMs ?? 300_000 },
    )
    const settled = await page.evaluate(() => {
      const w = window as unknown as { __benchLastChange: number }
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
      const loaded = performance.timeOrigin + (nav?.loadEventEnd ?? 0)
      return { at: Math.max(w.__benchLastChange, loaded), elements: document.getElementsByTagName('*').length }
    })
    return { ms: settled.at - started, elements: settled.elements, errors }
  } finally {
    await context.close()
  }
}
