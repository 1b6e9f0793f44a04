/**
 * A long session's pages are lighter (src/site/render/pages/paginate.ts `packSession`): a session that fills more
 * than LONG_SESSION_PAGES pages at the full budget is cut into pages of LONG_SESSION_SHARE of it, so each
 * page turn (and a replay's seek to another page) costs the browser about that much less. Every turn is still
 * on exactly one page, in order, and every page inside the budgets.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { toolTurnsSession } from '../../src/log/testing/tool-turns'
import type { BuildReport } from '../../src/site/build-site'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'
import { LONG_SESSION_PAGES, LONG_SESSION_SHARE } from '../../src/site/render/pages/paginate'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'

const TURNS = 1_200

/** Many small turns: a prompt, one tool call with a short output, an answer. */
const manyTurns = (turns = TURNS, id = 'many-turns'): string => toolTurnsSession({
  id,
  cwd: '/home/dev/many',
  turns,
  prompt: t => `Turn ${t}: check the status`,
  command: t => `git status ${t}`,
  description: t => `Status ${t}`,
  output: t => `On branch main\nnothing to commit (${t})`,
  answer: t => `Turn ${t}: the tree is clean.`,
})

/** The transcript landmark of a page, as written. */
function transcriptOf(html: string): string {
  const start = html.indexOf('<section aria-label="Transcript"')
  const end = html.indexOf('</section></main>', start)
  expect(start).toBeGreaterThan(0)
  expect(end).toBeGreaterThan(start)
  return html.slice(start, end + '</section>'.length)
}

let report: BuildReport
let pages: string[]

beforeAll(async () => {
  const root = tempDir()
  const dir = join(root, '--home-dev-many--', 'many-turns')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), manyTurns())
  const out = tempDir()
  report = await buildInto([root], out)
  const tree = treeOf(out, { skipState: true })
  pages = Array.from({ length: report.pages }, (_, i) => tree.get(`sessions/many-turns${i === 0 ? '' : `.p${i + 1}`}.html`)?.toString('utf8') ?? '')
}, 120_000)

describe('a session longer than LONG_SESSION_PAGES full pages', () => {
  it('holds more elements than that many full pages', () => {
    const nodes = pages.reduce((sum, html) => sum + measure(transcriptOf(html)).nodes, 0)
    expect(nodes).toBeGreaterThan(LONG_SESSION_PAGES * MAX_PAGE_NODES)
  })

  it('is cut into pages whose transcripts take at most the light share of the budgets', () => {
    expect(report.overBudget).toEqual([])
    for (const [i, html] of pages.entries()) {
      const size = measure(html)
      expect(size.bytes, `page ${i + 1}`).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect(size.nodes, `page ${i + 1}`).toBeLessThanOrEqual(MAX_PAGE_NODES)
      const transcript = measure(transcriptOf(html))
      expect(transcript.nodes, `page ${i + 1}`).toBeLessThanOrEqual(MAX_PAGE_NODES * LONG_SESSION_SHARE)
      expect(transcript.bytes, `page ${i + 1}`).toBeLessThanOrEqual(MAX_PAGE_BYTES * LONG_SESSION_SHARE)
    }
    // Lighter, not emptier: the pages are filled (every page but the last over half the light share).
    for (const html of pages.slice(0, -1)) expect(measure(transcriptOf(html)).nodes).toBeGreaterThan((MAX_PAGE_NODES * LONG_SESSION_SHARE) / 2)
  })

  it('keeps every turn once, in order, breaking pages between turns', () => {
    const turns = pages.flatMap(html => [...html.matchAll(/<div id="turn@\d+"><h2 id="turn-(\d+)"/g)].map(m => Number(m[1])))
    expect(turns).toEqual(Array.from({ length: TURNS }, (_, i) => i + 1))
  })
})

/** The replay data script of a page's head, as written. */
const replayDataTag = (html: string, stem: string): string => html.match(new RegExp(`<script defer[^>]*src="${stem}\\.replay\\.p\\d+\\.js"></script>`))?.[0] ?? ''

describe('a replay page turn draws one frame, at the position, on light pages only', () => {
  it('each light page\'s replay data holds its first frame for the player', () => {
    for (const [i, html] of pages.entries()) expect(replayDataTag(html, 'many-turns'), `page ${i + 1}`).toContain(' blocking="render" ')
  })

  it('a paginated session of full-size pages holds nothing (a ~1 MB page held until parsed doubled its first paint)', async () => {
    const root = tempDir()
    const dir = join(root, '--home-dev-many--', 'some-turns')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), manyTurns(TURNS / 4, 'some-turns'))
    const out = tempDir()
    const some = await buildInto([root], out)
    expect(some.pages).toBeGreaterThan(1)
    expect(some.pages).toBeLessThanOrEqual(LONG_SESSION_PAGES)
    const tree = treeOf(out, { skipState: true })
    for (let i = 1; i <= some.pages; i++) {
      const html = tree.get(`sessions/some-turns${i === 1 ? '' : `.p${i}`}.html`)?.toString('utf8') ?? ''
      expect(replayDataTag(html, 'some-turns'), `page ${i}`).toMatch(/^<script defer src=/)
    }
  }, 120_000)
})
