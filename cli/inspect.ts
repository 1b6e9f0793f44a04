/**
 * `dsh-view inspect [paths…] [--json]`: one summary per session log found under the paths (format,
 * counts, title, parent, damage). Every log is streamed, so a multi-GB log costs one record's memory.
 * `--json` prints `{"sessions":[…],"problems":[…]}` on stdout (the per-session shape is fixed by issue 2;
 * extra fields are additions). Exit 0 when every log was read, even with invalid lines reported; 1 when a
 * path or a log could not be read at all (each named on stderr, the others still listed). Log text is
 * untrusted: control characters are escaped before they reach a terminal.
 */
import { homedir } from 'node:os'
import type { Invocation } from './args'
import type { Io } from './io'
import { terminalField } from './terminal-text'
import { discoverLogs, linkSessions, summarizeSession, type DiscoveredLog, type SessionSummary } from '../src/log/node'
import type { ChunkMode } from '../src/log/parser'

type InspectInvocation = Extract<Invocation, { mode: 'inspect' }>

export interface InspectedSession {
  id: string
  path: string
  parentSession: string | null
  cwd: string | null
  title: string | null
  format: { version: number | null; encoding: 'jsonl' | 'zstd' }
  events: number
  turns: number
  toolCalls: number
  tornTail: boolean
  invalid: { line: number; reason: string; frame?: number; offset?: number }[]
  unknownTypes: string[]
  // Additions beyond the fixed shape:
  /** Every invalid line; `invalid` lists at most the first 10 000. */
  invalidCount: number
  corrupt: boolean
  seqGaps: number
  generation: number
  olderGenerations: string[]
  /** Other paths holding a session with the same id. */
  duplicateOf: string[]
  bytes: number
}

export interface InspectReport {
  sessions: InspectedSession[]
  problems: { path: string; message: string }[]
}

export async function runInspect(inv: InspectInvocation, io: Io): Promise<number> {
  const report = await inspect(inv.inputs, io)
  for (const problem of report.problems) io.stderr(`dsh-view: ${clean(problem.path)}: ${clean(problem.message)}\n`)
  io.stdout(inv.json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report))
  return report.problems.length > 0 ? 1 : 0
}

/**
 * `chunks`: the reader's chunk mode. Skip-superseded (the default) reads the streamed chunks a settled
 * message supersedes without building them and gives the same report (counts, damage, torn tails):
 * inspect.test.ts compares both modes on every fixture log.
 */
export async function inspect(inputs: readonly string[], io: Io, chunks: ChunkMode = 'skip-superseded'): Promise<InspectReport> {
  const discovery = await discoverLogs(inputs, { env: io.env, homedir: io.env['HOME'] ?? homedir() })
  const problems = [...discovery.problems]
  const read: { log: DiscoveredLog; summary: SessionSummary }[] = []
  for (const log of discovery.logs) {
    const result = await summarizeSession(log.source, { chunks })
    if (result.ok) read.push({ log, summary: result.session })
    else problems.push({ path: result.path, message: `unreadable: ${result.error}` })
  }
  const { duplicates } = linkSessions(read.map((r) => r.summary))
  const sessions = read.map(({ log, summary }) => toJson(log, summary, (duplicates.get(summary.id) ?? []).filter((d) => d !== summary).map((d) => d.path)))
  return { sessions, problems }
}

function toJson(log: DiscoveredLog, s: SessionSummary, duplicateOf: string[]): InspectedSession {
  return {
    id: s.id,
    path: s.path,
    parentSession: s.parentSession,
    cwd: s.cwd,
    title: s.title,
    format: s.format,
    events: s.counts.events,
    turns: s.counts.turns,
    toolCalls: s.counts.toolCalls,
    tornTail: s.tornTail,
    invalid: s.invalid,
    unknownTypes: s.unknownTypes,
    invalidCount: s.invalidCount,
    corrupt: s.corrupt,
    seqGaps: s.seqGaps.length,
    generation: log.generation,
    olderGenerations: log.olderGenerations,
    duplicateOf,
    bytes: s.bytes,
  }
}

const SHOWN_INVALID = 5

export function renderText(report: InspectReport): string {
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
    const state = s.corrupt ? 'corrupt (damage inside committed history)' : s.tornTail ? 'torn tail (crash before the last write completed)' : s.invalidCount > 0 ? 'damaged' : 'ok'
    out.push(`  state    ${state}`)
    for (const bad of s.invalid.slice(0, SHOWN_INVALID)) out.push(`    line ${bad.line}: ${clean(bad.reason)}`)
    if (s.invalidCount > SHOWN_INVALID) out.push(`    … and ${s.invalidCount - SHOWN_INVALID} more invalid lines (--json lists them)`)
    if (s.unknownTypes.length > 0) out.push(`  unknown event types kept raw: ${s.unknownTypes.map(clean).join(', ')}`)
    if (s.duplicateOf.length > 0) out.push(`  warning  the same session id is also at ${s.duplicateOf.map(clean).join(', ')}`)
    out.push('')
  }
  const unreadable = report.problems.length
  out.push(`${report.sessions.length} ${plural(report.sessions.length, 'session')} read${unreadable > 0 ? `, ${unreadable} ${plural(unreadable, 'path')} could not be read` : ''}`)
  return `${out.join('\n')}\n`
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`
}

/** Escapes C0/C1 control characters so session text cannot drive the terminal. */
export function clean(text: string): string {
  return terminalField(text)
}
