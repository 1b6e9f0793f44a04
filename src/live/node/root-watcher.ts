/**
 * The live index: which sessions exist under the paths the user gave, kept current while dsh creates new
 * ones (live.md §7.4, §10.1; issue 6: "new sessions and child sessions appear in the index while it is
 * open"). Discovery is src/log/node's `discoverLogs`, the same walk the static build uses, so both list
 * the same sessions; this adds rescans (`fs.watch` on the given directories and on project directories as
 * a hint, plus a bounded periodic rescan for generation files inside session directories), a header per
 * file identity, stable URL-safe keys, and index messages (`index-upsert` / `index-remove`). Child
 * sessions are ordinary entries whose header names `parentSession`. Session export ZIPs are static and
 * not followed.
 */
import { readdir, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { discoverLogs, type DiscoveredLog } from '../../log/node/discover'
import { decodeSegment, parseTranscriptName } from '../../log/node/names'
import { sessionKey, type IndexEntry, type IndexMessage } from '../protocol'
import type { FollowTarget } from './follower'
import { Confinement } from './confine'
import { peekHeader } from './header-peek'
import { pinnedFile, type TranscriptEncoding } from './transcript-pick'
import { fsWatch, unrefTimeout, type WatchFn, type Watcher } from './wake'

export interface RootWatcherOptions {
  /** Full rescan period; new generation files inside session directories are found this way. */
  rescanMs?: number
  debounceMs?: number
  watch?: WatchFn
  onError?: (error: unknown) => void
}

/** Second look after a watch hint, for a transcript published just after its directory appeared. */
const FOLLOW_UP_MS = 250

export type IndexListener = (message: IndexMessage) => void

interface Known {
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
  readonly #o: Required<Omit<RootWatcherOptions, 'onError'>> & { onError: (error: unknown) => void }
  readonly #listeners = new Set<IndexListener>()
  /** By transcript's session slot (directory + child, or the pinned file): keys never change once given. */
  readonly #known = new Map<string, Known>()
  readonly #keys = new Map<string, string>()
  readonly #watchers = new Map<string, Watcher>()
  #timer: NodeJS.Timeout | null = null
  #debounce: NodeJS.Timeout | null = null
  #running: Promise<void> | null = null
  #again = false
  #closed = false
  #announce = false

  constructor(inputs: readonly string[], options: RootWatcherOptions = {}) {
    this.#inputs = [...inputs]
    this.confinement = new Confinement(inputs)
    this.#o = {
      rescanMs: options.rescanMs ?? 1000,
      debounceMs: options.debounceMs ?? 30,
      watch: options.watch ?? fsWatch,
      onError: options.onError ?? (() => {}),
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
    if (this.#closed) return Promise.resolve()
    if (this.#running !== null) {
      this.#again = true
      return this.#running
    }
    const run = async () => {
      do {
        this.#again = false
        try {
          await this.#scan()
        } catch (error) {
          this.#o.onError(error)
        }
      } while (this.#again && !this.#closed)
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
    if (this.#debounce !== null) clearTimeout(this.#debounce)
    for (const watcher of this.#watchers.values()) watcher.close()
    this.#watchers.clear()
    await this.#running?.catch(() => {})
  }

  async #scan(): Promise<void> {
    const found = await discoverLogs(this.#inputs, { env: {}, homedir: homedir() })
    const seen = new Set<string>()
    const watchDirs = await directoriesToWatch(this.#inputs)
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
    this.#known.set(id, { entry, target, path, ino: st.ino })
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
    for (const dir of dirs) {
      if (this.#watchers.has(dir) || this.#closed) continue
      try {
        this.#watchers.set(dir, this.#o.watch(dir, () => this.#hint(), () => this.#watchers.get(dir)?.close()))
      } catch {
        // Not a directory, gone, or unwatchable: the periodic rescan covers it.
      }
    }
  }

  #hint(): void {
    if (this.#debounce !== null || this.#closed) return
    this.#debounce = unrefTimeout(() => {
      this.#debounce = null
      // A new directory is usually empty when its event fires; dsh links the transcript in a moment later
      // (live.md §6.6), inside a directory nobody watches yet. Look once more shortly after.
      void this.rescan().then(() => unrefTimeout(() => void this.rescan(), FOLLOW_UP_MS))
    }, this.#o.debounceMs)
  }

  #schedule(): void {
    this.#announce = true
    if (this.#closed) return
    this.#timer = unrefTimeout(() => {
      void this.rescan().then(() => this.#schedule())
    }, this.#o.rescanMs)
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
