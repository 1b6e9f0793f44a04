/**
 * The overview's coordinates (./timeline.ts `num`): one decimal, written exactly as `String` writes the number
 * rounded to tenths — the fast path from the integer of tenths must not change a single byte of the SVG.
 */
import { describe, expect, it } from 'vitest'
import { num } from './timeline'

/** The rule as it reads: round to tenths, write as JavaScript writes a number, `-0` as `0`. */
const plain = (n: number): string => {
  const r = Math.round(n * 10) / 10
  return Object.is(r, -0) ? '0' : String(r)
}

describe('num', () => {
  it.each([
    [0, '0'], [-0, '0'], [0.04, '0'], [-0.04, '0'], [0.05, '0.1'], [-0.05, '0'], [-0.06, '-0.1'], [0.15, '0.2'],
    [1, '1'], [12.34, '12.3'], [-12.36, '-12.4'], [999.95, '1000'], [-999.94, '-999.9'], [1000, '1000'],
    [123456789.95, '123456790'], [NaN, 'NaN'], [Infinity, 'Infinity'], [-Infinity, '-Infinity'], [1e21, '1e+21'], [-3.3e22, '-3.3e+22'],
  ])('%s → %s', (n, text) => {
    expect(num(n)).toBe(text)
    expect(num(n)).toBe(plain(n))
  })

  it('writes what the plain rule writes over a sweep of coordinates, widths and large numbers', () => {
    for (let i = -20_000; i <= 20_000; i++) {
      for (const n of [i * 0.0731, i * 0.05, i * 12.345, i * 1e10 + 0.25]) expect(num(n), String(n)).toBe(plain(n))
    }
  })
})
