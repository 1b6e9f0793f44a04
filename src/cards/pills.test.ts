/** Session pills (cards-current.md §8.2): which parts show, their text in both locales, and ptc-round's numbers (§15.2). */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { assemble } from '../conversation/index'
import type { SessionStats } from '../conversation/model'
import { emptyUsage } from '../conversation/usage'
import { parseLogText } from '../log/parse-text'
import { sessionPills } from './pills'

function stats(over: Partial<SessionStats> = {}): SessionStats {
  return {
    turns: 1, activityTurns: 1, steps: 2, usage: { ...emptyUsage(), inputTokens: 8278, cacheReadTokens: 8960, outputTokens: 252, totalTokens: 17_490 },
    cacheHitPercent: 52, contextWindow: 128_000, lastRequestInputTokens: 8772, lastRequestTokens: 8789, contextUsedPercent: 7,
    toolCalls: 3, subToolCalls: 2, llmMs: null, toolMs: null, ttftAvgMs: null, tokensPerSecond: 42.14, ...over,
  }
}

describe('sessionPills', () => {
  it.each<[string, Partial<SessionStats>, 'en' | 'zh', ReturnType<typeof sessionPills>]>([
    ['everything known', {}, 'en', { activity: '1 turns 2 steps · 42.1 tok/s', usage: '17.5K tok · Cache hit 52%', context: { visible: '7%', label: '7% of context used' } }],
    ['everything known (zh)', {}, 'zh', { activity: '1 轮 2 步 · 42.1 tok/s', usage: '17.5K tok · 缓存命中 52%', context: { visible: '7%', label: '上下文已用 7%' } }],
    ['no decode timing: tok/s omitted', { tokensPerSecond: null }, 'en', { activity: '1 turns 2 steps', usage: '17.5K tok · Cache hit 52%', context: { visible: '7%', label: '7% of context used' } }],
    ['no prompt input: cache hit omitted', { cacheHitPercent: null }, 'en', { activity: '1 turns 2 steps · 42.1 tok/s', usage: '17.5K tok', context: { visible: '7%', label: '7% of context used' } }],
    ['a partial hit keeps its decimals', { cacheHitPercent: 99.9 }, 'en', { activity: '1 turns 2 steps · 42.1 tok/s', usage: '17.5K tok · Cache hit 99.9%', context: { visible: '7%', label: '7% of context used' } }],
    ['no usage at all', { usage: emptyUsage(), cacheHitPercent: null, contextUsedPercent: null }, 'en', { activity: '1 turns 2 steps · 42.1 tok/s', usage: null, context: null }],
    ['no settled message', { activityTurns: 0, steps: 0, tokensPerSecond: null, usage: emptyUsage(), cacheHitPercent: null, contextUsedPercent: null }, 'en', { activity: null, usage: null, context: null }],
  ])('%s', (_name, over, locale, expected) => expect(sessionPills(stats(over), locale)).toEqual(expected))
})

describe('ptc-round (cards-current.md §15.2)', () => {
  const text = readFileSync(new URL('../../fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl', import.meta.url), 'utf8')
  const pills = sessionPills(assemble(parseLogText(text).lines).facts.stats, 'en')

  it('reads 1 turns 2 steps · … tok/s', () => expect(pills.activity).toMatch(/^1 turns 2 steps · \d+(\.\d)? tok\/s$/))
  it('reads 17.5K tok · Cache hit 52%', () => expect(pills.usage).toBe('17.5K tok · Cache hit 52%'))
  it('reads 7% of context used', () => expect(pills.context).toEqual({ visible: '7%', label: '7% of context used' }))
})
