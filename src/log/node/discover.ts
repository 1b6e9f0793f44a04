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
 * Directory walks stop three levels below a given path. Problems are returned, never thrown.
 */
import { readdir, realpath, stat } from 'node:fs/promises'
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

const MAX_DEPTH = 3

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
    await walk(path, 0, out)
    if (out.logs.length === before) out.problems.push({ path, message: 'no session logs found here' })
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

async function walk(dir: string, depth: number, out: Discovery): Promise<void> {
  let entries: DirEntry[]
  try {
    entries = await listDir(dir)
  } catch (err) {
    out.problems.push({ path: dir, message: describeFsError(err) })
    return
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
    return
  }
  for (const entry of entries) {
    if (entry.isDir || isIgnoredName(entry.name)) continue
    const id = flatLogId(entry.name)
    if (id !== null) out.logs.push({ source: fileSource(join(dir, entry.name)), layout: 'flat', nameId: id, generation: 0, olderGenerations: [] })
  }
  if (depth >= MAX_DEPTH) return
  for (const entry of entries) {
    // Hidden directories (.git, .spill, …) never hold sessions.
    if (entry.isDir && !entry.name.startsWith('.')) await walk(join(dir, entry.name), depth + 1, out)
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
  let names: string[]
  try {
    names = await listZipEntries(path)
  } catch (err) {
    out.problems.push({ path, message: `not a readable ZIP archive (${err instanceof Error ? err.message : String(err)})` })
    return
  }
  const logs = names.filter((name) => name === 'session.jsonl' || /^subagents\/[^/]+\/session\.jsonl$/.test(name)).sort((a, b) => (a === 'session.jsonl' ? -1 : b === 'session.jsonl' ? 1 : compare(a, b)))
  if (logs.length === 0) {
    out.problems.push({ path, message: 'no session.jsonl in the archive (not a dsh session export?)' })
    return
  }
  for (const entry of logs) {
    const nameId = entry === 'session.jsonl' ? null : (entry.split('/')[1] ?? null)
    out.logs.push({ source: zipEntrySource(path, entry), layout: 'zip', nameId, generation: 0, olderGenerations: [] })
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
