/**
 * The embed API of `export --replay` in Chromium (issue 30 point 6): a host page frames the one-file export
 * and drives its replay by `postMessage` — play, pause, seek (by turn and by time), speed — and hears the
 * events it posts back (ready, play, pause, seek, speed, turn, ended, with the play time). The clock is
 * fake, so the events arrive where the log's times put them. Also: messages from any window but the parent,
 * and malformed ones, do nothing; every request the file makes is to itself; under `prefers-reduced-motion`
 * nothing starts on its own and a text row appears whole, never token by token; opened on its own the file
 * does not play unless its address says `#autoplay`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportSession } from '../../src/export/export'
import { decodeIndex, type ReplayIndex } from '../../src/replay/data'
import { FRAME_MS } from '../../src/replay/curve'
import { tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'
import { chromiumPath, launch, watch } from './chromium'

const corpus = (rel: string) => fileURLToPath(new URL(`../../fixtures/corpus/${rel}`, import.meta.url))
/** Three turns, and a subagent whose session the export holds as a descendant (its rows are not the replay's). */
const TURNS = corpus('v0/acp-agent/subagent-list-agents/session.jsonl')
const PACKED = corpus('v0/acp-agent/packed-chunks/session.jsonl')

const enabled = chromiumPath() !== null
let browser: Browser
let dir: string
const files = new Map<string, { file: string; index: ReplayIndex }>()

/** The host: frames the export, keeps every message the frame posts, and sends what the test asks. */
const HOST = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>host</title></head><body>
<iframe id="replay" src="FILE" width="900" height="600"></iframe>
<script>
  window.got = [];
  window.addEventListener('message', function (e) {
    if (e.source === document.getElementById('replay').contentWindow) window.got.push(e.data);
  });
  window.send = function (message) { document.getElementById('replay').contentWindow.postMessage(message, '*'); };
  /** A sibling frame that posts to the replay: not its parent, so it must be ignored. */
  window.sibling = function (message) {
    var f = document.createElement('iframe');
    f.srcdoc = '<script>parent.frames[0].postMessage(' + JSON.stringify(message) + ', "*")<\\/script>';
    document.body.appendChild(f);
  };
</script></body></html>`

beforeAll(async () => {
  if (!enabled) return
  browser = await launch()
  dir = tempDir('dv-replay-embed-')
  const assets = await testSiteAssets()
  for (const [name, log] of [['turns', TURNS], ['packed', PACKED]] as const) {
    const file = join(dir, `${name}.html`)
    await exportSession({ session: log, html: file, markdown: null, linkBase: null, locale: 'en', env: {}, homedir: '/nonexistent-home', assets, replay: true, highlight: false })
    const block = /<script type="application\/json" id="dsh-replay-data">(.*?)<\/script>/s.exec(readFileSync(file, 'utf8'))?.[1]
    const index = block === undefined ? null : decodeIndex(JSON.parse(block) as unknown)
    if (index === null) throw new Error(`no replay data in the export of ${name}`)
    files.set(name, { file, index })
    writeFileSync(join(dir, `host-${name}.html`), HOST.replace('FILE', `${name}.html`))
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

interface Got {
  type: string
  event: string
  time: number
  duration: number
  turn: number | null
  playing: boolean
  speed: number
  mode: string
}

async function host(name: string, reducedMotion: 'reduce' | 'no-preference' = 'no-preference'): Promise<{ page: Page; frame: Frame; requests: string[]; errors: string[] }> {
  const context = await browser.newContext({ reducedMotion })
  const page = await context.newPage()
  const activity = watch(page)
  // The clock stands still from the start: the replay moves only as far as a test runs it.
  await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
  await page.clock.pauseAt(new Date('2026-12-01T00:00:10Z'))
  await page.goto(pathToFileURL(join(dir, `host-${name}.html`)).href)
  const frame = page.frame({ url: /\/(turns|packed)\.html$/ })
  if (frame === null) throw new Error('no replay frame')
  return { page, frame, requests: activity.requests, errors: activity.errors }
}

const got = (page: Page): Promise<Got[]> => page.evaluate(() => (window as unknown as { got: Got[] }).got)
const events = async (page: Page): Promise<string[]> => (await got(page)).map(g => g.event)
const send = (page: Page, message: unknown) => page.evaluate(m => (window as unknown as { send: (m: unknown) => void }).send(m), message)
/** Waits until the frame has posted `event` (n times in all); returns the last such message. */
async function waitFor(page: Page, event: string, n = 1): Promise<Got> {
  await expect.poll(async () => (await events(page)).filter(e => e === event).length).toBeGreaterThanOrEqual(n)
  return (await got(page)).filter(g => g.event === event).at(-1) as Got
}
/** Per timed row (by its place among the transcript's ids): is it shown. */
const visible = (frame: Frame, refs: number[]) => frame.$$eval('section[data-transcript] [id]', (els, refs) => refs.map(ref => els[ref]?.hasAttribute('data-rp-hidden') === false), refs)

describe.skipIf(!enabled)('export --replay in an iframe, driven by postMessage', () => {
  it('autoplays, and takes play, pause, seek, speed; posts ready, play, pause, seek, speed, turn, ended with the time', async () => {
    const { page, frame, requests, errors } = await host('turns')
    const { index } = files.get('turns') as { index: ReplayIndex }
    const total = index.total[2] / 1000
    const ready = await waitFor(page, 'ready')
    expect(ready).toMatchObject({ type: 'dsh-replay', duration: index.total[1] / 1000, mode: 'compressed', speed: 1 })
    const play = await waitFor(page, 'play')
    expect(play).toMatchObject({ playing: true, time: 0 })
    await frame.waitForSelector('html[data-replaying]')

    await send(page, { type: 'dsh-replay', action: 'pause' })
    expect(await waitFor(page, 'pause')).toMatchObject({ playing: false })
    // Paced timing: this fixture's clocks put its last two turns within a millisecond.
    await send(page, { type: 'dsh-replay', action: 'mode', mode: 'paced' })
    const moded = await waitFor(page, 'mode')
    expect(moded).toMatchObject({ mode: 'paced', playing: false })
    await page.clock.runFor(2000)
    // Paused: the position stands still.
    expect(await frame.evaluate(() => window.dshPlayer?.position)).toBe(moded.time * 1000)

    // A seek by time, in seconds: the rows up to there are shown, none after, and the turn is turn 2.
    // Just after turn 2 starts (a millisecond in: times are in seconds).
    const half = ((index.turns[1]?.at[2] ?? NaN) + 1) / 1000
    await send(page, { type: 'dsh-replay', action: 'seek', time: half })
    expect(await waitFor(page, 'seek')).toMatchObject({ time: half, turn: 2 })
    const items = index.data?.items ?? []
    const refs = items.map(i => i.ref)
    const atHalf = await visible(frame, refs)
    const count = atHalf.filter(Boolean).length
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(items.length)
    // Rows play in page order: what is shown is the first rows.
    expect(atHalf).toEqual(refs.map((_, k) => k < count))

    // A seek by turn lands on that turn's start and says which turn it is.
    await send(page, { type: 'dsh-replay', action: 'seek', turn: 1 })
    const seek = await waitFor(page, 'seek', 2)
    expect(seek).toMatchObject({ turn: 1, time: (index.turns[0]?.at[2] ?? NaN) / 1000, playing: false })
    const atTurn1 = (await visible(frame, refs)).filter(Boolean).length
    expect(atTurn1).toBeGreaterThan(0)
    expect(atTurn1).toBeLessThan(count)

    await send(page, { type: 'dsh-replay', action: 'speed', speed: 2 })
    expect(await waitFor(page, 'speed')).toMatchObject({ speed: 2 })

    // Played at 2×: the end comes after half the session's length on the clock.
    await send(page, { type: 'dsh-replay', action: 'play' })
    await waitFor(page, 'play', 2)
    await page.clock.runFor(Math.ceil(((total * 1000) / 2) * 0.9))
    expect(await events(page)).not.toContain('ended')
    await page.clock.runFor(Math.ceil(((total * 1000) / 2) * 0.1) + 4 * FRAME_MS)
    const ended = await waitFor(page, 'ended')
    expect(ended).toMatchObject({ time: total, playing: false })
    expect(await visible(frame, refs)).toEqual(refs.map(() => true))
    // Played from turn 1 to the end, each turn was announced in order as it came.
    const played0 = (await got(page)).findIndex(g => g.event === 'play' && g.speed === 2)
    expect((await got(page)).slice(played0).filter(g => g.event === 'turn').map(g => g.turn)).toEqual(index.turns.slice(1).map(t => t.turn))
    expect(index.turns.length).toBe(3)
    expect(await frame.locator('[data-export-session]').count()).toBeGreaterThan(0)
    // Times only ever move forward while playing.
    const played = (await got(page)).slice((await got(page)).findIndex(g => g.event === 'play' && g.speed === 2))
    for (let k = 1; k < played.length; k++) expect((played[k] as Got).time).toBeGreaterThanOrEqual((played[k - 1] as Got).time)

    // Everything the page asked for is the host and the file itself: nothing from the network.
    expect(new Set(requests)).toEqual(new Set([pathToFileURL(join(dir, 'host-turns.html')).href, pathToFileURL(files.get('turns')?.file ?? '').href]))
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('ignores messages from any window but its parent, and malformed ones', async () => {
    const { page, frame } = await host('turns')
    await waitFor(page, 'play')
    await send(page, { type: 'dsh-replay', action: 'pause' })
    await waitFor(page, 'pause')
    const before = (await got(page)).length
    for (const bad of [
      { type: 'dsh-replay', action: 'speed', speed: 3 },
      { type: 'dsh-replay', action: 'speed', speed: '2' },
      { type: 'dsh-replay', action: 'seek', time: -1 },
      { type: 'dsh-replay', action: 'seek', time: 'NaN' },
      { type: 'dsh-replay', action: 'seek', turn: 1.5 },
      { type: 'dsh-replay', action: 'seek', turn: 999 },
      { type: 'dsh-replay', action: 'seek', turn: 1, time: 1 },
      { type: 'dsh-replay', action: 'mode', mode: 'fast' },
      { type: 'dsh-replay', action: 'eval', code: 'document.title="x"' },
      { type: 'other', action: 'play' },
      ['dsh-replay', 'play'],
      'play',
      null,
    ]) await send(page, bad)
    // A well-formed play from a sibling frame: not the parent, so ignored.
    await page.evaluate(() => (window as unknown as { sibling: (m: unknown) => void }).sibling({ type: 'dsh-replay', action: 'play' }))
    await page.locator('iframe').nth(1).waitFor()
    // A last good message from the parent: once it is answered, every message before it has been handled.
    await send(page, { type: 'dsh-replay', action: 'speed', speed: 4 })
    await waitFor(page, 'speed')
    expect((await got(page)).slice(before).map(g => g.event)).toEqual(['speed'])
    expect(await frame.evaluate(() => ({ playing: window.dshPlayer?.playing, title: document.title }))).toEqual({ playing: false, title: expect.not.stringMatching(/^x$/) as unknown })
    await page.context().close()
  })

  it('under prefers-reduced-motion it does not autoplay, and a played text row appears whole', async () => {
    const { page, frame } = await host('packed', 'reduce')
    const { index } = files.get('packed') as { index: ReplayIndex }
    await waitFor(page, 'ready')
    await page.clock.runFor(3000)
    expect(await events(page)).toEqual(['ready'])
    expect(await frame.evaluate(() => document.documentElement.hasAttribute('data-replaying'))).toBe(false)

    const items = index.data?.items ?? []
    const text = items.find(i => i.kind === 'text' && i.curve !== null && i.t1 - i.t0 > 4 * FRAME_MS)
    if (text === undefined) throw new Error('no streamed text row in the packed session')
    const full = await frame.$$eval('section[data-transcript] [id]', (els, ref) => (els[ref]?.textContent ?? '').length, text.ref)
    await send(page, { type: 'dsh-replay', action: 'seek', time: 0 })
    await waitFor(page, 'seek')
    await send(page, { type: 'dsh-replay', action: 'mode', mode: 'real' })
    expect(await waitFor(page, 'mode')).toMatchObject({ mode: 'real' })
    await send(page, { type: 'dsh-replay', action: 'play' })
    await waitFor(page, 'play')
    await page.clock.runFor(Math.ceil((text.t0 + text.t1) / 2))
    const mid = await frame.$$eval('section[data-transcript] [id]', (els, ref) => ({ hidden: els[ref]?.hasAttribute('data-rp-hidden'), length: (els[ref]?.textContent ?? '').length }), text.ref)
    expect(mid).toEqual({ hidden: false, length: full })
    await page.context().close()
  })

  it('opened on its own it waits for Play; #autoplay plays it', async () => {
    const { file } = files.get('turns') as { file: string }
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(pathToFileURL(file).href)
    await page.locator('[data-replay-bar]').waitFor()
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-replaying'))).toBe(false)
    await page.goto(`${pathToFileURL(file).href}#autoplay`)
    await page.reload()
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    await context.close()
  })
})
