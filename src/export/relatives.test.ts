import { describe, expect, it } from 'vitest'
import type { ChildLink } from '../conversation/model'
import { childAnchor } from '../site/render/chrome'
import { familyRelatives, type ExportSession } from './load'
import { exportSessionOf } from './testing'

/** A session of `id` whose record names `parentId` (the log's own header is the same for all). */
function session(id: string, parentId: string | null): ExportSession {
  const base = exportSessionOf(`${JSON.stringify({ type: 'session', version: 4, id, createdAt: 1, cwd: '/p', delegationDepth: parentId === null ? 0 : 1 })}\n`)
  return { ...base, id, stem: id, summary: { ...base.summary, parentId } }
}

const link = (sessionId: string, callId: string | null): ChildLink => ({ sessionId, callId, via: 'subagent-catalog', seq: 0, label: null, mode: null })

describe('familyRelatives', () => {
  const root = session('root', null)
  const a = session('a', 'root')
  const b = session('b', 'root')
  const grand = session('g', 'a')
  const orphan = session('o', 'missing')
  const self = session('s', 's')
  const family = [root, a, b, grand, orphan, self]
  const links = new Map<ExportSession, ChildLink[]>([
    // a and b from one call, a again from another; g from a call of a's; a link to a session not loaded.
    [root, [link('a', 'c1'), link('b', 'c1'), link('a', 'c2'), link('zz', 'c3')]],
    [a, [link('g', null)]],
  ])
  const relatives = familyRelatives(family, links)

  it.each([
    ['the root: no parent, its children in family order, by call', root, null, ['a', 'b'], [['c1', ['a', 'b']], ['c2', ['a']]]],
    ['a child spawned from a named call: its parent and the call row anchor', a, ['root', childAnchor('a')], ['g'], []],
    ['a grandchild its parent names without a call: no anchor', grand, ['a', null], [], []],
    ['a parent not in the family: none', orphan, null, [], []],
    ['its own parent: none, and not its own child', self, null, [], []],
  ])('%s', (_name, s, parent, children, byCall) => {
    const r = relatives.get(s)
    expect(r?.parent === null ? null : [r?.parent.session.id, r?.parent.anchor]).toEqual(parent)
    expect(r?.children.map(c => c.id)).toEqual(children)
    expect([...(r?.childByCall ?? [])].map(([call, summaries]) => [call, summaries.map(x => x.id)])).toEqual(byCall)
  })
})
