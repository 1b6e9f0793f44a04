/** Families (./families.ts): which sessions of a build render together, table-driven over small discoveries. */
import { describe, expect, it } from 'vitest'
import { groupFamilies, type FamilyCandidate } from './families'

/** `id` or `id<parent` per session, in discovery order; `-` for a log without a header. */
const discovery = (...specs: string[]): FamilyCandidate[] =>
  specs.map((spec, index) => {
    const [id = '', parent] = spec.split('<')
    return { id, index, scan: { header: id === '-' ? null : parent === undefined ? {} : { parentSession: parent } } }
  })

const ids = (families: FamilyCandidate[][]) => families.map(f => f.map(m => m.id).join(' '))

describe('groupFamilies', () => {
  it.each([
    ['sessions without parents are families of one', ['a', 'b', 'c'], ['a', 'b', 'c']],
    ['a child joins its parent, wherever either was found', ['c<a', 'b', 'a'], ['c a', 'b']],
    ['grandchildren join the same family, in discovery order', ['a', 'x', 'b<a', 'c<b'], ['a b c', 'x']],
    ['a child whose parent is not in the build stands alone', ['a<gone', 'b'], ['a', 'b']],
    ['a loop of parents is one family', ['a<c', 'b<a', 'c<b', 'd'], ['a b c', 'd']],
    ['a session naming itself as parent stays alone', ['a<a', 'b'], ['a', 'b']],
    ['a repeated parent id links to its first log', ['a', 'a', 'b<a'], ['a b', 'a']],
    ['a log without a header is alone', ['-', 'b'], ['-', 'b']],
    ['families are ordered by their first member', ['x<b', 'a', 'b'], ['x b', 'a']],
  ])('%s', (_name, specs, expected) => {
    expect(ids(groupFamilies(discovery(...specs)))).toEqual(expected)
  })

  it('groups a long chain of children without recursion', () => {
    const specs = ['s0', ...Array.from({ length: 50_000 }, (_, i) => `s${i + 1}<s${i}`)]
    const [family] = groupFamilies(discovery(...specs))
    expect(family?.length).toBe(50_001)
  })
})
