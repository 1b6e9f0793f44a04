/**
 * Replay across the pages of a long session (issue 30 points 1 and 5), in Chromium with a fake clock: a
 * generated timed session long enough for several pages (the site's page budget cuts it). Playing past the
 * end of page 1 opens page 2 with the position in its address (`#replay=<ms>,<mode>,<speed>,1`) and goes on
 * playing there; seeking to the last turn from page 1 opens the page holding it, starting at that page's
 * checkpoint — and the DOM then holds that one page's turns, not the session's.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolTurnsSession } from '../../src/log/testing/tool-turns'
import { decodeIndex, type ReplayIndex } from '../../src/replay/data'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, launch, watch } from './chromium'

const TURNS = 400

const longSession = (): string => toolTurnsSession({
  id: 'long-replay',
  turns: TURNS,
  output: t => Array.from({ length: 300 }, (_, i) => `file-${t}-${i}.txt  ${'x'.repeat(60)}`).join('\n'),
  answer: t => `Turn ${t} done.`,
})

const enabled = chromiumPath() !== null
let browser: Browser
let sessions: string
let index: ReplayIndex
let pageFiles: string[]

beforeAll(async () => {
  if (!enabled) return
  browser = await launch()
  const root = tempDir()
  const dir = join(root, '--home-dev-long--', 'long-replay')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), longSession())
  const out = tempDir()
  await buildInto([root], out)
  sessions = join(out, 'sessions')
  const files = readdirSync(sessions)
  const script = files.find(f => f.endsWith('.replay.js'))
  if (script === undefined) throw new Error('no replay index')
  const decoded = decodeIndex(JSON.parse(readFileSync(join(sessions, script), 'utf8').slice('window.dshReplay='.length, -2)) as unknown)
  if (decoded === null) throw new Error('unreadable replay index')
  index = decoded
  pageFiles = index.pages.map(p => p.page)
}, 180_000)

afterAll(async () => {
  await browser?.close()
})

async function open(file: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const activity = watch(page)
  await page.clock.install({ time: new Date('2026-12-01T00:00:00Z') })
  await page.clock.pauseAt(new Date('2026-12-01T00:00:10Z'))
  await page.goto(pathToFileURL(join(sessions, file)).href)
  return { page, errors: activity.errors }
}

const COMPRESSED = 1
/** Whether the element's box meets the viewport (`isVisible` says only that CSS draws it). */
const inViewport = (page: Page, selector: string) => page.locator(selector).evaluate(e => {
  const r = e.getBoundingClientRect()
  return r.bottom > 0 && r.top < window.innerHeight
})
/**
 * Starts the player at a position on another page. `start` navigates there, and when the navigation wins the
 * race with `evaluate`'s reply, the page's context is gone before it answers: that is the expected outcome, so
 * that one error is let through and the caller waits for the new page's address.
 */
async function startOnOtherPage(page: Page, at: number): Promise<void> {
  try {
    await page.evaluate(at => { window.dshPlayer?.start({ at }) }, at)
  } catch (error) {
    if (!/Execution context was destroyed/.test(String(error))) throw error
  }
}
const turnSections = (page: Page) => page.locator('section[data-transcript] h2[id^="turn-"]').count()

describe.skipIf(!enabled)('replay across pages', () => {
  it('the session has several pages, each with its replay data and checkpoint', () => {
    expect(pageFiles.length).toBeGreaterThanOrEqual(3)
    expect(index.pages.slice(1).every(p => p.data !== null && p.data.endsWith(`.replay.p${index.pages.indexOf(p) + 1}.js`))).toBe(true)
    const starts = index.pages.map(p => p.at[COMPRESSED])
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(new Set(starts).size).toBe(starts.length)
  })

  it('playing past the end of page 1 goes on playing on page 2, from where page 1 ended', async () => {
    const { page, errors } = await open(pageFiles[0] as string)
    const page2 = index.pages[1]?.at[COMPRESSED] as number
    // 1.5 s before page 2's checkpoint, playing.
    await page.evaluate(at => window.dshPlayer?.start({ at, play: true }), page2 - 1500)
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    expect(page.url()).toMatch(/long-replay\.html$/)
    await page.clock.runFor(2000)
    await page.waitForURL(url => url.pathname.endsWith(pageFiles[1] as string))
    expect(new URL(page.url()).hash).toBe(`#replay=${Math.round(page2)},compressed,1,1`)
    await page.waitForSelector('html[data-replaying]')
    await page.getByRole('button', { name: '⏸ Pause' }).waitFor()
    const at = await page.evaluate(() => ({ position: window.dshPlayer?.position ?? NaN, playing: window.dshPlayer?.playing }))
    expect(at.playing).toBe(true)
    expect(at.position).toBeGreaterThanOrEqual(page2)
    // And it keeps playing there: the clock moves the position on.
    await page.clock.runFor(1000)
    expect(await page.evaluate(() => window.dshPlayer?.position ?? NaN)).toBeGreaterThan(at.position)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('seeking to the last turn from page 1 opens its page at the turn; the DOM holds that page, not the session', async () => {
    const { page, errors } = await open(pageFiles[0] as string)
    const all = await turnSections(page)
    expect(all).toBeLessThan(TURNS)
    const last = index.turns.at(-1)
    if (last === undefined) throw new Error('no turns')
    expect(last.turn).toBe(TURNS)
    await startOnOtherPage(page, last.at[COMPRESSED] as number)
    await page.waitForURL(url => url.pathname.endsWith(pageFiles[last.page] as string))
    await page.waitForSelector('html[data-replaying]')
    await expect.poll(() => page.evaluate(() => window.dshPlayer?.state().turn)).toBe(TURNS)
    // The page holds only its own turns: those the index puts on it.
    const onPage = index.turns.filter(t => t.page === last.page).length
    expect(await turnSections(page)).toBe(onPage)
    expect(onPage).toBeLessThan(TURNS / 2)
    // At the last turn's start, its heading is shown and nothing after the turn's first rows is.
    expect(await page.locator(`section[data-transcript] h2[id="turn-${TURNS}"]`).isVisible()).toBe(true)
    // And on screen: the page opened at its top, and the seek brought the turn there (paused, too).
    expect(await inViewport(page, `section[data-transcript] h2[id="turn-${TURNS}"]`)).toBe(true)
    // The page turn's address is the player's, not a row's: no "nothing has this address" notice, and the
    // session's anchor map (the biggest file of a long session) is not loaded for it.
    expect(await page.locator('[data-missing-anchor]').isHidden()).toBe(true)
    expect(await page.evaluate(() => 'dshAnchors' in window)).toBe(false)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a seek within the page, paused, scrolls to where it lands, forwards and back', async () => {
    const { page, errors } = await open(pageFiles[0] as string)
    const onFirst = index.turns.filter(t => t.page === 0)
    const first = onFirst[0]
    const last = onFirst.at(-1)
    if (first === undefined || last === undefined || last === first) throw new Error('page 1 needs two turns')
    await page.evaluate(at => window.dshPlayer?.start({ at }), last.at[COMPRESSED])
    await expect.poll(() => page.evaluate(() => window.dshPlayer?.state().turn)).toBe(last.turn)
    expect(page.url()).toMatch(/long-replay\.html$/)
    expect(await inViewport(page, `section[data-transcript] h2[id="turn-${last.turn}"]`)).toBe(true)
    expect(await inViewport(page, `section[data-transcript] h2[id="turn-${first.turn}"]`)).toBe(false)
    await page.evaluate(at => window.dshPlayer?.seek(at), first.at[COMPRESSED])
    expect(await inViewport(page, `section[data-transcript] h2[id="turn-${first.turn}"]`)).toBe(true)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a page turn fetches the page\'s replay data beside the index, not after it', async () => {
    const { page, errors } = await open(pageFiles[0] as string)
    const target = index.pages[2]
    if (target === undefined || target.data === null) throw new Error('no third page')
    // The replay scripts the new page asks for, each with whether the index had come back by then.
    const requests: { file: string; indexIn: boolean }[] = []
    let indexIn = false
    page.on('framenavigated', frame => {
      if (frame === page.mainFrame()) {
        requests.length = 0
        indexIn = false
      }
    })
    page.on('request', r => {
      const file = r.url().slice(r.url().lastIndexOf('/') + 1)
      if (/\.replay(\.p\d+)?\.js$/.test(file)) requests.push({ file, indexIn })
    })
    page.on('requestfinished', r => {
      if (r.url().endsWith('.replay.js')) indexIn = true
    })
    await startOnOtherPage(page, target.at[COMPRESSED] as number)
    await page.waitForURL(url => url.pathname.endsWith(target.page))
    await page.waitForSelector('html[data-replaying]')
    expect(requests.map(r => r.file).sort()).toEqual([target.data, target.data.replace(/\.p\d+\.js$/, '.js')].sort())
    expect(requests.find(r => r.file === target.data)?.indexIn).toBe(false)
    // Both are the page's own deferred tags (the parser fetched them while reading the page); the player
    // waited for those rather than adding its own.
    const tags = await page.evaluate(() => [...document.querySelectorAll('script[src*=".replay."]')].map(s => `${s.getAttribute('src')}${s.hasAttribute('defer') ? ' defer' : ''}`))
    expect(tags.sort()).toEqual([`${target.data} defer`, `${target.data.replace(/\.p\d+\.js$/, '.js')} defer`].sort())
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a page turn draws its first frame at the position: the page\'s data holds rendering until the player has run', async () => {
    // No fake clock here: it would hold every animation frame.
    const context = await browser.newContext()
    const page = await context.newPage()
    const { errors } = watch(page)
    // On every page this tab opens: at its first animation frame, whether the player had shown a position.
    await page.addInitScript(() => {
      let player: { onEvent(listener: (e: { type: string }) => void): void } | undefined
      let seeked = false
      const w = window as unknown as { __firstFrame?: { seeked: boolean } }
      Object.defineProperty(window, 'dshPlayer', {
        configurable: true,
        get: () => player,
        set(value) {
          player = value
          value.onEvent((e: { type: string }) => {
            if (e.type === 'seek') seeked = true
          })
        },
      })
      requestAnimationFrame(() => (w.__firstFrame = { seeked }))
    })
    await page.goto(pathToFileURL(join(sessions, pageFiles[0] as string)).href)
    await page.waitForFunction(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame !== undefined)
    const target = index.pages[2]
    const turn = index.turns.filter(t => t.page === 2)[1]
    if (target === undefined || turn === undefined) throw new Error('no third page')
    await startOnOtherPage(page, turn.at[COMPRESSED] as number)
    await page.waitForURL(url => url.pathname.endsWith(target.page))
    await page.waitForFunction(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame !== undefined)
    expect(await page.evaluate(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame)).toEqual({ seeked: true })
    expect(await page.evaluate(() => window.dshPlayer?.state().turn)).toBe(turn.turn)
    expect(errors).toEqual([])
    await context.close()
  })

  it('a page opened at a replay position shows it before the page\'s other enhancements, which follow after that frame', async () => {
    const { page, errors } = await open(pageFiles[0] as string)
    const target = index.pages[1]
    // A turn inside page 2 (its first starts where page 1 ends: a seek there stays on page 1).
    const turn = index.turns.filter(t => t.page === 1)[1]
    if (target === undefined || turn === undefined) throw new Error('no second page')
    // On every page this tab opens: at the player's first position, whether the other enhancements (copy
    // buttons shown, disclosure state mirrored: components/enhance) had run yet.
    await page.addInitScript(() => {
      let player: { onEvent(listener: (e: { type: string }) => void): void } | undefined
      const w = window as unknown as { __atSeek?: { copies: number; expanded: number } }
      Object.defineProperty(window, 'dshPlayer', {
        configurable: true,
        get: () => player,
        set(value) {
          player = value
          value.onEvent((e: { type: string }) => {
            if (e.type !== 'seek' || w.__atSeek !== undefined) return
            w.__atSeek = { copies: document.querySelectorAll('button[data-copy]:not([hidden])').length, expanded: document.querySelectorAll('summary[aria-expanded]').length }
          })
        },
      })
    })
    await startOnOtherPage(page, turn.at[COMPRESSED] as number)
    await page.waitForURL(url => url.pathname.endsWith(target.page))
    await page.waitForSelector('html[data-replaying]')
    expect(await page.evaluate(() => (window as unknown as { __atSeek?: unknown }).__atSeek)).toEqual({ copies: 0, expanded: 0 })
    // Then they run (no clock needed: the fake one is paused), over the folds the player opened.
    await page.waitForSelector('summary[aria-expanded]', { state: 'attached' })
    const after = await page.evaluate(() => ({
      copies: document.querySelectorAll('button[data-copy]').length === document.querySelectorAll('button[data-copy]:not([hidden])').length,
      // Every fold mirrored as it is now: those the player opened say so.
      mirrored: [...document.querySelectorAll('details > summary:not([data-plain])')].every(s => s.getAttribute('aria-expanded') === String((s.parentElement as HTMLDetailsElement).open)),
      opened: document.querySelectorAll('details[open] > summary[aria-expanded="true"]').length,
    }))
    expect(after).toEqual({ copies: true, mirrored: true, opened: expect.any(Number) })
    expect(after.opened).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.context().close()
  })
})
