/**
 * Which logs one `dsh-view export <session>` covers: the session the user named and every descendant
 * (subagents, forks, workflow members, their children), root first. `<session>` is a log file, a session
 * directory, an export ZIP, a folder holding one session tree, or — when no such path exists — a session
 * id (or a unique prefix of one) under the default sessions root.
 *
 * Children are ordinary sessions next to their parent, linked only by their header's `parentSession`
 * (log-format.md §2.4, §2.6), so the project directory around a session is searched for them; only the
 * first chunk of each log there is read (its header). Problems are user errors with a hint, never crashes.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { defaultSessionsRoot, discoverLogs, type DiscoveredLog, type DiscoverOptions } from '../log/node/discover'
import { decodeSegment, parseTranscriptName } from '../log/node/names'
import { readSession } from '../log/node/read'
import { linkSessions } from '../log/node/session-tree'
import type { LogSource } from '../log/node/source'
import type { SessionHeader } from '../log/events/schema'

/** A problem with the `<session>` argument the user can fix (cli/export.ts turns it into a UserError). */
export class ResolveError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    /** 1: nothing readable there (as for build); 2: ambiguous (usage). */
    readonly exitCode: 1 | 2,
  ) {
    super(message)
  }
}

export interface FamilyMember {
  source: LogSource
  id: string
  parentId: string | null
}

/** Enough of the first chunk for any real header line. */
const HEADER_CHUNK = 64 * 1024
/** Candidates listed in an "ambiguous" message. */
const LISTED = 8

interface Headed {
  log: DiscoveredLog
  header: SessionHeader
}

async function readHeader(source: LogSource): Promise<SessionHeader | null> {
  const reader = readSession(source, { chunkSize: HEADER_CHUNK })
  try {
    for await (const _batch of reader) {
      if (reader.summary.header !== null) break
    }
  } catch {
    return null
  }
  return reader.summary.header
}

async function withHeaders(logs: readonly DiscoveredLog[]): Promise<Headed[]> {
  const out: Headed[] = []
  for (const log of logs) {
    const header = await readHeader(log.source)
    if (header !== null) out.push({ log, header })
  }
  return out
}

/** The root and its descendants among `all`, depth first, children by `createdAt` then path. */
function familyOf(root: Headed, all: readonly Headed[]): FamilyMember[] {
  const tree = linkSessions(all.map(h => ({ id: h.header.id, path: h.log.source.display, parentSession: h.header.parentSession ?? null, header: h.header, item: h })))
  const out: FamilyMember[] = []
  const seen = new Set<string>()
  const visit = (h: Headed) => {
    if (seen.has(h.header.id)) return
    seen.add(h.header.id)
    out.push({ source: h.log.source, id: h.header.id, parentId: out.length === 0 ? null : (h.header.parentSession ?? null) })
    for (const child of tree.children.get(h.header.id) ?? []) visit(child.item)
  }
  visit(root)
  return out
}

/** The project directory a log sits in, when it sits in dsh's layout; null for a loose file. */
function projectDirOf(log: DiscoveredLog, id: string): string | null {
  if (log.source.location.kind !== 'file') return null
  const file = log.source.location.path
  const dir = dirname(file)
  if (log.layout === 'session-dir' || decodeSegment(basename(dir)) === id) return dirname(dir)
  if (log.layout === 'flat' || basename(file).replace(/\.jsonl(\.zstd?)?$/i, '') === id) return dir
  return null
}

function describe(list: readonly Headed[]): string {
  const names = list.slice(0, LISTED).map(h => h.header.id)
  return names.join(', ') + (list.length > LISTED ? `, … (${list.length} in all)` : '')
}

/** Roots of the sessions in `all` (sessions whose parent is not among them). */
function rootsOf(all: readonly Headed[]): Headed[] {
  const ids = new Set(all.map(h => h.header.id))
  return all.filter(h => h.header.parentSession === undefined || h.header.parentSession === h.header.id || !ids.has(h.header.parentSession))
}

async function byId(arg: string, options: DiscoverOptions): Promise<{ root: Headed; projectDir: string | null }> {
  const sessionsRoot = defaultSessionsRoot(options)
  const hint = 'Pass a log file, a session directory or an export ZIP, or the id of a session under the sessions root.'
  if (!existsSync(sessionsRoot)) throw new ResolveError(`${arg}: no such file, and no sessions root at ${sessionsRoot} to look the id up in`, hint, 1)
  const { logs } = await discoverLogs([sessionsRoot], options)
  const exact = logs.filter(l => l.nameId === arg)
  const matches = exact.length > 0 ? exact : logs.filter(l => l.nameId !== null && (l.nameId.startsWith(arg) || l.nameId.startsWith(`session-${arg}`)))
  const headed = await withHeaders(matches)
  const [first] = headed
  if (first === undefined) throw new ResolveError(`${arg}: no such file, and no session with that id under ${sessionsRoot}`, hint, 1)
  if (headed.length > 1) throw new ResolveError(`${arg} matches ${headed.length} sessions: ${describe(headed)}`, 'Give more of the id, or the session directory.', 2)
  return { root: first, projectDir: projectDirOf(first.log, first.header.id) }
}

/** The logs `dsh-view export <arg>` renders, root first. */
export async function resolveFamily(arg: string, options: DiscoverOptions): Promise<FamilyMember[]> {
  if (!existsSync(arg)) {
    const { root, projectDir } = await byId(arg, options)
    return familyNear(root, projectDir, options)
  }
  const { logs, problems } = await discoverLogs([arg], options)
  const headed = await withHeaders(logs)
  if (headed.length === 0) {
    const why = problems[0]?.message ?? 'no readable session log (no header line)'
    throw new ResolveError(`${arg}: ${why}`, 'Pass a dsh session log (session.jsonl[.zstd]), its directory or an export ZIP.', 1)
  }
  const roots = rootsOf(headed)
  const [root] = roots
  if (root === undefined || roots.length > 1) {
    throw new ResolveError(`${arg} holds ${roots.length} separate sessions: ${describe(roots)}`, 'Export one at a time: pass its session directory, log file or id.', 2)
  }
  // A folder or ZIP holds the tree itself; a single log may have children beside it.
  if (headed.length > 1 || statSync(arg).isDirectory() && logs[0]?.layout !== 'session-dir') return familyOf(root, headed)
  const projectDir = projectDirOf(root.log, root.header.id)
  if (projectDir === null) return familyBeside(root, options)
  return familyNear(root, projectDir, options)
}

/**
 * A transcript outside dsh's layout (`<folder>/session.jsonl`, as the corpus and dsh's own test snapshots keep
 * them): its children are the transcripts beside it (`session.<n>.jsonl`), as `export <folder>` finds them —
 * the same session tree whichever of the two the user names. Only that folder's transcript names are read,
 * not the folder's other files or sub-folders (a loose log in a Downloads folder stays one session).
 */
async function familyBeside(root: Headed, options: DiscoverOptions): Promise<FamilyMember[]> {
  const location = root.log.source.location
  if (location.kind !== 'file' || parseTranscriptName(basename(location.path)) === null) return familyOf(root, [root])
  const dir = dirname(location.path)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return familyOf(root, [root])
  }
  const siblings = names.filter(n => n !== basename(location.path) && parseTranscriptName(n) !== null).sort().map(n => join(dir, n))
  if (siblings.length === 0) return familyOf(root, [root])
  const { logs } = await discoverLogs(siblings, options)
  const others = await withHeaders(logs)
  return familyOf(root, [root, ...others.filter(h => h.header.id !== root.header.id)])
}

async function familyNear(root: Headed, projectDir: string | null, options: DiscoverOptions): Promise<FamilyMember[]> {
  if (projectDir === null || !existsSync(projectDir)) return familyOf(root, [root])
  const { logs } = await discoverLogs([projectDir], options)
  const others = await withHeaders(logs.filter(l => l.source.display !== root.log.source.display))
  return familyOf(root, [root, ...others.filter(h => h.header.id !== root.header.id)])
}
