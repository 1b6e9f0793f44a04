/**
 * The one-file export in Chromium, opened from file:// (issue 7): every request is routed and only the
 * file itself may be asked for; the transcript reads like the site's pages of the same sessions (same text,
 * session by session, all pages of a long one); children are in the file and linked both ways; a cut output
 * expands in place with JavaScript and the page reads without it; the inline script and stylesheet pass the
 * file's Content-Security-Policy. One browser, one site build and two exports for the whole file.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportSession } from '../../src/export/export'
import { chromiumPath, launch, NO_CHROMIUM, watch, type PageActivity } from '../browser/chromium'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { testSiteAssets } from '../support/site-assets'
import { BIG_LINES, bigLine, DEMO_CHILDREN, DEMO_PARENT, FIND_CHILD, FIND_NEEDLE, writeFindFamily, writeLongSession, XSS_PARENT } from './sessions'

const enabled = chromiumPath() !== null
let browser: Browser
let site: string
let family: string
let long: string
let hostile: string
let finding: string
let findingZh: string

beforeAll(async () => {
  if (!enabled) return
  const out = tempDir('dv-export-browser-')
  site = join(out, 'site')
  family = join(out, 'family.html')
  long = join(out, 'long.html')
  hostile = join(out, 'xss.html')
  finding = join(out, 'find.html')
  findingZh = join(out, 'find-zh.html')
  const findDir = writeFindFamily()
  const longDir = writeLongSession(200)
  const options = { markdown: null, linkBase: null, locale: 'en' as const, env: {}, homedir: '/nonexistent-home', assets: await testSiteAssets() }
  ;[browser] = await Promise.all([
    launch(),
    buildInto([DEMO_PARENT, ...DEMO_CHILDREN, longDir], site),
    exportSession({ ...options, session: DEMO_PARENT, html: family }),
    exportSession({ ...options, session: longDir, html: long }),
    exportSession({ ...options, session: XSS_PARENT, html: hostile }),
    exportSession({ ...options, session: findDir, html: finding }),
    exportSession({ ...options, locale: 'zh', session: findDir, html: findingZh }),
  ])
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

/** A page whose every request is routed: only `allowed` goes through, everything else is refused and listed. */
async function offlinePage(context: BrowserContext, file: string): Promise<{ page: Page; requests: string[]; activity: PageActivity }> {
  const allowed = pathToFileURL(file).href
  const requests: string[] = []
  await context.route('**/*', route => {
    const url = route.request().url()
    requests.push(url)
    return url === allowed ? route.continue() : route.abort()
  })
  const page = await context.newPage()
  const activity = watch(page)
  await page.goto(allowed)
  return { page, requests, activity }
}

/** The text of each `[data-transcript]` under `root`, whitespace-normalised, joined in order. */
// The site's links to a row's Trajectory record (issue 29) are left out: the one-file export has no
// Trajectory pages to link to, and everything else must read the same.
const transcriptText = (page: Page, root: string) =>
  page.$$eval(`${root} [data-transcript]`, els =>
    els
      .map(e => {
        const copy = e.cloneNode(true) as Element
        for (const link of copy.querySelectorAll('[data-row-extras] > li[data-kind="trajectory"]')) link.remove()
        return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
      })
      .join(' '))

describe.skipIf(!enabled)('the export from file://', () => {
  it.each([
    ['JavaScript on', true],
    ['JavaScript off', false],
  ])('asks for nothing but itself (%s)', async (_name, javaScriptEnabled) => {
    for (const file of [family, long, finding]) {
      const context = await browser.newContext({ javaScriptEnabled })
      const { page, requests, activity } = await offlinePage(context, file)
      await page.waitForLoadState('load')
      expect(requests).toEqual([pathToFileURL(file).href])
      expect(activity.errors.concat(activity.dialogs)).toEqual([])
      expect(activity.console.filter(c => /Content Security Policy|Refused|error/i.test(c))).toEqual([])
      await context.close()
    }
  })

  it('runs its inline script under its own policy (the copy buttons are revealed)', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(pathToFileURL(family).href)
    expect(await page.locator('button[data-copy]:visible').count()).toBeGreaterThan(0)
    expect(activity.console.filter(c => /Content Security Policy|Refused/i.test(c))).toEqual([])
    await page.close()
  })
})

describe.skipIf(!enabled)('the same cards as the site', () => {
  it('each session of the family reads exactly like its site page', async () => {
    const page = await browser.newPage()
    const pages = [...treeOf(site, { skipState: true }).keys()]
    await page.goto(pathToFileURL(family).href)
    const stems = await page.$$eval('[data-export-session]', els => els.map(e => e.id.replace(/^session-/, '')))
    expect(stems).toHaveLength(2)
    const exported = {
      root: await page.evaluate(() =>
        [...document.querySelectorAll('main > [data-export-part] [data-transcript]')].map(e => (e.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' '),
      ),
      children: await Promise.all(stems.map(stem => transcriptText(page, `[id="session-${stem}"]`))),
    }
    const sitePage = async (stem: string) => {
      await page.goto(pathToFileURL(join(site, 'sessions', `${stem}.html`)).href)
      return transcriptText(page, 'body')
    }
    const rootStem = pages.find(p => p.includes('14dda109'))?.replace(/^sessions\/|\.html$/g, '') ?? ''
    expect(exported.root.length).toBeGreaterThan(100)
    expect(exported.root).toBe(await sitePage(rootStem))
    for (const [i, stem] of stems.entries()) expect(exported.children[i], stem).toBe(await sitePage(stem))
    await page.close()
  })

  it('a long session holds every page of the site, in order, as its parts', async () => {
    const page = await browser.newPage()
    const sitePages = [...treeOf(site, { skipState: true }).keys()].filter(p => /^sessions\/long-export(\.p\d+)?\.html$/.test(p))
    expect(sitePages.length).toBeGreaterThan(1)
    const order = (p: string) => Number(/\.p(\d+)\.html$/.exec(p)?.[1] ?? 1)
    const texts: string[] = []
    for (const p of sitePages.sort((a, b) => order(a) - order(b))) {
      await page.goto(pathToFileURL(join(site, p)).href)
      texts.push(await transcriptText(page, 'body'))
    }
    await page.goto(pathToFileURL(long).href)
    expect(await page.locator('[data-export-part]').count()).toBe(sitePages.length)
    // The site's page links point at sibling files; the export's at anchors: the text is the same. The site's
    // rows also carry their Trajectory links (left out of the text, but counted against its page budget), so a
    // site page can end a row before the export's part does: where the pages join is not compared.
    const flat = (text: string) => text.replace(/\s+/g, '')
    expect(flat(await transcriptText(page, 'main'))).toBe(flat(texts.join(' ')))
    await page.close()
  })
})

describe.skipIf(!enabled)('children in the file', () => {
  it('the parent lists its children as in-file links, each child links back', async () => {
    const page = await browser.newPage()
    await page.goto(pathToFileURL(family).href)
    const childLinks = await page.$$eval('header details:not([data-prompt-toc]) a', as => as.map(a => a.getAttribute('href') ?? ''))
    expect(childLinks).toHaveLength(2)
    for (const href of childLinks) {
      expect(href).toMatch(/^#session-/)
      expect(await page.locator(`[id="${href.slice(1)}"]`).count()).toBe(1)
    }
    const back = await page.$$eval('[data-export-session] header p a', as => as.map(a => a.getAttribute('href') ?? ''))
    expect(back).toHaveLength(2)
    for (const href of back) expect(href === '#top' || (await page.locator(`[id="${href.slice(1)}"]`).count()) === 1, href).toBe(true)
    // Following a child link scrolls to that child's header.
    // The child list is the header's fold holding links (the session pills are folds too).
    await page.locator('header details:not([data-prompt-toc]):has(a) > summary').first().click()
    await page.locator('header details:not([data-prompt-toc]) a').first().click()
    expect(await page.evaluate(() => location.hash)).toBe(childLinks[0])
    expect(await page.evaluate(() => document.querySelectorAll('[id]').length)).toBe(await page.evaluate(() => new Set([...document.querySelectorAll('[id]')].map(e => e.id)).size))
    await page.close()
  })
})

describe.skipIf(!enabled)('the file’s header', () => {
  it('has Expand all and the Prompts list, and no link to the top it already is', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(pathToFileURL(family).href)
    const top = page.locator('header').first()
    // No "← Top of this file" in the file's own header (it is the top; the link went nowhere).
    expect(await top.locator('a', { hasText: 'Top of this file' }).count()).toBe(0)
    // Expand all opens every fold of the transcript.
    const folds = page.locator('[data-transcript] details:not([open])')
    expect(await folds.count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Expand all' }).click()
    await expect.poll(() => page.locator('[data-transcript] details[open]').count()).toBeGreaterThan(0)
    // The Prompts list of a long session: one entry a prompt, each an in-file link to an element of the file.
    await page.goto(pathToFileURL(long).href)
    const toc = top.locator('details[data-prompt-toc]')
    await toc.locator('summary').click()
    const hrefs = await toc.locator('a').evaluateAll(as => as.map(a => a.getAttribute('href') ?? ''))
    expect(hrefs.length).toBeGreaterThan(1)
    // Every entry names an element of the file (checked in one pass: a long session has many prompts).
    const missing = await page.evaluate(list => list.filter(h => !h.startsWith('#') || document.getElementById(decodeURIComponent(h.slice(1))) === null), hrefs)
    expect(missing).toEqual([])
    await toc.locator('a').last().click()
    expect(await page.evaluate(() => location.hash)).toBe(hrefs[hrefs.length - 1])
    expect(activity.errors).toEqual([])
    await page.close()
  })

  it('a child’s header in the file links to the top of the file', async () => {
    const page = await browser.newPage()
    await page.goto(pathToFileURL(family).href)
    const tops = await page.locator('[data-export-session] header a', { hasText: 'Top of this file' }).evaluateAll(as => as.map(a => a.getAttribute('href')))
    expect(tops).toEqual(['#top', '#top'])
    await page.close()
  })
})

describe.skipIf(!enabled)('Find in the file', () => {
  /** Which `<details>` around `el` are still closed. */
  const closedAround = (el: Element) => {
    const closed: string[] = []
    for (let n = el.parentElement; n; n = n.parentElement) if (n instanceof HTMLDetailsElement && !n.open) closed.push(n.outerHTML.slice(0, 60))
    return closed
  }

  it('finds a word only a subagent’s closed fold holds, opens the fold and marks it, asking for nothing', async () => {
    const context = await browser.newContext()
    const { page, requests, activity } = await offlinePage(context, finding)
    const row = page.locator(`[data-export-session] [id="${FIND_CHILD}/tool:call-ls"]`)
    // Folded away to begin with: the word is not visible anywhere.
    expect(await row.count()).toBe(1)
    expect((await row.evaluate(closedAround)).length).toBeGreaterThan(0)
    expect(await page.locator('[data-export-session]').getByText(FIND_NEEDLE).first().isVisible()).toBe(false)
    await expect.poll(() => page.locator('[data-find-box]').isVisible()).toBe(true)
    await page.getByLabel('Find', { exact: true }).fill(FIND_NEEDLE)
    const mark = row.locator('mark[data-find-mark]', { hasText: FIND_NEEDLE }).first()
    await expect.poll(() => mark.isVisible()).toBe(true)
    expect(await mark.evaluate(closedAround)).toEqual([])
    expect(await page.locator('[data-find-status]').textContent()).toMatch(/^1 of 1 matching card on this page/)
    // The parent's cards step aside; the match is the current one.
    expect(await page.locator('[data-find-current]').getAttribute('id')).toBe(`${FIND_CHILD}/tool:call-ls`)
    expect(await page.locator('[data-export-part="first"] [data-transcript] > div > *:not(h2):visible').count()).toBe(0)
    // Escape puts everything back.
    await page.getByLabel('Find', { exact: true }).press('Escape')
    await expect.poll(() => page.locator('mark[data-find-mark]').count()).toBe(0)
    expect(await page.locator('[data-export-part="first"] [data-transcript] > div > *:not(h2):visible').count()).toBeGreaterThan(0)
    expect(requests).toEqual([pathToFileURL(finding).href])
    expect(activity.errors.concat(activity.console.filter(c => /error|Content Security Policy|Refused/i.test(c)))).toEqual([])
    await context.close()
  })

  it('steps through matches across the sessions with Enter and Shift+Enter, and filters by tool', async () => {
    const page = await browser.newPage()
    await page.goto(pathToFileURL(finding).href)
    const input = page.locator('#dsh-find')
    // "files" is in the parent's prompt and call and in the subagent's prompt and output.
    await input.fill('files')
    await expect.poll(() => page.locator('[data-find-status]').textContent()).toMatch(/^1 of [2-9]\d* matching cards/)
    const total = Number(/of (\d+)/.exec((await page.locator('[data-find-status]').textContent()) ?? '')?.[1])
    const ids: string[] = []
    for (let i = 0; i < total; i++) {
      ids.push((await page.locator('[data-find-current]').getAttribute('id')) ?? '')
      await input.press('Enter')
    }
    expect(ids.some(id => id.startsWith(`${FIND_CHILD}/`))).toBe(true)
    expect(ids.some(id => !id.includes('/'))).toBe(true)
    expect(await page.locator('[data-find-current]').getAttribute('id')).toBe(ids[0])
    await input.press('Shift+Enter')
    expect(await page.locator('[data-find-current]').getAttribute('id')).toBe(ids[total - 1])
    // The tool filter lists the tools of every session in the file.
    const tools = await page.locator('#dsh-find-tool option').evaluateAll(os => os.map(o => (o as HTMLOptionElement).value))
    expect(tools).toEqual(['', 'bash', 'subagent'])
    await input.fill('')
    await page.locator('#dsh-find-tool').selectOption('bash')
    await expect.poll(() => page.locator('[data-find-current]').getAttribute('id')).toBe(`${FIND_CHILD}/tool:call-ls`)
    await page.close()
  })

  it('speaks the file’s language (zh)', async () => {
    const page = await browser.newPage()
    await page.goto(pathToFileURL(findingZh).href)
    await page.getByLabel('查找', { exact: true }).fill(FIND_NEEDLE)
    await expect.poll(() => page.locator('[data-find-status]').textContent()).toBe('本页第 1 个，共 1 个匹配卡片')
    expect(await page.getByRole('search').getAttribute('aria-label')).toBe('在本会话中查找')
    await page.close()
  })

  it('without JavaScript the find box stays hidden', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(pathToFileURL(finding).href)
    expect(await page.locator('[data-find-box]').count()).toBe(1)
    expect(await page.locator('[data-find-box]').isVisible()).toBe(false)
    await context.close()
  })
})

describe.skipIf(!enabled)('an embedded full text', () => {
  it('expands in place with JavaScript, and hides again', async () => {
    const page = await browser.newPage()
    const activity = watch(page)
    await page.goto(pathToFileURL(long).href)
    const link = page.locator('[data-row-extras] a[href^="#full-"]').first()
    // The row sits in its completed turn's fold (detailed): open the folds around it, as a reader would.
    await page.locator('details:has([data-row-extras] a[href^="#full-"])').evaluateAll(all => all.forEach(d => void ((d as HTMLDetailsElement).open = true)))
    await link.click()
    const pre = page.locator('pre[data-export-expansion]')
    await expect.poll(() => pre.first().textContent()).toContain(bigLine(BIG_LINES - 1))
    const text = (await pre.first().textContent()) ?? ''
    expect(text.split('\n')).toHaveLength(BIG_LINES)
    expect(text.startsWith(bigLine(0))).toBe(true)
    expect(await page.evaluate(() => location.hash)).toBe('')
    expect(await link.getAttribute('aria-expanded')).toBe('true')
    await link.click()
    expect(await pre.count()).toBe(0)
    // The entry at the end of the file shows it too.
    await page.locator('button[data-export-show]').first().click()
    await expect.poll(() => page.locator('[data-export-full] pre[data-export-expansion]').textContent()).toContain(bigLine(BIG_LINES - 1))
    expect(activity.errors.concat(activity.console.filter(c => c.startsWith('error')))).toEqual([])
    await page.close()
  })

  it('without JavaScript the page reads, and the link leads to the entry that explains', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(pathToFileURL(long).href)
    const hidden = await page.$$eval('[data-export-part="first"] [data-transcript] > div > *', els =>
      els.filter(e => e.getBoundingClientRect().height === 0 && e.tagName !== 'H2' && e.getAttribute('role') !== 'status').map(e => e.outerHTML.slice(0, 80)),
    )
    expect(hidden).toEqual([])
    // The cut output shows its head and tail on the page itself.
    const row = await page.locator('[data-transcript]').first().textContent()
    expect(row).toContain(bigLine(0))
    expect(row).toContain(bigLine(BIG_LINES - 1))
    const href = (await page.locator('[data-row-extras] a[href^="#full-"]').first().getAttribute('href')) ?? ''
    // The row sits in its completed turn's fold (detailed): native <details>, opened as a reader would.
    await page.locator('details:has([data-row-extras] a[href^="#full-"])').evaluateAll(all => all.forEach(d => void ((d as HTMLDetailsElement).open = true)))
    await page.locator('[data-row-extras] a[href^="#full-"]').first().click()
    expect(await page.evaluate(() => location.hash)).toBe(href)
    const entry = page.locator(`[id="${href.slice(1)}"]`)
    expect(await entry.locator('[data-export-note]').isVisible()).toBe(true)
    expect(await entry.locator('button').isVisible()).toBe(false)
    await context.close()
  })
})

describe.skipIf(!enabled)('hostile session text (fixtures/xss)', () => {
  it('stays text: nothing runs, nothing is fetched, no policy violation, every payload visible', async () => {
    const context = await browser.newContext()
    const { page, requests, activity } = await offlinePage(context, hostile)
    await page.waitForLoadState('load')
    await page.locator('details').evaluateAll(els => els.forEach(e => e.setAttribute('open', '')))
    expect(requests).toEqual([pathToFileURL(hostile).href])
    expect(activity.dialogs.concat(activity.errors, activity.console)).toEqual([])
    expect(await page.$$eval('a[href]', as => as.map(a => a.getAttribute('href') ?? '').filter(h => /^\s*(javascript|data|vbscript):/i.test(h)))).toEqual([])
    const text = (await page.textContent('body')) ?? ''
    for (const field of ['user-text', 'final-text', 'command', 'title']) expect(text, field).toContain(`alert('XSS:${field}')`)
    // The truecolour span kept its colour: the policy allowed exactly that style attribute.
    expect(await page.$$eval('[style]', els => els.map(e => getComputedStyle(e).color))).toContain('rgb(255, 0, 0)')
    expect(await page.locator('[data-export-session]').count()).toBe(1)
    await context.close()
  })
})

// Without Chromium the suites above are skipped; this names the reason in the test report.
if (!enabled) describe(`browser tests: ${NO_CHROMIUM}`, () => it.skip('skipped', () => {}))
