import { describe, expect, it } from 'vitest'
import { decodeOverview, encodeOverview, overviewScript } from './overview-data'
import { parseShell } from '../html/shell'
import { entryElements, indexFile, paginateIndex } from './index-pages'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../render/pages/measure'
import { indexModel, renderIndexPages } from './render-index'
import { siteText } from '../strings'
import { groupDigits } from '../../cards/format'
import type { SessionSummary } from '../types'
import { sessionInsight } from '../../stats/insight'

const text = siteText('en')
const shell = parseShell('<!doctype html><html lang="%DSH_LANG%"><head><!--dsh:head--></head><body data-root="%DSH_ROOT%"><!--dsh:body--></body></html>')

/** `n` sessions over `projects` projects, one a minute, newest last; every tenth has two children. */
function summaries(n: number, projects = 3): SessionSummary[] {
  const out: SessionSummary[] = []
  for (let i = 0; i < n; i++) {
    const iso = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
    const id = `s${String(i).padStart(5, '0')}`
    out.push({ id, slug: id, href: `sessions/${id}.html`, title: `Session ${i}`, project: `/p${i % projects}`, start: { iso, label: iso }, duration: null, model: 'm',
      turns: 1, toolCalls: 0, status: 'completed', parentId: i % 10 === 1 && i > 1 ? `s${String(i - 1).padStart(5, '0')}` : null, pages: i % 50 === 0 ? 3 : 1, warnings: 0 })
  }
  return out
}

describe('index pages', () => {
  it('one page when everything fits: index.html only, no navigation, the whole-index filter', () => {
    const pages = renderIndexPages(shell, indexModel(summaries(40), text, null), text, 'en', null)
    expect(pages.map(p => p.path)).toEqual(['index.html'])
    expect(pages[0]?.content).not.toContain('rel="next"')
    expect(pages[0]?.content).toContain(text.filterCount)
  })

  it('2,500 sessions: pages inside the budgets, every session once and in index order, linked both ways', () => {
    const model = indexModel(summaries(2_500), text, null)
    const pages = renderIndexPages(shell, model, text, 'en', null)
    expect(pages.length).toBeGreaterThan(2)
    expect(pages.map(p => p.path)).toEqual(pages.map((_, i) => indexFile(i + 1)))
    const hrefs: string[] = []
    pages.forEach((page, i) => {
      const size = measure(page.content)
      expect(size.nodes, page.path).toBeLessThanOrEqual(MAX_PAGE_NODES)
      expect(size.bytes, page.path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      hrefs.push(...[...page.content.matchAll(/<li[^>]*data-filter="[^"]*"[^>]*><a href="(sessions\/[^"]+)"/g)].map(m => m[1] ?? ''))
      if (i > 0) expect(page.content).toContain(`href="${indexFile(i)}" rel="prev"`)
      if (i < pages.length - 1) expect(page.content).toContain(`href="${indexFile(i + 2)}" rel="next"`)
      // The filter says it filters this page only; the title says which page this is.
      expect(page.content).toContain(text.filterPageCount)
      expect(page.content).toContain(`<title>dsh sessions (${text.pageOf(i + 1, pages.length)})</title>`)
    })
    const order = (list: typeof model.groups) => list.flatMap(g => g.entries).flatMap(function all(e): string[] { return [e.href, ...e.children.flatMap(all)] })
    expect(hrefs).toEqual(order(model.groups))
    expect(new Set(hrefs).size).toBe(2_500)
  })

  it('never splits a parent from its children; a project cut between pages is marked as continued', () => {
    const model = indexModel(summaries(600, 1), text, null)
    const pages = paginateIndex(model, text, 400)
    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages) for (const group of page.groups) for (const entry of group.entries) expect(entryElements(entry)).toBeLessThanOrEqual(400)
    const parents = model.groups.flatMap(g => g.entries).filter(e => e.children.length > 0)
    for (const parent of parents) {
      const holding = pages.filter(p => p.groups.some(g => g.entries.includes(parent)))
      expect(holding).toHaveLength(1)
    }
    expect(pages[1]?.groups[0]?.project).toBe(`/p0 (${text.continued})`)
    expect(pages[0]?.groups[0]?.project).toBe('/p0')
  })

  it('is the same for the same sessions in any order', () => {
    const list = summaries(1_500)
    const a = renderIndexPages(shell, indexModel(list, text, null), text, 'en', null)
    const b = renderIndexPages(shell, indexModel([...list].reverse(), text, null), text, 'en', null)
    expect(b).toEqual(a)
  })
})

describe('index pages with the overview (issue 31)', () => {
  it('20,000 sessions with archive records over two years and five models: every page inside the budgets, the overview on the first only', () => {
    const models = ['p/a', 'p/b', 'p/c', 'p/d', 'p/e']
    const list = summaries(20_000, 40).map((s, i) => {
      const start = Date.UTC(2025, 0, 1) + i * 3_600_000
      const model = models[i % models.length] as string
      const statuses = ['completed', 'completed', 'failed', 'interrupted'] as const
      return {
        ...s,
        status: statuses[i % 4] as SessionSummary['status'],
        insight: sessionInsight({
          id: s.id, project: s.project, start, end: start + 60_000, status: statuses[i % 4] as SessionSummary['status'], model,
          counts: { turns: 2, toolCalls: 3, subToolCalls: 0 },
          usage: { inputTokens: 1000 + i, outputTokens: 50, cacheReadTokens: 500, cacheWriteTokens: 0, reasoningTokens: 10, totalTokens: 1550 + i },
          requests: [{ key: 'r', seq: 1, time: start, model, usage: { inputTokens: 1000 + i, outputTokens: 50, cacheReadTokens: 500, reasoningTokens: 10 } }],
          tools: new Map([['bash', 2], ['read', 1]]), lastTool: 'bash',
        }),
      }
    })
    const pages = renderIndexPages(shell, indexModel(list, text, null), text, 'en', null)
    expect(pages.length).toBeGreaterThan(10)
    for (const page of pages) {
      const size = measure(page.content)
      expect(size.nodes, page.path).toBeLessThanOrEqual(MAX_PAGE_NODES)
      expect(size.bytes, page.path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
    }
    expect(pages[0]?.content.match(/data-chart=/g)?.length).toBe(4)
    expect(pages.slice(1).some(p => p.content.includes('data-overview'))).toBe(false)
    expect(pages[0]?.content).toContain(`<dt>Sessions</dt><dd>${groupDigits(20_000)}</dd>`)
    // The facts the filters recompute from travel in their own asset, not on the page: ~100 bytes a session.
    const asset = overviewScript(encodeOverview(list.map(s => s.insight), text.overview, 'en'))
    expect(asset.length).toBeLessThan(20_000 * 200)
    expect(decodeOverview(JSON.parse(asset.slice('window.dshOverview='.length, -2)))?.records).toEqual(list.map(s => ({ ...s.insight, tools: [], slowTurns: undefined })))
  })
})
