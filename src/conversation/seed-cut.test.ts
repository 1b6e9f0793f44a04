/**
 * The seed cut (./seed-cut.ts) as a table: which header and `session/end-seed` events place it, and that an
 * untagged end-seed in an unseeded log (a resume) places none. The builder's inherited flags and the usage
 * count both read this one rule (usage.test.ts checks the count; builder tests the flags).
 */
import { describe, expect, it } from 'vitest'
import type { SessionHeader } from '../log/events/schema'
import { session } from '../log/testing/session'
import { SeedCut } from './seed-cut'

function cutOf(header: Partial<SessionHeader>, ends: (boolean | null)[]): number | null {
  const s = session({ header })
  const cut = new SeedCut()
  cut.header(s.header)
  for (const tagged of ends) {
    s.user('filler')
    cut.take(s.push('session/end-seed', tagged === null ? {} : { inherited: tagged }))
  }
  return cut.cut
}

describe('SeedCut', () => {
  it.each<[string, Partial<SessionHeader>, (boolean | null)[], number | null]>([
    ['no seed at all', {}, [], null],
    ['header seedLength', { seedLength: 36 }, [], 36],
    ['seedLength 0 is no seed', { seedLength: 0 }, [null], null],
    ['seedLength wins over any end-seed', { seedLength: 4 }, [true], 4],
    ['a tagged end-seed (v4)', {}, [true], 1],
    ['the last tagged end-seed', {}, [true, null, true], 5],
    ['an untagged end-seed in an unseeded log is a resume: no cut', {}, [null], null],
    ['isSeeded: the last end-seed of any kind', { isSeeded: true }, [null, null], 3],
    ['isSeeded: a tagged one is still preferred', { isSeeded: true }, [true, null], 1],
  ])('%s', (_name, header, ends, want) => {
    expect(cutOf(header, ends)).toBe(want)
  })

  it('says whether the cut moved, and which seqs are inherited', () => {
    const cut = new SeedCut()
    const s = session()
    expect(cut.header(s.header)).toBe(false)
    s.user('copied')
    expect(cut.take(s.push('session/end-seed', { inherited: true }))).toBe(true)
    expect([cut.inherited(0), cut.inherited(1), cut.inherited(2)]).toEqual([true, false, false])
    expect(cut.take(s.user('own'))).toBe(false)
  })
})
