import { describe, expect, it } from 'vitest'
import { formatDuration, formatRate, formatTokens, groupThousands, timeLabel } from './format'

describe('format', () => {
  it.each<[number, string]>([[0, '0ms'], [850.4, '850ms'], [1_000, '1.0s'], [12_345, '12.3s'], [65_000, '1m 05s'], [3_725_000, '1h 02m'], [-1, '0ms'], [Number.NaN, '0ms']])(
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

describe('groupThousands', () => {
  it.each<[number, string]>([[0, '0'], [999, '999'], [1_232, '1,232'], [1_000_000, '1,000,000'], [-12_345, '-12,345']])(
    'groupThousands(%s) = %s', (n, text) => expect(groupThousands(n)).toBe(text))
})
