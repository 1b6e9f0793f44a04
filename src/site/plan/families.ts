/**
 * Which sessions render together: a parent and the children it spawned link to each other's pages, so a
 * build groups the sessions linked by their headers' `parentSession` (within this build) into families and
 * renders, caches and shards each family as one unit (src/site/family.ts, the manifest, ./shard.ts). A
 * union-find over the discovery, walked without recursion; a child whose parent is not in the build is a
 * family of its own, and a loop of parents (a damaged or hand-made log) is one family, not an endless walk.
 */
import type { SessionHeader } from '../../log/events/schema'

/** What grouping needs of a session: its id, its place in the discovery, and its header's parent. */
export interface FamilyCandidate {
  id: string
  index: number
  scan: { header: Pick<SessionHeader, 'parentSession'> | null }
}

/**
 * Sessions linked by `parentSession` (within this build) form one family; families keep discovery order
 * (by their first member), and members keep it within a family. A parent id that several logs share links to
 * the first of them.
 */
export function groupFamilies<M extends FamilyCandidate>(members: readonly M[]): M[][] {
  const parent = members.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] ?? i] ?? i
    return i
  }
  const firstById = new Map<string, number>()
  members.forEach((m, i) => {
    if (!firstById.has(m.id)) firstById.set(m.id, i)
  })
  members.forEach((m, i) => {
    const p = m.scan.header?.parentSession
    const j = p === undefined ? undefined : firstById.get(p)
    if (j !== undefined && j !== i) parent[find(i)] = find(j)
  })
  const groups = new Map<number, M[]>()
  members.forEach((m, i) => {
    const root = find(i)
    const group = groups.get(root)
    if (group === undefined) groups.set(root, [m])
    else group.push(m)
  })
  return [...groups.values()].sort((a, b) => (a[0]?.index ?? 0) - (b[0]?.index ?? 0))
}
