/**
 * A live session's Trajectory tab in Chromium against `dsh-view live` in-process and the fake dsh writer
 * (issue 29 point 6): the live Chat page's `Chat | Trajectory` tab opens the session's Trajectory page,
 * which follows the session — after real appends to the log, the new user message, assistant record and
 * tool call appear in the ledger (each wait is for that event, never a fixed time), the selected record and
 * its inspector stay open across each swap, the swapped-in page's keys work, and the final ledger is the
 * static build's, record for record.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { session, toolCallBlock, type SessionBuilder } from '../../src/log/testing/session'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, fileBrowser, watch } from '../browser/chromium'
import { tempRoot } from '../live/helpers'
import { duplicateIds, eventPage, headerOf, recordsOf, startTestLive } from './harness'

const enabled = chromiumPath() !== null
const browser = fileBrowser()

class Writing {
  #mark = 0
  constructor(readonly s: SessionBuilder, readonly writer: FakeDshWriter) {}
  async flush(): Promise<void> {
    const records = recordsOf(this.s, this.#mark)
    this.#mark = this.s.records.length
    await this.writer.append(records)
  }
}

/** Each ledger row: its id, kind and the text of its summary line (what a reader sees of a record). */
const ledger = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('table[data-tj-ledger] tbody > tr')].map((tr) => ({
      id: tr.id,
      kind: tr.dataset['k'] ?? '',
      summary: (tr.querySelector('td:last-child > details > summary')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    })),
  )

describe.skipIf(!enabled)('a live Trajectory page', () => {
  it('is the Chat page tab and shows records appended to the log', { timeout: 300_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    const s = session({ id: 'live-e2e-traj', cwd: '/home/dev/live' })
    s.turnStart()
    s.user('First question for the ledger')
    s.stepStart()
    s.assistant('A first answer.')
    s.stepEnd()
    s.turnEnd()
    const w = new Writing(s, await FakeDshWriter.create({ root, header: headerOf(s), encoding: 'raw' }))
    await w.flush()
    const { live } = await startTestLive([root])
    const page = await eventPage(browser())
    const activity = watch(page)
    try {
      // The live Chat page carries the tabs; its Trajectory tab opens the live Trajectory page.
      await page.goto(`${live.url}sessions/live-e2e-traj.html`)
      await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished')
      const tab = page.locator('body > header a[href="live-e2e-traj.trajectory.html"]')
      expect(await tab.count()).toBe(1)
      await tab.click()
      await page.waitForURL(/live-e2e-traj\.trajectory\.html$/)
      await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished')
      const before = await ledger(page)
      const linesBefore = await page.evaluate(() => Number(document.querySelector('meta[name="dsh-live"]')?.getAttribute('content')?.split(' ')[1]))
      expect(linesBefore).toBeGreaterThan(0)
      expect(before.some((r) => r.summary.includes('First question for the ledger'))).toBe(true)
      expect(before.some((r) => r.summary.includes('Second question'))).toBe(false)

      // The reader selects the first answer's record: its inspector opens in the panel.
      const answer = before.find((r) => r.summary.includes('A first answer.'))
      expect(answer).toBeDefined()
      await page.locator(`tr[id="${answer?.id}"]`).click()
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-tj-panel]')?.hidden === false)

      // The log grows: a new turn with a tool call. Its records appear in the Trajectory view.
      s.turnStart()
      s.user('Second question, with a tool')
      s.stepStart()
      s.assistant([toolCallBlock('call-grep', 'bash', { command: 'grep -r todo .', description: 'Find the todos' })])
      s.call('bash', { command: 'grep -r todo .', description: 'Find the todos' }, 'call-grep')
      s.result('call-grep', 'src/a.ts: todo one')
      s.stepEnd()
      s.stepStart()
      s.assistant('Found one todo.')
      s.stepEnd()
      s.turnEnd()
      await w.flush()
      await page.waitForFunction(() =>
        [...document.querySelectorAll('table[data-tj-ledger] tbody > tr')].some((tr) => (tr.textContent ?? '').includes('Found one todo.')),
      )
      const after = await ledger(page)
      expect(after.length).toBeGreaterThan(before.length)
      expect(after.some((r) => r.kind === 'tool')).toBe(true)
      expect(after.some((r) => r.summary.includes('Second question, with a tool'))).toBe(true)
      // The page says which lines it was made from, and the selection survived the swap.
      const linesAfter = Number(await page.getAttribute('main[data-trajectory]', 'data-live-lines'))
      expect(linesAfter).toBeGreaterThan(linesBefore)
      expect(await page.evaluate(() => Number(document.querySelector('meta[name="dsh-live"]')?.getAttribute('content')?.split(' ')[1]))).toBe(linesAfter)
      expect(await page.getAttribute(`tr[id="${answer?.id}"]`, 'aria-selected')).toBe('true')
      expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-tj-panel]')?.hidden)).toBe(false)
      expect(await page.locator('.dsh-live-badge').count()).toBe(1)
      expect(await duplicateIds(page)).toEqual([])

      // It grows again: a second swap, and the swapped-in page's script works (Escape closes the panel).
      s.turnStart()
      s.user('Third question, last one')
      s.stepStart()
      s.assistant('Third answer.')
      s.stepEnd()
      s.turnEnd()
      await w.flush()
      await page.waitForFunction(() =>
        [...document.querySelectorAll('table[data-tj-ledger] tbody > tr')].some((tr) => (tr.textContent ?? '').includes('Third answer.')),
      )
      expect(await page.getAttribute(`tr[id="${answer?.id}"]`, 'aria-selected')).toBe('true')
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-tj-panel]')?.hidden === true)
      const final = await ledger(page)

      // The rows are the static build's of the same log.
      await w.writer.close()
      const staticDir = tempDir()
      await buildInto([root], staticDir)
      const reference = await eventPage(browser())
      await reference.goto(pathToFileURL(join(staticDir, 'sessions/live-e2e-traj.trajectory.html')).href)
      expect(final).toEqual(await ledger(reference))
      expect(activity.errors).toEqual([])
      await reference.close()
    } finally {
      await page.close()
      await live.close()
      await cleanup()
    }
  })
})
