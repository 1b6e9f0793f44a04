/**
 * `dsh-view inspect [paths…] [--json] [--latest N]`: one summary per session log found under the paths
 * (format, counts, title, parent, damage, and how it ran: start/end time, duration, status, models, tokens —
 * src/conversation/run-facts.ts defines the status). Every log is streamed, so a multi-GB log costs one
 * record's memory. `--json` prints `{"sessions":[…],"problems":[…]}` on stdout (the per-session shape is
 * fixed by issue 2; extra fields are additions). Progress goes to stderr on long runs (./reporter.ts; `-q`
 * silences it). Exit 0 when every log was read, even with invalid lines reported; 1 when a path or a log
 * could not be read at all (each named on stderr, the others still listed). Log text is untrusted: control
 * characters are escaped before they reach a terminal.
 */
import { stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import type { Invocation } from './args'
import type { Io } from './io'
import { terminalField } from './terminal-text'
import { createReporter, type Reporter } from './reporter'
import { discoverLogs, linkSessions, summarizeSession, type DiscoveredLog, type InvalidEntry, type SessionSummary } from '../src/log/node'
import { latestSessions } from '../src/log/node/latest'
import type { ChunkMode } from '../src/log/parser'
import { RunFacts, runStatus, type RunStatus } from '../src/conversation/run-facts'
import type { UsageTotals } from '../src/conversation/model'
import { isUnknownVersion, NEWEST_KNOWN_VERSION } from '../src/log/events/format-version'
import { knownTime } from '../src/log/events/time'
import { sessionInsight, type SessionInsight } from '../src/stats/insight'
import { SLOW_TURNS } from '../src/conversation/builder'
import type { PriceTable } from '../src/stats/prices'

type InspectInvocation = Extract<Invocation, { mode: 'inspect' }>

export interface InspectedSession {
  id: string
  path: string
  parentSession: string | null
  cwd: string | null
  title: string | null
  format: { version: number | null; encoding: 'jsonl' | 'zstd' }
  events: number
  /** Distinct turns the log started (src/conversation/counts.ts: the one definition every surface uses). */
  turns: number
  /** Every tool invocation, code-dispatch sub-calls included (counts.ts). */
  toolCalls: number
  tornTail: boolean
  /** A run of consecutive unreadable lines is one entry (`lines`, `lastLine`, `more`: src/log/damage/invalid-runs.ts). */
  invalid: InvalidEntry[]
  unknownTypes: string[]
  // Additions beyond the fixed shape:
  /** The sub-calls among `toolCalls`. */
  subToolCalls: number
  /** Every invalid line; `invalid` lists at most the first 10 000. */
  invalidCount: number
  corrupt: boolean
  seqGaps: number
  generation: number
  olderGenerations: string[]
  /** Other paths holding a session with the same id. */
  duplicateOf: string[]
  bytes: number
  /** ISO 8601 (UTC): the header's `createdAt`, else the first event's time; null when the log has none. */
  startTime: string | null
  /** ISO 8601 (UTC): the last event's time. */
  endTime: string | null
  /** endTime − startTime in milliseconds. */
  durationMs: number | null
  status: RunStatus
  /** `provider/model` of every model that answered or was asked, in order of first use. */
  models: string[]
  /** The first of `models`, or null. */
  model: string | null
  /** Token totals, counted once per provider request (src/conversation/usage.ts; disjoint counts; total = input + output + cache). */
  tokens: UsageTotals
  /** A header `version` newer than dsh-view knows (the log may be read incompletely). */
  unknownVersion: boolean
}

export interface InspectReport {
  sessions: InspectedSession[]
  problems: { path: string; message: string }[]
}

export async function runInspect(inv: InspectInvocation, io: Io): Promise<number> {
  const reporter = createReporter(io, inv)
  const report = await inspect(inv.inputs, io, { latest: inv.latest ?? null, reporter })
  for (const problem of report.problems) reporter.error(`dsh-view: ${clean(problem.path)}: ${clean(problem.message)}`)
  for (const s of report.sessions) {
    if (s.unknownVersion) reporter.warn({ kind: 'unknown format version', where: s.path, message: `format version ${s.format.version ?? '?'} is newer than dsh-view knows (up to ${NEWEST_KNOWN_VERSION}); the log may be read incompletely` })
  }
  reporter.flush()
  io.stdout(inv.json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report, inv.verbose === true))
  return report.problems.length > 0 ? 1 : 0
}

export interface InspectOptions {
  /** The reader's chunk mode (see below). */
  chunks?: ChunkMode
  /** `--latest N`: only the N newest session trees. */
  latest?: number | null
  /** Progress while reading; none without one. */
  reporter?: Reporter
  /** The clock for "running" (tests). */
  now?: number
  /** The price table the archive facts' cost comes from (none: no cost). */
  prices?: PriceTable | null
}

/**
 * `chunks`: the reader's chunk mode. Skip-superseded (the default) reads the streamed chunks a settled
 * message supersedes without building them and gives the same report (counts, damage, torn tails):
 * inspect.test.ts compares both modes on every fixture log.
 */
export async function inspect(inputs: readonly string[], io: Io, options: InspectOptions | ChunkMode = {}): Promise<InspectReport> {
  const report = await inspectRuns(inputs, io, options)
  return { sessions: report.sessions.map(r => r.session), problems: report.problems }
}

/** One inspected session with its archive facts (src/stats/insight.ts), made from the same streaming pass. */
export interface InspectedRun {
  session: InspectedSession
  insight: SessionInsight
}

/** `inspect`, keeping each session's archive facts: what `dsh-view stats` adds up (so its totals are inspect's). */
export async function inspectRuns(inputs: readonly string[], io: Io, options: InspectOptions | ChunkMode = {}): Promise<{ sessions: InspectedRun[]; problems: InspectReport['problems'] }> {
  const { chunks = 'skip-superseded', latest = null, reporter, now = Date.now(), prices = null } = typeof options === 'string' ? { chunks: options } : options
  const discovery = await discoverLogs(inputs, { env: io.env, homedir: io.env['HOME'] ?? homedir() })
  const problems = [...discovery.problems]
  const logs = latest === null ? discovery.logs : (await latestSessions(discovery, latest)).logs
  // Sizes for the progress line and mtimes for "running": one stat per log, before reading any.
  const files = await Promise.all(logs.map(async log => {
    const where = log.source.location
    const info = await stat(where.kind === 'file' ? where.path : where.zip).catch(() => null)
    return { bytes: info?.size ?? 0, writtenAt: where.kind === 'file' && info !== null ? info.mtimeMs : null }
  }))
  const progress = reporter?.progress()
  progress?.start(logs.length, files.reduce((n, f) => n + f.bytes, 0))
  const read: { log: DiscoveredLog; summary: SessionSummary; run: RunFacts; writtenAt: number | null }[] = []
  for (const [i, log] of logs.entries()) {
    const run = new RunFacts()
    const result = await summarizeSession(log.source, { chunks }, line => run.add(line))
    const file = files[i]
    if (result.ok) read.push({ log, summary: result.session, run, writtenAt: file?.writtenAt ?? null })
    else problems.push({ path: result.path, message: `unreadable: ${result.error}` })
    progress?.advance(file?.bytes ?? 0)
  }
  progress?.finish()
  const { duplicates } = linkSessions(read.map((r) => r.summary))
  const sessions = read.map(({ log, summary, run, writtenAt }) => {
    const session = toJson(log, summary, (duplicates.get(summary.id) ?? []).filter((d) => d !== summary).map((d) => d.path), run, writtenAt, now)
    return { session, insight: insightOf(session, run, prices) }
  })
  return { sessions, problems }
}

/** A time from the log as ISO 8601; null when unknown (the reader already made out-of-range times unknown). */
const iso = (ms: number | null): string | null => {
  const t = knownTime(ms)
  return t === null ? null : new Date(t).toISOString()
}

function toJson(log: DiscoveredLog, s: SessionSummary, duplicateOf: string[], run: RunFacts, writtenAt: number | null, now: number): InspectedSession {
  const start = run.start
  const end = run.endTime === null ? null : Math.max(run.endTime, start ?? run.endTime)
  const counts = run.counts.counts()
  return {
    id: s.id,
    path: s.path,
    parentSession: s.parentSession,
    cwd: s.cwd,
    title: s.title,
    format: s.format,
    events: s.counts.events,
    turns: counts.turns,
    toolCalls: counts.toolCalls,
    tornTail: s.tornTail,
    invalid: s.invalid,
    unknownTypes: s.unknownTypes,
    subToolCalls: counts.subToolCalls,
    invalidCount: s.invalidCount,
    corrupt: s.corrupt,
    seqGaps: s.seqGaps.length,
    generation: log.generation,
    olderGenerations: log.olderGenerations,
    duplicateOf,
    bytes: s.bytes,
    startTime: iso(start),
    endTime: iso(end),
    durationMs: start === null || end === null ? null : end - start,
    status: runStatus({ openTurn: run.openTurn, lastEnd: run.lastEnd, corrupt: s.corrupt, tornTail: s.tornTail, writtenAt, now }),
    models: run.models,
    model: run.models[0] ?? null,
    tokens: run.usage,
    unknownVersion: isUnknownVersion(s.format.version),
  }
}

function insightOf(s: InspectedSession, run: RunFacts, prices: PriceTable | null): SessionInsight {
  const start = s.startTime === null ? null : Date.parse(s.startTime)
  const end = s.endTime === null ? null : Date.parse(s.endTime)
  return sessionInsight({
    id: s.id,
    project: s.cwd,
    start,
    end,
    status: s.status,
    model: s.model,
    counts: { turns: s.turns, toolCalls: s.toolCalls, subToolCalls: s.subToolCalls },
    usage: s.tokens,
    requests: run.requests(),
    tools: run.counts.byTool(),
    lastTool: run.counts.lastTool(),
    slowTurns: run.counts.slowestTurns(SLOW_TURNS),
    prices,
  })
}

const SHOWN_INVALID = 5

/** The text report; `verbose` lists every invalid line kept (else the first few per session). */
export function renderText(report: InspectReport, verbose = false): string {
  const shown = verbose ? Infinity : SHOWN_INVALID
  const out: string[] = []
  for (const s of report.sessions) {
    out.push(clean(s.path))
    out.push(`  id       ${clean(s.id)}${s.parentSession === null ? '' : `  (child of ${clean(s.parentSession)})`}`)
    if (s.title !== null) out.push(`  title    ${clean(s.title)}`)
    if (s.cwd !== null) out.push(`  cwd      ${clean(s.cwd)}`)
    const version = s.format.version === null ? 'no version' : `v${s.format.version}`
    const older = s.olderGenerations.length > 0 ? `; older generations: ${s.olderGenerations.map(clean).join(', ')}` : ''
    out.push(`  format   ${version}, ${s.format.encoding === 'zstd' ? 'zstd frames' : 'plain JSONL'}, ${s.bytes} bytes${older}`)
    out.push(`  events   ${s.events} (${s.turns} ${plural(s.turns, 'turn')}, ${s.toolCalls} ${plural(s.toolCalls, 'tool call')})`)
    if (s.startTime !== null) out.push(`  time     ${s.startTime}${s.endTime === null ? '' : ` → ${s.endTime}`}${s.durationMs === null ? '' : ` (${formatDuration(s.durationMs)})`}`)
    out.push(`  status   ${s.status}`)
    if (s.models.length > 0) out.push(`  model    ${s.models.map(clean).join(', ')}`)
    if (s.tokens.totalTokens > 0) out.push(`  tokens   ${s.tokens.totalTokens} (input ${s.tokens.inputTokens}, output ${s.tokens.outputTokens}, cache read ${s.tokens.cacheReadTokens}, cache write ${s.tokens.cacheWriteTokens})`)
    const state = s.corrupt ? 'corrupt (damage inside committed history)' : s.tornTail ? 'torn tail (crash before the last write completed)' : s.invalidCount > 0 ? 'damaged' : 'ok'
    out.push(`  state    ${state}`)
    let listed = 0
    for (const bad of s.invalid.slice(0, shown)) {
      // A run of unreadable lines is one entry (src/log/damage/invalid-runs.ts): its range, count and first reason.
      out.push(bad.lines === undefined ? `    line ${bad.line}: ${clean(bad.reason)}` : `    lines ${bad.line}–${bad.lastLine ?? bad.line} (${bad.lines} lines): ${clean(bad.reason)}`)
      listed += bad.lines ?? 1
    }
    if (s.invalidCount > listed) out.push(`    … and ${s.invalidCount - listed} more invalid lines (${verbose ? '--json lists the first 10,000' : '--verbose or --json lists them'})`)
    if (s.unknownTypes.length > 0) out.push(`  unknown event types kept raw: ${s.unknownTypes.map(clean).join(', ')}`)
    if (s.duplicateOf.length > 0) out.push(`  warning  the same session id is also at ${s.duplicateOf.map(clean).join(', ')}`)
    out.push('')
  }
  const unreadable = report.problems.length
  out.push(`${report.sessions.length} ${plural(report.sessions.length, 'session')} read${unreadable > 0 ? `, ${unreadable} ${plural(unreadable, 'path')} could not be read` : ''}`)
  return `${out.join('\n')}\n`
}

/** `2h 05m`, `3m 07s`, `12s`, `450 ms`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  const secs = Math.floor(ms / 1000)
  const h = Math.floor(secs / 3600)
  const m = Math.floor((secs % 3600) / 60)
  const sec = secs % 60
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`
  if (m > 0) return `${m}m ${String(sec).padStart(2, '0')}s`
  return `${sec}s`
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`
}

/** Escapes C0/C1 control characters so session text cannot drive the terminal. */
export function clean(text: string): string {
  return terminalField(text)
}
