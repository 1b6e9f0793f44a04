import { describe, expect, test } from 'vitest'
import { strings } from '../../src/cards/strings'
import { detailWords } from '../../src/cards/details/strings'
import { COPIED_AFTER, copiedLabelAttribute, copyWord } from './copy-words'

describe('COPIED_AFTER', () => {
  // The table stands in for the dictionaries' pairs on the page: a renamed word there must change it here.
  test.each(['en', 'zh'] as const)('pairs each copy word of the %s dictionary with its copied word', (locale) => {
    const t = strings(locale)
    expect(COPIED_AFTER.get(t.copy)).toBe(t.copied)
    expect(COPIED_AFTER.get(t.blockCopy)).toBe(t.blockCopied)
    expect(copiedLabelAttribute(t.copy, t.copied)).toBeUndefined()
  })

  // The script writes the resting label by the page's language: it must be the word the dictionary renders.
  test.each([['en', 'en'], ['en', 'en-US'], ['en', ''], ['zh', 'zh'], ['zh', 'zh-CN'], ['zh', 'ZH-Hans']] as const)(
    'the %s dictionary\'s copy words are the label of a page in lang %j', (locale, lang) => {
      const t = strings(locale)
      expect(copyWord(lang)).toBe(t.copy)
      expect(copyWord(lang)).toBe(t.blockCopy)
      expect(copyWord(lang)).toBe(detailWords(locale).copy)
      expect(COPIED_AFTER.get(copyWord(lang))).toBe(detailWords(locale).copied)
    })

  test('a pair outside the table keeps its own copied word', () => {
    expect(copiedLabelAttribute('Copy', 'Copied!')).toBe('Copied!')
    expect(copiedLabelAttribute('constructor', 'x')).toBe('x')
  })
})
