/**
 * The section-by-section shard (./collector) is the whole-view shard, byte for byte, in every budget regime
 * (whole, capped, dropped, CompactText rows), with sessions spread over many turns so rows are trimmed
 * while later turns are still coming — and what it holds stays near the budget, not the session's size.
 */
import { describe, expect, it } from 'vitest'
import { session } from '../log/testing/session'
import { ShardCollector } from './collector'
import { SHARD_BUDGET, searchShard } from './shard'
import { LABELS, viewOf } from './testing'

function spread(turns: number, rowsPerTurn: number, chars: number, repeat = false) {
  const s = session()
  for (let t = 0; t < turns; t++) {
    s.turnStart()
    for (let i = 0; i < rowsPerTurn; i++) {
      const n = t * rowsPerTurn + i
      const words = Array.from({ length: Math.ceil(chars / 7) }, (_, k) => (repeat ? `r${k % 50}` : k % 5 === 0 ? `\n  w${(n * 31 + k) % 9973}` : k % 7 === 0 ? 'naïve 🙂' : `x${k}y${n}`))
      s.user(`row ${n}\t${words.join(' ')}`.slice(0, chars))
    }
    s.turnEnd()
  }
  return viewOf(s)
}

describe('ShardCollector', () => {
  it.each([
    ['whole', 3, 2, 900, false],
    ['capped', 40, 10, 9_000, false],
    ['capped, one huge row per turn', 30, 1, 200_000, false],
    ['compact texts (repeated words)', 20, 3, 60_000, true],
    ['dropped', 100, 120, 300, false],
  ])('makes the bytes searchShard makes: %s', (_, turns, rows, chars, repeat) => {
    const view = spread(turns, rows, chars, repeat)
    const labels = { stem: 'x', title: 't', labels: LABELS }
    const collector = new ShardCollector(labels)
    for (const section of view.sections) collector.add(section)
    expect(collector.finish(labels.title)).toBe(searchShard(view, labels))
  })

  it('holds about the budget, not the text it was given', () => {
    const view = spread(60, 1, 200_000)
    const collector = new ShardCollector({ stem: 'x', labels: LABELS })
    let most = 0
    for (const section of view.sections) {
      collector.add(section)
      most = Math.max(most, collector.held)
    }
    // 60 rows of ~200,000 characters went in (12 M); after each retrim the long rows keep their share of the budget.
    expect(most).toBeLessThan(5 * SHARD_BUDGET)
    expect(collector.held).toBeLessThan(5 * SHARD_BUDGET)
  })

  // The title is known only at `finish` (a session rendered while its log is folded learns it last): in the
  // dropped regime the rows kept from the start must leave room for it.
  it.each([
    ['no title', ''],
    ['a long title', 'A title that takes a lot of the shard '.repeat(3)],
    ['a long two-byte title', '一个很长的标题'.repeat(14)],
  ])('keeps the rows searchShard keeps when the title comes last: %s', (_, title) => {
    const view = spread(100, 120, 300)
    const collector = new ShardCollector({ stem: 'x', labels: LABELS })
    for (const section of view.sections) collector.add(section)
    expect(collector.finish(title)).toBe(searchShard(view, { stem: 'x', title, labels: LABELS }))
  })

  it('drops rows for a longer title in that regime (the test above is not vacuous)', () => {
    const view = spread(100, 120, 300)
    const rows = (title: string) => (searchShard(view, { stem: 'x', title, labels: LABELS }).match(/\],\[/g) ?? []).length
    expect(rows('一个很长的标题'.repeat(14))).toBeLessThan(rows(''))
  })
})
