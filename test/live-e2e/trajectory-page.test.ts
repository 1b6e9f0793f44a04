/**
 * A live session's Trajectory tab in Chromium against `dsh-view live` in-process and the fake dsh writer
 * (issue 29 point 6): the live Chat page's `Chat | Trajectory` tab opens the session's Trajectory page,
 * which follows the session — after real appends to the log, the new user message, assistant record and
 * tool call appear in the ledger (each wait is for that event, never a fixed time), the selected record and
 * its inspector stay open across each swap, the swapped-in page's keys work, and the final ledger is the
 * static build's, record for record. With no rebuild coming at all, the Trajectory page draws a new request
 * in the same wait the Chat tab needs to show it, and the Chat rows link to records the Trajectory page holds
 * (and those records back to rows the Chat page holds).
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
import { duplicateIds, eventPage, headerOf, recordsOf, startTestLive, waitForFinished } from './harness'

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
/** A turn of one step: the question, then the answer. */
function answeredTurn(s: SessionBuilder, question: string, answer: string): void {
  s.turnStart()
  s.user(question)
  s.stepStart()
  s.assistant(answer)
  s.stepEnd()
  s.turnEnd()
}

/** The second turn both tests write: a `bash` call (a tool record) and an answer. */
function toolTurn(s: SessionBuilder): void {
  const args = { command: 'grep -r todo .', description: 'Find the todos' }
  s.turnStart()
  s.user('Second question, with a tool')
  s.stepStart()
  s.assistant([toolCallBlock('call-grep', 'bash', args)])
  s.call('bash', args, 'call-grep')
  s.result('call-grep', 'src/a.ts: todo one')
  s.stepEnd()
  s.stepStart()
  s.assistant('Found one todo.')
  s.stepEnd()
  s.turnEnd()
}

/** A session under `root` with its first turn answered and written, and the writer that grows it. */
async function startWriting(root: string, id: string, question: string): Promise<{ s: SessionBuilder; w: Writing }> {
  const s = session({ id, cwd: '/home/dev/live' })
  answeredTurn(s, question, 'A first answer.')
  const w = new Writing(s, await FakeDshWriter.create({ root, header: headerOf(s), encoding: 'raw' }))
  await w.flush()
  return { s, w }
}

const ledger = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('table[data-tj-ledger] tbody > tr')].map((tr) => ({
      id: tr.id,
      kind: tr.dataset['k'] ?? '',
      summary: (tr.querySelector('td:last-child > details > summary')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    })),
  )

/** Whether `page` shows `text` in its transcript (Chat) or ledger (Trajectory). */
const shows = (page: Page, text: string) =>
  page.waitForFunction((want) => ((document.querySelector('[data-transcript]') ?? document.querySelector('table[data-tj-ledger]'))?.textContent ?? '').includes(want), text)

describe.skipIf(!enabled)('a live Trajectory page', () => {
  it('draws a new request as soon as the Chat tab does, and the two tabs link to each other’s rows', { timeout: 300_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    const { s, w } = await startWriting(root, 'live-e2e-traj-now', 'First question')
    // No rebuild while the session grows (the quiet spell outlasts the test): what the pages show of the
    // growth they draw themselves.
    const { live } = await startTestLive([root], {}, { rebuild: { newMs: 50, quietMs: 3_600_000, maxWaitMs: 3_600_000 } })
    const chat = await eventPage(browser())
    const trajectory = await eventPage(browser())
    const activity = [watch(chat), watch(trajectory)]
    try {
      await chat.goto(`${live.url}sessions/live-e2e-traj-now.html`)
      await trajectory.goto(`${live.url}sessions/live-e2e-traj-now.trajectory.html`)
      for (const page of [chat, trajectory]) await waitForFinished(page)
      const builtLines = await trajectory.evaluate(() => Number(document.querySelector('meta[name="dsh-live"]')?.getAttribute('content')?.split(' ')[1]))

      toolTurn(s)
      const written = performance.now()
      await w.flush()
      // One wait for both tabs: the Trajectory page needs no rebuild to show the new request.
      const [chatMs, trajectoryMs] = await Promise.all([chat, trajectory].map(async (page) => {
        await shows(page, 'Found one todo.')
        return performance.now() - written
      }))
      console.log(`live tabs after a write: Chat ${Math.round(chatMs as number)} ms, Trajectory ${Math.round(trajectoryMs as number)} ms`)
      // Still the build from before the write: the ledger was drawn by the page.
      expect(await trajectory.evaluate(() => Number(document.querySelector('meta[name="dsh-live"]')?.getAttribute('content')?.split(' ')[1]))).toBe(builtLines)
      expect(Number(await trajectory.getAttribute('main[data-trajectory]', 'data-live-lines'))).toBeGreaterThan(builtLines)
      await waitForFinished(chat)

      // The Chat rows' record links: the tool row's record and each turn's first request, on the
      // Trajectory page that holds them.
      const links = await chat.evaluate(() => [...document.querySelectorAll('[data-row-extras] > li[data-kind="trajectory"] > a')].map((a) => a.getAttribute('href') ?? ''))
      expect(links.some((href) => /#rec-\d+$/.test(href))).toBe(true)
      expect(links.filter((href) => /#req-\d+$/.test(href)).length).toBe(2)
      for (const href of links) {
        const [file, id] = href.split('#')
        expect(file).toBe('live-e2e-traj-now.trajectory.html')
        expect(await trajectory.evaluate((want) => document.getElementById(want ?? '') !== null, id)).toBe(true)
      }
      // The tool row's record is the call's (its summary names the command), and it links back to the row.
      const toolLink = links.find((href) => /#rec-\d+$/.test(href)) ?? ''
      const toolRecord = toolLink.split('#')[1] ?? ''
      expect(await trajectory.evaluate((id) => document.getElementById(id)?.getAttribute('data-k'), toolRecord)).toBe('tool')
      const back = await trajectory.evaluate((id) => [...(document.getElementById(id)?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? '').find((href) => href.startsWith('live-e2e-traj-now.html#')) ?? '', toolRecord)
      const [chatFile, rowId] = back.split('#')
      expect(chatFile).toBe('live-e2e-traj-now.html')
      expect(await chat.evaluate((id) => document.getElementById(decodeURIComponent(id)) !== null, rowId ?? '')).toBe(true)
      expect(await duplicateIds(trajectory)).toEqual([])
      expect(activity.flatMap((a) => a.errors)).toEqual([])
    } finally {
      await chat.close()
      await trajectory.close()
      await live.close()
      await cleanup()
    }
  })

  it('is the Chat page tab and shows records appended to the log', { timeout: 300_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    const { s, w } = await startWriting(root, 'live-e2e-traj', 'First question for the ledger')
    const { live } = await startTestLive([root])
    const page = await eventPage(browser())
    const activity = watch(page)
    try {
      // The live Chat page carries the tabs; its Trajectory tab opens the live Trajectory page.
      await page.goto(`${live.url}sessions/live-e2e-traj.html`)
      await waitForFinished(page)
      const tab = page.locator('body > header a[href="live-e2e-traj.trajectory.html"]')
      expect(await tab.count()).toBe(1)
      await tab.click()
      await page.waitForURL(/live-e2e-traj\.trajectory\.html$/)
      await waitForFinished(page)
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
      toolTurn(s)
      await w.flush()
      await page.waitForFunction(() =>
        [...document.querySelectorAll('table[data-tj-ledger] tbody > tr')].some((tr) => (tr.textContent ?? '').includes('Found one todo.')),
      )
      const after = await ledger(page)
      expect(after.length).toBeGreaterThan(before.length)
      expect(after.some((r) => r.kind === 'tool')).toBe(true)
      expect(after.some((r) => r.summary.includes('Second question, with a tool'))).toBe(true)
      // The page says which lines it shows (drawn by the page before a rebuild has them, at most the
      // log's), and the selection survived the swap.
      const linesAfter = Number(await page.getAttribute('main[data-trajectory]', 'data-live-lines'))
      expect(linesAfter).toBeGreaterThan(linesBefore)
      expect(await page.evaluate(() => Number(document.querySelector('meta[name="dsh-live"]')?.getAttribute('content')?.split(' ')[1]))).toBeLessThanOrEqual(linesAfter)
      expect(await page.getAttribute(`tr[id="${answer?.id}"]`, 'aria-selected')).toBe('true')
      expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-tj-panel]')?.hidden)).toBe(false)
      expect(await page.locator('.dsh-live-badge').count()).toBe(1)
      expect(await duplicateIds(page)).toEqual([])

      // It grows again: a second swap, and the swapped-in page's script works (Escape closes the panel).
      answeredTurn(s, 'Third question, last one', 'Third answer.')
      await w.flush()
      await page.waitForFunction(() =>
        [...document.querySelectorAll('table[data-tj-ledger] tbody > tr')].some((tr) => (tr.textContent ?? '').includes('Third answer.')),
      )
      expect(await page.getAttribute(`tr[id="${answer?.id}"]`, 'aria-selected')).toBe('true')
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-tj-panel]')?.hidden === true)
      // The rebuild that holds every line becomes the page (its overview and links are the build's).
      const drawn = Number(await page.getAttribute('main[data-trajectory]', 'data-live-lines'))
      await page.waitForFunction((lines) => Number(document.querySelector('meta[name="dsh-live"]')?.getAttribute('content')?.split(' ')[1]) === lines, drawn)
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
