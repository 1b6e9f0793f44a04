/**
 * A session's archive facts (issue 31): the few numbers the index overview and `dsh-view stats` add up,
 * small enough to keep in the build's manifest for every session, so a rebuild that changed one session
 * sums the others from what it stored and never reads their logs again. Every figure comes from the one
 * count (src/conversation/counts.ts for turns and calls, src/conversation/usage.ts for tokens, once per
 * request, a fork child's copied requests left to its parent): this module only sorts the counted requests
 * into UTC days and models, never counts again. Pure and deterministic (UTC, code-unit order).
 */
import type { SessionCounts } from '../conversation/counts'
import type { SessionStatus, UsageTotals } from '../conversation/model'
import type { CountedRequest } from '../conversation/usage'
import { addUsage, emptyUsage } from '../conversation/usage-totals'
import { requestCost, type PriceTable } from './prices'

/** The session's own requests of one UTC day and one model. */
export interface DayUsage {
  /** `YYYY-MM-DD` (UTC) the requests settled; the session's start day when they have no clock; null when neither is known. */
  day: string | null
  /** `provider/model`; null when the log names none. */
  model: string | null
  requests: number
  usage: UsageTotals
  /** What the requests cost in the price table's currency; null when one of them has no price (./prices.ts). Absent: no table. */
  cost?: number | null
}

export interface SessionInsight {
  id: string
  /** Where the session ran (its cwd), null when the header has none. */
  project: string | null
  /** Start (ms since the epoch), null when unknown. */
  start: number | null
  durationMs: number | null
  status: SessionStatus
  /** The first model used (`provider/model`), null when none was logged. */
  model: string | null
  turns: number
  toolCalls: number
  usage: UsageTotals
  /** What the session's own requests cost (the price table's currency); null when one has no price. Absent: no table. */
  cost?: number | null
  /** Own requests by day and model, sorted by day then model; their usage adds up to `usage`. */
  days: DayUsage[]
  /** Own calls per tool name, sorted by name; they add up to `toolCalls` (`''`: a result whose call is not in the log). */
  tools: [string, number][]
  /** The tool of the last own call in the log: what a failed or interrupted session ended on; null when none. */
  lastTool: string | null
  /**
   * The session's slowest own turns (wall time from the log's turn/start and turn/end times; a turn
   * without both is not ranked), slowest first, and the Chat page that holds each (null: not rendered).
   */
  slowTurns?: SlowTurn[]
}

export interface SlowTurn {
  turn: number
  ms: number
  page: number | null
}

export interface InsightInput {
  id: string
  project: string | null
  start: number | null
  end: number | null
  status: SessionStatus
  model: string | null
  counts: SessionCounts
  usage: UsageTotals
  requests: readonly CountedRequest[]
  tools: ReadonlyMap<string, number>
  lastTool: string | null
  slowTurns?: readonly { turn: number; ms: number }[]
  /** The price table requests are priced by; absent or null: no cost. */
  prices?: PriceTable | null
}

/** `YYYY-MM-DD` of a time in UTC; null for no time. */
export const utcDay = (ms: number | null): string | null => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString().slice(0, 10))

const cmp = (a: string | null, b: string | null): number => {
  const x = a ?? ''
  const y = b ?? ''
  return x < y ? -1 : x > y ? 1 : 0
}

export function sessionInsight(input: InsightInput): SessionInsight {
  const startDay = utcDay(input.start)
  const prices = input.prices ?? null
  const buckets = new Map<string, DayUsage>()
  for (const r of input.requests) {
    const day = utcDay(r.time) ?? startDay
    const key = `${day ?? ''}\u0000${r.model ?? ''}`
    let bucket = buckets.get(key)
    if (bucket === undefined) {
      bucket = { day, model: r.model, requests: 0, usage: emptyUsage(), ...(prices === null ? {} : { cost: 0 }) }
      buckets.set(key, bucket)
    }
    bucket.requests++
    addUsage(bucket.usage, r.usage)
    if (prices !== null) {
      const c = requestCost(prices, r.model, r.time, r.usage)
      bucket.cost = bucket.cost == null || c === null ? null : bucket.cost + c
    }
  }
  const days = [...buckets.values()].sort((a, b) => cmp(a.day, b.day) || cmp(a.model, b.model))
  const tools = [...input.tools.entries()].sort((a, b) => cmp(a[0], b[0]))
  const durationMs = input.start !== null && input.end !== null && input.end >= input.start ? input.end - input.start : null
  return {
    id: input.id,
    project: input.project,
    start: input.start,
    durationMs,
    status: input.status,
    model: input.model,
    turns: input.counts.turns,
    toolCalls: input.counts.toolCalls,
    usage: { ...input.usage },
    ...(prices === null ? {} : { cost: days.reduce<number | null>((sum, d) => (sum === null || d.cost == null ? null : sum + d.cost), 0) }),
    days,
    tools,
    lastTool: input.lastTool,
    slowTurns: (input.slowTurns ?? []).map(t => ({ turn: t.turn, ms: t.ms, page: null })),
  }
}
