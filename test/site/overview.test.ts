/**
 * The index overview (issue 31): a build keeps each session's archive record in its manifest, the index
 * sums those records, and the sums are `dsh-view stats`'s (inspect's streaming pass over the same logs).
 * A rebuild after one log changed re-reads only that log's family and still sums every session: the others
 * come from the manifest.
 */
import { appendFileSync, cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inspectRuns } from '../../cli/inspect'
import type { Io } from '../../cli/io'
import { statsOf } from '../../src/stats/aggregate'
import type { SessionInsight } from '../../src/stats/insight'
import { formatTokens } from '../../src/cards/format'
import { MANIFEST_FILE } from '../../src/site/write/manifest'
import { formatCost, readPriceTable, type PriceTable } from '../../src/stats/prices'
import { buildInto, tempDir } from '../support/build'
import { fits, MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'

const DEMO = fileURLToPath(new URL('../../fixtures/demo-sessions', import.meta.url))
const PLAIN = '--~007B~007Bcwd~007D~007D--/11111111-1111-4111-8111-111111111111/session.jsonl'

const io: Io = { stdout: () => {}, stderr: () => {}, stderrIsTty: false, env: { HOME: '/nonexistent' }, open: async () => {} }

function manifestInsights(site: string): SessionInsight[] {
  const manifest = JSON.parse(readFileSync(join(site, MANIFEST_FILE), 'utf8')) as { sessions: Record<string, { summary: { insight?: SessionInsight } }> }
  return Object.values(manifest.sessions).map(r => {
    expect(r.summary.insight).toBeDefined()
    return r.summary.insight as SessionInsight
  })
}

async function inspected(root: string) {
  const report = await inspectRuns([root], io, { now: 0 })
  return statsOf(report.sessions.map(s => s.insight)).totals
}

/** The overview's totals as the index shows them: `label → value`. */
function shownTotals(site: string, file = 'index.html'): Map<string, string> {
  const html = readFileSync(join(site, file), 'utf8')
  const overview = html.slice(html.indexOf('data-overview'), html.indexOf('</dl>'))
  return new Map([...overview.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map(m => [m[1] as string, m[2] as string]))
}

describe('the index overview', () => {
  it('sums the records the manifest keeps, which are inspect\'s figures; a rebuild reads only what changed', async () => {
    const site = tempDir()
    const root = join(tempDir(), 'sessions')
    cpSync(DEMO, root, { recursive: true })
    await buildInto([root], site)
    const built = statsOf(manifestInsights(site)).totals
    const want = await inspected(root)
    expect(built).toEqual(want)
    expect(built.sessions).toBe(8)
    let shown = shownTotals(site)
    expect(shown.get('Sessions')).toBe('8')
    expect(shown.get('Turns')).toBe(String(want.turns))
    expect(shown.get('Tool calls')).toBe(String(want.toolCalls))
    expect(shown.get('Tokens in')).toBe(formatTokens(want.usage.inputTokens))
    const html = readFileSync(join(site, 'index.html'), 'utf8')
    expect(html.match(/<figure [^>]*data-chart=/g)?.length).toBe(4)
    // The slowest turns: inspect's, each a link to the page that holds the turn's heading.
    const turns = (await inspectRuns([root], io, { now: 0 })).sessions.flatMap(s => (s.insight.slowTurns ?? []).map(t => t.ms)).sort((a, b) => b - a)
    const list = html.slice(html.indexOf('>Slowest turns<'))
    const links = [...list.slice(0, list.indexOf('</ol>')).matchAll(/<a href="(sessions\/[^"#]+)#turn-(\d+)">/g)]
    expect(links.length).toBe(Math.min(10, turns.length))
    expect(links.length).toBeGreaterThan(0)
    for (const [, file, turn] of links) expect(readFileSync(join(site, file as string), 'utf8')).toContain(`id="turn-${turn}"`)

    // One more request in one log: its family is read again, the other five sessions are not.
    const log = join(root, PLAIN)
    const text = readFileSync(log, 'utf8')
    const seq = Math.max(...[...text.matchAll(/"seq":(\d+)/g)].map(m => Number(m[1]))) + 1
    const time = 1786558903600
    const lines = [
      { type: 'turn/start', seq, time, data: { turn: 2 } },
      { type: 'step/start', seq: seq + 1, time, data: { turn: 2, step: 1 } },
      { type: 'assistant/message', seq: seq + 2, time, data: { turn: 2, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'again' }], source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-flash' }, id: 'm-again' }, usage: { inputTokens: 250000, outputTokens: 7 } }, surfaceOp: 'append' },
      { type: 'turn/end', seq: seq + 3, time, data: { turn: 2, reason: { kind: 'completed' } } },
    ]
    appendFileSync(log, lines.map(l => `${JSON.stringify(l)}\n`).join(''))
    const again = await buildInto([root], site)
    expect([again.rendered, again.unchanged]).toEqual([3, 5])
    const rebuilt = statsOf(manifestInsights(site)).totals
    expect(rebuilt.usage.inputTokens).toBe(built.usage.inputTokens + 250000)
    expect(rebuilt.turns).toBe(built.turns + 1)
    expect(rebuilt).toEqual(await inspected(root))
    shown = shownTotals(site)
    expect(shown.get('Tokens in')).toBe(formatTokens(rebuilt.usage.inputTokens))
    expect(shown.get('Turns')).toBe(String(rebuilt.turns))
  })

  it('a root of two projects gets a page per project: its sessions and the overview summed over them, linked from the index', async () => {
    const site = tempDir()
    await buildInto([DEMO], site)
    const sessions = (await inspectRuns([DEMO], io, { now: 0 })).sessions.map(s => s.insight)
    const projects = [...new Set(sessions.map(s => s.project))]
    expect(projects.length).toBe(2)
    const pages = readdirSync(site).filter(f => /^project-[0-9a-f]{10}\.html$/.test(f)).sort()
    expect(pages.length).toBe(2)
    const index = readFileSync(join(site, 'index.html'), 'utf8')
    for (const file of pages) {
      const html = readFileSync(join(site, file), 'utf8')
      const project = projects.find(p => html.includes(`<h1 class=`) && new RegExp(`<h1 [^>]*>${(p as string).replace(/[{}]/g, '\\$&')} · `).test(html)) as string
      expect(project).toBeTypeOf('string')
      const own = sessions.filter(s => s.project === project)
      const shown = shownTotals(site, file)
      expect(shown.get('Sessions')).toBe(String(own.length))
      expect(shown.get('Turns')).toBe(String(own.reduce((n, s) => n + s.turns, 0)))
      expect(shown.get('Tokens in')).toBe(formatTokens(own.reduce((n, s) => n + s.usage.inputTokens, 0)))
      // Only that project's sessions are listed; the page says which project it sums, and links back.
      expect(html.match(/<li [^>]*data-filter=/g)?.length).toBe(own.length)
      expect(html).toContain('href="index.html"')
      expect(html.match(/<figure [^>]*data-chart=/g)?.length).toBe(4)
      expect(fits(measure(html), { bytes: MAX_PAGE_BYTES, nodes: MAX_PAGE_NODES })).toBe(true)
      // The index links to it from the project's heading and from the project filter.
      expect(index.match(new RegExp(` href="${file}"`, 'g'))?.length).toBe(1)
      expect(index).toContain(`data-href="${file}"`)
    }
  })

  it('cost: the bundled table prices none of the demo (deepseek-v4, 2026) and says so; a --prices table that does prices each session as inspect does', async () => {
    const site = tempDir()
    await buildInto([DEMO], site)
    let shown = shownTotals(site)
    expect(shown.get('Cost')).toBe('—')
    let html = readFileSync(join(site, 'index.html'), 'utf8')
    expect(html).toContain('Cost from the price table of 2025-09-05 (USD).')
    expect(html).toContain('<a href="https://api-docs.deepseek.com/quick_start/pricing">Its source</a>')
    expect(html).toMatch(/No cost for \d+ of 8 sessions/)

    // Test figures, not anyone's real prices: every model the demo uses, from long before its logs.
    const models = { 'deepseek-v4-flash': { inputCacheHit: 1, inputCacheMiss: 4, output: 16 }, 'deepseek-v4-pro': { inputCacheHit: 2, inputCacheMiss: 8, output: 32 } }
    const table = readPriceTable({ version: 1, date: '2026-01-01', currency: 'USD', source: 'https://example.test/prices', providers: ['deepseek-official'], periods: [{ from: '2020-01-01T00:00:00Z', models }] }) as PriceTable
    const other = tempDir()
    await buildInto([DEMO], other, { prices: table })
    const sessions = (await inspectRuns([DEMO], io, { now: 0, prices: table })).sessions.map(s => s.insight)
    shown = shownTotals(other)
    if (sessions.every(s => s.cost != null)) {
      expect(shown.get('Cost')).toBe(formatCost(sessions.reduce((n, s) => n + (s.cost as number), 0), 'USD'))
      expect(shown.get('Cost')).not.toBe('$0.00')
    } else expect(shown.get('Cost')).toBe('—')
    // Each session's record in the manifest has inspect's cost.
    const byId = new Map(sessions.map(s => [s.id, s.cost]))
    for (const r of manifestInsights(other)) expect(r.cost).toBeCloseTo(byId.get(r.id) as number, 9)
    html = readFileSync(join(other, 'index.html'), 'utf8')
    expect(html).toContain('Cost from the price table of 2026-01-01 (USD).')
    expect(html).toContain('<a href="https://example.test/prices">Its source</a>')
    // The most expensive sessions, each a link to its page, by inspect's cost.
    const list = html.slice(html.indexOf('>Most expensive sessions<'))
    const links = [...list.slice(0, list.indexOf('</ol>')).matchAll(/<li><a href="(sessions\/[^"]+)">[^<]*<\/a> <span[^>]*>([^<]+)<\/span><\/li>/g)]
    const want = [...sessions].filter(s => (s.cost ?? 0) > 0).sort((a, b) => (b.cost as number) - (a.cost as number))
    expect(links.map(l => l[2])).toEqual(want.slice(0, 10).map(s => formatCost(s.cost as number, 'USD')))
    for (const [, href] of links) expect(readFileSync(join(other, href as string), 'utf8').length).toBeGreaterThan(0)
  })
})
