import { describe, expect, it } from 'vitest'
import { detailWords, type DetailWords } from './strings'

/** Every string a dictionary yields: plain values, functions called with sample arguments, map values. */
function all(w: DetailWords): string[] {
  const out: string[] = []
  for (const value of Object.values(w)) {
    if (typeof value === 'string') out.push(value)
    else if (typeof value === 'function') out.push(String(value(7, 'x', 'y')))
    else if (value instanceof Map) out.push(...[...value.values()].map(String))
    else if (Array.isArray(value)) out.push(...value.map(String))
  }
  return out
}

const CJK = /[\u3000-\u9fff\uff00-\uffef]/

describe('detail-card words (cards-current.md §12.2)', () => {
  it('the English dictionary holds no CJK text', () => {
    expect(all(detailWords('en')).filter(s => CJK.test(s))).toEqual([])
  })

  it('every zh word is Chinese, except the technical terms dsh keeps in both locales', () => {
    const allowed = /^(?:ID|Cron x（y）|\d+)$/
    const english = all(detailWords('zh')).filter(s => !CJK.test(s) && !allowed.test(s))
    expect(english).toEqual([])
  })

  it('both dictionaries have the same keys and map keys', () => {
    const en = detailWords('en')
    const zh = detailWords('zh')
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
    for (const key of ['fields', 'statuses', 'goalPhase'] as const) expect([...zh[key].keys()].sort()).toEqual([...en[key].keys()].sort())
  })
})
