/**
 * The formatting rules of trajectory.md §6, table by table: tokens without grouping, K or percentages; the two
 * duration formats; throughput; the Started clock and its Unix form; the count plurals; and the zh units.
 */
import { describe, expect, it } from 'vitest'
import { clockUtc, durationMillis, durationMs, stepCount, throughput, tokens, toolCallCount, unixSeconds } from './format'
import { fill, trajectoryDictionary, trajectoryWords, type TrajectoryKey } from './strings'

const en = trajectoryWords('en')
const zh = trajectoryWords('zh')

describe('tokens (§6: the raw integer, no separator, no K/M)', () => {
  it.each([
    [235, '235 tok'],
    [8466, '8466 tok'],
    [17238, '17238 tok'],
    [1_250_000, '1250000 tok'],
    [0, '0 tok'],
  ])('%d → %s', (value, want) => {
    expect(tokens(value, en)).toBe(want)
    expect(tokens(value, zh)).toBe(want)
    expect(tokens(value, en)).not.toMatch(/[KM%,]/)
  })
})

describe('formatDurationMs', () => {
  it.each([
    [0, '0 ms', '0 毫秒'],
    [25, '25 ms', '25 毫秒'],
    [500, '500 ms', '500 毫秒'],
    [999.4, '999 ms', '999 毫秒'],
    [1000, '1.00 s', '1.00 秒'],
    [4003, '4.00 s', '4.00 秒'],
    [9994, '9.99 s', '9.99 秒'],
    [12_345, '12.3 s', '12.3 秒'],
    [600_000, '600.0 s', '600.0 秒'],
  ])('%d ms → %s / %s', (ms, wantEn, wantZh) => {
    expect(durationMs(ms, en)).toBe(wantEn)
    expect(durationMs(ms, zh)).toBe(wantZh)
  })
})

describe('formatDurationMillis', () => {
  it.each([
    [0, '0 ms'],
    [1500, '1,500 ms'],
    [2000, '2,000 ms'],
    [1_234_567, '1,234,567 ms'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('%s → %s', (ms, want) => {
    expect(durationMillis(ms, en)).toBe(want)
  })
  it('zh keeps the grouping with its own unit', () => {
    expect(durationMillis(1500, zh)).toBe('1,500 毫秒')
  })
  it('groups like the client (src/cards/format.ts groupDigits)', () => {
    expect([1, 12, 123, 1234, 12345, 123456, 1234567].map(ms => durationMillis(ms, en))).toEqual(['1 ms', '12 ms', '123 ms', '1,234 ms', '12,345 ms', '123,456 ms', '1,234,567 ms'])
  })
})

describe('throughput, clocks, counts', () => {
  it('throughput has one decimal', () => {
    expect(throughput(20, en)).toBe('20.0 tok/s')
    expect(throughput(58.7349, zh)).toBe('58.7 tok/s')
  })
  it('Started: UTC on the page, Unix seconds in the toggle', () => {
    expect(clockUtc(1790389380425)).toBe('2026-09-26 02:23:00.425')
    expect(unixSeconds(1790389380425)).toBe('1790389380.425')
  })
  it('counts pluralise in English only', () => {
    expect([toolCallCount(1, en), toolCallCount(3, en), stepCount(1, en), stepCount(2, en)]).toEqual(['1 tool call', '3 tool calls', '1 step', '2 steps'])
    expect([toolCallCount(1, zh), stepCount(2, zh)]).toEqual(['1 个工具调用', '2 个步骤'])
  })
  it('fills templates with String(value), leaving unknown slots', () => {
    expect(fill('{a} and {b}', { a: 1234 })).toBe('1234 and {b}')
    expect(fill('Request #{request}', { request: 12 })).toBe('Request #12')
  })

  it.each(['en', 'zh'] as const)('%s: every template reads through t() as fill() fills it', (locale) => {
    const dictionary = trajectoryDictionary(locale)
    const { t } = trajectoryWords(locale)
    for (const [key, template] of Object.entries(dictionary) as [TrajectoryKey, string][]) {
      const names = [...template.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] as string)
      const all = Object.fromEntries(names.map((name, i) => [name, i % 2 === 0 ? i * 1000 + 7 : `v<${name}>`]))
      const some = Object.fromEntries(names.slice(1).map((name) => [name, name]))
      expect(t(key), key).toBe(fill(template, undefined))
      expect(t(key, all), key).toBe(fill(template, all))
      expect(t(key, some), key).toBe(fill(template, some))
      expect(t(key, {}), key).toBe(fill(template, {}))
    }
    expect(t('turn.label', { turn: 3 })).toBe(locale === 'en' ? 'Turn 3' : fill(dictionary['turn.label'], { turn: 3 }))
  })
})
