import { describe, expect, it } from 'vitest'
import { linkSessions, type TreeSession } from './session-tree'

const s = (id: string, parentSession: string | null, createdAt: number, path = `${id}.jsonl`): TreeSession => ({ id, path, parentSession, header: { createdAt } })

describe('linkSessions', () => {
  it('attaches children to parents by header parentSession, ordered by createdAt', () => {
    const root = s('root', null, 1)
    const late = s('late', 'root', 30)
    const early = s('early', 'root', 20)
    const grandchild = s('grand', 'early', 40)
    const tree = linkSessions([late, grandchild, root, early])
    expect(tree.roots).toEqual([root])
    expect(tree.children.get('root')).toEqual([early, late])
    expect(tree.children.get('early')).toEqual([grandchild])
    expect(tree.orphans).toEqual([])
    expect(tree.duplicates.size).toBe(0)
  })

  it('shows a child whose parent was not loaded as an orphan root', () => {
    const child = s('child', 'elsewhere', 1)
    const tree = linkSessions([child])
    expect(tree.roots).toEqual([child])
    expect(tree.orphans).toEqual([child])
  })

  it('reports the same id loaded twice and keeps both', () => {
    const a = s('same', null, 1, '--a--/same/session.jsonl')
    const b = s('same', null, 2, '--b--/same/session.jsonl')
    const tree = linkSessions([a, b])
    expect(tree.duplicates.get('same')).toEqual([a, b])
    expect(tree.roots).toEqual([a, b])
  })

  it('never loses sessions in a parent cycle or a self-parent', () => {
    const a = s('a', 'b', 1)
    const b = s('b', 'a', 2)
    const self = s('self', 'self', 3)
    const tree = linkSessions([a, b, self])
    expect(tree.roots).toEqual([self, a])
    expect(tree.children.get('a')).toEqual([b])
  })
})
