import { describe, expect, it } from 'vitest'
import { formatDuration, formatRate, timeLabel } from './format'

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
