/**
 * Parent/child links between loaded sessions (log-format.md §2.4, §2.6): children are ordinary sessions
 * whose header names their parent in `parentSession`; the directory layout does not nest them. Children
 * are ordered by header `createdAt`, then path (upstream orders them the same way). The same id loaded
 * from two places (e.g. two project directories — dsh calls that an error) is reported as a duplicate;
 * both copies are kept, and children are listed under the id, so each copy shows them.
 */

export interface TreeSession {
  id: string
  path: string
  parentSession: string | null
  header: { createdAt?: number | undefined }
}

export interface SessionTree<T extends TreeSession> {
  /** Sessions without a parent, or whose parent was not loaded. */
  roots: T[]
  /** Parent id → its children. */
  children: Map<string, T[]>
  /** Child whose `parentSession` names a session that was not loaded. */
  orphans: T[]
  /** Id → every session loaded with that id, for ids seen more than once. */
  duplicates: Map<string, T[]>
}

export function linkSessions<T extends TreeSession>(sessions: readonly T[]): SessionTree<T> {
  const byId = new Map<string, T[]>()
  for (const session of sessions) {
    const list = byId.get(session.id) ?? []
    list.push(session)
    byId.set(session.id, list)
  }
  const duplicates = new Map([...byId].filter(([, list]) => list.length > 1))
  const children = new Map<string, T[]>()
  const roots: T[] = []
  const orphans: T[] = []
  for (const session of sessions) {
    const parent = session.parentSession
    // A session naming itself as parent would make a cycle of one; show it as a root.
    if (parent === null || parent === session.id) {
      roots.push(session)
    } else if (byId.has(parent)) {
      const list = children.get(parent) ?? []
      list.push(session)
      children.set(parent, list)
    } else {
      orphans.push(session)
      roots.push(session)
    }
  }
  for (const list of children.values()) list.sort(byCreation)
  // A parent cycle (A → B → A) leaves sessions no root reaches; list them as roots so none is lost.
  const reached = new Set<T>()
  const visit = (session: T) => {
    if (reached.has(session)) return
    reached.add(session)
    for (const child of children.get(session.id) ?? []) visit(child)
  }
  roots.forEach(visit)
  for (const session of sessions) {
    if (reached.has(session)) continue
    roots.push(session)
    visit(session)
  }
  return { roots, children, orphans, duplicates }
}

function byCreation(a: TreeSession, b: TreeSession): number {
  const ca = a.header.createdAt ?? 0
  const cb = b.header.createdAt ?? 0
  if (ca !== cb) return ca - cb
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}
