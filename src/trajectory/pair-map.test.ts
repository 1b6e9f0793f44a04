import { describe, expect, it } from 'vitest'
import { numberKey, PairMap } from './pair-map'

type Pair = [number | null, number]
const stringOf = ([a, b]: Pair): string => `${a ?? '-'}:${b}`

// Each case: pairs set in order (value = position), then a lookup; the map must find what a Map keyed by
// `${a}:${b}` finds.
const cases: { name: string; set: Pair[]; get: Pair }[] = [
  { name: 'a pair set', set: [[1, 2]], get: [1, 2] },
  { name: 'a pair not set', set: [[1, 2]], get: [2, 1] },
  { name: 'the same first, another second', set: [[1, 2], [1, 3]], get: [1, 3] },
  { name: 'set twice: the last value', set: [[1, 2], [1, 2]], get: [1, 2] },
  { name: '-0 is 0', set: [[0, 0]], get: [-0, -0] },
  { name: 'NaN is NaN', set: [[Number.NaN, 1]], get: [Number.NaN, 1] },
  { name: 'a fraction', set: [[1.5, 2]], get: [1.5, 2] },
  { name: 'a fraction is not its floor', set: [[1, 2]], get: [1.5, 2] },
  { name: 'a negative', set: [[-1, 2]], get: [-1, 2] },
  { name: 'null first', set: [[null, 4]], get: [null, 4] },
  { name: 'null is not 0', set: [[0, 4]], get: [null, 4] },
  { name: 'a step past 2¹⁶ is not the next turn', set: [[1, 0]], get: [0, 2 ** 16] },
  { name: 'a step past 2¹⁶', set: [[0, 2 ** 16]], get: [0, 2 ** 16] },
  { name: 'the last number key', set: [[2 ** 36 - 1, 2 ** 16 - 1]], get: [2 ** 36 - 1, 2 ** 16 - 1] },
  { name: 'a first past 2³⁶', set: [[2 ** 36, 1]], get: [2 ** 36, 1] },
  { name: 'Infinity', set: [[Number.POSITIVE_INFINITY, 1]], get: [Number.POSITIVE_INFINITY, 1] },
]

describe('PairMap', () => {
  it.each(cases)('$name: as the string key finds it', ({ set, get }) => {
    const pairs = new PairMap<number>()
    const strings = new Map<string, number>()
    set.forEach((pair, i) => {
      pairs.set(pair[0], pair[1], i)
      strings.set(stringOf(pair), i)
    })
    expect(pairs.get(get[0], get[1])).toBe(strings.get(stringOf(get)))
    expect(pairs.has(get[0], get[1])).toBe(strings.has(stringOf(get)))
  })

  it('gives distinct pairs distinct number keys', () => {
    const pairs: Pair[] = [[0, 0], [0, 1], [1, 0], [0, 2 ** 16 - 1], [1, 2 ** 16 - 1], [2, 0], [2 ** 36 - 1, 0], [2 ** 36 - 1, 2 ** 16 - 1]]
    const keys = pairs.map(([a, b]) => numberKey(a, b))
    expect(keys.every((key) => key !== null && Number.isSafeInteger(key))).toBe(true)
    expect(new Set(keys).size).toBe(pairs.length)
  })
})
