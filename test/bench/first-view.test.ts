/**
 * The benchmark's first-view timing (bench/first-view.ts): a page drawn by script counts as open only after
 * its last DOM change — not at the load event — and a static page at its load; the element count is the
 * settled document's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath, launchChromium, openFirstView } from '../../bench/first-view'

const dir = mkdtempSync(join(tmpdir(), 'first-view-'))
const chrome = chromiumPath()
let browser: Browser | undefined

beforeAll(async () => {
  if (chrome !== null) browser = await launchChromium(chrome)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.runIf(chrome !== null)('openFirstView', () => {
  it('waits for a page drawn by script to stop changing', async () => {
    const page = join(dir, 'drawn.html')
    // Adds one row every 60 ms, 10 times, after the load event: the last change comes ≥ 600 ms after it.
    writeFileSync(page, `<!doctype html><body><script>
      addEventListener('load', () => { let n = 0; const t = setInterval(() => {
        document.body.append(Object.assign(document.createElement('p'), { textContent: 'row ' + n }))
        if (++n === 10) clearInterval(t)
      }, 60) })
    </script></body>`)
    const view = await openFirstView(browser as Browser, page)
    expect(view.ms).toBeGreaterThanOrEqual(600)
    expect(view.elements).toBe(4 + 10) // html, head, body, script + the rows
    expect(view.errors).toEqual([])
  })

  it('times a static page to its load and reports page errors', async () => {
    const page = join(dir, 'static.html')
    writeFileSync(page, `<!doctype html><body><p>one</p><p>two</p><script>null.boom</script></body>`)
    const view = await openFirstView(browser as Browser, page)
    expect(view.ms).toBeGreaterThan(0)
    expect(view.elements).toBe(6)
    expect(view.errors.length).toBe(1)
  })
})
