import { describe, expect, it } from 'vitest'
import type { ToolRowModel } from '../../cards/row-types'
import type { SessionSummary } from '../types'
import { spawnedBy } from './render-session'

/** A row with only what spawnedBy reads: its call id and the calls nested under it. */
const row = (callId: string, children: ToolRowModel[] = []): ToolRowModel => ({ callId, children }) as unknown as ToolRowModel
const summary = (id: string): SessionSummary => ({ id }) as unknown as SessionSummary

describe('spawnedBy', () => {
  it("lists the row's own children, then each nested call's, depth first in order", () => {
    const tree = row('a', [row('b', [row('c')]), row('d')])
    const byCall = new Map([
      ['a', [summary('a1'), summary('a2')]],
      ['c', [summary('c1')]],
      ['d', [summary('d1')]],
      ['x', [summary('never')]],
    ])
    expect(spawnedBy(tree, byCall).map(s => s.id)).toEqual(['a1', 'a2', 'c1', 'd1'])
  })

  it('walks nested calls with its own stack, however deep (the model caps dispatch at 256; this does not rely on it)', () => {
    let deepest = row('leaf')
    for (let i = 0; i < 200_000; i++) deepest = row(`call-${i}`, [deepest])
    expect(spawnedBy(deepest, new Map([['leaf', [summary('found')]]])).map(s => s.id)).toEqual(['found'])
  })
})
