/**
 * View modes on a live session page (`dsh-view live --view MODE`) in Chromium: the page opens in the live
 * build's mode with the Work details control; the reader's switch holds while the page redraws new turns and
 * after it takes the rebuilt page's header when the session settles (the control stays shown, on the reader's
 * mode); a reload keeps the saved mode over the build's. Waits are on page states only.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { session } from '../../src/log/testing/session'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import { chromiumPath, fileBrowser, watch } from '../browser/chromium'
import { tempRoot } from '../live/helpers'
import { headerOf, recordsOf, startTestLive } from './harness'

const enabled = chromiumPath() !== null
const browser = fileBrowser()

const viewOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-view'))

describe.skipIf(!enabled)('a live page and the view mode', () => {
  it('opens in the --view mode, keeps the reader’s switch through redraws and the settled header, and after a reload', { timeout: 60_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    const s = session({ id: 'live-view-mode', cwd: '/home/dev/live' })
    s.turnStart()
    s.user('First question')
    s.stepStart()
    s.assistant('First answer.')
    s.stepEnd()
    s.turnEnd()
    const writer = await FakeDshWriter.create({ root, header: headerOf(s), encoding: 'raw' })
    let mark = 0
    const flush = async () => {
      const records = recordsOf(s, mark)
      mark = s.records.length
      await writer.append(records)
    }
    await flush()
    const { live } = await startTestLive([root], { view: 'verbose' })
    const page = await browser().newPage()
    const activity = watch(page)
    try {
      await page.goto(`${live.url}sessions/live-view-mode.html`)
      const control = page.getByLabel('Work details')
      await control.waitFor({ state: 'visible' })
      expect(await viewOf(page)).toBe('verbose')
      expect(await control.inputValue()).toBe('verbose')
      await control.selectOption('compact')
      expect(await viewOf(page)).toBe('compact')

      // A new turn: the page draws it itself; the mode stays the reader's.
      s.turnStart()
      s.user('Second question while watching')
      s.stepStart()
      s.assistant('Second answer.')
      s.stepEnd()
      s.turnEnd()
      await flush()
      await page.waitForFunction(() => document.getElementById('main')?.textContent?.includes('Second answer.') === true)
      expect(await page.evaluate(() => document.getElementById('main')?.dataset['liveLines'] !== undefined)).toBe(true)
      expect(await viewOf(page)).toBe('compact')

      // The session settles: the page takes the rebuilt header, whose control shows and keeps the mode.
      await page.evaluate(() => document.querySelector('body > header')?.setAttribute('data-test-old', ''))
      await writer.close()
      await page.waitForFunction(() => document.querySelector('body > header') !== null && document.querySelector('body > header[data-test-old]') === null, undefined, { timeout: 20_000 })
      await control.waitFor({ state: 'visible' })
      expect(await control.inputValue()).toBe('compact')
      expect(await viewOf(page)).toBe('compact')

      await page.reload()
      await control.waitFor({ state: 'visible' })
      expect(await viewOf(page)).toBe('compact')
      expect(activity.errors).toEqual([])
    } finally {
      await page.close()
      await live.close()
      await cleanup()
    }
  })
})
