/**
 * `dsh-view live --attach` in Chromium against the fake hosts (live.md §11.2 "combined test"): the host
 * shows events before the file holds them, and the page draws them at once as provisional; then the file
 * delivers different events at those seqs (a crash repaired with other content) and the file wins — the
 * page ends equal to the static build of the file. The newer host also streams the answer before it is
 * durable, which the page shows as a typing box until the message arrives. The viewer never sends anything on the Gen A mux, and
 * on Gen B it only opens and cancels follow streams. One browser for the file.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { session, type SessionBuilder } from '../../src/log/testing/session'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import { FakeDshHost } from '../../src/live/attach/testing/fake-host'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, fileBrowser, NO_CHROMIUM, watch } from '../browser/chromium'
import { tempRoot } from '../live/helpers'
import { eventPage, headerOf, recordsOf, startTestLive, transcriptMarkup, waitForFinished } from './harness'

const enabled = chromiumPath() !== null
const browser = fileBrowser()

function opening(id: string): SessionBuilder {
  const s = session({ id, cwd: '/home/dev/attach' })
  s.turnStart()
  s.user('Start the work')
  s.stepStart()
  s.assistant('Working on it.')
  s.stepEnd()
  s.turnEnd()
  return s
}

/** The same session continued two ways: what the host showed live, and what the file finally kept. */
function continued(id: string, said: string): SessionBuilder {
  const s = opening(id)
  s.turnStart()
  s.user(said)
  s.stepStart()
  s.assistant(`Reply to: ${said}`)
  s.stepEnd()
  s.turnEnd()
  return s
}

describe.skipIf(!enabled)('a live page attached to a dsh host', () => {
  it.each(['gen-a', 'gen-b'] as const)('%s: draws host events ahead of the file, and the file wins', { timeout: 300_000 }, async (generation) => {
    const id = `attach-${generation}`
    const { root, cleanup } = await tempRoot()
    const base = opening(id)
    const writer = await FakeDshWriter.create({ root, header: headerOf(base), encoding: 'raw' })
    await writer.append(recordsOf(base))
    const host = await FakeDshHost.start(generation)
    host.addSession(headerOf(base))
    host.push(id, recordsOf(base))
    const { live, io } = await startTestLive([root], { attach: host.url, token: generation === 'gen-b' ? host.token : null, quiet: false })
    const page = await eventPage(browser())
    const activity = watch(page)
    try {
      await page.goto(`${live.url}sessions/${id}.html`)
      await waitForFinished(page)
      const mark = base.records.length
      const hostSide = continued(id, 'What the host showed live')
      const started = Date.now()
      const shown = recordsOf(hostSide, mark)
      if (generation === 'gen-b') {
        // The newer host streams the answer before it is durable: a typing box, gone once the message lands.
        const at = shown.findIndex((r) => (JSON.parse(r) as { type: string }).type === 'assistant/message')
        // Only a follower that is already attached sees a streamed answer: wait for it, however loaded the machine.
        await host.whenFollowed(id)
        host.push(id, shown.slice(0, at))
        const attempt = host.stream(id, shown[at] ?? '', 3)
        await page.waitForFunction(() => document.querySelector('[data-live-typing]')?.textContent?.includes('Reply to: What the host showed live') === true)
        expect(await page.evaluate(() => document.getElementById('main')?.contains(document.querySelector('[data-live-typing]')))).toBe(false)
        attempt.commit(shown.slice(at + 1))
        await page.waitForFunction(() => document.querySelector('[data-live-typing]') === null)
      } else {
        host.push(id, shown)
      }
      await page.waitForFunction(() => document.getElementById('main')?.textContent?.includes('What the host showed live') === true)
      console.log(`attach ${generation}: host event on screen after ${Date.now() - started} ms`)
      expect(await page.textContent('.dsh-live-badge')).toContain('from host')

      const fileSide = continued(id, 'What the file kept')
      await writer.append(recordsOf(fileSide, mark))
      await writer.close()
      await page.waitForFunction(() => document.getElementById('main')?.textContent?.includes('What the file kept') === true)
      expect(await page.textContent('#main')).not.toContain('What the host showed live')

      const staticDir = tempDir()
      await buildInto([root], staticDir)
      const reference = await eventPage(browser())
      await reference.goto(pathToFileURL(join(staticDir, `sessions/${id}.html`)).href)
      expect(await transcriptMarkup(page)).toBe(await transcriptMarkup(reference))
      await reference.close()
      expect(activity.errors).toEqual([])
      expect(io.err.join('')).toMatch(generation === 'gen-a' ? /events\.mux/ : /session\/follow/)
      if (generation === 'gen-a') expect(host.received).toEqual([])
      else expect(host.received.every((m) => /"type":"(open|cancel)"/.test(m))).toBe(true)
    } finally {
      await page.close()
      await live.close()
      await host.close()
      await cleanup()
    }
  })
})

describe.skipIf(enabled)('a live page attached to a dsh host', () => {
  it.skip(NO_CHROMIUM, () => {})
})
