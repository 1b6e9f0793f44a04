/**
 * Archive figures from per-session facts (./insight.ts): the totals of a set of sessions and the same
 * figures broken down by day, week, project, model or tool — what `dsh-view stats` prints and the index
 * overview draws. Sums only: no figure is counted here, so the totals are the sum over `inspect --json`
 * and each breakdown adds up to them (tokens by the day and model each request settled in; sessions, turns,
 * calls and time by the session's start day, project and first model; calls by tool name).
 *
 * `since` / `until` (`YYYY-MM-DD`, UTC, inclusive) keep the sessions that started in that range; a session
 * with no known start is kept only when neither is given. Pure and deterministic.
 */
import type { SessionStatus, UsageTotals } from '../conversation/model'
import { emptyUsage } from '../conversation/usage-totals'
import { addTotals } from '../conversation/usage-totals'
import { utcDay, type SessionInsight } from './insight'

export const GROUP_BY = ['day', 'week', 'project', 'model', 'tool'] as const
export type GroupBy = (typeof GROUP_BY)[number]

export interface StatsRow {
  /** The day (`YYYY-MM-DD`), the week's Monday, the project, the model or the tool; `total` for the totals; '' when unknown. */
  key: string
  sessions: number
  turns: number
  toolCalls: number
  /** Settled requests with usage. */
  requests: number
  usage: UsageTotals
  /** Sum of the sessions' durations (ms). */
  durationMs: number
  failed: number
  interrupted: number
  /** What the row's requests cost (the price table's currency); null when one of them has no price or no table applies. */
  cost: number | null
}

export interface StatsOptions {
  by?: GroupBy | null
  since?: string | null
  until?: string | null
}

export interface Stats {
  totals: StatsRow
  /** Sorted by key; empty without `by`. */
  rows: StatsRow[]
}

export const emptyRow = (key: string): StatsRow => ({ key, sessions: 0, turns: 0, toolCalls: 0, requests: 0, usage: emptyUsage(), durationMs: 0, failed: 0, interrupted: 0, cost: 0 })

/** The Monday (`YYYY-MM-DD`) of a day's ISO week. */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`)
  if (!Number.isFinite(t)) return day
  const weekday = (new Date(t).getUTCDay() + 6) % 7
  return new Date(t - weekday * 86_400_000).toISOString().slice(0, 10)
}

/** The sessions a date range keeps (by start day, inclusive). */
export function inRange(s: SessionInsight, since: string | null | undefined, until: string | null | undefined): boolean {
  if ((since ?? null) === null && (until ?? null) === null) return true
  const day = utcDay(s.start)
  if (day === null) return false
  return (since == null || day >= since) && (until == null || day <= until)
}

const plus = (a: number | null, b: number | null | undefined): number | null => (a === null || b == null ? null : a + b)

function addSession(row: StatsRow, s: SessionInsight): void {
  row.sessions++
  row.turns += s.turns
  row.toolCalls += s.toolCalls
  row.durationMs += s.durationMs ?? 0
  if (s.status === 'failed') row.failed++
  if (s.status === 'interrupted') row.interrupted++
}

const failing = (status: SessionStatus): boolean => status === 'failed' || status === 'interrupted'

export function statsOf(insights: readonly SessionInsight[], options: StatsOptions = {}): Stats {
  const kept = insights.filter(s => inRange(s, options.since, options.until))
  const totals = emptyRow('total')
  for (const s of kept) {
    addSession(totals, s)
    addTotals(totals.usage, s.usage)
    totals.cost = plus(totals.cost, s.cost)
    for (const d of s.days) totals.requests += d.requests
  }
  const by = options.by ?? null
  if (by === null) return { totals, rows: [] }
  const rows = new Map<string, StatsRow>()
  const row = (key: string): StatsRow => {
    let r = rows.get(key)
    if (r === undefined) {
      r = emptyRow(key)
      rows.set(key, r)
    }
    return r
  }
  for (const s of kept) {
    const startDay = utcDay(s.start) ?? ''
    switch (by) {
      case 'day':
      case 'week': {
        const keyOf = (day: string) => (by === 'week' && day !== '' ? weekOf(day) : day)
        addSession(row(keyOf(startDay)), s)
        for (const d of s.days) {
          const r = row(keyOf(d.day ?? ''))
          r.requests += d.requests
          addTotals(r.usage, d.usage)
          r.cost = plus(r.cost, d.cost)
        }
        break
      }
      case 'model':
        addSession(row(s.model ?? ''), s)
        for (const d of s.days) {
          const r = row(d.model ?? '')
          r.requests += d.requests
          addTotals(r.usage, d.usage)
          r.cost = plus(r.cost, d.cost)
        }
        break
      case 'project': {
        const r = row(s.project ?? '')
        addSession(r, s)
        addTotals(r.usage, s.usage)
        r.cost = plus(r.cost, s.cost)
        for (const d of s.days) r.requests += d.requests
        break
      }
      case 'tool':
        for (const [name, calls] of s.tools) {
          const r = row(name)
          // Requests are not made by a tool: a tool's row has no cost.
          r.cost = null
          r.toolCalls += calls
          r.sessions++
          if (s.status === 'failed' && s.lastTool === name) r.failed++
          if (s.status === 'interrupted' && s.lastTool === name) r.interrupted++
        }
        break
    }
  }
  const sorted = [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { totals, rows: sorted }
}

/** The failed and interrupted sessions per start day, with the tool each ended on (the overview's failure chart). */
export function failuresByDay(insights: readonly SessionInsight[]): { day: string; failed: number; interrupted: number; tools: [string, number][] }[] {
  const days = new Map<string, { failed: number; interrupted: number; tools: Map<string, number> }>()
  for (const s of insights) {
    if (!failing(s.status)) continue
    const day = utcDay(s.start) ?? ''
    let d = days.get(day)
    if (d === undefined) {
      d = { failed: 0, interrupted: 0, tools: new Map() }
      days.set(day, d)
    }
    if (s.status === 'failed') d.failed++
    else d.interrupted++
    if (s.lastTool !== null) d.tools.set(s.lastTool, (d.tools.get(s.lastTool) ?? 0) + 1)
  }
  return [...days.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([day, d]) => ({ day, failed: d.failed, interrupted: d.interrupted, tools: [...d.tools.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)) }))
}

/** The index's facet filters (issue 31): '' or null leaves a facet open. */
export interface SessionFilter {
  status?: string
  /** The session's cwd. */
  project?: string
  /** The session's first model (`provider/model`), as `--by model` counts its sessions. */
  model?: string
  since?: string | null
  until?: string | null
}

/** Whether the filters keep a session: every facet set matches (dates by start day, inclusive). */
export function keepsSession(s: SessionInsight, f: SessionFilter): boolean {
  if ((f.status ?? '') !== '' && s.status !== f.status) return false
  if ((f.project ?? '') !== '' && s.project !== f.project) return false
  if ((f.model ?? '') !== '' && s.model !== f.model) return false
  return inRange(s, f.since === '' ? null : f.since, f.until === '' ? null : f.until)
}
