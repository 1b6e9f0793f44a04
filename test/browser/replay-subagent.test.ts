/**
 * A subagent during replay (issue 30 point 3), in Chromium with a fake clock, on a corpus session that
 * spawns one (v0 jsonrpc-agent subagent-spawn-in-process: the parent's `subagent` tool row, and the child's
 * own session beside it). Before its logged call time the row and the link to the child's session under it
 * are hidden; from the call until the logged result the row shows running (its localized label) with the
 * child's link under it; a frame after the result it is settled, its card whole. The child's own progress
 * (its steps and tool calls, from its own log) ticks in the running label at the child's logged times, within
 * a frame (v0 acp-agent subagent-depth-two-rejection: a child that calls a tool of its own), in en and zh,
 * and along the card's paced span with reduced motion (the counter is text: it ticks all the same).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeIndex, type PageItem, type ReplayIndex } from '../../src/replay/data'
import { FRAME_MS } from '../../src/replay/curve'
import { playTimes } from '../../src/replay/modes'
import { tickPlayTime } from '../../src/replay/progress'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, launch, watch } from './chromium'

const FAMILY = fileURLToPath(new URL('../../fixtures/corpus/v0/jsonrpc-agent/subagent-spawn-in-process', import.meta.url))
const NESTED = fileURLToPath(new URL('../../fixtures/corpus/v0/acp-agent/subagent-depth-two-rejection', import.meta.url))

const enabled = chromiumPath() !== null
let browser: Browser
let parentPage: string
let index: ReplayIndex
const nested: { en: string; zh: string } = { en: '', zh: '' }

/** The built page of the family's root session (the one whose log names no parent), and its replay index. */
function rootPage(sessions: string, rootId: string): { page: string; index: ReplayIndex } {
  const page = join(sessions, `${rootId}.html`)
  const script = readFileSync(page.replace(/\.html$/, '.replay.js'), 'utf8')
  const decoded = decodeIndex(JSON.parse(script.slice('window.dshReplay='.length, -2)) as unknown)
  if (decoded === null) throw new Error('unreadable replay data')
  return { page, index: decoded }
}

beforeAll(async () => {
  if (!enabled) return
  browser = await launch()
  const site = tempDir()
  await buildInto([FAMILY], site)
  const sessions = join(site, 'sessions')
  // The parent: the page whose transcript links to a child session.
  const pages = readdirSync(sessions).filter(f => /\.html$/.test(f) && !/\.(prompts|trajectory|p\d+)\.html$/.test(f))
  const parent = pages.find(f => readFileSync(join(sessions, f), 'utf8').includes('data-kind="child-session"'))
  if (parent === undefined) throw new Error('no parent page')
  parentPage = join(sessions, parent)
  index = rootPage(sessions, parent.replace(/\.html$/, '')).index
  for (const locale of ['en', 'zh'] as const) {
    const out = tempDir()
    await buildInto([NESTED], out, { locale })
    nested[locale] = rootPage(join(out, 'sessions'), ROOT_ID).page
  }
}, 180_000)

const ROOT_ID = '11111111-1111-4111-8111-111111111111'
type Obj = Record<string, unknown>
const logEvents = (file: string): Obj[] => readFileSync(join(NESTED, file), 'utf8').split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l) as Obj)

afterAll(async () => {
  await browser?.close()
})

/** Moves the page's fake clock on to play time `at` (ms since the clock started; never backwards). */
function clockRunner(page: Page): (at: number) => Promise<void> {
  let now = 0
  return async (at) => {
    await page.clock.runFor(Math.max(0, Math.ceil(at - now)))
    now = Math.max(now, Math.ceil(at))
  }
}

/** The subagent row and the child link under it: hidden / running / settled, and what the row reads. */
function rowState(page: Page, ref: number): Promise<{ row: string; link: boolean; label: string }> {
  return page.evaluate(ref => {
    const row = [...document.querySelectorAll('section[data-transcript] [id]')][ref] as HTMLElement
    const link = row.nextElementSibling?.querySelector('li[data-kind="child-session"]') as HTMLElement | null
    const state = row.hasAttribute('data-rp-hidden') ? 'hidden' : row.hasAttribute('data-rp-run') ? 'running' : 'settled'
    return { row: state, link: link !== null && link.offsetParent !== null, label: getComputedStyle(row, '::after').content }
  }, ref)
}

describe.skipIf(!enabled)('a subagent during replay', () => {
  it('runs under its card from its logged call to its logged result, the child link under it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const activity = watch(page)
    await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
    await page.clock.pauseAt(new Date('2026-12-01T00:00:10Z'))
    await page.goto(pathToFileURL(parentPage).href)
    const ids = await page.$$eval('section[data-transcript] [id]', els => els.map(e => e.id))
    const items = index.data?.items ?? []
    const subagent = items.find(i => i.kind === 'work' && (ids[i.ref] ?? '').startsWith('tool:')) as PageItem
    expect(subagent).toBeDefined()
    expect(await page.locator(`[id="${ids[subagent.ref]}"]`).getAttribute('data-tool')).toBe('subagent')
    // The log's own span for it: call to result, in real time (positions are ms from the first row).
    expect(subagent.t1 - subagent.t0).toBeGreaterThan(FRAME_MS + 2)

    // Held back before it starts: in paced timing (this fixture logs the call at the session's first
    // moment, so real timing has no "before") the start of the session shows only the turn's first rows.
    await page.getByLabel('Timing').selectOption('paced')
    await page.evaluate(() => window.dshPlayer?.start({ at: 0 }))
    await page.waitForSelector('html[data-replaying]')
    expect(await rowState(page, subagent.ref)).toMatchObject({ row: 'hidden', link: false })

    await page.getByLabel('Timing').selectOption('real')
    await page.evaluate(() => window.dshPlayer?.start({ at: 0, play: true }))
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    const runTo = clockRunner(page)
    await runTo(subagent.t0 + FRAME_MS + 1)
    const running = await rowState(page, subagent.ref)
    expect(running).toMatchObject({ row: 'running', link: true })
    expect(running.label).toBe('"running…"')
    await runTo(subagent.t1 - 1)
    expect(await rowState(page, subagent.ref)).toMatchObject({ row: 'running', link: true })
    await runTo(subagent.t1 + FRAME_MS + 1)
    expect(await rowState(page, subagent.ref)).toMatchObject({ row: 'settled', link: true, label: 'none' })
    expect(activity.errors).toEqual([])
    await context.close()
  })
})

describe.skipIf(!enabled)('a subagent’s own progress during replay', () => {
  // The child's log, read here line by line: its steps (first call or message) and tool calls, as offsets
  // from the parent's call to it.
  const callTime = logEvents('session.jsonl').find(e => e['type'] === 'tool/call')?.['time'] as number
  const childCall = logEvents('session.1.jsonl').find(e => e['type'] === 'tool/call') as Obj
  const childCallAt = (childCall['time'] as number) - callTime
  const childToolName = (childCall['data'] as Obj)['name'] as string
  const lastMessageAt = (logEvents('session.1.jsonl').filter(e => e['type'] === 'assistant/message').at(-1)?.['time'] as number) - callTime

  it.each([
    ['en', 'running…', `running… · 1 step · 1 tool call · last: ${childToolName}`],
    ['zh', '运行中…', `运行中… · 1 步 · 1 次工具调用 · 最近：${childToolName}`],
  ] as const)('ticks under the running card at the child’s logged times (%s)', async (locale, running, afterCall) => {
    const { index: nestedIndex } = rootPage(join(nested[locale], '..'), ROOT_ID)
    const context = await browser.newContext()
    const page = await context.newPage()
    const activity = watch(page)
    await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
    await page.clock.pauseAt(new Date('2026-12-01T00:00:10Z'))
    await page.goto(pathToFileURL(nested[locale]).href)
    const card = (nestedIndex.data?.items ?? []).find(i => i.ticks !== undefined) as PageItem
    expect(card).toBeDefined()
    // The data holds the child's clocks as the logs say them: offsets from the call, inside the card's span.
    expect(card.ticks?.map(t => t.t - card.t0)).toEqual([childCallAt, childCallAt, lastMessageAt])
    expect(card.t1).toBeGreaterThan(card.t0 + lastMessageAt)
    expect(childCallAt).toBeGreaterThan(FRAME_MS + 2)

    await page.getByLabel(locale === 'zh' ? '计时' : 'Timing').selectOption('real')
    await page.evaluate(() => window.dshPlayer?.start({ at: 0, play: true }))
    await page.waitForSelector('html[data-replaying]')
    const runTo = clockRunner(page)
    const label = () => rowState(page, card.ref).then(s => s.label)
    await runTo(card.t0 + FRAME_MS + 1)
    expect(await rowState(page, card.ref)).toMatchObject({ row: 'running', link: true })
    await runTo(card.t0 + childCallAt - 1)
    expect(await label()).toBe(JSON.stringify(running))
    // Within a frame of the child's step and call: counted, the tool named.
    await runTo(card.t0 + childCallAt + FRAME_MS + 1)
    expect(await label()).toBe(JSON.stringify(afterCall))
    await runTo(card.t0 + lastMessageAt - 1)
    expect(await label()).toBe(JSON.stringify(afterCall))
    await runTo(card.t1 + FRAME_MS + 1)
    expect(await rowState(page, card.ref)).toMatchObject({ row: 'settled', label: 'none' })
    expect(activity.errors).toEqual([])
    await context.close()
  })

  it('ticks along the card’s paced span, with reduced motion too (text, nothing moves)', async () => {
    const { index: nestedIndex } = rootPage(join(nested.en, '..'), ROOT_ID)
    const data = nestedIndex.data
    if (data === null) throw new Error('no page data')
    const i = data.items.findIndex(item => item.ticks !== undefined)
    const card = data.items[i] as PageItem
    // Where the page's paced timing plays the card, and the child's call along it.
    const paced = playTimes(data.items, 'paced', data.at[2], null)
    const p0 = paced.p0[i] as number
    const p1 = paced.p1[i] as number
    const callAt = tickPlayTime(card.t0 + childCallAt, card.t0, card.t1, p0, p1, null)
    expect(callAt - p0).toBeGreaterThan(FRAME_MS + 2)
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    const activity = watch(page)
    await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
    await page.clock.pauseAt(new Date('2026-12-01T00:00:10Z'))
    await page.goto(pathToFileURL(nested.en).href)
    await page.getByLabel('Timing').selectOption('paced')
    await page.evaluate(() => window.dshPlayer?.start({ at: 0, play: true }))
    await page.waitForSelector('html[data-replaying]')
    const runTo = clockRunner(page)
    await runTo(callAt - 1)
    expect(await rowState(page, card.ref)).toMatchObject({ row: 'running', label: '"running…"' })
    await runTo(callAt + FRAME_MS + 1)
    expect((await rowState(page, card.ref)).label).toBe(JSON.stringify(`running… · 1 step · 1 tool call · last: ${childToolName}`))
    await runTo(p1 + FRAME_MS + 1)
    expect(await rowState(page, card.ref)).toMatchObject({ row: 'settled', label: 'none' })
    expect(activity.errors).toEqual([])
    await context.close()
  })
})
