/**
 * Archive figures as tables: a session's requests sorted into UTC days and models (./insight.ts), and the
 * sums and breakdowns of ./aggregate.ts (week starts, date ranges, where each figure goes). The corpus-wide
 * contract (stats totals = the sum over inspect) is cli/stats.test.ts's.
 */
import { describe, expect, it } from 'vitest'
import type { CountedRequest } from '../conversation/usage'
import { failuresByDay, inRange, keepsSession, statsOf, weekOf } from './aggregate'
import { sessionInsight, utcDay, type SessionInsight } from './insight'
import { readPriceTable, type PriceTable } from './prices'

const DAY = 86_400_000
const T0 = Date.parse('2026-11-30T10:00:00Z') // a Monday
const req = (time: number | null, model: string | null, input: number): CountedRequest => ({ key: `r${time}${model}`, seq: 1, time, model, usage: { inputTokens: input, outputTokens: 1 } })
const usage = (input: number, output: number) => ({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: input + output })

function insight(over: Partial<Parameters<typeof sessionInsight>[0]> = {}): SessionInsight {
  const requests = over.requests ?? [req(T0, 'p/a', 10), req(T0 + DAY, 'p/b', 20), req(null, 'p/a', 5)]
  return sessionInsight({
    id: 's',
    project: '/w',
    start: T0,
    end: T0 + 60_000,
    status: 'completed',
    model: 'p/a',
    counts: { turns: 2, toolCalls: 3, subToolCalls: 0 },
    usage: usage(35, 3),
    requests,
    tools: new Map([['read', 1], ['bash', 2]]),
    lastTool: 'bash',
    ...over,
  })
}

describe('sessionInsight', () => {
  it('sorts the requests into UTC day × model; a request with no clock goes to the start day', () => {
    expect(insight().days).toEqual([
      { day: '2026-11-30', model: 'p/a', requests: 2, usage: usage(15, 2) },
      { day: '2026-12-01', model: 'p/b', requests: 1, usage: usage(20, 1) },
    ])
    expect(insight({ start: null, requests: [req(null, null, 1)] }).days[0]?.day).toBeNull()
  })

  it('keeps tools sorted by name, and the duration only when the clock runs forward', () => {
    expect(insight().tools).toEqual([['bash', 2], ['read', 1]])
    expect(insight().durationMs).toBe(60_000)
    expect(insight({ end: T0 - 1 }).durationMs).toBeNull()
  })
})

describe('weekOf, inRange, utcDay', () => {
  it.each([
    ['2026-11-30', '2026-11-30'],
    ['2026-12-06', '2026-11-30'],
    ['2026-12-07', '2026-12-07'],
    ['2026-01-01', '2025-12-29'],
  ])('week of %s starts %s', (day, monday) => expect(weekOf(day)).toBe(monday))

  it('keeps sessions by start day, inclusive; an undated one only without a range', () => {
    const s = insight()
    expect(inRange(s, '2026-11-30', '2026-11-30')).toBe(true)
    expect(inRange(s, '2026-12-01', null)).toBe(false)
    expect(inRange(s, null, '2026-11-29')).toBe(false)
    expect(inRange(insight({ start: null }), null, null)).toBe(true)
    expect(inRange(insight({ start: null }), '2000-01-01', null)).toBe(false)
    expect(utcDay(Date.parse('2026-11-30T23:59:59.999Z'))).toBe('2026-11-30')
  })
})

describe('statsOf', () => {
  const a = insight()
  const b = insight({ id: 'b', project: null, start: T0 + 2 * DAY, end: T0 + 2 * DAY + 1000, status: 'failed', model: 'p/b', requests: [req(T0 + 2 * DAY, 'p/b', 7)], usage: usage(7, 1), tools: new Map([['bash', 1]]), lastTool: 'bash', counts: { turns: 1, toolCalls: 1, subToolCalls: 0 } })

  it('totals: sessions, turns, calls, requests, tokens, time, failures', () => {
    expect(statsOf([a, b]).totals).toEqual({ key: 'total', sessions: 2, turns: 3, toolCalls: 4, requests: 4, usage: usage(42, 4), durationMs: 61_000, failed: 1, interrupted: 0, cost: null })
  })

  it('by day: tokens on the day they settled, sessions on the day they started', () => {
    const rows = statsOf([a, b], { by: 'day' }).rows
    expect(rows.map(r => [r.key, r.sessions, r.usage.totalTokens])).toEqual([['2026-11-30', 1, 17], ['2026-12-01', 0, 21], ['2026-12-02', 1, 8]])
  })

  it('by week, model, project, tool', () => {
    expect(statsOf([a, b], { by: 'week' }).rows.map(r => [r.key, r.sessions, r.usage.totalTokens])).toEqual([['2026-11-30', 2, 46]])
    expect(statsOf([a, b], { by: 'model' }).rows.map(r => [r.key, r.sessions, r.usage.inputTokens])).toEqual([['p/a', 1, 15], ['p/b', 1, 27]])
    expect(statsOf([a, b], { by: 'project' }).rows.map(r => [r.key, r.sessions, r.usage.inputTokens])).toEqual([['', 1, 7], ['/w', 1, 35]])
    expect(statsOf([a, b], { by: 'tool' }).rows.map(r => [r.key, r.toolCalls, r.sessions, r.failed])).toEqual([['bash', 3, 2, 1], ['read', 1, 1, 0]])
  })

  it('a date range filters before anything is summed', () => {
    expect(statsOf([a, b], { since: '2026-12-01' }).totals.sessions).toBe(1)
    expect(statsOf([a, b], { until: '2026-12-01', by: 'day' }).rows.map(r => r.key)).toEqual(['2026-11-30', '2026-12-01'])
  })

  it('failures per day name the tool each session ended on', () => {
    expect(failuresByDay([a, b, insight({ id: 'c', status: 'interrupted', lastTool: null })])).toEqual([
      { day: '2026-11-30', failed: 0, interrupted: 1, tools: [] },
      { day: '2026-12-02', failed: 1, interrupted: 0, tools: [['bash', 1]] },
    ])
  })
})

describe('keepsSession (the index facet filters)', () => {
  const s = insight({ project: '/a', status: 'failed', model: 'p/b' })
  it.each([
    [{}, true],
    [{ status: '', project: '', model: '', since: '', until: '' }, true],
    [{ status: 'failed' }, true],
    [{ status: 'completed' }, false],
    [{ project: '/a' }, true],
    [{ project: '/b' }, false],
    [{ model: 'p/b' }, true],
    [{ model: 'p/a' }, false],
    [{ since: '2026-11-30', until: '2026-11-30' }, true],
    [{ since: '2026-12-01' }, false],
    [{ until: '2026-11-29' }, false],
    [{ project: '/a', model: 'p/b', status: 'failed', since: '2026-11-01' }, true],
  ])('%j → %s', (filter, kept) => {
    expect(keepsSession(s, filter)).toBe(kept)
  })
  it('a date range leaves out a session with no start; open facets keep it', () => {
    const none = insight({ start: null })
    expect(keepsSession(none, { since: '2026-01-01' })).toBe(false)
    expect(keepsSession(none, { since: '', until: '' })).toBe(true)
  })
})

describe('cost in the sums', () => {
  const priced = readPriceTable({ version: 1, date: '2026-01-01', currency: 'USD', source: 'https://x.test', providers: ['p'], periods: [{ models: { a: { inputCacheHit: 0, inputCacheMiss: 1_000_000, output: 0 } } }] }) as PriceTable
  it('a session, day or model row has a cost only when every request in it is priced', () => {
    const a = insight({ requests: [req(T0, 'p/a', 10), req(T0 + DAY, 'p/a', 20)], prices: priced })
    const b = insight({ requests: [req(T0, 'p/a', 5), req(T0 + DAY, 'p/b', 7)], prices: priced })
    expect(a.cost).toBe(30)
    expect(b.cost).toBeNull()
    expect(statsOf([a]).totals.cost).toBe(30)
    expect(statsOf([a, b]).totals.cost).toBeNull()
    expect(statsOf([a, b], { by: 'day' }).rows.map(r => [r.key, r.cost])).toEqual([['2026-11-30', 15], ['2026-12-01', null]])
    expect(statsOf([a, b], { by: 'model' }).rows.map(r => [r.key, r.cost])).toEqual([['p/a', 35], ['p/b', null]])
    expect(insight({ requests: [req(T0, 'p/a', 1)] }).cost).toBeUndefined()
  })
})
