/**
 * Finds the session logs behind the paths a user gives (log-format.md §2.1–2.7): a sessions root
 * (`--<project>--/<encoded-id>/…`, `_no-cwd/…`), one project directory, one session directory, one log
 * file, or an export ZIP (`session.jsonl` + `subagents/<id>/session.jsonl`). With no path, the default
 * root: `$DSH_HOME/sessions`, else `~/.dsh/sessions` (env and home are parameters, so tests control
 * them). In a session directory the highest `session.vN` generation is current and the others are listed
 * as older — unless it cannot be read (empty, garbage, no session header: a crash while a new generation
 * was being written), when the newest readable generation is current and the unreadable one is reported
 * as a problem (issue 17); legacy flat `<project>/<id>.jsonl[.zstd]` files are read too; `.lock`, `session.lock` and
 * `*.tmp` are ignored. Encodings may be mixed within one root (dsh refuses that; a viewer need not).
 * Directory walks go to any depth (a root three folders below the path given is found), iteratively — a
 * stack, not recursion — visiting each real folder once, so a symlink loop ends; hidden folders are skipped
 * unless they hold a transcript (a session whose id starts with a dot), and a walk stops after MAX_FOLDERS folders, saying so. A flat `<name>.jsonl` whose first line is JSON but
 * not a session header is another program's file, not a log: it is skipped, and when a path holds no log at
 * all the problem says where discovery looked and what it saw there (issue 15). Problems are returned,
 * never thrown.
 */
import { open, readdir, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { peekHeader } from './header-peek'
import { decodeSegment, flatLogId, isIgnoredName, parseTranscriptName, type TranscriptName } from './names'
import { fileSource, listZipEntries, zipEntrySource, type LogSource } from './source'

export interface DiscoveredLog {
  source: LogSource
  layout: 'session-dir' | 'flat' | 'file' | 'zip'
  /** The id the directory or flat file name spells (escapes decoded); the header's `id` is authoritative. */
  nameId: string | null
  /** Format generation of the chosen transcript (0 for `session.jsonl[.zstd]`). */
  generation: number
  /** Other transcripts of the same session left behind (older generations, the other encoding). */
  olderGenerations: string[]
}

export interface DiscoveryProblem {
  path: string
  message: string
}

export interface Discovery {
  logs: DiscoveredLog[]
  problems: DiscoveryProblem[]
}

export interface DiscoverOptions {
  env: Record<string, string | undefined>
  homedir: string
}

/** Folders one walk reads before it stops (a path like `/` must not take forever). */
export const MAX_FOLDERS = 100_000
/** Files named in a "no session logs" problem as examples of what was seen. */
const SHOWN_EXAMPLES = 3

/** `$DSH_HOME/sessions` (a blank DSH_HOME is ignored, `~` expanded), else `<home>/.dsh/sessions`. */
export function defaultSessionsRoot(options: DiscoverOptions): string {
  const home = options.env['DSH_HOME']?.trim()
  if (home !== undefined && home !== '') return join(expandHome(home, options.homedir), 'sessions')
  return join(options.homedir, '.dsh', 'sessions')
}

function expandHome(path: string, homedir: string): string {
  if (path === '~') return homedir
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(homedir, path.slice(2))
  return path
}

/** Every log under `inputs` (the default root when empty), each file once, in a stable order. */
export async function discoverLogs(inputs: readonly string[], options: DiscoverOptions): Promise<Discovery> {
  const found: Discovery = { logs: [], problems: [] }
  const paths = inputs.length > 0 ? inputs : [defaultSessionsRoot(options)]
  for (const path of paths) await discoverPath(path, found)
  return dedupe(found)
}

async function discoverPath(path: string, out: Discovery): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>
  try {
    info = await stat(path)
  } catch (err) {
    out.problems.push({ path, message: describeFsError(err) })
    return
  }
  if (info.isDirectory()) {
    const before = out.logs.length
    const seen = await walk(path, out)
    if (out.logs.length === before) out.problems.push({ path, message: nothingFound(seen) })
    return
  }
  // A FIFO, socket or device would block or never end: skipped, and said so (issue 17).
  if (!info.isFile()) {
    out.problems.push({ path, message: NOT_REGULAR })
    return
  }
  if (/\.zip$/i.test(path)) return discoverZip(path, out)
  out.logs.push({ source: fileSource(path), layout: 'file', nameId: null, generation: parseTranscriptName(baseName(path))?.generation ?? 0, olderGenerations: [] })
}

/** What one walk saw, for the message when it found no log. */
export interface WalkSeen {
  folders: number
  /** Deepest folder level read below the path (0: the path itself). */
  depth: number
  files: number
  /** `.jsonl` / `.jsonl.zstd` files that are not dsh logs (first line not a session header). */
  foreignLogs: string[]
  hiddenFolders: number
  /** The walk hit MAX_FOLDERS. */
  stopped: boolean
}

/** "no session logs found here (looked through …; saw …)". */
export function nothingFound(seen: WalkSeen): string {
  const looked = `looked through ${seen.folders} folder${seen.folders === 1 ? '' : 's'}${seen.depth > 0 ? `, ${seen.depth} level${seen.depth === 1 ? '' : 's'} deep` : ''}`
  const saw: string[] = []
  if (seen.foreignLogs.length > 0) {
    const n = seen.foreignLogs.length
    const examples = seen.foreignLogs.slice(0, SHOWN_EXAMPLES).join(', ')
    saw.push(`${n} .jsonl file${n === 1 ? '' : 's'} that ${n === 1 ? 'is' : 'are'} not a dsh log (${examples}${n > SHOWN_EXAMPLES ? ', …' : ''})`)
  } else saw.push(seen.files === 0 ? 'no files' : `${seen.files} other file${seen.files === 1 ? '' : 's'}`)
  if (seen.hiddenFolders > 0) saw.push(`${seen.hiddenFolders} hidden folder${seen.hiddenFolders === 1 ? '' : 's'} skipped`)
  const stopped = seen.stopped ? `; stopped after ${MAX_FOLDERS} folders` : ''
  return `no session logs found here (${looked}; saw ${saw.join(', ')}${stopped})`
}

/**
 * Every folder below `root`, depth first in name order (the order of the old recursive walk), each real
 * folder once. A session directory is not descended into.
 */
async function walk(root: string, out: Discovery): Promise<WalkSeen> {
  const seen: WalkSeen = { folders: 0, depth: 0, files: 0, foreignLogs: [], hiddenFolders: 0, stopped: false }
  const visited = new Set<string>()
  const stack: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { dir, depth } = next
    const real = await realpath(dir).catch(() => dir)
    if (visited.has(real)) continue // a symlink loop, or one folder reached twice
    visited.add(real)
    if (seen.folders >= MAX_FOLDERS) {
      seen.stopped = true
      out.problems.push({ path: root, message: `stopped after reading ${MAX_FOLDERS} folders; pass a path closer to the sessions` })
      break
    }
    seen.folders++
    seen.depth = Math.max(seen.depth, depth)
    const subdirs = await walkOne(dir, out, seen)
    // Pushed in reverse, so the first name is read next.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push({ dir: join(dir, subdirs[i] ?? ''), depth: depth + 1 })
  }
  return seen
}

/** One folder: its logs into `out`; returns the subfolders to walk (none for a session directory). */
async function walkOne(dir: string, out: Discovery, seen: WalkSeen): Promise<string[]> {
  let entries: DirEntry[]
  try {
    entries = await listDir(dir)
  } catch (err) {
    out.problems.push({ path: dir, message: describeFsError(err) })
    return []
  }
  const transcripts: { name: string; parsed: TranscriptName }[] = []
  for (const entry of entries) {
    if (!entry.isOther) continue
    if (parseTranscriptName(entry.name) !== null || (!isIgnoredName(entry.name) && flatLogId(entry.name) !== null)) out.problems.push({ path: join(dir, entry.name), message: NOT_REGULAR })
  }
  entries = entries.filter(e => !e.isOther)
  for (const entry of entries) {
    const parsed = entry.isDir ? null : parseTranscriptName(entry.name)
    if (parsed !== null) transcripts.push({ name: entry.name, parsed })
  }
  if (transcripts.length > 0) {
    await addSessionDir(dir, transcripts, out)
    return []
  }
  for (const entry of entries) {
    if (entry.isDir) continue
    seen.files++
    if (isIgnoredName(entry.name)) continue
    const id = flatLogId(entry.name)
    if (id === null) continue
    const file = join(dir, entry.name)
    if (await isForeignJsonl(file)) {
      seen.foreignLogs.push(file)
      continue
    }
    out.logs.push({ source: fileSource(file), layout: 'flat', nameId: id, generation: 0, olderGenerations: [] })
  }
  const subdirs: string[] = []
  for (const entry of entries) {
    if (!entry.isDir) continue
    // Hidden directories (.git, .spill, …) are skipped, but dsh keeps an id's leading dot in its session
    // folder's name: a dot-folder that holds a transcript is a session (issue 32).
    if (entry.name.startsWith('.') && !(await holdsTranscript(join(dir, entry.name)))) seen.hiddenFolders++
    else subdirs.push(entry.name)
  }
  return subdirs
}

/** `dir` holds a session transcript (`session[.vN].jsonl[.zstd]`, `session.<child>…`) directly. */
async function holdsTranscript(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [])
  return names.some(name => parseTranscriptName(name) !== null)
}

/**
 * A plain `.jsonl` whose first line is complete JSON but no dsh record: another program's file. An
 * empty, torn or non-JSON first line is not judged here (it is a damaged log, reported when read), nor is
 * zstd (its first frame is the header or damage).
 */
async function isForeignJsonl(path: string): Promise<boolean> {
  if (!/\.jsonl$/i.test(path)) return false
  const handle = await open(path, 'r').catch(() => null)
  if (handle === null) return false
  try {
    const buffer = new Uint8Array(64 * 1024)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a)
    if (end === -1) return false
    let first: unknown
    try {
      first = JSON.parse(new TextDecoder().decode(buffer.subarray(0, end)))
    } catch {
      return false
    }
    // dsh's records are typed `session` or `area/verb` (a headerless dsh log is damage, not foreign); an
    // array may be a packed row.
    if (typeof first !== 'object' || first === null || Array.isArray(first)) return typeof first !== 'object'
    const type = (first as { type?: unknown }).type
    return typeof type !== 'string' || (type !== 'session' && !type.includes('/'))
  } finally {
    await handle.close()
  }
}

/** One session directory: per child slot, the highest generation is current (zstd wins a tie). */
async function addSessionDir(dir: string, transcripts: { name: string; parsed: TranscriptName }[], out: Discovery): Promise<void> {
  const slots = new Map<number | null, { name: string; parsed: TranscriptName }[]>()
  for (const t of transcripts) {
    const slot = slots.get(t.parsed.child) ?? []
    slot.push(t)
    slots.set(t.parsed.child, slot)
  }
  const order = [...slots.keys()].sort((a, b) => (a ?? -1) - (b ?? -1))
  for (const child of order) {
    const slot = (slots.get(child) ?? []).sort((a, b) => b.parsed.generation - a.parsed.generation || rankEncoding(b.parsed) - rankEncoding(a.parsed) || compare(a.name, b.name))
    // The newest generation that starts with a session header; with none readable, the newest as before.
    let pick = 0
    if (slot.length > 1) {
      for (let i = 0; i < slot.length; i++) {
        const t = slot[i]
        if (t !== undefined && (await headerReadable(join(dir, t.name), t.parsed))) {
          pick = i
          break
        }
      }
    }
    const current = slot[pick]
    if (current === undefined) continue
    const older = slot.filter((_, i) => i !== pick)
    for (const skipped of slot.slice(0, pick)) {
      out.problems.push({ path: join(dir, skipped.name), message: `the newest generation cannot be read (${await whyUnreadable(join(dir, skipped.name))}); showing ${current.name} instead` })
    }
    out.logs.push({
      source: fileSource(join(dir, current.name)),
      layout: 'session-dir',
      nameId: child === null ? decodeSegment(baseName(dir)) : null,
      generation: current.parsed.generation,
      olderGenerations: older.map((t) => join(dir, t.name)),
    })
  }
}

async function discoverZip(path: string, out: Discovery): Promise<void> {
  // Where each name's first record is: a log is read from there, not found by walking the directory again.
  const records = new Map<string, number>()
  try {
    for (const listed of await listZipEntries(path)) if (!records.has(listed.name)) records.set(listed.name, listed.record)
  } catch (err) {
    out.problems.push({ path, message: `not a readable ZIP archive (${err instanceof Error ? err.message : String(err)})` })
    return
  }
  const logs = [...records.keys()].filter((name) => name === 'session.jsonl' || /^subagents\/[^/]+\/session\.jsonl$/.test(name)).sort((a, b) => (a === 'session.jsonl' ? -1 : b === 'session.jsonl' ? 1 : compare(a, b)))
  if (logs.length === 0) {
    out.problems.push({ path, message: 'no session.jsonl in the archive (not a dsh session export?)' })
    return
  }
  for (const entry of logs) {
    const nameId = entry === 'session.jsonl' ? null : (entry.split('/')[1] ?? null)
    out.logs.push({ source: zipEntrySource(path, entry, undefined, records.get(entry)), layout: 'zip', nameId, generation: 0, olderGenerations: [] })
  }
}

const NOT_REGULAR = 'not a regular file (a FIFO, socket or device); skipped'

/** `isOther`: neither a folder nor a regular file (a FIFO, socket, device), also through a link. */
interface DirEntry {
  name: string
  isDir: boolean
  isOther: boolean
}

async function listDir(dir: string): Promise<DirEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const out: DirEntry[] = []
  for (const entry of entries) {
    let isDir = entry.isDirectory()
    let isOther = !isDir && !entry.isFile() && !entry.isSymbolicLink()
    if (entry.isSymbolicLink()) {
      try {
        const info = await stat(join(dir, entry.name))
        isDir = info.isDirectory()
        isOther = !isDir && !info.isFile()
      } catch {
        continue // a dangling link is nothing to read
      }
    }
    out.push({ name: entry.name, isDir, isOther })
  }
  return out.sort((a, b) => compare(a.name, b.name))
}

/** The same file reached through two inputs is listed once (first wins). */
async function dedupe(found: Discovery): Promise<Discovery> {
  const seen = new Set<string>()
  const logs: DiscoveredLog[] = []
  for (const log of found.logs) {
    const where = log.source.location
    const file = where.kind === 'file' ? await realpath(where.path).catch(() => where.path) : `${await realpath(where.zip).catch(() => where.zip)}!${where.entry}`
    if (seen.has(file)) continue
    seen.add(file)
    logs.push(log)
  }
  return { logs, problems: found.problems }
}

function rankEncoding(name: TranscriptName): number {
  return name.encoding === 'zstd' ? 1 : 0
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]+/).filter((p) => p !== '')
  return parts[parts.length - 1] ?? path
}

export function describeFsError(err: unknown): string {
  const code = err instanceof Error && 'code' in err ? err.code : undefined
  if (code === 'ENOENT') return 'no such file or directory'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  if (code === 'ENOTDIR') return 'not a directory'
  return err instanceof Error ? err.message : String(err)
}

async function headerReadable(path: string, parsed: TranscriptName): Promise<boolean> {
  return (await peekHeader(path, parsed.encoding).catch(() => null)) !== null
}

async function whyUnreadable(path: string): Promise<string> {
  const info = await stat(path).catch(() => null)
  if (info === null) return 'missing'
  if (info.size === 0) return 'empty file'
  return 'no session header'
}
