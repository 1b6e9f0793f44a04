/** Count templates (./count-template.ts): numbers, singular and plural words, unknown names left alone. */
import { describe, expect, it } from 'vitest'
import { fillCount } from './count-template'

describe('fillCount', () => {
  it.each([
    ['{shown} of {total} {total|session|sessions}', { shown: 1, total: 1 }, '1 of 1 session'],
    ['{shown} of {total} {total|session|sessions}', { shown: 0, total: 2 }, '0 of 2 sessions'],
    ['{n} {n|match|matches} in {s} {s|session|sessions}', { n: 1, s: 1 }, '1 match in 1 session'],
    ['{n} {n|match|matches} in {s} {s|session|sessions}', { n: 3, s: 2 }, '3 matches in 2 sessions'],
    ['{n} {n|match|matches}', { n: 0 }, '0 matches'],
    ['本页第 {i} 个，共 {n} 个', { i: 1, n: 1 }, '本页第 1 个，共 1 个'],
    ['{x} and {x|a|b} stay', {}, '{x} and {x|a|b} stay'],
    ['{constructor} {toString|a|b}', { n: 1 }, '{constructor} {toString|a|b}'],
  ])('%s with %o → %s', (template, values, want) => expect(fillCount(template, values)).toBe(want))
})
