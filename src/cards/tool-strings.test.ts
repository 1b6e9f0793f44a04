import { describe, expect, it } from 'vitest'
import { toolStrings, type ToolDictionary } from './tool-strings'
import { OWN_TITLE_DETAIL_TOOLS, hasOwnTitle } from './generic'
import { DETAIL_TOOLS } from './details/registry'

/** Every string a dictionary yields (functions called with sample arguments), with its key path. */
function values(d: ToolDictionary): [string, string][] {
  const out: [string, string][] = []
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') out.push([path, v])
    else if (typeof v === 'function') out.push([path, String(v(7))])
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`)
  }
  walk(d, '')
  return out
}

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u
/** Technical words dsh keeps in Latin script in its Chinese dictionary. */
const LATIN_TERMS = /KB|Cordis|Auto review/gu

describe('tool-row dictionaries (cards-current.md §12.2, §12.4)', () => {
  const en = values(toolStrings('en'))
  const zh = values(toolStrings('zh'))
  it('same keys in both languages', () => expect(zh.map(([k]) => k)).toEqual(en.map(([k]) => k)))
  it('no CJK on the English side', () => expect(en.filter(([, v]) => CJK.test(v))).toEqual([]))
  it('no English words on the Chinese side beyond dsh\'s technical terms', () => {
    expect(zh.filter(([, v]) => /[A-Za-z]{2,}/u.test(v.replace(LATIN_TERMS, '')))).toEqual([])
  })
})

describe('detail-card tools never get the `<tool> · ` prefix (§9.2.3)', () => {
  it('the generic model knows the 37 names of §10', () => expect(OWN_TITLE_DETAIL_TOOLS.size).toBe(37))
  it('every registered detail tool is among them', () => {
    expect([...DETAIL_TOOLS.keys()].filter((name) => !hasOwnTitle(name))).toEqual([])
  })
})
