/** The site catalog for "Search all sessions" (./catalog.ts): every session in index order, children after their parent. */
import { describe, expect, it } from 'vitest'
import type { IndexEntry, IndexModel } from '../site/types'
import { asCatalog, catalogEntries, catalogScript } from './catalog'

const entry = (stem: string, children: IndexEntry[] = []): IndexEntry => ({
  href: `sessions/${stem}.html`, title: `T ${stem}`, meta: '', status: 'completed', statusLabel: 'completed', filterText: stem,
  pages: [], warnings: null, children, shard: `sessions/${stem}.search.js`,
})

const model: IndexModel = {
  title: 'x', count: '',
  groups: [
    { project: '/a', id: 'a', entries: [entry('p1', [entry('c1', [entry('g1')]), entry('c2')]), entry('p2')] },
    { project: '/b', id: 'b', entries: [entry('p3')] },
  ],
}

describe('the session catalog', () => {
  it('lists every session in index order, each parent before its children, depth first', () => {
    expect(catalogEntries(model).map(([, , title]) => title)).toEqual(['T p1', 'T c1', 'T g1', 'T c2', 'T p2', 'T p3'])
    expect(catalogEntries(model)[0]).toEqual(['sessions/p1.search.js', 'sessions/p1.html', 'T p1'])
  })

  it('is a classic script the browser reads back, and anything else is refused', () => {
    const script = catalogScript(model)
    expect(script.startsWith('window.dshCatalog={')).toBe(true)
    const value: unknown = JSON.parse(script.slice('window.dshCatalog='.length, -2))
    expect(asCatalog(value)).toEqual(catalogEntries(model))
    expect(asCatalog({ v: 2, sessions: [] })).toBeNull()
    expect(asCatalog('x')).toBeNull()
    expect(asCatalog({ v: 1, sessions: [['a', 'b'], ['a', 'b', 3], ['a', 'b', 'c']] })).toEqual([['a', 'b', 'c']])
  })
})
