/**
 * Prices (issue 31 point 3): a versioned table per provider (./prices/deepseek.json ships with the package;
 * `--prices FILE` replaces it), read and checked here, and the cost of one counted request. A table names
 * its currency, the date and source of its figures, the log providers it prices (`deepseek-official`), and
 * dated periods of per-model prices per 1M tokens: cache-hit input (`cacheReadTokens`), cache-miss input
 * (`inputTokens`, which excludes cached input), output (reasoning is part of output), and, where a provider
 * bills it, cache writes. A request is priced only when the table knows its provider and model and one
 * period holds its time; a request with cache-write tokens and no cache-write price, no time, or no model
 * has no price — never a guess. Pure: the page script and the CLI read the same table.
 */
import type { TokenUsage } from '../log/events/schema'

export interface ModelPrice {
  inputCacheHit: number
  inputCacheMiss: number
  output: number
  cacheWrite?: number
}

export interface PricePeriod {
  /** ISO instants (UTC); null: open on that side. */
  from: number | null
  until: number | null
  models: Map<string, ModelPrice>
}

export interface PriceTable {
  currency: string
  date: string
  source: string
  providers: Set<string>
  periods: PricePeriod[]
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const price = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0

/** The table in `raw` (parsed JSON), or the reason it is not one (a user error's text). */
export function readPriceTable(raw: unknown): PriceTable | string {
  if (!isObj(raw)) return 'a price table is a JSON object'
  if (raw['version'] !== 1) return 'unknown price table version (expected "version": 1)'
  const { currency, date, source, providers, periods } = raw
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return '"currency" must be a three-letter code such as "USD"'
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '"date" must be the YYYY-MM-DD the prices were read'
  if (typeof source !== 'string' || !/^https?:\/\//.test(source)) return '"source" must be the http(s) address the prices come from'
  if (!Array.isArray(providers) || providers.length === 0 || !providers.every(p => typeof p === 'string' && p !== '')) return '"providers" must list the log provider names the table prices'
  if (!Array.isArray(periods) || periods.length === 0) return '"periods" must list at least one period of prices'
  const out: PricePeriod[] = []
  for (const [i, p] of periods.entries()) {
    const at = `periods[${i}]`
    if (!isObj(p)) return `${at} must be an object`
    const instant = (v: unknown, name: string): number | null | string => {
      if (v === undefined || v === null) return null
      const t = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/.test(v) ? Date.parse(v) : NaN
      return Number.isFinite(t) ? t : `${at}.${name} must be a UTC time such as "2025-09-05T16:00:00Z"`
    }
    const from = instant(p['from'], 'from')
    const until = instant(p['until'], 'until')
    if (typeof from === 'string') return from
    if (typeof until === 'string') return until
    if (from !== null && until !== null && until <= from) return `${at}: "until" must be after "from"`
    if (!isObj(p['models']) || Object.keys(p['models']).length === 0) return `${at}.models must map model names to prices`
    const models = new Map<string, ModelPrice>()
    for (const [name, m] of Object.entries(p['models'])) {
      if (!isObj(m) || !price(m['inputCacheHit']) || !price(m['inputCacheMiss']) || !price(m['output']) || (m['cacheWrite'] !== undefined && !price(m['cacheWrite']))) {
        return `${at}.models["${name}"] needs inputCacheHit, inputCacheMiss and output prices per 1M tokens (numbers ≥ 0; cacheWrite optional)`
      }
      models.set(name, { inputCacheHit: m['inputCacheHit'] as number, inputCacheMiss: m['inputCacheMiss'] as number, output: m['output'] as number, ...(m['cacheWrite'] === undefined ? {} : { cacheWrite: m['cacheWrite'] as number }) })
    }
    for (const other of out) {
      const overlaps = (from ?? -Infinity) < (other.until ?? Infinity) && (other.from ?? -Infinity) < (until ?? Infinity)
      if (overlaps && [...models.keys()].some(m => other.models.has(m))) return `${at} overlaps an earlier period for the same model`
    }
    out.push({ from, until, models })
  }
  return { currency, date, source, providers: new Set(providers as string[]), periods: out }
}

/**
 * The cost of one request of `model` (`provider/model`) settled at `time`, in the table's currency; null
 * when the table does not price it.
 */
export function requestCost(table: PriceTable, model: string | null, time: number | null, usage: TokenUsage): number | null {
  if (model === null || time === null) return null
  const slash = model.indexOf('/')
  if (slash < 0 || !table.providers.has(model.slice(0, slash))) return null
  const name = model.slice(slash + 1)
  const period = table.periods.find(p => p.models.has(name) && (p.from === null || time >= p.from) && (p.until === null || time < p.until))
  const m = period?.models.get(name)
  if (m === undefined) return null
  const write = usage.cacheWriteTokens ?? 0
  if (write > 0 && m.cacheWrite === undefined) return null
  return ((usage.inputTokens ?? 0) * m.inputCacheMiss + (usage.cacheReadTokens ?? 0) * m.inputCacheHit + (usage.outputTokens ?? 0) * m.output + write * (m.cacheWrite ?? 0)) / 1_000_000
}

/** `$1.93` for US dollars, `1.93 CNY` otherwise; two decimals, more below a cent so a small cost is not 0. */
export function formatCost(amount: number, currency: string): string {
  const digits = amount > 0 && amount < 0.01 ? 4 : 2
  const n = amount.toFixed(digits)
  return currency === 'USD' ? `$${n}` : `${n} ${currency}`
}

/** A table's identity for a build's options key: the same prices give the same key. */
export function priceKey(table: PriceTable): string {
  return JSON.stringify([table.currency, table.date, table.source, [...table.providers], table.periods.map(p => [p.from, p.until, [...p.models.entries()]])])
}
