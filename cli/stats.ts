/**
 * `dsh-view stats [paths…] [--json|--csv] [--by KEY] [--since DATE] [--until DATE]`: the archive's totals
 * for scripts. Reads every log with inspect's own streaming pass (./inspect.ts `inspectRuns`), so each
 * session's figures are exactly `inspect --json`'s and the totals are their sum (src/stats/aggregate.ts).
 * Text output escapes log strings (projects, models and tool names come from logs) before they reach a
 * terminal; CSV quotes every text field.
 */
import type { StatsInvocation } from './args'
import type { Io } from './io'
import { createReporter } from './reporter'
import { inspectRuns } from './inspect'
import { terminalField } from './terminal-text'
import { statsOf, type Stats, type StatsRow } from '../src/stats/aggregate'
import { formatDuration, formatTokens, groupDigits } from '../src/cards/format'
import { formatCost } from '../src/stats/prices'
import { loadPrices } from './prices'

export async function runStats(inv: StatsInvocation, io: Io): Promise<number> {
  const prices = await loadPrices(inv.prices)
  const reporter = createReporter(io, inv)
  const report = await inspectRuns(inv.inputs, io, { reporter, prices })
  for (const problem of report.problems) reporter.error(`dsh-view: ${terminalField(problem.path)}: ${terminalField(problem.message)}`)
  reporter.flush()
  const stats = statsOf(report.sessions.map(s => s.insight), { by: inv.by, since: inv.since, until: inv.until })
  const priced = (row: StatsRow) => ({ ...row, cost: row.cost === null ? null : { amount: roundCost(row.cost), currency: prices.currency } })
  if (inv.format === 'json') {
    const doc = { by: inv.by, since: inv.since, until: inv.until, prices: { currency: prices.currency, date: prices.date, source: prices.source }, totals: priced(stats.totals), rows: stats.rows.map(priced), problems: report.problems }
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`)
  } else if (inv.format === 'csv') io.stdout(statsCsv(stats, inv.by ?? 'total', prices.currency))
  else io.stdout(statsText(stats, inv.by, prices.currency))
  return report.problems.length > 0 ? 1 : 0
}

const COLUMNS = ['sessions', 'turns', 'toolCalls', 'requests', 'inputTokens', 'outputTokens', 'reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens', 'totalTokens', 'durationMs', 'failed', 'interrupted', 'cost', 'currency'] as const

/** A cost to a millionth of the currency: what float sums carry past that is noise. */
const roundCost = (n: number): number => Math.round(n * 1e6) / 1e6

function cells(row: StatsRow, currency: string): (number | string)[] {
  const u = row.usage
  return [row.sessions, row.turns, row.toolCalls, row.requests, u.inputTokens, u.outputTokens, u.reasoningTokens, u.cacheReadTokens, u.cacheWriteTokens, u.totalTokens, row.durationMs, row.failed, row.interrupted, row.cost === null ? '' : roundCost(row.cost), row.cost === null ? '' : currency]
}

/**
 * A text cell (keys come from logs: projects, models, tool names). RFC 4180: quoted, quotes doubled. OWASP's
 * CSV-injection rule: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`,
 * so a spreadsheet shows it as text instead of running it as a formula (a tab or CR before `=` is skipped by
 * some spreadsheets, which then see the formula).
 */
export const csvText = (text: string): string => `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`

export function statsCsv(stats: Stats, keyName: string, currency: string): string {
  const lines = [[keyName, ...COLUMNS].join(',')]
  for (const row of stats.rows) lines.push([csvText(row.key), ...cells(row, currency)].join(','))
  lines.push([csvText('total'), ...cells(stats.totals, currency)].join(','))
  return `${lines.join('\n')}\n`
}

function line(row: StatsRow, currency: string): string {
  const u = row.usage
  const parts = [
    `${groupDigits(row.sessions)} ${row.sessions === 1 ? 'session' : 'sessions'}`,
    `${groupDigits(row.turns)} turns`,
    `${groupDigits(row.toolCalls)} tool calls`,
    `${formatTokens(u.totalTokens)} tokens (in ${formatTokens(u.inputTokens)}, out ${formatTokens(u.outputTokens)}, reasoning ${formatTokens(u.reasoningTokens)}, cache read ${formatTokens(u.cacheReadTokens)}, cache write ${formatTokens(u.cacheWriteTokens)})`,
    formatDuration(row.durationMs),
    row.cost === null ? 'cost n/a' : formatCost(row.cost, currency),
  ]
  if (row.failed > 0) parts.push(`${row.failed} failed`)
  if (row.interrupted > 0) parts.push(`${row.interrupted} interrupted`)
  return parts.join(' · ')
}

export function statsText(stats: Stats, by: string | null, currency: string): string {
  const out: string[] = []
  for (const row of stats.rows) {
    if (by === 'tool') {
      const ended = [row.failed > 0 ? `${row.failed} failed` : '', row.interrupted > 0 ? `${row.interrupted} interrupted` : ''].filter(x => x !== '')
      out.push(`${terminalField(row.key === '' ? '(unknown)' : row.key)}  ${groupDigits(row.toolCalls)} calls in ${groupDigits(row.sessions)} sessions${ended.length > 0 ? ` · ended ${ended.join(', ')}` : ''}`)
    } else out.push(`${terminalField(row.key === '' ? '(unknown)' : row.key)}  ${line(row, currency)}`)
  }
  if (out.length > 0) out.push('')
  out.push(`total  ${line(stats.totals, currency)}`)
  return `${out.join('\n')}\n`
}
