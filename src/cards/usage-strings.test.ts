/** The pills / turn usage / changed-files dictionaries: every key in both locales, and no string of the other locale's script. */
import { describe, expect, it } from 'vitest'
import { usageStrings, type UsageDictionary } from './usage-strings'

/** Renders every entry with sample arguments. */
function all(t: UsageDictionary): string[] {
  return Object.values(t).map((v: unknown) => (typeof v === 'function' ? String((v as (...a: unknown[]) => unknown)(1, 2)) : String(v)))
}

describe('usageStrings', () => {
  it('has the same keys in en and zh', () => {
    expect(Object.keys(usageStrings('zh')).sort()).toEqual(Object.keys(usageStrings('en')).sort())
  })

  it('en has no CJK', () => {
    for (const s of all(usageStrings('en'))) expect(s).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/)
  })

  it('zh has no English words besides the token unit dsh keeps (`tok`, `tok/s`)', () => {
    for (const s of all(usageStrings('zh'))) expect(s.replace(/\btok(\/s)?\b/g, '')).not.toMatch(/[A-Za-z]/)
  })

  it.each<[keyof UsageDictionary, 'en' | 'zh', unknown[], string]>([
    ['counts', 'en', [1, 2], '1 turns 2 steps'], ['counts', 'zh', [1, 2], '1 轮 2 步'],
    ['cacheHit', 'en', ['52'], 'Cache hit 52%'], ['cacheHit', 'zh', ['52'], '缓存命中 52%'],
    ['contextUsed', 'en', ['7%'], '7% of context used'], ['contextUsed', 'zh', ['7%'], '上下文已用 7%'],
    ['turnUsage', 'en', ['12.4K'], 'Usage 12.4K tok'], ['turnUsage', 'zh', ['980'], '用量 980 tok'],
    ['changesOpenReview', 'en', [], 'Review this turn’s changes in the sidebar'],
  ])('%s (%s)', (key, locale, args, text) => {
    const entry: unknown = usageStrings(locale)[key]
    expect(typeof entry === 'function' ? (entry as (...a: unknown[]) => string)(...args) : entry).toBe(text)
  })
})
