/**
 * The live page's pages are the build's (pager.ts against src/site/render/render-session.tsx): a long session with
 * coloured code, a cut output and a turn bigger than a page is built as a live site; the browser pipeline
 * (sections.ts cuts, the enricher with the build's budgets, measure-piece.tsx sizes, `TailPager` packing)
 * then draws the last page — starting from the last page's own first piece, and starting over from page 1 —
 * and its markup is the built page's transcript byte for byte, with the same page count, its rows' links to
 * their Trajectory records included (the page folds the records itself, live-conversation.ts, and learns
 * their pages from the built page's links, record-links.ts). A half-grown session is packed from a page the
 * build wrote earlier the way a fresh build packs it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Window } from 'happy-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { HighlightCache } from '../../highlight/cache'
import { Highlighter } from '../../highlight/highlighter'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import { session, type SessionBuilder } from '../../log/testing/session'
import type { SiteAssets } from '../../site/html/assets'
import { LIVE_META, LIVE_PAGE_META, LIVE_SCRIPT, LIVE_STYLESHEET, liveShell, parseLiveFlag, parseLivePage, type LivePageInfo } from '../../site/html/live'
import { pageFile } from '../../site/plan/slug'
import { siteText } from '../../site/strings'
import { longTurn } from '../testing/long-session'
import { buildInto, tempDir } from '../../../test/support/build'
import { testSiteAssets } from '../../../test/support/site-assets'
import { pieceMarkup } from './measure-piece'
import { TailPager, type PageBase } from './pager'
import { LiveSections } from './sections'
import { LiveConversation } from './live-conversation'
import { LiveRecordLinks } from './record-links'
import { trajectoryWords } from '../../trajectory-view'

const TURNS = 24
const text = siteText('en')
const highlighter = new Highlighter(new HighlightCache(null))

async function liveAssets(): Promise<SiteAssets> {
  const base = await testSiteAssets()
  return { shell: liveShell(base.shell), files: new Map([...base.files, [LIVE_SCRIPT, '/* live */'], [LIVE_STYLESHEET, '/* live */']]), rendererId: `${base.rendererId}-live` }
}

function write(s: SessionBuilder): { root: string; id: string } {
  const root = tempDir('dv-pager-')
  const dir = join(root, '--home-dev-long--', String(s.header.id))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), s.jsonl())
  return { root, id: String(s.header.id) }
}

interface BuiltPage {
  info: LivePageInfo
  lines: number
  first: string
  transcript: string
}

async function buildPages(root: string, stem: string): Promise<BuiltPage[]> {
  const out = tempDir('dv-pager-out-')
  const report = await buildInto([root], out, { live: true, assets: await liveAssets() })
  expect(report.overBudget).toEqual([])
  const pages: BuiltPage[] = []
  for (let p = 1; p <= report.pages; p++) {
    const html = readFileSync(join(out, 'sessions', pageFile(stem, p)), 'utf8')
    const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? null
    const info = parseLivePage(meta(LIVE_PAGE_META))
    const flag = parseLiveFlag(meta(LIVE_META))
    const open = /<section [^>]*data-transcript[^>]*>/.exec(html)
    if (info === null || flag?.page !== 'session' || open === null) throw new Error(`page ${p} lacks its live metadata`)
    const end = html.lastIndexOf('</section>', html.lastIndexOf('</main>'))
    const transcript = html.slice(open.index + open[0].length, end)
    pages.push({ info, lines: flag.lines, first: /^<div id="([^"]*)"/.exec(transcript)?.[1] ?? '', transcript })
  }
  return pages
}

function lines(s: SessionBuilder): ParsedLine[] {
  const parser = new LogParser()
  return s.jsonl().trimEnd().split('\n').flatMap((line, i) => parser.line(line, { line: i + 1 }))
}

/**
 * The live page's last page, drawn by the browser pipeline from `base`, its record links placed as the
 * build page `known` (the page on screen, or the rebuilt one the page settles on) says.
 */
async function drawTail(s: SessionBuilder, stem: string, base: PageBase, room: LivePageInfo['room'], known: BuiltPage) {
  const live = new LiveConversation()
  live.apply({ kind: 'reset', lines: lines(s) })
  const records = new LiveRecordLinks(stem, trajectoryWords('en').t('dv.openTrajectoryRecord'))
  const doc = new Window().document
  doc.body.innerHTML = known.transcript
  records.learn(doc.body as unknown as ParentNode)
  const trajectory = live.trajectory()
  expect(trajectory).not.toBeNull()
  const view = () => sections.view(live.snapshot(), 'en', [], trajectory === null ? null : records.links(trajectory))
  const sections = new LiveSections(stem, text)
  const pager = new TailPager(highlighter, text, sections.hrefFor, base, room)
  // Colours the first draw was too quick for: draw again once they are in, as the page does.
  let tail = await pager.tail(view())
  for (let i = 0; i < 5 && tail.late !== null; i++) {
    await tail.late
    pager.base = base
    tail = await pager.tail(view())
  }
  return { tail, markup: tail.pieces.map((p) => pieceMarkup(p, tail.extras, text.transcript)).join(''), pager }
}

describe('TailPager', () => {
  let s: SessionBuilder
  let built: BuiltPage[]
  let stem: string

  beforeAll(async () => {
    s = session({ id: 'pager-long', cwd: '/home/dev/long' })
    for (let t = 1; t <= TURNS; t++) longTurn(s, t, { hugeTurn: 5, wideTurn: 11, wideCalls: 320 })
    const written = write(s)
    stem = written.id
    built = await buildPages(written.root, stem)
  }, 180_000)

  it('the build cut the session into several pages, one turn split into parts, with colours and a side file', () => {
    expect(built.length).toBeGreaterThanOrEqual(3)
    const all = built.map((p) => p.transcript).join('')
    expect(all).toMatch(/id="[^"]*~2"/)
    expect(all).toContain('<pre class="shiki"><code>')
    expect(all).toContain('.files/')
  })

  it('draws the last page as the build did, from its own first piece', async () => {
    const last = built[built.length - 1] as BuiltPage
    const { tail, markup } = await drawTail(s, stem, { page: last.info.page, section: last.first, part: 0 }, last.info.room, last)
    expect(tail.page).toBe(built.length)
    expect(markup).toBe(last.transcript)
    expect(markup).toContain('<pre class="shiki"><code>')
    // Its tool rows and turns link to their records, as the build's do.
    expect(markup).toMatch(/data-kind="trajectory"><a href="pager-long\.trajectory(\.p\d+)?\.html#rec-\d+"/)
    expect(markup).toMatch(/data-kind="trajectory"><a href="pager-long\.trajectory(\.p\d+)?\.html#req-\d+"/)
  })

  it('packs every page as the build did when it starts from page 1', async () => {
    const first = built[0] as BuiltPage
    const last = built[built.length - 1] as BuiltPage
    const { tail, markup, pager } = await drawTail(s, stem, { page: 1, section: first.first, part: 0 }, first.info.room, last)
    expect(tail.page).toBe(built.length)
    expect(markup).toBe(last.transcript)
    // It moved its base to the page it shows.
    expect(pager.base).toEqual({ page: built.length, section: last.first, part: 0 })
  })

  it('packs a grown session from a page an earlier build wrote as a fresh build does', async () => {
    const half = session({ id: 'pager-grow', cwd: '/home/dev/long' })
    for (let t = 1; t <= 14; t++) longTurn(half, t, { wideTurn: 11, wideCalls: 320 })
    const early = write(half)
    const before = await buildPages(early.root, early.id)
    for (let t = 15; t <= 28; t++) longTurn(half, t)
    const now = await buildPages(write(half).root, early.id)
    expect(now.length).toBeGreaterThan(before.length)
    const from = before[before.length - 1] as BuiltPage
    const latest = now[now.length - 1] as BuiltPage
    const { tail, markup } = await drawTail(half, early.id, { page: from.info.page, section: from.first, part: 0 }, latest.info.room, latest)
    expect(tail.page).toBe(now.length)
    expect(markup).toBe(latest.transcript)
  })
})
