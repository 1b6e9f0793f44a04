/**
 * A map keyed by a pair of numbers (a turn and a step, a turn and a seq). The fold and the derivation looked such pairs
 * up by a `${a}:${b}` string: a number-to-string conversion, a concatenation and a flattening to hash it,
 * for every node, request and group of a log (~100,000 keys built at 100 MB). A pair of small
 * non-negative integers — every pair a dsh log has — is one number instead, `a × 2¹⁶ + b` (exact: below
 * 2⁵²), hashed as it is; any other pair (a fraction, a negative, a step past 2¹⁶, a null first) keeps its
 * string key in a map of its own, so no two pairs ever share a key. Two pairs are one key exactly when
 * their strings were one (`SameValueZero` on each number: 0 and -0 are one, as "0" was, and so is NaN).
 * One map a pair of maps, not one inner map per first number: ~7,500 turns made 8 MB of small Maps.
 */
const STEPS = 2 ** 16
const FIRSTS = 2 ** 36

export class PairMap<V> {
  readonly #numbers = new Map<number, V>()
  readonly #strings = new Map<string, V>()

  get(a: number | null, b: number): V | undefined {
    const key = numberKey(a, b)
    return key === null ? this.#strings.get(stringKey(a, b)) : this.#numbers.get(key)
  }

  has(a: number | null, b: number): boolean {
    const key = numberKey(a, b)
    return key === null ? this.#strings.has(stringKey(a, b)) : this.#numbers.has(key)
  }

  set(a: number | null, b: number, value: V): void {
    const key = numberKey(a, b)
    if (key === null) this.#strings.set(stringKey(a, b), value)
    else this.#numbers.set(key, value)
  }
}

/** The pair as one number, or null when it does not fit: both integers, 0 ≤ a < 2³⁶, 0 ≤ b < 2¹⁶. */
export function numberKey(a: number | null, b: number): number | null {
  if (a === null || !Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0 || a >= FIRSTS || b >= STEPS) return null
  return a * STEPS + b
}

const stringKey = (a: number | null, b: number): string => `${a ?? '-'}:${b}`
