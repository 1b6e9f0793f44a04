/**
 * The live index: which sessions exist under the paths the user gave, kept current while dsh creates new
 * ones (live.md §7.4, §10.1; issue 6: "new sessions and child sessions appear in the index while it is
 * open"). Discovery is src/log/node's `discoverLogs`, the same walk the static build uses, so both list
 * the same sessions; this adds updates by notification (`fs.watch` on the given directories and on project
 * directories: an event rescans only the folder it names), a fallback full rescan on a long interval that
 * grows with the cost of a walk (and at once when a watcher fails or an event names nothing, as after an
 * overflow), a lookup of an unknown key in the one folder per project that key names, a header per file
 * identity, stable URL-safe keys, and index messages (`index-upsert` / `index-remove`). Child
 * sessions are ordinary entries whose header names `parentSession`. Session export ZIPs are static and
 * not followed.
 */
import { readdir, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, join, sep } from 'node:path'
import { discoverLogs, type DiscoveredLog } from '../../log/node/discover'
import { decodeSegment, parseTranscriptName } from '../../log/node/names'
import { sessionKey, type IndexEntry, type IndexMessage } from '../protocol'
import type { FollowTarget } from './follower'
import { Confinement } from './confine'
import { peekHeader } from './header-peek'
import { pinnedFile, type TranscriptEncoding } from './transcript-pick'
import { fsWatch, unrefTimeout, type WatchFn, type Watcher } from './wake'

export interface RootWatcherOptions {
  /**
   * Least period of the fallback full rescan (default 30 s; it stretches to FALLBACK_COST_FACTOR times the
   * last walk's duration). Notifications do the everyday work; this catches what they miss (a new
   * generation file inside a session directory nobody watches, events a platform drops).
   */
  rescanMs?: number
  debounceMs?: number
  watch?: WatchFn
  onError?: (error: unknown) => void
  /** Period of the look at recently written sessions (default 1 s): their growth and settling show in the index. */
  pollMs?: number
  /** Told of every walk: null for a full rescan, else the one folder walked (tests count scans with it). */
  onScan?: (folder: string | null) => void
}

/** Second look after a watch hint, for a transcript published just after its directory appeared. */
const FOLLOW_UP_MS = 250
/** The fallback waits at least this many times as long as its last walk took: it costs at most ~1/20 of a core. */
const FALLBACK_COST_FACTOR = 20
/** More pending folders than this and one full rescan is cheaper and keeps the queue bounded. */
const MAX_PENDING_FOLDERS = 256
/** A session written within this window is "active": its transcript is looked at every poll. */
const ACTIVE_WINDOW_MS = 10 * 60_000
/** At most this many active sessions are looked at per poll (the most recently written). */
const MAX_ACTIVE = 64

export type IndexListener = (message: IndexMessage) => void

interface Known {
  log: DiscoveredLog
  entry: IndexEntry
  target: FollowTarget
  path: string
  ino: number
}

export class RootWatcher {
  readonly ready: Promise<void>
  readonly #inputs: string[]
  /** Sessions whose transcript leads out of the inputs through a symlink are not indexed. */
  readonly confinement: Confinement
  readonly #o: Required<Omit<RootWatcherOptions, 'onError' | 'onScan'>> & Pick<RootWatcherOptions, 'onScan'> & { onError: (error: unknown) => void }
  readonly #listeners = new Set<IndexListener>()
  /** By transcript's session slot (directory + child, or the pinned file): keys never change once given. */
  readonly #known = new Map<string, Known>()
  readonly #keys = new Map<string, string>()
  readonly #watchers = new Map<string, Watcher>()
  /** Watched directories whose watcher failed: not watched again before the next scheduled fallback. */
  readonly #failed = new Set<string>()
  /** Project directories (children of the given directories), where an unknown key is looked for. */
  readonly #projects = new Set<string>()
  /** What the next walk covers: everything, or these folders only. */
  #pendingFull = false
  readonly #pendingFolders = new Set<string>()
  /** Paths named by watch events since the last debounce, not yet turned into folders. */
  readonly #hinted = new Set<string>()
  #timer: NodeJS.Timeout | null = null
  #poll: NodeJS.Timeout | null = null
  #debounce: NodeJS.Timeout | null = null
  #running: Promise<void> | null = null
  #closed = false
  #announce = false
  #lastFullMs = 0

  constructor(inputs: readonly string[], options: RootWatcherOptions = {}) {
    this.#inputs = [...inputs]
    this.confinement = new Confinement(inputs)
    this.#o = {
      rescanMs: options.rescanMs ?? 30_000,
      debounceMs: options.debounceMs ?? 30,
      watch: options.watch ?? fsWatch,
      onError: options.onError ?? (() => {}),
      onScan: options.onScan,
      pollMs: options.pollMs ?? 1000,
    }
    this.ready = this.rescan().then(() => this.#schedule())
  }

  /** Every session found, in discovery order. */
  entries(): IndexEntry[] {
    return [...this.#known.values()].map((known) => known.entry)
  }

  /** The follow target behind a key, or null for a key this index never gave out. */
  resolve(key: string): FollowTarget | null {
    const slot = this.#keys.get(key)
    return slot === undefined ? null : (this.#known.get(slot)?.target ?? null)
  }

  /** The transcript path behind a key right now, or null. */
  pathOf(key: string): string | null {
    const slot = this.#keys.get(key)
    return slot === undefined ? null : (this.#known.get(slot)?.path ?? null)
  }

  subscribe(listener: IndexListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Walks the inputs now; concurrent calls share one walk (and trigger one more after it). */
  rescan(): Promise<void> {
    this.#pendingFull = true
    this.#pendingFolders.clear()
    return this.#drain()
  }

  /** Walks one folder now (a session or project directory): its sessions are added, updated or removed. */
  rescanFolder(folder: string): Promise<void> {
    if (!this.#pendingFull) {
      if (this.#pendingFolders.size >= MAX_PENDING_FOLDERS) return this.rescan()
      this.#pendingFolders.add(folder)
    }
    return this.#drain()
  }

  /**
   * The follow target behind a key, looking for it when unknown: a session key is dsh's directory name
   * of the session, so only that one name is looked at in each project directory (and each given
   * directory), never the whole root. Null when it is in none of them.
   */
  async lookup(key: string): Promise<FollowTarget | null> {
    const known = this.resolve(key)
    if (known !== null) return known
    const name = key.replace(/~~\d+$/, '') // a clash suffix is ours, not dsh's
    if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) return null
    const candidates: string[] = []
    for (const parent of [...this.#inputs, ...this.#projects]) {
      const folder = join(parent, name)
      const st = await stat(folder).catch(() => null)
      if (st !== null && st.isDirectory()) candidates.push(folder)
    }
    await Promise.all(candidates.map((folder) => this.rescanFolder(folder)))
    return this.resolve(key)
  }

  #drain(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    if (this.#running !== null) return this.#running.then(() => this.#drain())
    const run = async () => {
      while (!this.#closed && (this.#pendingFull || this.#pendingFolders.size > 0)) {
        try {
          if (this.#pendingFull) {
            this.#pendingFull = false
            this.#pendingFolders.clear()
            const started = performance.now()
            await this.#scan()
            this.#lastFullMs = performance.now() - started
          } else {
            const folders = [...this.#pendingFolders]
            this.#pendingFolders.clear()
            for (const folder of folders) await this.#scanFolder(folder)
          }
        } catch (error) {
          this.#o.onError(error)
        }
      }
    }
    this.#running = run().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#listeners.clear()
    if (this.#timer !== null) clearTimeout(this.#timer)
    if (this.#poll !== null) clearTimeout(this.#poll)
    if (this.#debounce !== null) clearTimeout(this.#debounce)
    for (const watcher of this.#watchers.values()) watcher.close()
    this.#watchers.clear()
    await this.#running?.catch(() => {})
  }

  async #scan(): Promise<void> {
    this.#o.onScan?.(null)
    const found = await discoverLogs(this.#inputs, { env: {}, homedir: homedir() })
    const seen = new Set<string>()
    const watchDirs = await directoriesToWatch(this.#inputs)
    this.#projects.clear()
    for (const dir of watchDirs) if (!this.#inputs.includes(dir)) this.#projects.add(dir)
    for (const log of found.logs) {
      const where = log.source.location
      if (where.kind !== 'file') continue
      const slot = slotOf(log, where.path)
      seen.add(slot.id)
      if (log.layout === 'session-dir') watchDirs.add(dirname(dirname(where.path)))
      try {
        await this.#update(slot.id, slot.target, where.path, log)
      } catch (error) {
        this.#o.onError(error)
      }
    }
    for (const [id, known] of this.#known) {
      if (seen.has(id)) continue
      this.#known.delete(id)
      this.#keys.delete(known.entry.key)
      this.#emit({ kind: 'index-remove', key: known.entry.key })
    }
    this.#syncWatchers(watchDirs)
  }

  /** One folder's walk: what is under it is brought up to date; nothing outside it is touched. */
  async #scanFolder(folder: string): Promise<void> {
    this.#o.onScan?.(folder)
    // A new project folder is watched at once, so the session folders made in it next are notified too.
    if (this.#inputs.includes(dirname(folder)) && !basename(folder).startsWith('.') && (await stat(folder).catch(() => null))?.isDirectory() === true) {
      this.#projects.add(folder)
      this.#watch(folder)
    }
    const found = await discoverLogs([folder], { env: {}, homedir: homedir() })
    const seen = new Set<string>()
    for (const log of found.logs) {
      const where = log.source.location
      if (where.kind !== 'file') continue
      const slot = slotOf(log, where.path)
      seen.add(slot.id)
      if (log.layout === 'session-dir') {
        const project = dirname(dirname(where.path))
        if (this.#inputs.includes(dirname(project))) this.#projects.add(project)
        this.#watch(project)
      }
      try {
        await this.#update(slot.id, slot.target, where.path, log)
      } catch (error) {
        this.#o.onError(error)
      }
    }
    const prefix = folder.endsWith(sep) ? folder : folder + sep
    for (const [id, known] of this.#known) if (!seen.has(id) && known.path.startsWith(prefix)) this.#forget(id)
  }

  async #update(id: string, target: FollowTarget, path: string, log: DiscoveredLog): Promise<void> {
    if ((await this.confinement.check(path)) === 'outside') {
      this.#forget(id)
      return
    }
    const st = await stat(path).catch(() => null)
    if (st === null || !st.isFile()) return
    const old = this.#known.get(id)
    const name = basename(path)
    const encoding: TranscriptEncoding = pinnedFile(name).encoding
    const sameFile = old !== undefined && old.path === path && old.ino === st.ino
    const header = sameFile && old.entry.header !== null ? old.entry.header : await peekHeader(path, encoding).catch(() => null)
    const entry: IndexEntry = {
      key: old?.entry.key ?? this.#newKey(header?.id, target, path),
      project: log.layout === 'session-dir' ? projectOf(target.dir) : null,
      file: name,
      encoding,
      generation: log.generation,
      size: st.size,
      mtimeMs: st.mtimeMs,
      header,
    }
    this.#known.set(id, { log, entry, target, path, ino: st.ino })
    if (old === undefined) this.#keys.set(entry.key, id)
    if (old === undefined || JSON.stringify(old.entry) !== JSON.stringify(entry)) this.#emit({ kind: 'index-upsert', session: entry })
  }

  #forget(id: string): void {
    const known = this.#known.get(id)
    if (known === undefined) return
    this.#known.delete(id)
    this.#keys.delete(known.entry.key)
    this.#emit({ kind: 'index-remove', key: known.entry.key })
  }

  /** `sessionKey(header.id)` (= the dsh directory name), else the file's own name; `~~N` on a clash. */
  #newKey(id: string | undefined, target: FollowTarget, path: string): string {
    const name = target.file !== undefined ? basename(path).replace(/\.jsonl(\.zstd)?$/, '') : basename(target.dir)
    // A directory name is already dsh's escape of the id: decode first so it is not escaped twice.
    const base = id !== undefined && id !== '' ? sessionKey(id) : sessionKey(decodeSegment(name))
    let key = base
    for (let n = 2; this.#keys.has(key); n++) key = `${base}~~${n}`
    return key
  }

  #emit(message: IndexMessage): void {
    if (!this.#announce) return // the first walk builds the snapshot silently
    for (const listener of [...this.#listeners]) {
      try {
        listener(message)
      } catch (error) {
        this.#o.onError(error)
      }
    }
  }

  #syncWatchers(dirs: Set<string>): void {
    for (const [dir, watcher] of this.#watchers) {
      if (dirs.has(dir)) continue
      watcher.close()
      this.#watchers.delete(dir)
    }
    for (const dir of dirs) this.#watch(dir)
  }

  #watch(dir: string): void {
    if (this.#watchers.has(dir) || this.#failed.has(dir) || this.#closed) return
    try {
      this.#watchers.set(dir, this.#o.watch(dir, (name) => this.#hint(dir, name), (error) => this.#watchFailed(dir, error)))
    } catch {
      // Not a directory, gone, or unwatchable: the fallback rescan covers it.
    }
  }

  /** A failed watcher may have missed anything: walk everything now rather than at the next fallback. */
  #watchFailed(dir: string, error: unknown): void {
    this.#watchers.get(dir)?.close()
    this.#watchers.delete(dir)
    this.#failed.add(dir)
    this.#o.onError(error)
    if (!this.#closed) void this.rescan()
  }

  /** An event in `dir` naming `name`: walk that entry's folder; an event that names nothing walks everything. */
  #hint(dir: string, name: string | null): void {
    if (this.#closed) return
    if (name === null || name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) this.#pendingFull = true
    else if (this.#hinted.size >= MAX_PENDING_FOLDERS) this.#pendingFull = true
    else this.#hinted.add(join(dir, name))
    if (this.#debounce !== null) return
    this.#debounce = unrefTimeout(() => {
      this.#debounce = null
      void this.#settleHints().then((folders) => {
        // A new directory is usually empty when its event fires; dsh links the transcript in a moment later
        // (live.md §6.6), inside a directory nobody watches yet. Look at those folders once more shortly after.
        if (folders.length > 0) unrefTimeout(() => void Promise.all(folders.map((f) => this.rescanFolder(f))), FOLLOW_UP_MS)
      })
    }, this.#o.debounceMs)
  }

  /** Turns the pending names into folders to walk: a file's event walks its directory. */
  async #settleHints(): Promise<string[]> {
    const named = [...this.#hinted]
    this.#hinted.clear()
    const folders = new Set<string>()
    for (const path of named) {
      const st = await stat(path).catch(() => null)
      // A removed entry is walked too: the walk finds nothing there and removes what the index had.
      folders.add(st !== null && !st.isDirectory() ? dirname(path) : path)
    }
    for (const folder of folders) await this.rescanFolder(folder).catch(() => {})
    await this.#drain()
    return [...folders]
  }

  /**
   * Appends inside a session folder raise no event on the watched folders: the sessions written lately
   * (a bounded few) are looked at each poll, so their growth, settling and new generations reach the index.
   * Idle sessions cost nothing here.
   */
  #schedulePoll(): void {
    if (this.#closed) return
    this.#poll = unrefTimeout(() => {
      const since = Date.now() - ACTIVE_WINDOW_MS
      const active: Known[] = []
      for (const known of this.#known.values()) if (known.entry.mtimeMs >= since) active.push(known)
      active.sort((a, b) => b.entry.mtimeMs - a.entry.mtimeMs)
      const folders = active.slice(0, MAX_ACTIVE).map((known) => (known.log.layout === 'session-dir' ? known.target.dir : known.path))
      void Promise.all(folders.map((folder) => this.rescanFolder(folder))).then(() => this.#schedulePoll())
    }, this.#o.pollMs)
  }

  #schedule(): void {
    if (!this.#announce) this.#schedulePoll()
    this.#announce = true
    if (this.#closed) return
    const wait = Math.max(this.#o.rescanMs, this.#lastFullMs * FALLBACK_COST_FACTOR)
    this.#timer = unrefTimeout(() => {
      this.#failed.clear()
      void this.rescan().then(() => this.#schedule())
    }, wait)
  }
}

/** Which session a discovered file is: its directory and child slot (generations share a slot). */
function slotOf(log: DiscoveredLog, path: string): { id: string; target: FollowTarget } {
  const dir = dirname(path)
  const parsed = parseTranscriptName(basename(path))
  if (parsed !== null && (log.layout === 'session-dir' || log.layout === 'file')) {
    const target: FollowTarget = parsed.child === null ? { dir } : { dir, child: parsed.child }
    return { id: `${dir}\0${parsed.child ?? ''}`, target }
  }
  return { id: path, target: { dir, file: basename(path) } }
}

/** The given directories and their non-hidden subdirectories (project directories under a root). */
async function directoriesToWatch(inputs: readonly string[]): Promise<Set<string>> {
  const dirs = new Set<string>()
  for (const input of inputs) {
    const entries = await readdir(input, { withFileTypes: true }).catch(() => null)
    if (entries === null) continue
    dirs.add(input)
    for (const entry of entries) if (entry.isDirectory() && !entry.name.startsWith('.')) dirs.add(join(input, entry.name))
  }
  return dirs
}

function projectOf(sessionDir: string): string | null {
  const name = basename(dirname(sessionDir))
  return /^--.*--$/.test(name) || name === '_no-cwd' ? name : null
}
