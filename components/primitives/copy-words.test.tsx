import { describe, expect, test } from 'vitest'
import { strings } from '../../src/cards/strings'
import { COPIED_AFTER, copiedLabelAttribute } from './copy-words'

describe('COPIED_AFTER', () => {
  // The table stands in for the dictionaries' pairs on the page: a renamed word there must change it here.
  test.each(['en', 'zh'] as const)('pairs each copy word of the %s dictionary with its copied word', (locale) => {
    const t = strings(locale)
    expect(COPIED_AFTER.get(t.copy)).toBe(t.copied)
    expect(COPIED_AFTER.get(t.blockCopy)).toBe(t.blockCopied)
    expect(copiedLabelAttribute(t.copy, t.copied)).toBeUndefined()
  })

  test('a pair outside the table keeps its own copied word', () => {
    expect(copiedLabelAttribute('Copy', 'Copied!')).toBe('Copied!')
    expect(copiedLabelAttribute('constructor', 'x')).toBe('x')
  })
})
