/**
 * The overview's geometry as tables: which time unit the records' span gets, the series (the models with
 * the most tokens, the rest as "other"), bars stacked inside the plot, and totals that are statsOf's.
 */
import { describe, expect, it } from 'vitest'
import { sessionInsight } from '../../stats/insight'
import { siteText } from '../strings'
import type { SessionSummary } from '../types'
import { MAX_BUCKETS, overviewModel } from './overview'

const DAY = 86_400_000
const T0 = Date.parse('2026-01-05T12:00:00Z')

function summary(i: number, start: number, model: string, tokens: number, status: SessionSummary['status'] = 'completed'): SessionSummary {
  const insight = sessionInsight({
    id: `s${i}`, project: '/w', start, end: start + 1000, status, model,
    counts: { turns: 1, toolCalls: 1, subToolCalls: 0 },
    usage: { inputTokens: tokens, outputTokens: 0, cacheReadTokens: tokens, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 2 * tokens },
    requests: [{ key: 'r', seq: 1, time: start, model, usage: { inputTokens: tokens, cacheReadTokens: tokens } }],
    tools: new Map([['bash', 1]]), lastTool: 'bash',
  })
  return { id: `s${i}`, slug: `s${i}`, href: `sessions/s${i}.html`, title: `S${i}`, project: '/w', start: null, duration: null, model, turns: 1, toolCalls: 1, status, parentId: null, pages: 1, warnings: 0, insight }
}

const text = siteText('en')

describe('overviewModel', () => {
  it('names a slow turn by its session title as text: no replacement pattern, no placeholder', () => {
    const one = summary(0, T0, 'p/a', 10)
    const titled: SessionSummary = { ...one, title: "Fix $& and $' {turn} {title}", insight: one.insight === undefined ? undefined : { ...one.insight, slowTurns: [{ turn: 3, ms: 5000, page: 2 }] } }
    const entry = overviewModel([titled], text)?.slowest.entries[0]
    expect(entry?.label).toBe("Fix $& and $' {turn} {title}, turn 3")
    expect(entry?.href).toBe('sessions/s0.p2.html#turn-3')
  })

  it('is null without any record', () => {
    expect(overviewModel([{ ...summary(0, T0, 'm', 1), insight: undefined }], text)).toBeNull()
  })

  it.each([
    ['days', 10, 1, 10, /^2026-01-\d\d$/],
    ['weeks', 100, 1, 15, /^2026-\d\d-\d\d$/],
    ['months', 800, 10, 27, /^\d{4}-\d\d$/],
  ])('a span of %s gets buckets of that unit, at most MAX_BUCKETS', (_unit, days, every, buckets, key) => {
    const list = Array.from({ length: Math.floor(days / every) }, (_, i) => summary(i, T0 + i * every * DAY, 'p/a', 10))
    const model = overviewModel(list, text)
    const tokens = model?.charts[0]
    expect(tokens?.groups.length).toBe(buckets)
    expect(tokens?.groups.length).toBeLessThanOrEqual(MAX_BUCKETS)
    for (const g of tokens?.groups ?? []) expect(g.key).toMatch(key)
  })

  it('stacks at most four series, the rest as other; bars stay inside the plot; totals and top list', () => {
    const models = ['p/a', 'p/b', 'p/c', 'p/d', 'p/e']
    const list = models.map((m, i) => summary(i, T0 + (i % 2) * DAY, m, 1000 * (10 - i), i === 4 ? 'failed' : 'completed'))
    const model = overviewModel(list, text)
    if (model === null) throw new Error('no overview')
    const tokens = model.charts[0]
    expect(tokens?.legend.map(l => l.label)).toEqual(['p/a', 'p/b', 'p/c', 'other'])
    for (const chart of model.charts) {
      for (const g of chart.groups) for (const b of g.bars) {
        expect(b.y).toBeGreaterThanOrEqual(chart.plot.top - 0.1)
        expect(b.y + b.height).toBeLessThanOrEqual(chart.plot.bottom + 0.1)
      }
    }
    expect(model.totals.find(t => t.label === 'Sessions')?.value).toBe('5')
    expect(model.totals.find(t => t.label === 'Tokens in')?.value).toBe('40K')
    expect(model.totals.find(t => t.label === 'Cache hit rate')?.value).toBe('50%')
    expect(model.top.entries.map(e => e.href)).toEqual(['sessions/s0.html', 'sessions/s1.html', 'sessions/s2.html', 'sessions/s3.html', 'sessions/s4.html'])
    const failures = model.charts[3]
    expect(failures?.groups.find(g => g.bars.length > 0)?.title).toBe('2026-01-05: failed 1; ended on bash 1')
    expect(model.charts[2]?.groups[0]?.title).toBe('2026-01-05: 50%')
  })
})
