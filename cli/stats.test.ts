/**
 * `dsh-view stats` on the whole fixture corpus: its totals are the sum over `inspect --json` (the issue 31
 * contract: one count, added up), every breakdown adds up to them, the date range keeps the sessions
 * inspect dates in it, and the flags are checked.
 */
import { cpSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseInvocation } from './args'
import type { Io } from './io'
import { runInspect, type InspectedSession } from './inspect'
import { csvText, runStats } from './stats'
import { GROUP_BY } from '../src/stats/aggregate'
import { UserError } from './user-error'

/**
 * The corpus, copied with every file dated long ago. inspect and stats run now, not from the log alone: a log
 * whose last turn is open counts as running while it was written in the last ten minutes (RUNNING_WINDOW_MS),
 * and interrupted after. A fresh clone's fixtures are minutes old, so on a slow machine that window closed
 * between the inspect and the stats runs below and the two disagreed; old files put every run on one side.
 */
function agedCorpus(): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'dsh-view-stats-')), 'corpus')
  cpSync(fileURLToPath(new URL('../fixtures/corpus', import.meta.url)), copy, { recursive: true })
  const long = new Date('2026-01-01T00:00:00Z')
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) utimesSync(join(entry.parentPath, entry.name), long, long)
  return copy
}
const CORPUS = agedCorpus()

function testIo() {
  const out = { stdout: '', stderr: '' }
  const io: Io = {
    stdout: t => void (out.stdout += t),
    stderr: t => void (out.stderr += t),
    stderrIsTty: false,
    env: { HOME: '/nonexistent' },
    open: async () => {
      throw new Error('stats must not open anything')
    },
  }
  return { io, out }
}

async function stdoutOf(run: (io: Io) => Promise<number>): Promise<string> {
  const { io, out } = testIo()
  expect(await run(io)).toBe(0)
  return out.stdout
}

const inspected: Promise<InspectedSession[]> = stdoutOf(io => runInspect({ mode: 'inspect', inputs: [CORPUS], json: true, quiet: true }, io)).then(t => JSON.parse(t).sessions)
const stats = (args: string[]) => stdoutOf(io => runStats(parseInvocation(['stats', CORPUS, '-q', ...args]) as never, io))

const FIELDS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens', 'totalTokens'] as const

function sumOf(sessions: InspectedSession[]) {
  const tokens = Object.fromEntries(FIELDS.map(f => [f, sessions.reduce((n, s) => n + s.tokens[f], 0)]))
  return {
    sessions: sessions.length,
    turns: sessions.reduce((n, s) => n + s.turns, 0),
    toolCalls: sessions.reduce((n, s) => n + s.toolCalls, 0),
    durationMs: sessions.reduce((n, s) => n + (s.durationMs ?? 0), 0),
    failed: sessions.filter(s => s.status === 'failed').length,
    interrupted: sessions.filter(s => s.status === 'interrupted').length,
    usage: tokens,
  }
}

describe('dsh-view stats --json on the corpus', () => {
  it('totals are the sum over inspect --json', async () => {
    const sessions = await inspected
    expect(sessions.length).toBeGreaterThan(100)
    const { totals } = JSON.parse(await stats(['--json']))
    expect(totals).toMatchObject(sumOf(sessions))
    expect(totals.usage.totalTokens).toBeGreaterThan(0)
  })

  it.each(GROUP_BY.filter(by => by !== 'tool'))('--by %s: the rows add up to the totals', async by => {
    const { totals, rows } = JSON.parse(await stats(['--json', '--by', by]))
    expect(rows.length).toBeGreaterThan(1)
    for (const key of ['sessions', 'turns', 'toolCalls', 'requests', 'durationMs', 'failed', 'interrupted'] as const) {
      expect(rows.reduce((n: number, r: Record<string, number>) => n + (r[key] ?? 0), 0), key).toBe(totals[key])
    }
    for (const f of FIELDS) expect(rows.reduce((n: number, r: { usage: Record<string, number> }) => n + (r.usage[f] ?? 0), 0), f).toBe(totals.usage[f])
  })

  it('--by tool: the calls per tool add up to the tool calls', async () => {
    const { totals, rows } = JSON.parse(await stats(['--json', '--by', 'tool']))
    expect(rows.map((r: { key: string }) => r.key)).toContain('bash')
    expect(rows.reduce((n: number, r: { toolCalls: number }) => n + r.toolCalls, 0)).toBe(totals.toolCalls)
  })

  it('--since / --until keep the sessions inspect dates in the range (inclusive)', async () => {
    const sessions = await inspected
    const days = [...new Set(sessions.flatMap(s => (s.startTime === null ? [] : [s.startTime.slice(0, 10)])))].sort()
    const since = days[1] as string
    const until = days[days.length - 2] as string
    const kept = sessions.filter(s => s.startTime !== null && s.startTime.slice(0, 10) >= since && s.startTime.slice(0, 10) <= until)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(sessions.length)
    const { totals } = JSON.parse(await stats(['--json', '--since', since, '--until', until]))
    expect(totals).toMatchObject(sumOf(kept))
  })

  it('--csv: one line per row and the total, the same numbers as --json', async () => {
    const json = JSON.parse(await stats(['--json', '--by', 'model']))
    const lines = (await stats(['--csv', '--by', 'model'])).trimEnd().split('\n')
    expect(lines[0]).toMatch(/^model,sessions,turns,toolCalls,/)
    expect(lines.length).toBe(json.rows.length + 2)
    expect(lines[lines.length - 1]).toBe(`"total",${json.totals.sessions},${json.totals.turns},${json.totals.toolCalls},${json.totals.requests},${json.totals.usage.inputTokens},${json.totals.usage.outputTokens},${json.totals.usage.reasoningTokens},${json.totals.usage.cacheReadTokens},${json.totals.usage.cacheWriteTokens},${json.totals.usage.totalTokens},${json.totals.durationMs},${json.totals.failed},${json.totals.interrupted},,`)
  })

  it('text: one total line', async () => {
    expect(await stats([])).toMatch(/^total {2}133 sessions · \d+ turns · \d+ tool calls · [\d.]+K tokens \(in /m)
  })
})

describe('stats flags', () => {
  it.each([
    [['--by', 'month'], /--by must be one of day, week, project, model, tool/],
    [['--since', '2026-02-30'], /--since takes a date as YYYY-MM-DD/],
    [['--until', 'yesterday'], /--until takes a date/],
    [['--since', '2026-03-02', '--until', '2026-03-01'], /is after --until/],
    [['--json', '--csv'], /do not go together/],
  ])('%j is a usage error', (args, message) => {
    expect(() => parseInvocation(['stats', ...args])).toThrow(UserError)
    expect(() => parseInvocation(['stats', ...args])).toThrow(message)
  })

  it('parses the whole synopsis', () => {
    expect(parseInvocation(['stats', 'a', 'b', '--csv', '--by', 'week', '--since', '2026-01-01', '--until', '2026-01-31'])).toMatchObject({ mode: 'stats', inputs: ['a', 'b'], format: 'csv', by: 'week', since: '2026-01-01', until: '2026-01-31' })
  })
})

describe('stats cost', () => {
  it('with the bundled table: its source and date are named, and the corpus (deepseek-v4 models, 2026) has no price', async () => {
    const doc = JSON.parse(await stats(['--json', '--by', 'model']))
    expect(doc.prices).toEqual({ currency: 'USD', date: '2025-09-05', source: 'https://api-docs.deepseek.com/quick_start/pricing' })
    expect(doc.totals.cost).toBeNull()
    // A row of no requests costs nothing; every other row has an unpriced request.
    for (const row of doc.rows) expect(row.cost).toEqual(row.requests === 0 ? { amount: 0, currency: 'USD' } : null)
  })

  it('--prices FILE: each priced model\'s cost is its tokens times the file\'s prices; a row with unpriced requests has none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dv-prices-'))
    const file = join(dir, 'prices.json')
    // Test figures, not anyone's real prices.
    const flash = { inputCacheHit: 0.5, inputCacheMiss: 2, output: 8 }
    writeFileSync(file, JSON.stringify({ version: 1, date: '2026-01-01', currency: 'CNY', source: 'https://example.test/prices', providers: ['deepseek-official'], periods: [{ from: '2020-01-01T00:00:00Z', models: { 'deepseek-v4-flash': flash } }] }))
    // The real-host logs: requests with their clocks (other corpus logs had their times stripped: no price without a time).
    const hosts = (args: string[]) => stdoutOf(io => runStats(parseInvocation(['stats', join(CORPUS, 'real-host'), '-q', ...args]) as never, io))
    const doc = JSON.parse(await hosts(['--json', '--by', 'model', '--prices', file]))
    expect(doc.prices.currency).toBe('CNY')
    const row = doc.rows.find((r: { key: string }) => r.key === 'deepseek-official/deepseek-v4-flash')
    const u = row.usage
    expect(u.cacheWriteTokens).toBe(0)
    expect(row.cost.currency).toBe('CNY')
    expect(row.cost.amount).toBeCloseTo((u.inputTokens * flash.inputCacheMiss + u.cacheReadTokens * flash.inputCacheHit + u.outputTokens * flash.output) / 1e6, 5)
    expect(row.cost.amount).toBeGreaterThan(0)
    const others = doc.rows.filter((r: { key: string; requests: number }) => r.key !== 'deepseek-official/deepseek-v4-flash' && r.requests > 0)
    for (const other of others) expect(other.cost).toBeNull()
    // The total is not a partial sum: with another model's requests unpriced, it has none.
    if (others.length > 0) expect(doc.totals.cost).toBeNull()
    else expect(doc.totals.cost).toEqual(row.cost)
    const csv = (await hosts(['--csv', '--by', 'model', '--prices', file])).trimEnd().split('\n')
    expect(csv[0]?.endsWith(',cost,currency')).toBe(true)
    const flashLine = csv.find(l => l.startsWith('"deepseek-official/deepseek-v4-flash"'))
    expect(flashLine?.endsWith(`,${row.cost.amount},CNY`)).toBe(true)
  })

  it.each([
    ['a missing file', null, /cannot read it \(ENOENT\)/],
    ['not JSON', '{ nope', /not JSON/],
    ['no currency', JSON.stringify({ version: 1, date: '2026-01-01', source: 'https://x.test', providers: ['p'], periods: [{ models: { m: { inputCacheHit: 1, inputCacheMiss: 1, output: 1 } } }] }), /"currency" must be/],
    ['a negative price', JSON.stringify({ version: 1, date: '2026-01-01', currency: 'USD', source: 'https://x.test', providers: ['p'], periods: [{ models: { m: { inputCacheHit: -1, inputCacheMiss: 1, output: 1 } } }] }), /models\["m"\] needs/],
  ])('--prices with %s is a user error that says why', async (_what, content, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'dv-prices-'))
    const file = join(dir, 'prices.json')
    if (content !== null) writeFileSync(file, content)
    const { io } = testIo()
    const run = runStats(parseInvocation(['stats', CORPUS, '-q', '--prices', file]) as never, io)
    await expect(run).rejects.toBeInstanceOf(UserError)
    await expect(runStats(parseInvocation(['stats', CORPUS, '-q', '--prices', file]) as never, io)).rejects.toThrow(message)
  })
})

describe('--csv text cells (keys come from logs)', () => {
  // OWASP's CSV-injection rule: a cell a spreadsheet could read as a formula starts with a `'`.
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-1+2', `"'-1+2"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['deepseek/v4', '"deepseek/v4"'],
    ['a=b', '"a=b"'],
    [' =1', '"' + ' =1"'],
    ['', '""'],
  ])('%j → %s', (key, cell) => {
    expect(csvText(key)).toBe(cell)
  })
})
