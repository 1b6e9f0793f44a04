/**
 * Prices as tables: what a request costs (cache-hit and cache-miss input apart, output, cache writes only
 * where the table prices them), when it has no price (unknown provider, model or time, outside every
 * period), why a table is refused, how a cost reads, and that the bundled table is valid and dated.
 */
import { describe, expect, it } from 'vitest'
import deepseek from './prices/deepseek.json'
import { defaultPrices } from './default-prices'
import { formatCost, readPriceTable, requestCost, type PriceTable } from './prices'

const table = readPriceTable({
  version: 1, date: '2026-01-01', currency: 'USD', source: 'https://example.test/p', providers: ['prov'],
  periods: [
    { from: '2026-01-01T00:00:00Z', until: '2026-02-01T00:00:00Z', models: { m: { inputCacheHit: 1, inputCacheMiss: 10, output: 100 } } },
    { from: '2026-02-01T00:00:00Z', models: { m: { inputCacheHit: 2, inputCacheMiss: 20, output: 200, cacheWrite: 5 } } },
  ],
}) as PriceTable
const JAN = Date.parse('2026-01-15T12:00:00Z')
const FEB = Date.parse('2026-02-01T00:00:00Z')

describe('requestCost', () => {
  it.each([
    ['cache miss, cache hit and output priced apart', 'prov/m', JAN, { inputTokens: 1_000_000, cacheReadTokens: 2_000_000, outputTokens: 500_000 }, 10 + 2 + 50],
    ['reasoning is part of output, not priced again', 'prov/m', JAN, { outputTokens: 1_000_000, reasoningTokens: 900_000 }, 100],
    ['the period holding the time (from is inclusive)', 'prov/m', FEB, { inputTokens: 1_000_000 }, 20],
    ['cache writes where the period prices them', 'prov/m', FEB, { cacheWriteTokens: 1_000_000 }, 5],
    ['no price for cache writes: no cost', 'prov/m', JAN, { inputTokens: 1, cacheWriteTokens: 1 }, null],
    ['before every period', 'prov/m', Date.parse('2025-12-31T23:59:59Z'), { inputTokens: 1 }, null],
    ['unknown model', 'prov/other', JAN, { inputTokens: 1 }, null],
    ['unknown provider', 'elsewhere/m', JAN, { inputTokens: 1 }, null],
    ['no provider', 'm', JAN, { inputTokens: 1 }, null],
    ['no model', null, JAN, { inputTokens: 1 }, null],
    ['no time', 'prov/m', null, { inputTokens: 1 }, null],
    ['no tokens', 'prov/m', JAN, {}, 0],
  ])('%s', (_what, model, time, usage, want) => {
    const got = requestCost(table, model, time, usage)
    if (want === null) expect(got).toBeNull()
    else expect(got).toBeCloseTo(want, 9)
  })
})

describe('readPriceTable', () => {
  const ok = { version: 1, date: '2026-01-01', currency: 'USD', source: 'https://x.test', providers: ['p'], periods: [{ models: { m: { inputCacheHit: 0, inputCacheMiss: 1, output: 2 } } }] }
  it.each([
    ['not an object', [], /JSON object/],
    ['another version', { ...ok, version: 2 }, /version/],
    ['a currency that is not a code', { ...ok, currency: '$' }, /currency/],
    ['no date', { ...ok, date: undefined }, /"date"/],
    ['a source that is not http(s)', { ...ok, source: 'file:///x' }, /"source"/],
    ['no providers', { ...ok, providers: [] }, /"providers"/],
    ['no periods', { ...ok, periods: [] }, /"periods"/],
    ['a time without its zone', { ...ok, periods: [{ ...ok.periods[0], from: '2026-01-01T00:00:00' }] }, /UTC time/],
    ['until before from', { ...ok, periods: [{ ...ok.periods[0], from: '2026-02-01T00:00:00Z', until: '2026-01-01T00:00:00Z' }] }, /after/],
    ['a price that is not a number', { ...ok, periods: [{ models: { m: { inputCacheHit: '0', inputCacheMiss: 1, output: 2 } } }] }, /models\["m"\]/],
    ['two periods pricing one model at one time', { ...ok, periods: [ok.periods[0], ok.periods[0]] }, /overlaps/],
  ])('refuses %s', (_what, raw, reason) => {
    expect(readPriceTable(raw)).toMatch(reason)
  })
  it('reads a valid table', () => {
    expect(readPriceTable(ok)).toMatchObject({ currency: 'USD', date: '2026-01-01' })
  })
})

describe('the bundled table', () => {
  it('is valid, dated and sourced, and prices only what its page lists', () => {
    const t = defaultPrices()
    expect(t.source).toBe('https://api-docs.deepseek.com/quick_start/pricing')
    expect(t.date).toBe(deepseek.date)
    expect([...t.providers]).toEqual(['deepseek-official'])
    expect(requestCost(t, 'deepseek-official/deepseek-chat', Date.parse('2025-09-10T03:00:00Z'), { inputTokens: 1_000_000, cacheReadTokens: 1_000_000, outputTokens: 1_000_000 })).toBeCloseTo(0.56 + 0.07 + 1.68, 9)
    // Before the cited list took effect, after the next price change, and models the page does not list: no price.
    expect(requestCost(t, 'deepseek-official/deepseek-chat', Date.parse('2025-09-05T15:59:59Z'), { inputTokens: 1 })).toBeNull()
    expect(requestCost(t, 'deepseek-official/deepseek-chat', Date.parse('2025-09-29T00:00:00Z'), { inputTokens: 1 })).toBeNull()
    expect(requestCost(t, 'deepseek-official/deepseek-v4-flash', Date.parse('2025-09-10T03:00:00Z'), { inputTokens: 1 })).toBeNull()
  })
})

describe('formatCost', () => {
  it.each([
    [1.934, 'USD', '$1.93'],
    [0, 'USD', '$0.00'],
    [0.00123, 'USD', '$0.0012'],
    [12.5, 'CNY', '12.50 CNY'],
  ])('%s %s → %s', (amount, currency, want) => {
    expect(formatCost(amount, currency)).toBe(want)
  })
})
