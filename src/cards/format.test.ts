import { describe, expect, it } from 'vitest'
import { formatDuration, formatRate, formatTokens, groupDigits, timeLabel } from './format'

describe('format', () => {
  it.each<[number, string]>([[0, '0ms'], [850.4, '850ms'], [1_000, '1.0s'], [12_345, '12.3s'], [65_000, '1m 05s'], [3_725_000, '1h 02m'], [-1, '0ms'], [Number.NaN, '0ms'], [1e308, '2501999792h 59m'], [Number.MAX_SAFE_INTEGER, '2501999792h 59m']])(
    'formatDuration(%s) = %s', (ms, text) => expect(formatDuration(ms)).toBe(text))
  // zh units as dsh's duration.*Unit keys (cards-current.md §12.1).
  it.each<[number, string]>([[850.4, '850毫秒'], [12_345, '12.3秒'], [65_000, '1分05秒'], [3_725_000, '1小时02分'], [-1, '0毫秒']])(
    'formatDuration(%s, zh) = %s', (ms, text) => expect(formatDuration(ms, 'zh')).toBe(text))
  it('formatRate', () => expect([formatRate(42.14), formatRate(123.6)]).toEqual(['42.1', '124']))
  it('timeLabel is UTC and null for unknown times', () => {
    expect(timeLabel(Date.UTC(2026, 6, 31, 11, 53, 12))).toEqual({ iso: '2026-07-31T11:53:12.000Z', label: '2026-07-31 11:53:12 UTC' })
    expect([timeLabel(null), timeLabel(0), timeLabel(Number.POSITIVE_INFINITY), timeLabel(9e15)]).toEqual([null, null, null, null])
  })
})

describe('formatTokens (cards-current.md §8.2 compact token format)', () => {
  it.each<[number, string]>([
    [0, '0'], [980, '980'], [999, '999'], [1_000, '1K'], [1_049, '1K'], [1_050, '1.1K'], [1_500, '1.5K'],
    [12_400, '12.4K'], [17_490, '17.5K'], [20_000, '20K'], [99_940, '99.9K'], [99_950, '100K'], [100_000, '100K'],
    [100_499, '100K'], [100_500, '101K'], [517_000, '517K'], [999_499, '999K'], [999_500, '1000K'],
    [1_000_000, '1M'], [1_200_000, '1.2M'], [1_250_000, '1.3M'], [99_960_000, '100M'], [123_456_789, '123M'],
    [-5, '0'], [Number.NaN, '0'],
  ])('formatTokens(%s) = %s', (n, text) => expect(formatTokens(n)).toBe(text))
})

describe('groupDigits (the one digit grouping: cards, site chrome, Trajectory, CLI)', () => {
  const table: [number, string][] = [
    [0, '0'], [-0, '0'], [7, '7'], [999, '999'], [1_000, '1,000'], [1_232, '1,232'], [12_345, '12,345'], [123_456, '123,456'],
    [1_000_000, '1,000,000'], [-1, '-1'], [-999, '-999'], [-1_234, '-1,234'], [-12_345, '-12,345'], [-1_234_567, '-1,234,567'],
    // Decimals: only the integer part is grouped (the old copies gave `1,234.5,678`).
    [1234.5678, '1,234.5678'], [-1234.5678, '-1,234.5678'], [0.12345, '0.12345'], [1_000_000.5, '1,000,000.5'], [999.9999, '999.9999'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
    // What String writes with an exponent, and the non-numbers, stay as String writes them.
    [1e21, '1e+21'], [1e-7, '1e-7'], [Number.NaN, 'NaN'], [Infinity, 'Infinity'], [-Infinity, '-Infinity'],
  ]
  it.each(table)('groupDigits(%s) = %s', (n, text) => expect(groupDigits(n)).toBe(text))

  it('reads as en-US does for every finite number in the table without an exponent', () => {
    const enUs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20, useGrouping: true })
    for (const [n] of table) if (Number.isFinite(n) && !String(n).includes('e')) expect(groupDigits(n)).toBe(enUs.format(n).replace(/^-0$/, '0'))
  })

  it('does not depend on the machine’s locale (no toLocaleString, no Intl)', () => {
    const toLocale = Number.prototype.toLocaleString
    const format = Intl.NumberFormat
    try {
      // A German default would write 1.234,5678; the grouping must not ask.
      Number.prototype.toLocaleString = function () { throw new Error('toLocaleString called') }
      ;(Intl as { NumberFormat: unknown }).NumberFormat = function () { throw new Error('Intl.NumberFormat called') }
      for (const [n, text] of table) expect(groupDigits(n)).toBe(text)
    } finally {
      Number.prototype.toLocaleString = toLocale
      ;(Intl as { NumberFormat: unknown }).NumberFormat = format
    }
  })
})
