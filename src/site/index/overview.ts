/**
 * The index overview (issue 31 point 1): the archive's totals and four charts, drawn at build time as SVG
 * so they read with scripts off, print, and need no network. Everything here is arithmetic on the sessions'
 * archive records (src/stats/insight.ts, kept in the manifest) through src/stats/aggregate.ts, so the
 * overview says what `dsh-view stats` says; this module only places bars and labels (the component draws).
 *
 * Charts are hand-drawn rather than taken from a library: four bar/line charts of at most `MAX_BUCKETS`
 * buckets are ~150 lines of geometry, while the charting libraries on npm either draw in the browser
 * (Chart.js, ECharts: a canvas and a runtime on every page, nothing without JS) or bring a DOM or d3's
 * modules to the build (Vega, Observable Plot) — a dependency dist/ would import for what a loop does here.
 *
 * Time buckets are UTC days, weeks (from Monday) when the records span more than `MAX_BUCKETS` days, or
 * months past that many weeks; tokens go to the bucket their request settled in, sessions and failures to
 * the session's start. Series are the models with the most tokens (at most `MAX_SERIES - 1`, the rest as
 * "other"). Deterministic: code-unit order, no locale.
 */
import { formatDuration, formatTokens } from '../../cards/format'
import { cacheHitPercent, promptTokens } from '../../conversation/usage-totals'
import { failuresByDay, statsOf, weekOf } from '../../stats/aggregate'
import { utcDay, type SessionInsight } from '../../stats/insight'
import { groupDigits } from '../../cards/format'
import { formatCost } from '../../stats/prices'
import { pageFile } from '../plan/page-file'
import type { Locale } from '../../cards/types'
import type { SessionSummary, SiteText } from '../types'
import { OVERVIEW_DATA_FILE } from './overview-data'
import type { ChartBar, ChartGroup, ChartModel, OverviewModel, OverviewText, PriceInfo } from './overview-types'

export type { ChartBar, ChartGroup, ChartModel, OverviewModel, OverviewText, PriceInfo } from './overview-types'

export const MAX_BUCKETS = 40
export const MAX_SERIES = 4
/** Entries of each ranked list (most tokens, slowest turns). */
const TOP_ENTRIES = 10

type Unit = 'day' | 'week' | 'month'

function unitFor(days: string[]): Unit {
  if (days.length === 0) return 'day'
  const first = Date.parse(`${days[0]}T00:00:00Z`)
  const last = Date.parse(`${days[days.length - 1]}T00:00:00Z`)
  const span = Math.round((last - first) / 86_400_000) + 1
  if (span <= MAX_BUCKETS) return 'day'
  if (span / 7 <= MAX_BUCKETS) return 'week'
  return 'month'
}

const bucketOf = (day: string, unit: Unit): string => (unit === 'day' ? day : unit === 'week' ? weekOf(day) : day.slice(0, 7))

/** Every bucket from the first to the last (gaps included, so time reads evenly), the last MAX_BUCKETS. */
function bucketRange(days: string[], unit: Unit): string[] {
  if (days.length === 0) return []
  const out: string[] = []
  const end = bucketOf(days[days.length - 1] as string, unit)
  let t = Date.parse(`${bucketOf(days[0] as string, unit)}${unit === 'month' ? '-01' : ''}T00:00:00Z`)
  for (let guard = 0; guard < 10_000; guard++) {
    const d = new Date(t)
    const key = bucketOf(d.toISOString().slice(0, 10), unit)
    if (out[out.length - 1] !== key) out.push(key)
    if (key >= end) break
    if (unit === 'month') t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
    else t += (unit === 'week' ? 7 : 1) * 86_400_000
  }
  return out.slice(-MAX_BUCKETS)
}

/** 1, 2 or 5 × 10^k at or above `n` (a readable axis top). */
function niceMax(n: number): number {
  if (!(n > 0)) return 1
  const p = 10 ** Math.floor(Math.log10(n))
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p
  return 10 * p
}

const W = 640
const H = 170
const PLOT = { left: 52, top: 8, right: W - 8, bottom: H - 24 }
const MAX_BAR = 28

interface Series {
  key: string
  label: string
}

/** Stacked bars: `values(bucket)` → one value per series. */
function barChart(max: string, id: string, title: string, buckets: string[], series: Series[], values: (bucket: string) => number[], format: (n: number) => string, extra: (bucket: string) => string = () => '', integer = false): ChartModel {
  const rows = buckets.map(values)
  // A count's axis has whole steps: at least 0–2, and its middle line only when it is a whole number.
  const top = Math.max(integer ? 2 : 1, niceMax(Math.max(0, ...rows.map(r => r.reduce((a, b) => a + b, 0)))))
  const step = (PLOT.right - PLOT.left) / Math.max(1, buckets.length)
  const scale = (PLOT.bottom - PLOT.top) / top
  const round = (n: number) => Math.round(n * 10) / 10
  // A few buckets are not a few walls: bars are at most MAX_BAR wide, centred in their bucket.
  const width = Math.min(step * 0.8, MAX_BAR)
  const groups: ChartGroup[] = buckets.map((key, i) => {
    let y = PLOT.bottom
    const bars: ChartBar[] = []
    const row = rows[i] as number[]
    row.forEach((v, s) => {
      if (v <= 0) return
      const h = Math.max(1, v * scale)
      y -= h
      bars.push({ x: round(PLOT.left + i * step + (step - width) / 2), y: round(y), width: round(width), height: round(h), series: (series[s] as Series).key })
    })
    const parts = row.flatMap((v, s) => (v > 0 ? [`${(series[s] as Series).label} ${format(v)}`] : []))
    return { key, title: `${key}: ${parts.length === 0 ? format(0) : parts.join(', ')}${extra(key)}`, bars, point: null }
  })
  const busiest = groups.reduce<{ key: string; total: number } | null>((best, g, i) => {
    const total = (rows[i] as number[]).reduce((a, b) => a + b, 0)
    return best === null || total > best.total ? { key: g.key, total } : best
  }, null)
  return {
    id,
    title,
    description: `${title}: ${buckets.length} × ${buckets[0] ?? ''}–${buckets[buckets.length - 1] ?? ''}${busiest === null ? '' : `; ${max} ${format(busiest.total)} (${busiest.key})`}`,
    width: W,
    height: H,
    groups,
    line: null,
    xLabels: xLabels(buckets, step),
    yLabels: (integer && top % 2 !== 0 ? [0, top] : [0, top / 2, top]).map(v => ({ y: round(PLOT.bottom - v * scale), label: format(v) })),
    legend: series.map(s => ({ series: s.key, label: s.label })),
    plot: PLOT,
  }
}

function xLabels(buckets: string[], step: number): { x: number; label: string }[] {
  if (buckets.length === 0) return []
  const picks = new Set([0, Math.floor((buckets.length - 1) / 2), buckets.length - 1])
  return [...picks].sort((a, b) => a - b).map(i => ({ x: Math.round((PLOT.left + i * step + step / 2) * 10) / 10, label: buckets[i] as string }))
}

export function overviewModel(summaries: readonly SessionSummary[], site: SiteText, price: PriceInfo | null = null): OverviewModel | null {
  const text = site.overview
  const records = summaries.flatMap(s => (s.insight === undefined ? [] : [s.insight]))
  if (records.length === 0) return null
  const figures = overviewFigures(records, null, text, site.locale, price)
  const unpriced = records.filter(r => r.cost == null).length
  const from = price === null ? '' : text.pricesFrom.replace('{date}', () => price.date).replace('{currency}', () => price.currency)
  return {
    heading: text.heading,
    totalsLabel: text.totals,
    ...figures,
    costNote: price === null ? text.noPrices : unpriced === 0 ? from : `${from} ${text.unpriced.replace('{n}', groupDigits(unpriced)).replace('{total}', groupDigits(records.length))}`,
    costSource: price === null || !/^https?:\/\//.test(price.source) ? null : { href: price.source, label: text.priceSource },
    top: topSessions(summaries, text, price),
    slowest: slowestTurns(summaries, text, site.locale),
    data: OVERVIEW_DATA_FILE,
  }
}

/**
 * The figures that follow the index filters: the totals of the root (and of `filtered`, the sessions the
 * filters keep, when a filter is set) and the charts of `filtered ?? root`. Pure: the page script
 * (components/index/overview-client.ts) calls it with the records of the data asset (./overview-data.ts).
 */
export function overviewFigures(root: readonly SessionInsight[], filtered: readonly SessionInsight[] | null, text: OverviewText, locale: Locale, price: PriceInfo | null): Pick<OverviewModel, 'totals' | 'filterLabel' | 'charts'> {
  const all = totalsOf(root, text, locale, price)
  const some = filtered === null ? null : totalsOf(filtered, text, locale, price)
  return {
    totals: all.map((t, i) => ({ label: t.label, value: t.value, filtered: some === null ? null : (some[i] as { value: string }).value })),
    filterLabel: filtered === null ? null : text.currentFilter,
    charts: charts(filtered ?? root, text),
  }
}

function totalsOf(records: readonly SessionInsight[], text: OverviewText, locale: Locale, price: PriceInfo | null): { label: string; value: string }[] {
  const { totals } = statsOf(records)
  const u = totals.usage
  const hit = cacheHitPercent(u.cacheReadTokens, promptTokens(u))
  return [
    { label: text.sessions, value: groupDigits(totals.sessions) },
    { label: text.turns, value: groupDigits(totals.turns) },
    { label: text.toolCalls, value: groupDigits(totals.toolCalls) },
    { label: text.tokensIn, value: formatTokens(u.inputTokens) },
    { label: text.tokensOut, value: formatTokens(u.outputTokens) },
    { label: text.reasoning, value: formatTokens(u.reasoningTokens) },
    { label: text.cacheRead, value: formatTokens(u.cacheReadTokens) },
    { label: text.cacheWrite, value: formatTokens(u.cacheWriteTokens) },
    { label: text.cacheHit, value: hit === null ? '–' : `${hit}%` },
    { label: text.timeSpent, value: formatDuration(totals.durationMs, locale) },
    // Cost only when every session's requests are priced: a partial sum would read as the whole.
    ...(price === null ? [] : [{ label: text.cost, value: totals.cost === null ? '—' : formatCost(totals.cost, price.currency) }]),
  ]
}

function charts(records: readonly SessionInsight[], text: OverviewText): ChartModel[] {
  const days = new Set<string>()
  for (const r of records) {
    const start = utcDay(r.start)
    if (start !== null) days.add(start)
    for (const d of r.days) if (d.day !== null) days.add(d.day)
  }
  const sortedDays = [...days].sort()
  const unit = unitFor(sortedDays)
  const buckets = bucketRange(sortedDays, unit)
  if (buckets.length === 0) return []
  const inWindow = new Set(buckets)
  // Series: the models with the most tokens; the rest are "other".
  const byModel = new Map<string, number>()
  for (const r of records) for (const d of r.days) byModel.set(d.model ?? '', (byModel.get(d.model ?? '') ?? 0) + d.usage.totalTokens)
  const ranked = [...byModel.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([m]) => m)
  const named = ranked.length <= MAX_SERIES ? ranked : ranked.slice(0, MAX_SERIES - 1)
  const seriesOf = (model: string | null): number => {
    const i = named.indexOf(model ?? '')
    return i >= 0 ? i : named.length
  }
  const series: Series[] = named.map((m, i) => ({ key: `s${i}`, label: m === '' ? text.unknownModel : m }))
  if (ranked.length > named.length || records.some(r => r.model !== null && !named.includes(r.model))) series.push({ key: `s${named.length}`, label: text.other })
  const width = series.length
  const tokens = new Map<string, number[]>()
  const sessions = new Map<string, number[]>()
  const cache = new Map<string, { read: number; prompt: number }>()
  const cell = (m: Map<string, number[]>, key: string) => {
    let row = m.get(key)
    if (row === undefined) {
      row = new Array<number>(width).fill(0)
      m.set(key, row)
    }
    return row
  }
  for (const r of records) {
    const start = utcDay(r.start)
    if (start !== null) {
      const b = bucketOf(start, unit)
      if (inWindow.has(b)) {
        const row = cell(sessions, b)
        const s = Math.min(seriesOf(r.model), width - 1)
        row[s] = (row[s] ?? 0) + 1
      }
    }
    for (const d of r.days) {
      if (d.day === null) continue
      const b = bucketOf(d.day, unit)
      if (!inWindow.has(b)) continue
      const row = cell(tokens, b)
      const s = Math.min(seriesOf(d.model), width - 1)
      row[s] = (row[s] ?? 0) + d.usage.totalTokens
      const c = cache.get(b) ?? { read: 0, prompt: 0 }
      c.read += d.usage.cacheReadTokens
      c.prompt += promptTokens(d.usage)
      cache.set(b, c)
    }
  }
  const zero = new Array<number>(width).fill(0)
  const failures = new Map<string, { failed: number; interrupted: number; tools: Map<string, number> }>()
  for (const f of failuresByDay(records)) {
    if (f.day === '') continue
    const b = bucketOf(f.day, unit)
    if (!inWindow.has(b)) continue
    const into = failures.get(b) ?? { failed: 0, interrupted: 0, tools: new Map() }
    into.failed += f.failed
    into.interrupted += f.interrupted
    for (const [tool, n] of f.tools) into.tools.set(tool, (into.tools.get(tool) ?? 0) + n)
    failures.set(b, into)
  }
  const count = (n: number) => groupDigits(Math.round(n))
  return [
    barChart(text.max, 'chart-tokens', text.tokensChart, buckets, series, b => tokens.get(b) ?? zero, formatTokens),
    barChart(text.max, 'chart-sessions', text.sessionsChart, buckets, series, b => sessions.get(b) ?? zero, count, undefined, true),
    cacheChart(text.cacheChart, buckets, cache),
    barChart(text.max, 'chart-failures', text.failuresChart, buckets, [{ key: 'failed', label: text.failed }, { key: 'interrupted', label: text.interrupted }], b => {
      const f = failures.get(b)
      return f === undefined ? [0, 0] : [f.failed, f.interrupted]
    }, count, b => {
      const tools = [...(failures.get(b)?.tools ?? new Map<string, number>()).entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
      return tools.length === 0 ? '' : `; ${text.endedOn} ${tools.map(([t, n]) => `${t === '' ? '?' : t} ${n}`).join(', ')}`
    }, true),
  ]
}

function cacheChart(title: string, buckets: string[], cache: Map<string, { read: number; prompt: number }>): ChartModel {
  const step = (PLOT.right - PLOT.left) / Math.max(1, buckets.length)
  const scale = (PLOT.bottom - PLOT.top) / 100
  const round = (n: number) => Math.round(n * 10) / 10
  const groups: ChartGroup[] = buckets.map((key, i) => {
    const c = cache.get(key)
    const hit = c === undefined ? null : cacheHitPercent(c.read, c.prompt)
    return { key, title: `${key}: ${hit === null ? '–' : `${hit}%`}`, bars: [], point: hit === null ? null : { x: round(PLOT.left + i * step + step / 2), y: round(PLOT.bottom - hit * scale) } }
  })
  const points = groups.flatMap(g => (g.point === null ? [] : [`${g.point.x},${g.point.y}`]))
  const hits = groups.flatMap(g => (g.point === null ? [] : [g]))
  return {
    id: 'chart-cache',
    title,
    description: `${title}: ${hits.length} × ${buckets[0] ?? ''}–${buckets[buckets.length - 1] ?? ''}${hits.length === 0 ? '' : `; ${hits[hits.length - 1]?.title ?? ''}`}`,
    width: W,
    height: H,
    groups,
    line: points.length > 1 ? points.join(' ') : null,
    xLabels: xLabels(buckets, step),
    yLabels: [0, 50, 100].map(v => ({ y: round(PLOT.bottom - v * scale), label: `${v}%` })),
    legend: [],
    plot: PLOT,
  }
}

/**
 * The sessions that cost the most (with a price table and priced sessions: ranked by cost, sessions with
 * no price left out), else the sessions with the most tokens; each a link to the session.
 */
function topSessions(summaries: readonly SessionSummary[], text: OverviewText, price: PriceInfo | null): OverviewModel['top'] {
  const byId = (a: SessionSummary, b: SessionSummary) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const costly = price === null ? [] : summaries.filter(s => (s.insight?.cost ?? 0) > 0)
  if (price !== null && costly.length > 0) {
    const ranked = costly.sort((a, b) => (b.insight?.cost ?? 0) - (a.insight?.cost ?? 0) || byId(a, b)).slice(0, TOP_ENTRIES)
    return { heading: text.mostExpensive, entries: ranked.map(s => ({ href: s.href, label: s.title, value: formatCost(s.insight?.cost ?? 0, price.currency) })) }
  }
  const ranked = summaries
    .filter(s => (s.insight?.usage.totalTokens ?? 0) > 0)
    .sort((a, b) => (b.insight?.usage.totalTokens ?? 0) - (a.insight?.usage.totalTokens ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, TOP_ENTRIES)
  return { heading: text.topSessions, entries: ranked.map(s => ({ href: s.href, label: s.title, value: formatTokens(s.insight?.usage.totalTokens ?? 0) })) }
}

/**
 * The root's slowest turns (each session's few slowest, kept in its record): a link to the turn on the Chat
 * page that holds it. Ties: the session id, then the turn, so the list is the same whatever the order.
 */
function slowestTurns(summaries: readonly SessionSummary[], text: OverviewText, locale: Locale): OverviewModel['slowest'] {
  const all = summaries.flatMap(s => (s.insight?.slowTurns ?? []).map(t => ({ s, t })))
  all.sort((a, b) => b.t.ms - a.t.ms || (a.s.id < b.s.id ? -1 : a.s.id > b.s.id ? 1 : 0) || a.t.turn - b.t.turn)
  return {
    heading: text.slowestTurns,
    entries: all.slice(0, TOP_ENTRIES).map(({ s, t }) => ({
      href: `sessions/${pageFile(s.slug, t.page ?? 1)}#turn-${t.turn}`,
      // One pass: a title from the log is text, never a pattern (`$&`) or a placeholder (`{turn}`).
      label: text.turnOf.replace(/\{(title|turn)\}/g, (_, key: string) => (key === 'title' ? s.title : String(t.turn))),
      value: formatDuration(t.ms, locale),
    })),
  }
}
