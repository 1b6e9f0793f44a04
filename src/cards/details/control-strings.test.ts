import { describe, expect, it } from 'vitest'
import { controlStrings, type ControlDictionary } from './control-strings'

/** Every string a dictionary yields, nested groups included; functions are called with sample arguments. */
function all(d: ControlDictionary): string[] {
  const out: string[] = []
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string') out.push(value)
    else if (typeof value === 'function') out.push(String(value(7, '8', '9')))
    else if (typeof value === 'object' && value !== null && depth < 2) for (const v of Object.values(value)) walk(v, depth + 1)
  }
  walk(d, 0)
  return out
}

const CJK = /[\u3000-\u9fff\uff00-\uffef]/u
const LATIN = /[A-Za-z]/u

describe('agent/job/terminal/lsp/team words (cards-current.md §12.2)', () => {
  it('the English dictionary holds no CJK text', () => {
    expect(all(controlStrings('en')).filter((s) => CJK.test(s))).toEqual([])
  })

  it('the Chinese dictionary holds no Latin words but dsh\'s "ID"', () => {
    expect(all(controlStrings('zh')).filter((s) => LATIN.test(s.replace(/\bID\b/gu, '')))).toEqual([])
  })

  it('both dictionaries yield the same number of strings per group', () => {
    const en = controlStrings('en')
    const zh = controlStrings('zh')
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
    for (const key of ['title', 'field', 'receipt'] as const) expect(Object.keys(zh[key]).sort()).toEqual(Object.keys(en[key]).sort())
    expect(all(zh)).toHaveLength(all(en).length)
  })
})
