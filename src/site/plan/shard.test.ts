/**
 * Shard placement (issue 16): a pure function every shard job computes alike — each family on one shard,
 * the same whatever order the families come in, balanced by log bytes, and stable as an archive grows: a new
 * session lands on a shard and moves no other.
 */
import { describe, expect, it } from 'vitest'
import { placeFamilies, shardRanking, type FamilyPlacement } from './shard'
import { seededRandom } from '../../log/testing/random'


/** `n` families with log sizes spread over four orders of magnitude (real archives: 5 KB … 50 MB). */
function families(n: number, seed = 1): FamilyPlacement[] {
  const next = seededRandom(seed)
  return Array.from({ length: n }, (_, i) => ({
    key: `session-${seed}-${i}`,
    createdAt: 1_700_000_000_000 + Math.floor(next() * 1e9),
    bytes: Math.floor(5_000 * 10 ** (next() * 4)),
  }))
}

const loads = (fs: readonly FamilyPlacement[], shards: readonly number[], count: number) => {
  const out = new Array<number>(count).fill(0)
  fs.forEach((f, i) => {
    const s = shards[i] as number
    out[s] = (out[s] ?? 0) + f.bytes
  })
  return out
}

describe('placeFamilies', () => {
  it('puts every family on one shard of n, and one shard means everything on it', () => {
    const fs = families(500)
    for (const count of [1, 2, 3, 7, 16]) {
      const shards = placeFamilies(fs, count)
      expect(shards).toHaveLength(fs.length)
      expect(shards.every(s => Number.isInteger(s) && s >= 0 && s < count)).toBe(true)
      expect(new Set(shards).size).toBe(count)
    }
    expect(placeFamilies(fs, 1).every(s => s === 0)).toBe(true)
    expect(() => placeFamilies(fs, 0)).toThrow(RangeError)
  })

  it('does not depend on the order the families come in', () => {
    const fs = families(300, 2)
    const byKey = (list: FamilyPlacement[], count: number) => {
      const shards = placeFamilies(list, count)
      return new Map(list.map((f, i) => [f.key, shards[i]]))
    }
    const reversed = [...fs].reverse()
    const shuffled = [...fs].sort((a, b) => (a.bytes % 97) - (b.bytes % 97))
    for (const count of [2, 3, 7]) {
      expect(byKey(reversed, count)).toEqual(byKey(fs, count))
      expect(byKey(shuffled, count)).toEqual(byKey(fs, count))
    }
  })

  it.each([2, 3, 7])('balances log bytes over %i shards within 5%% of an even share', count => {
    const fs = families(2_000, 3)
    const l = loads(fs, placeFamilies(fs, count), count)
    const mean = l.reduce((a, b) => a + b, 0) / count
    expect(Math.max(...l) / mean).toBeLessThan(1.05)
    // The hash alone (each family on its best-ranked shard) is what the byte balance improves on.
    const hashOnly = loads(fs, fs.map(f => shardRanking(f.key, count)[0] as number), count)
    expect(Math.max(...l)).toBeLessThanOrEqual(Math.max(...hashOnly))
  })

  it.each([2, 3, 7])('a new session (created after the others) moves no other session, over %i shards', count => {
    const fs = families(2_000, 4)
    const before = placeFamilies(fs, count)
    const next = seededRandom(99)
    for (let k = 0; k < 20; k++) {
      const added = { key: `new-${k}`, createdAt: 1_800_000_000_000 + k, bytes: Math.floor(5_000 * 10 ** (next() * 4)) }
      const after = placeFamilies([...fs, added], count)
      expect(after.slice(0, fs.length)).toEqual(before)
      // Appended anywhere in the input: the same.
      const front = placeFamilies([added, ...fs], count)
      expect(front.slice(1)).toEqual(before)
      expect(front[0]).toBe(after[fs.length])
    }
  })

  it('ranks every shard once per key, the same every time', () => {
    for (const key of ['a', 'b', '11111111-1111-4111-8111-111111111111', '']) {
      const ranking = shardRanking(key, 7)
      expect([...ranking].sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
      expect(shardRanking(key, 7)).toEqual(ranking)
    }
    // Keys spread: over many keys every shard is somebody's first choice about equally often.
    const firsts = new Array<number>(4).fill(0)
    for (let i = 0; i < 4_000; i++) {
      const s = shardRanking(`k${i}`, 4)[0] as number
      firsts[s] = (firsts[s] ?? 0) + 1
    }
    for (const n of firsts) expect(Math.abs(n - 1_000)).toBeLessThan(150)
  })
})
