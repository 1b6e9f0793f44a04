/**
 * The live index in Chromium (issue 6: "new sessions and child sessions appear in the index while it is
 * open"): with the index page open, the fake writer starts a new session and then a child of it; each
 * appears in the list (as the rebuilt static index draws it, the child nested under its parent) without
 * a reload, and the page's filter query survives the swap. One browser for the file.
 */
import { describe, expect, it } from 'vitest'
import { session } from '../../src/log/testing/session'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import { chromiumPath, fileBrowser, NO_CHROMIUM, watch } from '../browser/chromium'
import { tempRoot } from '../live/helpers'
import { eventPage, headerOf, recordsOf, startTestLive } from './harness'

const enabled = chromiumPath() !== null
const browser = fileBrowser()

async function writeSession(root: string, id: string, prompt: string, parent?: string): Promise<FakeDshWriter> {
  const s = session({ id, cwd: '/home/dev/index', ...(parent === undefined ? {} : { header: { parentSession: parent, origin: 'subagent' } }) })
  s.turnStart()
  s.user(prompt)
  const writer = await FakeDshWriter.create({ root, header: headerOf(s), encoding: 'raw' })
  await writer.append(recordsOf(s))
  return writer
}

describe.skipIf(!enabled)('the live index', () => {
  it('lists new sessions and child sessions as they start', { timeout: 300_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    await writeSession(root, 'index-first', 'The first session')
    const { live } = await startTestLive([root])
    const page = await eventPage(browser())
    const activity = watch(page)
    try {
      await page.goto(live.url)
      await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'live')
      expect(await page.locator('main a[href="sessions/index-first.html"]').count()).toBe(1)
      await page.fill('[data-filter-box] input', 'index')

      const started = Date.now()
      await writeSession(root, 'index-second', 'The second session')
      await page.waitForSelector('main a[href="sessions/index-second.html"]')
      console.log(`live index: new session listed after ${Date.now() - started} ms`)

      await writeSession(root, 'index-child', 'A child of the second', 'index-second')
      await page.waitForSelector('main li:has(> a[href="sessions/index-second.html"]) li a[href="sessions/index-child.html"], main li:has(a[href="sessions/index-second.html"]) ul a[href="sessions/index-child.html"]')
      // The filter query stays applied after the swap, and the new page is there to open.
      expect(await page.inputValue('[data-filter-box] input')).toBe('index')
      await page.fill('[data-filter-box] input', 'first')
      expect(await page.locator('main a[href="sessions/index-child.html"]').isVisible()).toBe(false)
      const response = await page.request.get(`${live.url}sessions/index-child.html`)
      expect(response.status()).toBe(200)
      expect(activity.errors).toEqual([])
    } finally {
      await page.close()
      await live.close()
      await cleanup()
    }
  })
})

describe.skipIf(enabled)('the live index', () => {
  it.skip(NO_CHROMIUM, () => {})
})
