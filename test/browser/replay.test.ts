/**
 * The replay player in Chromium with a fake clock (issue 30): corpus sessions built into sites, played in
 * each timing, and every row checked to appear — and a tool row to settle — within one frame of the time
 * its log says, in the order the page shows them. Expected play times are computed here from the rows'
 * logged times (the page's replay data carries them; src/replay/timing.corpus.test.ts holds those to the
 * logs' own clocks) by the three timings' definitions, written out again: real is the clock, compressed
 * takes every idle stretch over 3 s down to 1 s, paced gives each row a reading time. Sessions: a tool
 * error (real-host node22-errors), an empty response and its retry, a stream of packed chunks. Also: a log
 * without clocks gets no replay data and no bar; JS off reads as built; the keys.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeIndex, type PageItem, type ReplayIndex } from '../../src/replay/data'
import { FRAME_MS } from '../../src/replay/curve'
import type { TimingMode } from '../../src/replay/modes'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, launch, watch } from './chromium'

const corpus = (rel: string) => fileURLToPath(new URL(`../../fixtures/corpus/${rel}`, import.meta.url))
const SESSIONS = {
  errors: corpus('real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd'),
  retry: corpus('v0/acp-agent/empty-response-retry/session.jsonl'),
  packed: corpus('v0/acp-agent/packed-chunks/session.jsonl'),
}
const UNTIMED = corpus('v4/logs/zq0929__snapshots_session_empty-response-retry-current_session.v4.jsonl')

const enabled = chromiumPath() !== null
let browser: Browser
const sites = new Map<string, { page: string; index: ReplayIndex }>()
let untimedSite: string

/** The one session page of a one-session site. */
function sessionPage(site: string): string {
  const name = readdirSync(join(site, 'sessions')).find(f => f.endsWith('.html') && !f.includes('.prompts'))
  if (name === undefined) throw new Error(`no session page in ${site}`)
  return join(site, 'sessions', name)
}

beforeAll(async () => {
  if (!enabled) return
  browser = await launch()
  for (const [name, log] of Object.entries(SESSIONS)) {
    const site = tempDir()
    await buildInto([log], site)
    const page = sessionPage(site)
    const replayFile = page.replace(/\.html$/, '.replay.js')
    const script = readFileSync(replayFile, 'utf8')
    const index = decodeIndex(JSON.parse(script.slice('window.dshReplay='.length, -2)) as unknown)
    if (index === null) throw new Error(`unreadable replay data for ${name}`)
    sites.set(name, { page, index })
  }
  untimedSite = tempDir()
  await buildInto([UNTIMED], untimedSite)
}, 180_000)

afterAll(async () => {
  await browser?.close()
})

// ---- The timings, written out again from their definitions (src/replay/modes.ts holds the real ones).

const IDLE = 3000
const SQUEEZED = 1000

function compressedMap(items: readonly PageItem[]): (r: number) => number {
  const moments = items.flatMap(i => [i.t0, i.t1, ...(i.curve?.times ?? [])]).sort((a, b) => a - b)
  const gaps: [number, number][] = []
  for (let k = 1; k < moments.length; k++) if ((moments[k] as number) - (moments[k - 1] as number) > IDLE) gaps.push([moments[k - 1] as number, moments[k] as number])
  return r => {
    let removed = 0
    for (const [from, to] of gaps) {
      if (r >= to) removed += to - from - SQUEEZED
      else if (r > from) removed += (r - from) * ((to - from - SQUEEZED) / (to - from))
    }
    return r - removed
  }
}

function expected(items: readonly PageItem[], mode: TimingMode): { p0: number; p1: number }[] {
  if (mode === 'paced') {
    let cursor = 0
    return items.map((item, i) => {
      if (item.kind === 'section' && i > 0) cursor += 1000
      const p0 = cursor
      cursor += item.kind === 'section' ? 0 : item.kind === 'text' ? Math.min(10_000, Math.max(1000, item.units * 30)) : item.kind === 'work' ? 1000 : 600
      return { p0, p1: cursor }
    })
  }
  const map = mode === 'real' ? (r: number) => r : compressedMap(items)
  return items.map(item => ({ p0: map(item.t0), p1: map(item.t1) }))
}

// ---- Driving the page.

async function open(name: string, options: { reducedMotion?: 'reduce' | 'no-preference'; hash?: string; javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; ids: string[]; index: ReplayIndex; errors: string[] }> {
  const site = sites.get(name)
  if (site === undefined) throw new Error(name)
  const context = await browser.newContext({ reducedMotion: options.reducedMotion ?? 'no-preference', javaScriptEnabled: options.javaScriptEnabled ?? true })
  const page = await context.newPage()
  const activity = watch(page)
  await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
  await page.goto(pathToFileURL(site.page).href + (options.hash ?? ''))
  await page.clock.pauseAt(new Date('2026-12-01T00:00:10Z'))
  const ids = await page.$$eval('section[data-transcript] [id]', els => els.map(e => e.id))
  return { page, ids, index: site.index, errors: activity.errors }
}

/** Per item of the page: 0 hidden, 1 running (tool rows), 2 shown; and text rows' shown length. */
function states(page: Page, refs: number[]): Promise<{ state: number; text: number }[]> {
  return page.evaluate((refs) => {
    const els = [...document.querySelectorAll('section[data-transcript] [id]')]
    return refs.map(ref => {
      const e = els[ref] as Element
      return { state: e.hasAttribute('data-rp-hidden') ? 0 : e.hasAttribute('data-rp-run') ? 1 : 2, text: (e.textContent ?? '').length }
    })
  }, refs)
}

const MODES: TimingMode[] = ['real', 'compressed', 'paced']
/** Real time of a retry session runs days (the log's clocks); only its first minute is walked in real time. */
const REAL_HORIZON = 60_000

describe.skipIf(!enabled)('replay with a fake clock', () => {
  for (const name of Object.keys(SESSIONS)) {
    for (const mode of MODES) {
      it(`${name}, ${mode}: every row appears, and every tool row settles, within a frame of its time`, async () => {
        const { page, index, errors } = await open(name)
        const data = index.data
        expect(data).not.toBeNull()
        const items = (data as NonNullable<typeof data>).items
        const want = expected(items, mode)
        await page.getByLabel('Timing').selectOption(mode)
        await page.getByRole('button', { name: '▶ Play' }).click()
        await page.waitForSelector('html[data-replaying]')
        await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
        // Checkpoints in play time: just before each row's start (hidden), a frame after (shown); a tool
        // row just before its end (running) and a frame after (settled).
        const checks: { at: number; item: number; want: 'hidden' | 'shown' | 'running' | 'settled' }[] = []
        want.forEach(({ p0, p1 }, i) => {
          const kind = (items[i] as PageItem).kind
          if (p0 >= 1) checks.push({ at: p0 - 1, item: i, want: 'hidden' })
          checks.push({ at: p0 + FRAME_MS + 1, item: i, want: 'shown' })
          if (kind === 'work' && p1 - p0 > FRAME_MS + 2) checks.push({ at: p1 - 1, item: i, want: 'running' })
          if (kind === 'work') checks.push({ at: p1 + FRAME_MS + 1, item: i, want: 'settled' })
        })
        checks.sort((a, b) => a.at - b.at)
        const horizon = mode === 'real' ? REAL_HORIZON : Infinity
        let now = 0
        let checked = 0
        // The player's clock started at Play; positions are play ms from the page's start (0 here).
        for (const check of checks) {
          if (check.at > horizon) break
          if (check.at > now) {
            await page.clock.runFor(Math.ceil(check.at - now))
            now = Math.ceil(check.at)
          }
          const [got] = await states(page, [(items[check.item] as PageItem).ref])
          const state = got?.state
          const label = `${(items[check.item] as PageItem).kind} ${check.item} at ${check.at}`
          if (check.want === 'hidden') expect(state, label).toBe(0)
          if (check.want === 'shown') expect(state, label).toBeGreaterThan(0)
          if (check.want === 'running') expect(state, label).toBe(1)
          if (check.want === 'settled') expect(state, label).toBe(2)
          checked++
        }
        // Each row within the horizon was checked at least once (most twice or more).
        expect(checked).toBeGreaterThanOrEqual(want.filter(w => w.p0 + FRAME_MS + 1 <= horizon).length)
        expect(checked).toBeGreaterThan(3)
        expect(errors).toEqual([])
        await page.context().close()
      })
    }
  }

  it('the order rows appear in is the page order, and the tool error and the retry are among them', async () => {
    for (const name of ['errors', 'retry'] as const) {
      const { page, index } = await open(name)
      const items = index.data?.items ?? []
      await page.getByRole('button', { name: '▶ Play' }).click()
      await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
      const seen: number[] = []
      for (let step = 0; step < 400 && seen.length < items.length; step++) {
        const got = await states(page, items.map(i => i.ref))
        got.forEach((s, i) => {
          if (s.state > 0 && !seen.includes(i)) seen.push(i)
        })
        await page.clock.runFor(250)
      }
      expect(seen).toEqual(items.map((_, i) => i))
      const keys = await page.$$eval('section[data-transcript] [id]', els => els.map(e => e.id))
      const failed = items.filter(i => i.failed).map(i => keys[i.ref])
      expect(failed.length).toBeGreaterThan(0)
      if (name === 'errors') expect(failed).toContain('tool:call_3_0')
      if (name === 'retry') expect(failed).toContain('retry:11')
      await page.context().close()
    }
  })

  it('streams a text row at its logged curve, and shows it whole at once under reduced motion', async () => {
    const { page, index } = await open('packed', { reducedMotion: 'no-preference' })
    const items = index.data?.items ?? []
    const text = items.findIndex(i => i.kind === 'text' && i.curve !== null && i.t1 - i.t0 > 4 * FRAME_MS)
    expect(text).toBeGreaterThanOrEqual(0)
    const item = items[text] as PageItem
    const full = (await states(page, [item.ref]))[0]?.text ?? 0
    await page.getByLabel('Timing').selectOption('real')
    await page.getByRole('button', { name: '▶ Play' }).click()
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    await page.clock.runFor(Math.ceil((item.t0 + item.t1) / 2))
    const mid = (await states(page, [item.ref]))[0]?.text ?? 0
    expect(mid).toBeGreaterThan(0)
    expect(mid).toBeLessThan(full)
    await page.clock.runFor(Math.ceil(item.t1 - (item.t0 + item.t1) / 2) + FRAME_MS + 1)
    expect((await states(page, [item.ref]))[0]?.text).toBe(full)
    await page.context().close()

    const reduced = await open('packed', { reducedMotion: 'reduce' })
    await reduced.page.getByLabel('Timing').selectOption('real')
    await reduced.page.getByRole('button', { name: '▶ Play' }).click()
    await reduced.page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    await reduced.page.clock.runFor(Math.ceil(item.t0) + FRAME_MS + 1)
    expect((await states(reduced.page, [item.ref]))[0]).toEqual({ state: 2, text: full })
    await reduced.page.context().close()
  })

  it('keys: Space pauses and plays, → steps to the next row, Show all restores the page; #turn=1 arrives at turn 1', async () => {
    const { page, index } = await open('errors', { hash: '#turn=1' })
    await page.waitForSelector('html[data-replaying]')
    const items = index.data?.items ?? []
    // At turn 1's start only the turn itself is there.
    const at0 = await states(page, items.map(i => i.ref))
    expect(at0.filter(s => s.state > 0).length).toBe(1)
    await page.keyboard.press('ArrowRight')
    const after = await states(page, items.map(i => i.ref))
    expect(after.filter(s => s.state > 0).length).toBe(2)
    await page.locator('main').click({ position: { x: 1, y: 1 } })
    await page.keyboard.press(' ')
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    await page.keyboard.press('k')
    await page.getByRole('button', { name: '▶ Play' }).waitFor()
    await page.getByRole('button', { name: 'Show all' }).click()
    expect(await page.locator('[data-rp-hidden], [data-rp-run]').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-replaying'))).toBe(false)
    await page.context().close()
  })

  it('compressed timing says what it skipped', async () => {
    const { page, index } = await open('retry')
    const items = index.data?.items ?? []
    const gapEnd = Math.max(...items.map(i => i.t0))
    expect(gapEnd).toBeGreaterThan(3000)
    await page.getByRole('button', { name: '▶ Play' }).click()
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    const want = expected(items, 'compressed')
    const last = want[want.length - 1] as { p0: number }
    await page.clock.runFor(Math.ceil(last.p0 - 500))
    await expect.poll(() => page.locator('[data-replay-status]').textContent()).toMatch(/^⏩ .+ skipped$/)
    await page.context().close()
  })

  it('the chapter list is filled once the page is idle, or at once when the reader reaches for it', async () => {
    // The clock is paused before the page loads: no idle callback runs, so only focusing the list can fill it.
    const page = await (await browser.newContext()).newPage()
    await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
    await page.clock.pauseAt(new Date('2026-12-01T00:00:01Z'))
    await page.goto(pathToFileURL(sites.get('errors')?.page ?? '').href + '#turn=1')
    await page.waitForSelector('html[data-replaying]')
    const chapters = page.getByLabel('Chapters')
    expect(await chapters.locator('option').count()).toBe(0)
    await chapters.focus()
    expect((await chapters.locator('option').allTextContents()).some(l => l.endsWith('Turn 1'))).toBe(true)
    await page.context().close()
    const idle = await open('errors', { hash: '#turn=1' })
    await idle.page.waitForSelector('html[data-replaying]')
    await idle.page.clock.runFor(1_000)
    await expect.poll(() => idle.page.getByLabel('Chapters').locator('option').count()).toBeGreaterThan(1)
    await idle.page.context().close()
  })

  it('chapters: turns, failures and --mark labels (as text), and choosing one seeks there', async () => {
    const site = tempDir()
    await buildInto([SESSIONS.errors], site, { marks: [{ turn: 1, label: 'Start <b>here</b>' }] })
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(pathToFileURL(sessionPage(site)).href)
    await page.locator('[data-replay-bar]').hover()
    const chapters = page.getByLabel('Chapters')
    await expect.poll(async () => (await chapters.locator('option').allTextContents()).length).toBeGreaterThan(2)
    const labels = await chapters.locator('option').allTextContents()
    expect(labels[0]).toBe('Jump to…')
    expect(labels.some(l => l.endsWith('Turn 1'))).toBe(true)
    expect(labels.some(l => l.endsWith('★ Start <b>here</b>'))).toBe(true)
    const failure = labels.find(l => l.endsWith('✗ Failure')) as string
    expect(failure).toBeDefined()
    await chapters.selectOption({ label: failure })
    await page.waitForSelector('html[data-replaying]')
    // At the failure: the failed edit row is there, the rows after it are not yet.
    const shown = await page.$$eval('section[data-transcript] [id]:not([data-rp-hidden])', els => els.map(e => e.id))
    expect(shown).toContain('tool:call_3_0')
    expect(shown).not.toContain('tool:call_5_0')
    await context.close()
  })

  it('without JavaScript the page reads as built: no bar, every row there', async () => {
    const { page, index } = await open('errors', { javaScriptEnabled: false })
    expect(await page.locator('[data-replay-bar]').count()).toBe(0)
    const got = await states(page, (index.data?.items ?? []).map(i => i.ref))
    expect(got.every(s => s.state === 2)).toBe(true)
    await page.context().close()
  })

  it('a log without clocks gets no replay data: its page costs nothing extra and shows no bar', async () => {
    const page = sessionPage(untimedSite)
    expect(readFileSync(page, 'utf8')).not.toContain('dsh-replay')
    expect(readdirSync(join(untimedSite, 'sessions')).filter(f => f.includes('.replay'))).toEqual([])
    const context = await browser.newContext()
    const p = await context.newPage()
    await p.goto(pathToFileURL(page).href)
    await p.locator('section[data-transcript]').waitFor()
    expect(await p.locator('[data-replay-bar]').count()).toBe(0)
    await context.close()
  })
})
