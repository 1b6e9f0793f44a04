/**
 * Every en/zh dictionary of dsh-view, whole: no English value holds a CJK character, no Chinese value a
 * Latin word outside the reviewed allowlist (test/support/locale-words.ts). The page scan
 * (test/site/locale-scan.test.ts) sees what a generated session draws; this sees the strings it cannot
 * reach — a live page's badge and typing overlay, a compaction that failed, the index pager. Templates are
 * called with numbers for every argument; `{slots}` a script fills in and `code` spans (a command to type)
 * are not words.
 */
import { describe, expect, it } from 'vitest'
import { strings } from '../../src/cards/strings'
import { toolStrings } from '../../src/cards/tool-strings'
import { turnStrings } from '../../src/cards/turn-strings'
import { detailWords } from '../../src/cards/details/strings'
import { controlStrings } from '../../src/cards/details/control-strings'
import { exportText } from '../../src/export/strings'
import { LABELS as badgeLabels } from '../../src/live/browser/badge'
import { PENDING_LABEL } from '../../src/live/browser/index-page'
import { LABELS as typingLabels } from '../../src/live/browser/typing'
import { searchText } from '../../src/search/strings'
import { siteText } from '../../src/site/strings'
import type { Locale } from '../../src/cards/types'
import { CJK, LATIN_WORD, ZH_ALLOWED } from '../support/locale-words'

/** Every string a dictionary yields: values, template results (arguments 7), nested objects and lists. */
function texts(value: unknown, path: string, out: [string, string][], depth = 0): [string, string][] {
  if (depth > 6) return out
  if (typeof value === 'string') out.push([path, value])
  else if (typeof value === 'function') texts((value as (...a: number[]) => unknown)(7, 7, 7, 7, 7), `${path}()`, out, depth + 1)
  else if (Array.isArray(value)) value.forEach((v, i) => texts(v, `${path}[${i}]`, out, depth + 1))
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) texts(v, `${path}.${k}`, out, depth + 1)
  return out
}

const DICTIONARIES: [string, (locale: Locale) => unknown][] = [
  ['cards', strings],
  ['tool rows', toolStrings],
  ['turn layout', turnStrings],
  ['detail cards', detailWords],
  ['detail cards (agents, jobs, terminals, lsp, team)', controlStrings],
  ['site', siteText],
  ['search', searchText],
  ['export', exportText],
  ['live badge', locale => badgeLabels[locale]],
  ['live typing', locale => typingLabels[locale]],
  ['live index', locale => PENDING_LABEL[locale]],
]

/** Status-filter option values are wire states (`error`, `ok`), not shown; their labels are. */
const NOT_SHOWN = /^\.find\.states\[\d+\]\[0\]$/

describe.each(DICTIONARIES)('the %s dictionary', (_name, dictionary) => {
  it('en: no CJK character', () => {
    const bad = texts(dictionary('en'), '', []).filter(([, text]) => CJK.test(text))
    expect(bad).toEqual([])
  })
  it('zh: no English word outside the allowlist', () => {
    const bad = texts(dictionary('zh'), '', [])
      .filter(([path]) => !NOT_SHOWN.test(path))
      .map(([path, text]) => [path, [...text.replace(/\{[A-Za-z]+\}/g, ' ').replace(/`[^`]*`/g, ' ').matchAll(LATIN_WORD)].map(m => m[0]).filter(w => !ZH_ALLOWED.has(w))] as const)
      .filter(([, words]) => words.length > 0)
    expect(bad).toEqual([])
  })
})
