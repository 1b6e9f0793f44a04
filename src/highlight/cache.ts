/**
 * Highlighted fragments by content hash, in memory and on disk across builds (architecture.md §2.6): a hit
 * costs microseconds, a miss on 15 KB of TypeScript 60–100 ms. The disk form is one JSON file in the
 * output's state folder (`<out>/.dsh-view/highlight-cache.json`): it travels and dies with the site it
 * serves, needs no write access outside `-o`, and holds one small entry per distinct block.
 *
 * Entries remember the build generation that last used them; entries unused for `KEEP_GENERATIONS` builds
 * are dropped on save, so the file tracks what the sessions still need. The cache never changes output:
 * the budget is charged before the lookup, and a fragment is a pure function of its key.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { writeFileAtomic } from '../site/write/atomic-write'

/** Bump when the fragment format changes (render-tokens.ts, theme.ts). */
const FORMAT = 'hl3'
/**
 * The shiki release is part of every key: a new grammar or theme may colour the same text differently. Read
 * from @shikijs/core, the part of shiki an install carries (grammars and themes are built into the package);
 * its version is shiki's own.
 */
const SHIKI_VERSION: string = (createRequire(import.meta.url)('@shikijs/core/package.json') as { version: string }).version

/** A block left untouched this many builds is dropped (its session was removed or stopped changing). */
export const KEEP_GENERATIONS = 4

interface CacheFile {
  format: string
  generation: number
  /** key → [generation last used, fragment]. */
  entries: Record<string, [number, string]>
}

export function cacheKey(lang: string, text: string): string {
  return createHash('sha256').update(`${FORMAT}\0${SHIKI_VERSION}\0${lang}\0`).update(text).digest('hex').slice(0, 32)
}

export class HighlightCache {
  #entries = new Map<string, [number, string]>()
  #generation = 1
  #dirty = false
  hits = 0
  misses = 0

  /** `file` null: memory only (tests, `--no-cache` style callers). */
  constructor(readonly file: string | null) {}

  /** Reads the disk cache; a missing, foreign or damaged file just means a cold cache. */
  async load(): Promise<void> {
    if (this.file === null) return
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(this.file, 'utf8'))
    } catch {
      return
    }
    if (!isCacheFile(parsed) || parsed.format !== FORMAT) return
    this.#generation = parsed.generation + 1
    for (const [key, entry] of Object.entries(parsed.entries)) this.#entries.set(key, entry)
  }

  get(key: string): string | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    if (entry[0] !== this.#generation) {
      entry[0] = this.#generation
      this.#dirty = true
    }
    return entry[1]
  }

  set(key: string, html: string): void {
    this.#entries.set(key, [this.#generation, html])
    this.#dirty = true
  }

  /** Writes the file when something changed; keys sorted so equal caches are equal bytes. */
  async save(): Promise<void> {
    if (this.file === null || !this.#dirty) return
    const entries: Record<string, [number, string]> = {}
    for (const key of [...this.#entries.keys()].sort()) {
      const entry = this.#entries.get(key)
      if (entry !== undefined && entry[0] > this.#generation - KEEP_GENERATIONS) entries[key] = entry
    }
    const body: CacheFile = { format: FORMAT, generation: this.#generation, entries }
    await writeFileAtomic(this.file, JSON.stringify(body))
    this.#dirty = false
  }
}

function isCacheFile(value: unknown): value is CacheFile {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<CacheFile>
  if (typeof v.format !== 'string' || typeof v.generation !== 'number' || typeof v.entries !== 'object' || v.entries === null) {
    return false
  }
  return Object.values(v.entries).every(
    e => Array.isArray(e) && e.length === 2 && typeof e[0] === 'number' && typeof e[1] === 'string',
  )
}

/**
 * `dsh-view merge` (issue 16): the caches of several parts as one, written to `target`; false when no source
 * has a cache (nothing written). Each entry keeps its age (builds since last used) against the newest part's
 * generation; a key in several parts keeps the youngest. Parts built fresh all hold generation 1, so the
 * result is the cache one build of every session would have written.
 */
export async function mergeCacheFiles(sources: readonly string[], target: string): Promise<boolean> {
  const files: CacheFile[] = []
  for (const source of sources) {
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(source, 'utf8'))
    } catch {
      continue
    }
    if (isCacheFile(parsed) && parsed.format === FORMAT) files.push(parsed)
  }
  if (files.length === 0) return false
  const generation = Math.max(...files.map(f => f.generation))
  const merged = new Map<string, [number, string]>()
  for (const file of files) {
    for (const [key, [used, html]] of Object.entries(file.entries)) {
      const at = generation - (file.generation - used)
      const known = merged.get(key)
      if (known === undefined || known[0] < at) merged.set(key, [at, html])
    }
  }
  // No prototype: a key read from a file is only a key, even `__proto__`.
  const entries: Record<string, [number, string]> = Object.create(null) as Record<string, [number, string]>
  for (const key of [...merged.keys()].sort()) entries[key] = merged.get(key) as [number, string]
  const body: CacheFile = { format: FORMAT, generation, entries }
  await writeFileAtomic(target, JSON.stringify(body))
  return true
}
