/**
 * `--latest N` (build, export, inspect): the N newest session trees among the logs found under some paths.
 * "Newest" is the root session's start time — the header's `createdAt`, written by dsh when the session
 * is created and carried along when logs are copied (file times are not: a CI checkout gives every file the
 * same mtime) — ties broken by id. Only root sessions count (a subagent comes with its parent, whatever its
 * own start); a child whose parent is not among the logs is a root, and so is the newest session of a cycle of
 * parent links. Only each log's header is read (the
 * first line or zstd frame), so choosing among thousands of sessions costs thousands of small reads.
 */
import type { SessionHeader } from '../events/schema'
import type { DiscoveredLog, Discovery } from './discover'
import { peekHeader } from './header-peek'
import { readSession } from './read'

export interface HeadedLog {
  log: DiscoveredLog
  header: SessionHeader
}

/** The header of a discovered log, or null when it has none (such logs are left out of the choice). */
export async function headerOf(log: DiscoveredLog): Promise<SessionHeader | null> {
  const where = log.source.location
  if (where.kind === 'file') return peekHeader(where.path, log.source.encoding).catch(() => null)
  const reader = readSession(log.source, { chunkSize: 64 * 1024 })
  try {
    for await (const _batch of reader) if (reader.summary.header !== null) break
  } catch {
    return null
  }
  return reader.summary.header
}

/** Newest first: `createdAt` descending (none last), then id. */
function newestFirst(a: HeadedLog, b: HeadedLog): number {
  const ta = a.header.createdAt ?? -Infinity
  const tb = b.header.createdAt ?? -Infinity
  if (ta !== tb) return tb - ta
  return a.header.id < b.header.id ? -1 : a.header.id > b.header.id ? 1 : 0
}

/**
 * The logs of the `n` newest root sessions and all their descendants, in discovery order; the roots alone,
 * newest first, as `roots`. Logs without a readable header are dropped (the caller reports them when it
 * reads everything anyway).
 */
export async function latestSessions(discovery: Discovery, n: number): Promise<{ logs: DiscoveredLog[]; roots: HeadedLog[] }> {
  const headed: HeadedLog[] = []
  for (const log of discovery.logs) {
    const header = await headerOf(log)
    if (header !== null) headed.push({ log, header })
  }
  const ids = new Set(headed.map(h => h.header.id))
  const isRoot = (h: HeadedLog) => {
    const parent = h.header.parentSession
    return parent === undefined || parent === h.header.id || !ids.has(parent)
  }
  const cycleRoots = cycleHeads(headed, isRoot)
  const roots = headed.filter(h => isRoot(h) || cycleRoots.has(h)).sort(newestFirst).slice(0, n)
  const children = new Map<string, HeadedLog[]>()
  for (const h of headed) {
    const parent = h.header.parentSession
    if (parent === undefined || isRoot(h) || cycleRoots.has(h)) continue
    const list = children.get(parent)
    if (list === undefined) children.set(parent, [h])
    else list.push(h)
  }
  // Descendants without recursion; `chosen` also stops a parent cycle.
  const chosen = new Set<HeadedLog>()
  const stack = [...roots]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (chosen.has(next)) continue
    chosen.add(next)
    stack.push(...(children.get(next.header.id) ?? []))
  }
  return { logs: headed.filter(h => chosen.has(h)).map(h => h.log), roots }
}

/**
 * Parent links that form a cycle (A's parent is B, B's is A: a copied or hand-edited log) lead to no root, so
 * without this such a tree was never chosen, even when newest. Each cycle's newest member stands as its root
 * (the others, and whatever hangs off the cycle, are its descendants). A session has one parent, so the links
 * form a functional graph: each chain is followed once, iteratively, marking what it has seen — linear, no
 * recursion, and a chain into an already-settled one stops there.
 */
function cycleHeads(headed: readonly HeadedLog[], isRoot: (h: HeadedLog) => boolean): Set<HeadedLog> {
  const byId = new Map<string, HeadedLog>()
  for (const h of headed) if (!byId.has(h.header.id)) byId.set(h.header.id, h)
  const heads = new Set<HeadedLog>()
  const settled = new Set<HeadedLog>()
  for (const start of headed) {
    const path: HeadedLog[] = []
    const onPath = new Map<HeadedLog, number>()
    let at: HeadedLog | undefined = start
    while (at !== undefined && !settled.has(at) && !isRoot(at)) {
      const seenAt = onPath.get(at)
      if (seenAt !== undefined) {
        heads.add(path.slice(seenAt).sort(newestFirst)[0] ?? at)
        break
      }
      onPath.set(at, path.length)
      path.push(at)
      const parent: string | undefined = at.header.parentSession
      at = parent === undefined ? undefined : byId.get(parent)
    }
    for (const h of path) settled.add(h)
  }
  return heads
}
