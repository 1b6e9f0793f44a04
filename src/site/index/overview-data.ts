/**
 * The overview's data asset (`overview.data.js`, issue 31): every session's archive facts
 * (src/stats/insight.ts) in a compact form, so the page script can recompute the overview's totals and
 * charts for the sessions the index filters keep (components/index/overview-client.ts) without the index
 * page carrying them: 20,000 sessions are ~2 MB of facts, which would break the page budget inline, and most
 * views never filter. A classic script setting `window.dshOverview` (a fetch would fail from file://),
 * loaded on the first filter change. Strings (projects, models, tools, days) go into one table and the
 * sessions refer to them by position; the overview's words and locale travel with them. `decodeOverview`
 * checks the shape (a file in the site folder can be edited) and gives back the records the build summed.
 * Pure: the browser bundle imports the decoder.
 */
import type { Locale } from '../../cards/types'
import type { SessionStatus, UsageTotals } from '../../conversation/model'
import { SESSION_STATUSES } from '../../conversation/status'
import type { DayUsage, SessionInsight } from '../../stats/insight'
import type { OverviewText, PriceInfo } from './overview-types'

export const OVERVIEW_DATA_FILE = 'overview.data.js'
const VERSION = 1

/** A string's position in the table; -1 for null. */
type Ref = number
/** in, out, cache read, cache write, reasoning, total. */
type Usage6 = [number, number, number, number, number, number]
type EncodedDay = [day: Ref, model: Ref, requests: number, usage: Usage6]
type EncodedSession = [id: Ref, project: Ref, start: number | null, durationMs: number | null, status: Ref, model: Ref, turns: number, toolCalls: number, lastTool: Ref, usage: Usage6, days: EncodedDay[], cost: number | null]

export interface OverviewData {
  v: number
  locale: Locale
  text: OverviewText
  /** The price table's words; null: no table (no cost). */
  price: PriceInfo | null
  strings: string[]
  sessions: EncodedSession[]
}

const usage6 = (u: UsageTotals): Usage6 => [u.inputTokens, u.outputTokens, u.cacheReadTokens, u.cacheWriteTokens, u.reasoningTokens, u.totalTokens]

export function encodeOverview(records: readonly SessionInsight[], text: OverviewText, locale: Locale, price: PriceInfo | null = null): OverviewData {
  const strings: string[] = []
  const index = new Map<string, number>()
  const ref = (s: string | null): Ref => {
    if (s === null) return -1
    let i = index.get(s)
    if (i === undefined) {
      i = strings.length
      strings.push(s)
      index.set(s, i)
    }
    return i
  }
  const sessions = records.map((r): EncodedSession => [
    ref(r.id),
    ref(r.project),
    r.start,
    r.durationMs,
    ref(r.status),
    ref(r.model),
    r.turns,
    r.toolCalls,
    ref(r.lastTool),
    usage6(r.usage),
    r.days.map((d): EncodedDay => [ref(d.day), ref(d.model), d.requests, usage6(d.usage)]),
    r.cost ?? null,
  ])
  return { v: VERSION, locale, text, price, strings, sessions }
}

/** The asset's text: one assignment, with `<` escaped so no string can end a script element. */
export function overviewScript(data: OverviewData): string {
  return `window.dshOverview=${JSON.stringify(data).replace(/</g, '\\u003c')};\n`
}

/** Every word of OverviewText (the compile-time check below keeps the list whole). */
const TEXT_KEYS = [
  'heading', 'totals', 'sessions', 'turns', 'toolCalls', 'tokensIn', 'tokensOut', 'reasoning', 'cacheRead', 'cacheWrite', 'cacheHit',
  'timeSpent', 'cost', 'currentFilter', 'noPrices', 'pricesFrom', 'priceSource', 'unpriced', 'tokensChart', 'sessionsChart', 'cacheChart',
  'failuresChart', 'failed', 'interrupted', 'other', 'unknownModel', 'topSessions', 'mostExpensive', 'slowestTurns', 'turnOf', 'endedOn',
  'noTime', 'max',
] as const satisfies readonly (keyof OverviewText)[]
const everyTextKey: Exclude<keyof OverviewText, (typeof TEXT_KEYS)[number]> extends never ? true : never = true
void everyTextKey

/** The overview's words, when `v` holds every one as a string (extra keys are left out). */
function textOf(v: unknown): OverviewText | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null
  const out: Partial<Record<keyof OverviewText, string>> = {}
  for (const key of TEXT_KEYS) {
    const word: unknown = (v as Record<string, unknown>)[key]
    if (typeof word !== 'string') return null
    out[key] = word
  }
  return out as OverviewText
}

const isStatus = (v: string | null | undefined): v is SessionStatus => (SESSION_STATUSES as readonly (string | null | undefined)[]).includes(v)

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isNumOrNull = (v: unknown): v is number | null => v === null || isNum(v)

function usageOf(v: unknown): UsageTotals | null {
  if (!Array.isArray(v) || v.length !== 6 || !v.every(isNum)) return null
  const [inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, reasoningTokens, totalTokens] = v as Usage6
  return { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, reasoningTokens, totalTokens }
}

/** The records of a data asset, or null when it is not one this version wrote (the overview then stays as built). */
export function decodeOverview(raw: unknown): { records: SessionInsight[]; text: OverviewText; locale: Locale; price: PriceInfo | null } | null {
  if (typeof raw !== 'object' || raw === null) return null
  const data = raw as Partial<OverviewData>
  const text = textOf(data.text)
  if (data.v !== VERSION || !Array.isArray(data.strings) || !Array.isArray(data.sessions) || text === null) return null
  const strings = data.strings
  if (!strings.every(s => typeof s === 'string')) return null
  const p = data.price as Partial<PriceInfo> | null | undefined
  const price = p === null || p === undefined ? null : typeof p.currency === 'string' && typeof p.date === 'string' && typeof p.source === 'string' ? { currency: p.currency, date: p.date, source: p.source } : undefined
  if (price === undefined) return null
  const str = (r: unknown): string | null | undefined => (r === -1 ? null : isNum(r) && r >= 0 && r < strings.length ? strings[r] : undefined)
  const records: SessionInsight[] = []
  for (const e of data.sessions as unknown[]) {
    if (!Array.isArray(e) || e.length !== 12) return null
    const [id, project, start, durationMs, status, model, turns, toolCalls, lastTool, usage, days, cost] = e as unknown[]
    if (!isNumOrNull(cost)) return null
    const u = usageOf(usage)
    const ids = [str(id), str(project), str(status), str(model), str(lastTool)]
    if (u === null || ids.includes(undefined) || !isStatus(ids[2]) || !isNumOrNull(start) || !isNumOrNull(durationMs) || !isNum(turns) || !isNum(toolCalls) || !Array.isArray(days)) return null
    const dayList: DayUsage[] = []
    for (const d of days as unknown[]) {
      if (!Array.isArray(d) || d.length !== 4) return null
      const du = usageOf(d[3])
      const day = str(d[0])
      const m = str(d[1])
      if (du === null || day === undefined || m === undefined || !isNum(d[2])) return null
      dayList.push({ day, model: m, requests: d[2], usage: du })
    }
    records.push({
      id: ids[0] ?? '',
      project: ids[1] ?? null,
      start,
      durationMs,
      status: ids[2],
      model: ids[3] ?? null,
      turns,
      toolCalls,
      usage: u,
      days: dayList,
      tools: [],
      lastTool: ids[4] ?? null,
      ...(price === null ? {} : { cost }),
    })
  }
  return { records, text, locale: data.locale === 'zh' ? 'zh' : 'en', price }
}
