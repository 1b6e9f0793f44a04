/** cacheHitPercent (cards-current.md §8.2): whole percent with ties up, a partial hit never reads 100, a full hit does. */
import { describe, expect, it } from 'vitest'
import { cacheHitPercent } from './usage'

describe('cacheHitPercent', () => {
  it.each<[number, number, number | null]>([
    [0, 0, null],
    [5, 0, null],
    [0, 10, 0],
    [8_960, 17_238, 52],
    [1, 200, 1], // 0.5 % ties up
    [1, 201, 0],
    [199, 200, 99.5], // 99.5 % would round to 100: one decimal keeps it below
    [994, 1_000, 99], // 99.4 % rounds below 100: a whole percent
    [995, 1_000, 99.5],
    [999, 1_000, 99.9],
    [9_995, 10_000, 99.95], // half a tenth: two places, last digit 5
    [9_996, 10_000, 99.96],
    [99_999, 100_000, 99.999],
    [1_000, 1_000, 100],
  ])('%s of %s → %s', (read, prompt, percent) => expect(cacheHitPercent(read, prompt)).toBe(percent))
})
