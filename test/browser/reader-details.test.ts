/**
 * Smaller things a reader hits (issue 32 point 4), each seen in Chromium from file:// on one built site:
 * the index (the ellipsis before a session's last page, a status filter that counts only the sessions of
 * that status, the message when nothing matches), the sticky find bar's height on a phone and on a desktop
 * listing matches on other pages, a `#turn-N` past the session's last turn, the link from a v0 subagent
 * card to the child's page, and a damaged session's header note. The site: replayed real dsh turns
 * (test/support/replayed-session.ts) — a completed parent with a failed subagent, a 60-turn session over
 * several pages, a short one — plus two corpus logs as dsh wrote them (a v0 subagent family, a log with a
 * seq gap and a torn tail). Waits on the page, never on time.
 */
import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderIndexPages, indexModel } from '../../src/site/index/render-index'
import { siteText } from '../../src/site/strings'
import type { SessionSummary } from '../../src/site/types'
import { buildInto, tempDir } from '../support/build'
import { writeReplayed } from '../support/replayed-session'
import { testSiteAssets } from '../support/site-assets'
import { chromiumPath, fileBrowser, watch } from './chromium'

const CORPUS = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url))
const LONG = 'long-60'
const LONG_TURNS = 60

const enabled = chromiumPath() !== null
const browser = fileBrowser()
let site: string

beforeAll(async () => {
  if (!enabled) return
  const root = tempDir('dv-details-root-')
  writeReplayed(root, [
    { id: 'parent-ok', turns: 1, startHours: 9 },
    { id: 'child-failed', turns: 1, lastEnd: 'error', startHours: 9.1, parent: 'parent-ok' },
    { id: 'other-ok', turns: 1, startHours: 8 },
    { id: 'short', turns: 3, startHours: 7 },
    { id: LONG, turns: LONG_TURNS, startHours: 6 },
  ])
  cpSync(join(CORPUS, 'v0/acp-agent/subagent-multi'), join(root, 'v0-subagents'), { recursive: true })
  cpSync(join(CORPUS, 'v0/acp-snapshot/suite/blocked-log'), join(root, 'blocked-log'), { recursive: true })
  site = tempDir('dv-details-site-')
  await buildInto([root], site)
  // An index whose one session has 72 pages, rendered by the site's index renderer beside the built index
  // (its stylesheet and script): a 72-page session is too slow to build here.
  const text = siteText('en')
  const summary: SessionSummary = {
    id: 'many', slug: 'many', href: 'sessions/many.html', title: 'Many pages', project: '/p', start: null, duration: null, model: null,
    turns: 700, toolCalls: 0, status: 'completed', parentId: null, pages: 72, warnings: 0,
  }
  const [file] = renderIndexPages((await testSiteAssets()).shell, indexModel([summary], text, null), text, 'en', null)
  writeFileSync(join(site, 'index-pager.html'), file?.content ?? '')
}, 180_000)

/** A file of the site, with `#fragment` after it when the path has one. */
const url = (path: string) => {
  const [file, hash] = path.split('#')
  const href = pathToFileURL(join(site, file as string)).href
  return hash === undefined ? href : `${href}#${hash}`
}

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser().newPage({ viewport })
  const activity = watch(page)
  await page.goto(url(path))
  return { page, errors: activity.errors }
}

describe.skipIf(!enabled)('the index', () => {
  it('puts an ellipsis before the last page of a session when pages are skipped', async () => {
    const { page } = await open('index-pager.html')
    const pages = page.locator('li[data-filter] span', { hasText: 'Pages' }).first()
    const shown = (await pages.locator(':scope > *').allTextContents()).join(' ')
    expect(shown).toBe(`${Array.from({ length: 23 }, (_, i) => i + 2).join(' ')} … 72`)
    expect(await pages.locator(':scope > *', { hasText: '…' }).isVisible()).toBe(true)
    expect(await pages.locator('a').last().getAttribute('href')).toBe('sessions/many.p72.html')
    await page.close()
  })

  it('a status filter counts the sessions of that status, not the parent shown around a child', async () => {
    const { page, errors } = await open('index.html')
    await page.locator('select#dsh-status').selectOption('failed')
    const visible = () => page.locator('li[data-filter]:visible').evaluateAll(els => els.map(el => el.getAttribute('data-status')))
    await expect.poll(visible).toEqual(['completed', 'failed'])
    const total = await page.locator('li[data-filter]').count()
    expect(await page.locator('[data-filter-box] output').textContent()).toBe(`1 of ${total} sessions`)
    // The parent is context: drawn unlike a match.
    const parent = page.locator('li[data-filter][data-status="completed"]:visible > a').first()
    const child = page.locator('li[data-filter][data-status="failed"] > a').first()
    const weight = (l: typeof parent) => l.evaluate(el => getComputedStyle(el).fontWeight)
    expect(await weight(parent)).not.toBe(await weight(child))
    expect(errors).toEqual([])
    await page.close()
  })

  it('says so when the filter matches no session, and not otherwise', async () => {
    const { page } = await open('index.html')
    const empty = page.locator('[data-filter-empty]')
    expect(await empty.isVisible()).toBe(false)
    await page.locator('#dsh-filter').fill('zzz-no-such-session')
    await expect.poll(() => empty.isVisible()).toBe(true)
    expect(await empty.textContent()).toBe('No session matches the filter.')
    expect(await page.locator('li[data-filter]:visible').count()).toBe(0)
    await page.locator('#dsh-filter').fill('')
    await expect.poll(() => empty.isVisible()).toBe(false)
    await page.close()
  })
})

/** The rows the controls of the find bar take: its field, buttons and selects grouped by their vertical middle. */
const controlRows = (page: Page) =>
  page.locator('[data-find-box]').evaluate(box => {
    const middles = [...box.querySelectorAll('input, select, button')].map(el => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2 }).sort((a, b) => a - b)
    // A new row starts where a control's middle lies below the previous one by more than a few pixels.
    return middles.filter((m, i) => i === 0 || m - (middles[i - 1] as number) > 8).length
  })

describe.skipIf(!enabled)('the sticky find bar', () => {
  it('takes two rows on a 390 px phone, one on a desktop', async () => {
    for (const [width, rows] of [[390, 2], [1280, 1]] as const) {
      const { page } = await open(`sessions/${LONG}.html`, { width, height: 800 })
      await page.locator('[data-find-box]').waitFor()
      expect(await controlRows(page), `${width} px`).toBe(rows)
      await page.close()
    }
  })

  it('stays about two lines high at 1280 px while it counts matches here and on other pages', async () => {
    const { page, errors } = await open(`sessions/${LONG}.html`, { width: 1280, height: 800 })
    await page.locator('#dsh-find').fill('HELLO')
    const status = page.locator('[data-find-status]')
    await expect.poll(() => status.textContent()).toMatch(/on this page · \d+ more on other pages$/)
    const [box, controls, line] = await page.locator('[data-find-box]').evaluate(el => [
      el.getBoundingClientRect().height,
      (el.firstElementChild as HTMLElement).getBoundingClientRect().height,
      parseFloat(getComputedStyle(el.querySelector('[data-find-status]') as HTMLElement).lineHeight),
    ])
    // The controls, one line for the count and the fold of other pages' matches, the padding.
    expect(box).toBeLessThanOrEqual(controls + 1.5 * (line as number) + 20)
    // The other pages' matches are one click away.
    const elsewhere = page.locator('[data-find-elsewhere]')
    await elsewhere.locator('summary').click()
    const link = elsewhere.locator('a').first()
    await expect.poll(() => link.isVisible()).toBe(true)
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${LONG}\\.p\\d+\\.html#`))
    expect(errors).toEqual([])
    await page.close()
  })
})

describe.skipIf(!enabled)('a link to a turn past the last', () => {
  const notice = (page: Page) => page.locator('[data-missing-anchor]')
  const inView = (page: Page) => notice(page).evaluate(el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight })

  it('says the turn does not exist, as an alert, on a paginated session and on a one-page one', async () => {
    for (const [path, turn] of [[`sessions/${LONG}.html`, 999], ['sessions/short.html', 4]] as const) {
      const { page, errors } = await open(`${path}#turn-${turn}`, { width: 390, height: 800 })
      await expect.poll(() => notice(page).isVisible(), { message: path }).toBe(true)
      expect(await notice(page).textContent()).toBe(`There is no turn ${turn} in this session.`)
      expect(await notice(page).getAttribute('role')).toBe('alert')
      expect(await inView(page)).toBe(true)
      expect(new URL(page.url()).pathname.endsWith(path)).toBe(true)
      // Another address of nothing: named as it is; a turn that exists: no notice, and the reader is taken there.
      await page.evaluate(() => { location.hash = 'no-such-row' })
      await expect.poll(() => notice(page).textContent()).toBe('Nothing in this session has the address #no-such-row.')
      await page.evaluate(() => { location.hash = 'turn-2' })
      await expect.poll(() => notice(page).isVisible()).toBe(false)
      expect(errors).toEqual([])
      await page.close()
    }
  })

  it('keeps deep links that exist working: a turn on another page, without a notice', async () => {
    const { page } = await open(`sessions/${LONG}.html#turn-${LONG_TURNS}`)
    await page.waitForURL(new RegExp(`/${LONG}\\.p\\d+\\.html#turn-${LONG_TURNS}$`))
    await page.locator(`h2#turn-${LONG_TURNS}`).waitFor()
    expect(await notice(page).isVisible()).toBe(false)
    await page.close()
  })
})

describe.skipIf(!enabled)('a v0 subagent card', () => {
  // fixtures/corpus/v0/acp-agent/subagent-multi: two foreground `subagent` calls; the parent's log names no child.
  const PARENT = '14dda109-5728-45ba-a002-7db9543fe50e'
  const CHILDREN = { ALPHA: '553f8e92-aac1-4df3-8657-eacbb58f9581', BETA: '5f49e80c-16fc-42c7-a617-0b6bd0680aa3' }

  it('links to the child it started, and the child links back to that card', async () => {
    const { page, errors } = await open(`sessions/${PARENT}.html`)
    const links = page.locator('[data-row-extras] a', { hasText: 'Open child session' })
    expect(await links.count()).toBe(2)
    // Each link follows the card of the call that asked for its answer.
    for (const [word, index] of [['ALPHA', 0], ['BETA', 1]] as const) {
      const link = links.nth(index)
      // The card right before the links (its IN holds the prompt the call gave).
      const card = await link.evaluate(a => a.closest('[data-row-extras]')?.previousElementSibling?.textContent ?? '')
      expect(card).toContain(`exactly the word ${word}`)
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${CHILDREN[word].slice(0, 8)}`))
    }
    // The calls' cards start folded: the reader unfolds them.
    await page.getByRole('button', { name: 'Expand all' }).click()
    await links.first().click()
    await page.waitForURL(new RegExp(`/${CHILDREN.ALPHA.slice(0, 8)}[^/]*\\.html$`))
    const back = page.locator('header p', { hasText: 'Subagent of' }).locator('a')
    expect(await back.getAttribute('href')).toBe(`${PARENT}.html#child-${CHILDREN.ALPHA}`)
    await back.click()
    await page.waitForURL(new RegExp(`/${PARENT}\\.html#child-`))
    await page.locator(`[id="child-${CHILDREN.ALPHA}"]`).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})

describe.skipIf(!enabled)('a damaged session', () => {
  // fixtures/corpus/v0/acp-snapshot/suite/blocked-log: a seq gap on line 2 and a torn last line.
  it('counts in its header as many lines as its transcript marks, and names the torn last line apart', async () => {
    const { page, errors } = await open('sessions/99999999-8888-4777-8666-555555555555.html')
    const note = (await page.locator('header p', { hasText: 'could not be read' }).textContent()) ?? ''
    const counted = Number(/^(\d+) lines? could not be read/.exec(note)?.[1])
    const marked = await page.locator('[data-transcript] [data-variant="invalid-line"], [data-transcript] [data-variant="unknown-event"]').count()
    expect(marked).toBeGreaterThan(0)
    expect(counted).toBe(marked)
    expect(note).toContain('the log ends in a partial line, which is not shown')
    expect(errors).toEqual([])
    await page.close()
  })
})
