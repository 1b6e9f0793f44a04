/**
 * Every corpus log gets Trajectory pages (issue 29 "Done when"), in both locales: within the page budgets
 * (1 MB, 5,000 elements; none listed over budget), every record of the model on exactly one page (records
 * `rec-1…rec-N`, none dropped, none twice: zero unexplained records), and — read back from the written pages,
 * not from the props — the ledger's counts equal the conversation model's (src/conversation/counts.ts,
 * usage.ts: one count behind both): TOOL and SUBTOOL rows are the session's tool calls, SUBTOOL rows its
 * sub-calls, request markers its requests, and the last request's "Session cumulative" usage is the
 * session's token totals (uncached input, cache read and written, output, reasoning). Logs sharing a session id (`~2`, `~3` pages) are compared as a multiset. A fork or subagent child's cumulative also holds the requests its seed copies from its parent (which its own total leaves out).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { discoverLogs } from '../../src/log/node/discover'
import { loadSession } from '../../src/log/node/load'
import { RequestUsageCounter } from '../../src/conversation/usage'
import { foldLog } from '../../src/site/fold/fold-log'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'
import { trajectoryDictionary } from '../../src/trajectory-view'
import type { BuildReport } from '../../src/site/build-site'
import { buildInto, tempDir } from '../support/build'

const CORPUS = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url))

interface Counts {
  records: number
  tools: number
  subtools: number
  requests: number
  /** The session's token totals: uncached input, cache read, cache written, output, reasoning. */
  tokens: number[]
}

const key = (c: Counts) => JSON.stringify(c)

/** The model's side: every log the build finds folded once (the build's own fold, Trajectory included), by session id. */
const expected = new Map<string, string[]>()

beforeAll(async () => {
  const { logs } = await discoverLogs([CORPUS], { env: {}, homedir: '/nonexistent-home' })
  expect(logs.length).toBeGreaterThan(100)
  for (const log of logs) {
    const folded = await foldLog(log.source, null, { trajectory: true })
    if (!folded.ok || folded.trajectory === null) continue
    const { stats } = folded.conversation.facts
    const snapshot = folded.trajectory
    const id = folded.conversation.header?.id ?? ''
    // The ledger lists a fork or subagent child's copied requests as the log holds them, and its running
    // cumulative includes them (as dsh shows it); the session total leaves them to the parent
    // (src/conversation/usage.ts). The page's last cumulative is therefore the total plus what the seed repeats.
    const loaded = await loadSession(log.source)
    const counter = new RequestUsageCounter()
    if (loaded.ok) {
      for (const line of loaded.session.lines) {
        if (line.kind === 'header') counter.header(line.header)
        else if (line.kind === 'event') counter.take(line.event)
      }
    }
    const inherited = counter.inheritedTotals
    const u = stats.usage
    const counts: Counts = {
      records: snapshot.records.length,
      tools: stats.toolCalls,
      subtools: stats.subToolCalls,
      requests: snapshot.requests.length,
      tokens: [u.inputTokens + inherited.inputTokens, u.cacheReadTokens + inherited.cacheReadTokens, u.cacheWriteTokens + inherited.cacheWriteTokens, u.outputTokens + inherited.outputTokens, u.reasoningTokens + inherited.reasoningTokens],
    }
    expected.set(id, [...(expected.get(id) ?? []), key(counts)].sort())
  }
}, 300_000)

const count = (html: string, needle: RegExp) => (html.match(needle) ?? []).length

/** Digits of a `1,234 tok` value. */
const tokensOf = (text: string | undefined) => (text === undefined ? 0 : Number(text.replace(/[^0-9]/g, '')))

type Words = ReturnType<typeof trajectoryDictionary>

/**
 * The token totals the "Session cumulative" list after `from` shows, in the page's words: Other (uncached
 * input), Cached, Cache created, Output, Reasoning; a row the page leaves out (not reported) is 0.
 */
function cumulative(html: string, from: number, words: Words): number[] {
  const usage = html.indexOf('data-tab="usage"', from)
  const section = html.indexOf(`<h5>${words['usage.sessionCumulative']}</h5>`, usage)
  if (usage < 0 || section < 0) return [0, 0, 0, 0, 0]
  const dl = html.slice(section, html.indexOf('</dl>', section))
  const terms = new Map([...dl.matchAll(/<dt(?: data-i)?>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1] ?? '', tokensOf(m[2])]))
  return (['usage.other', 'usage.cached', 'usage.cacheCreated', 'usage.output', 'usage.reasoning'] as const).map((k) => terms.get(words[k]) ?? 0)
}

describe.each(['en', 'zh'] as const)('the corpus built in %s', (locale) => {
  let site: string
  let report: BuildReport
  beforeAll(async () => {
    site = join(tempDir('dv-tj-corpus-'), 'site')
    report = await buildInto([CORPUS], site, { locale })
  }, 600_000)

  it('gives every session Trajectory pages within the budgets, the ledger counting what the conversation counts', () => {
    const dir = join(site, 'sessions')
    const files = readdirSync(dir)
    const manifest = JSON.parse(readFileSync(join(site, '.dsh-view', 'manifest.json'), 'utf8')) as { sessions: Record<string, { summary: { id: string } }> }
    const words = trajectoryDictionary(locale)
    expect(report.overBudget.filter((p) => p.includes('.trajectory'))).toEqual([])
    const found = new Map<string, string[]>()
    const stems = Object.keys(manifest.sessions)
    expect(stems.length).toBeGreaterThan(100)
    for (const stem of stems) {
      const pages = files
        .filter((f) => f === `${stem}.trajectory.html` || (f.startsWith(`${stem}.trajectory.p`) && f.endsWith('.html')))
        .sort((a, b) => (a.length - b.length) || (a < b ? -1 : 1))
      expect(pages.length, stem).toBeGreaterThan(0)
      const htmls = pages.map((f) => readFileSync(join(dir, f), 'utf8'))
      for (const [i, html] of htmls.entries()) {
        const size = measure(html)
        expect(size.bytes, pages[i]).toBeLessThanOrEqual(MAX_PAGE_BYTES)
        expect(size.nodes, pages[i]).toBeLessThanOrEqual(MAX_PAGE_NODES)
      }
      const all = htmls.join('\n')
      const records = [...all.matchAll(/<tr id="rec-(\d+)"/g)].map((m) => Number(m[1]))
      // Every record once (in display order, which is not always fold order): nothing the model holds is left off a page.
      expect([...records].sort((a, b) => a - b), stem).toEqual(records.map((_, i) => i + 1))
      const markers = [...all.matchAll(/<td id="req-(\d+)"/g)].map((m) => Number(m[1]))
      const last = Math.max(0, ...markers)
      const lastPage = htmls.find((h) => h.includes(`<td id="req-${last}"`)) ?? ''
      const tokens = last === 0 ? [0, 0, 0, 0, 0] : cumulative(lastPage, lastPage.indexOf(`<h3 data-of="req"`, lastPage.indexOf(`<td id="req-${last}"`)), words)
      const tools = count(all, /<tr id="rec-\d+" data-k="tool"/g)
      const subtools = count(all, /<tr id="rec-\d+" data-k="subtool"/g)
      const counts: Counts = { records: records.length, tools: tools + subtools, subtools, requests: markers.length, tokens }
      const id = manifest.sessions[stem]?.summary.id ?? ''
      found.set(id, [...(found.get(id) ?? []), key(counts)].sort())
    }
    // Damaged logs (no header) have no model to compare; every session with one matches.
    for (const [id, list] of expected) expect(found.get(id), id).toEqual(list)
  })
})
