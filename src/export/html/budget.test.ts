/** The export's markup budget: which parts stay when a session tree is too big for one file. */
import { describe, expect, it } from 'vitest'
import { omittedRuns, planParts } from './budget'

const mb = (n: number) => ({ bytes: n * 1_000_000, nodes: n * 1_000 })
const limit = { bytes: 5_000_000, nodes: 1_000_000 }

describe('planParts', () => {
  it('keeps everything that fits', () => {
    expect(planParts([[mb(1), mb(1)], [mb(2)]], limit)).toEqual({ kept: [[true, true], [true]], overBudget: false })
  })

  it('drops from the middle of the biggest session, keeping its first and last part', () => {
    const plan = planParts([[mb(1), mb(1), mb(1), mb(1), mb(1), mb(1)], [mb(1)]], limit)
    expect(plan.overBudget).toBe(false)
    expect(plan.kept[0]).toEqual([true, true, false, false, true, true])
    expect(plan.kept[1]).toEqual([true])
  })

  it('counts elements as well as bytes', () => {
    const plan = planParts([[{ bytes: 10, nodes: 600 }, { bytes: 10, nodes: 600 }, { bytes: 10, nodes: 600 }]], { bytes: 1_000, nodes: 1_300 })
    expect(plan.kept[0]).toEqual([true, false, true])
  })

  it('never drops a first part: a tree of first parts over the budget is reported', () => {
    const plan = planParts([[mb(3), mb(3)], [mb(3)]], limit)
    expect(plan.kept).toEqual([[true, false], [true]])
    expect(plan.overBudget).toBe(true)
  })

  it('is deterministic for equal sizes (the earlier session loses first)', () => {
    const plan = planParts([[mb(1), mb(1), mb(1)], [mb(1), mb(1), mb(1)]], limit)
    expect(plan.kept).toEqual([[true, false, true], [true, true, true]])
  })
})

describe('omittedRuns', () => {
  it.each([
    [[true, true], []],
    [[true, false, false, true, false, true], [[1, 2], [4, 4]]],
    [[true, false], [[1, 1]]],
  ])('%j → %j', (kept, runs) => expect(omittedRuns(kept)).toEqual(runs))
})
