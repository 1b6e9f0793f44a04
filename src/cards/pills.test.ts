/** Session pills (cards-current.md §8.2): which parts show, their text in both locales, and ptc-round's numbers (§15.2). */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { assemble } from '../conversation/index'
import type { SessionStats } from '../conversation/model'
import { emptyUsage } from '../conversation/usage'
import { parseLogText } from '../log/json/parse-text'
import { sessionPills } from './pills'

function stats(over: Partial<SessionStats> = {}): SessionStats {
  return {
    turns: 1, activityTurns: 1, steps: 2, usage: { ...emptyUsage(), inputTokens: 8278, cacheReadTokens: 8960, outputTokens: 252, totalTokens: 17_490 },
    cacheHitPercent: 52, contextWindow: 128_000, lastRequestInputTokens: 8772, lastRequestTokens: 8789, contextUsedPercent: 7,
    toolCalls: 3, subToolCalls: 2, llmMs: null, toolMs: null, ttftAvgMs: null, tokensPerSecond: 42.14, ...over,
  }
}

/** Each pill as its accessible name and visible parts (null: no pill). */
const names = (p: ReturnType<typeof sessionPills>) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v === null ? null : { name: v.name, parts: v.parts, button: v.button }]))

describe('sessionPills', () => {
  const activity = { name: '1 turns 2 steps · 42.1 tok/s', parts: ['1 turns 2 steps', '42.1 tok/s'], button: true }
  const usage = { name: '17.5K tok · Cache hit 52%', parts: ['17.5K tok', 'Cache hit 52%'], button: true }
  const context = { name: '7% of context used', parts: ['7%'], button: true }
  it.each<[string, Partial<SessionStats>, 'en' | 'zh', Record<string, unknown>]>([
    ['everything known', {}, 'en', { activity, usage, context }],
    ['everything known (zh)', {}, 'zh', {
      activity: { name: '1 轮 2 步 · 42.1 tok/s', parts: ['1 轮 2 步', '42.1 tok/s'], button: true },
      usage: { name: '17.5K tok · 缓存命中 52%', parts: ['17.5K tok', '缓存命中 52%'], button: true },
      context: { name: '上下文已用 7%', parts: ['7%'], button: true },
    }],
    ['no decode timing: tok/s omitted', { tokensPerSecond: null, llmMs: 900 }, 'en', { activity: { name: '1 turns 2 steps', parts: ['1 turns 2 steps'], button: true }, usage, context }],
    ['no timing at all: the activity pill is plain text', { tokensPerSecond: null }, 'en', { activity: { name: '1 turns 2 steps', parts: ['1 turns 2 steps'], button: false }, usage, context }],
    ['no prompt input: cache hit omitted', { cacheHitPercent: null }, 'en', { activity, usage: { name: '17.5K tok', parts: ['17.5K tok'], button: true }, context }],
    ['a partial hit keeps its decimals', { cacheHitPercent: 99.9 }, 'en', { activity, usage: { name: '17.5K tok · Cache hit 99.9%', parts: ['17.5K tok', 'Cache hit 99.9%'], button: true }, context }],
    ['no usage at all', { usage: emptyUsage(), cacheHitPercent: null, contextUsedPercent: null }, 'en', { activity, usage: null, context: null }],
    ['no settled message', { activityTurns: 0, steps: 0, tokensPerSecond: null, usage: emptyUsage(), cacheHitPercent: null, contextUsedPercent: null }, 'en', { activity: null, usage: null, context: null }],
  ])('%s', (_name, over, locale, expected) => expect(names(sessionPills(stats(over), locale))).toEqual(expected))

  it('opens the breakdown behind each pill, exact figures with digit grouping', () => {
    const pills = sessionPills(stats({ turns: 3, toolCalls: 1_234, llmMs: 61_000, ttftAvgMs: 800 }), 'en')
    expect(pills.activity?.title).toBe('Session activity')
    expect(pills.activity?.items).toEqual([
      { label: 'Turns', value: '3' }, { label: 'Steps', value: '2' }, { label: 'Tool calls', value: '1,234' },
      { label: 'Model time', value: '1m 01s' }, { label: 'Average time to first token', value: '800ms' }, { label: 'Output speed', value: '42.1 tok/s' },
    ])
    expect(pills.usage?.items).toEqual([
      { label: 'Uncached input', value: '8,278' }, { label: 'Cached input', value: '8,960' }, { label: 'Cache write', value: '0' },
      { label: 'Output', value: '252' }, { label: 'Total', value: '17,490' }, { label: 'Cache hit', value: '52%' },
    ])
    expect(pills.context?.items).toEqual([{ label: 'Last request', value: '8,789 tok' }, { label: 'Context window', value: '128,000 tok' }])
  })
})

describe('ptc-round (cards-current.md §15.2)', () => {
  const text = readFileSync(new URL('../../fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl', import.meta.url), 'utf8')
  const pills = sessionPills(assemble(parseLogText(text).lines).facts.stats, 'en')

  it('reads 1 turns 2 steps · … tok/s', () => expect(pills.activity?.name).toMatch(/^1 turns 2 steps · \d+(\.\d)? tok\/s$/))
  it('reads 17.5K tok · Cache hit 52%', () => expect(pills.usage?.name).toBe('17.5K tok · Cache hit 52%'))
  it('reads 7% of context used', () => expect([pills.context?.name, pills.context?.parts]).toEqual(['7% of context used', ['7%']]))
})
