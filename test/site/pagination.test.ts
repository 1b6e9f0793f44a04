/**
 * Budgets on a long generated session (issue 4): pages stay ≤ 1 MB and ≤ 5,000 elements, break between
 * turns, link to each other, and every row id lands in the anchor map of the page that holds it; a huge
 * output is cut with a visible note and its full text in a side file one click away.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { toolTurnsSession } from '../../src/log/testing/tool-turns'
import type { BuildReport } from '../../src/site/build-site'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'
import { buildInto, tempDir } from '../support/build'
import { linksOf, treeOf } from '../support/files'

const TURNS = 40
const HUGE_LINES = 20_000

const longSession = (): string => toolTurnsSession({
  id: 'long-session',
  turns: TURNS,
  output: t => Array.from({ length: t === 7 ? HUGE_LINES : 300 }, (_, i) => `\u001b[32mfile-${t}-${i}.txt\u001b[0m  ${'x'.repeat(40)}`).join('\n'),
  answer: t => `Turn ${t} done. Here is *some* code:\n\n\`\`\`ts\nexport const turn${t} = ${t}\n\`\`\``,
})

let out: string
let report: BuildReport
let pages: Map<string, string>

beforeAll(async () => {
  const root = tempDir()
  const dir = join(root, '--work-long--', 'long-session')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), longSession())
  out = tempDir()
  report = await buildInto([root], out)
  // Transcript pages only: the full prompt list (`<stem>.prompts.html`) is checked on its own below, the
  // Trajectory's pages in trajectory-pagination.test.ts.
  pages = new Map([...treeOf(out, { skipState: true })].filter(([p]) => p.endsWith('.html') && p.startsWith('sessions/') && !p.includes('.prompts.') && !p.includes('.trajectory.')).map(([p, b]) => [p, b.toString('utf8')]))
}, 120_000)

describe('a long session', () => {
  it('is cut into several pages, each inside the budgets', () => {
    expect(report.pages).toBeGreaterThan(2)
    expect(pages.size).toBe(report.pages)
    expect(report.overBudget).toEqual([])
    for (const [path, html] of pages) {
      const size = measure(html)
      expect(size.bytes, path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect(size.nodes, path).toBeLessThanOrEqual(MAX_PAGE_NODES)
    }
  })

  it('lists every prompt on the full prompt list, inside the budgets, each linked to the page holding its turn', () => {
    const tree = treeOf(out, { skipState: true })
    const list = tree.get('sessions/long-session.prompts.html')?.toString('utf8') ?? ''
    const size = measure(list)
    expect(size.bytes).toBeLessThanOrEqual(MAX_PAGE_BYTES)
    expect(size.nodes).toBeLessThanOrEqual(MAX_PAGE_NODES)
    const links = [...list.matchAll(/<li><a href="([^"#]+)#turn-(\d+)">/g)]
    expect(links.map(m => Number(m[2]))).toEqual(Array.from({ length: links.length }, (_, i) => i + 1))
    expect(links.length).toBeGreaterThan(30)
    for (const [, file, turn] of links) expect(pages.get(`sessions/${file}`), `turn ${turn}`).toContain(`<h2 id="turn-${turn}"`)
  })

  it('breaks pages between turns and keeps every turn once, in order', () => {
    const turns: number[] = []
    for (let p = 1; p <= report.pages; p++) {
      const html = pages.get(`sessions/long-session${p === 1 ? '' : `.p${p}`}.html`) ?? ''
      for (const m of html.matchAll(/<div id="turn@\d+"><h2 id="turn-(\d+)"/g)) turns.push(Number(m[1]))
    }
    expect(turns).toEqual(Array.from({ length: TURNS }, (_, i) => i + 1))
  })

  it('links pages with prev/next and the index lists them', () => {
    const second = pages.get('sessions/long-session.p2.html') ?? ''
    expect(second).toContain('href="long-session.html" rel="prev"')
    expect(second).toContain('href="long-session.p3.html" rel="next"')
    const index = readFileSync(join(out, 'index.html'), 'utf8')
    expect(index).toContain('href="sessions/long-session.p2.html"')
  })

  it('maps every id to the page that holds it, for deep links across pages', () => {
    const script = readFileSync(join(out, 'sessions/long-session.anchors.js'), 'utf8')
    const map: unknown = JSON.parse(script.replace(/^window\.dshAnchors=/, '').replace(/;\n$/, ''))
    const { pages: names, anchors } = map as { pages: string[]; anchors: Record<string, number> }
    expect(names).toHaveLength(report.pages)
    names.forEach((name, i) => {
      const html = pages.get(`sessions/${name}`) ?? ''
      expect(html).toContain('<meta name="dsh-anchors" content="long-session.anchors.js">')
      for (const [id, page] of Object.entries(anchors)) if (page === i) expect(html, id).toContain(`id="${id}"`)
    })
    expect(anchors['tool:call-33']).toBeGreaterThan(0)
  })

  it('cuts the huge output with a visible note and links its full text', () => {
    const holder = [...pages.values()].find(html => html.includes('id="tool:call-7"')) ?? ''
    expect(holder).toMatch(/lines · cut here for the page budget/)
    const link = linksOf(holder).find(l => l.includes('long-session.files/'))
    expect(link).toBeDefined()
    const full = readFileSync(join(out, 'sessions', link ?? ''), 'utf8')
    expect(full.startsWith('\ufeff')).toBe(true)
    expect(full.split('\n')).toHaveLength(HUGE_LINES)
    expect(full).toContain(`file-7-${HUGE_LINES - 1}.txt`)
  })
})
