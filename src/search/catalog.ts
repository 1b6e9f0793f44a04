/**
 * The site's session catalog for "Search all sessions" (issue 15): every session of the site — not only
 * those listed on the index page the reader is on (a site of thousands of sessions has several) — as
 * `[shard, href, title]`, in index order, written as a classic script at the site root
 * (`sessions.search.js`, `window.dshCatalog = {...}`): it loads from file:// where a fetch would not. The
 * index's search box names it (`data-catalog`) and src/search/client/site-search.ts loads it on first use.
 * A stem has no dot (src/site/plan/slug.ts), so no session's shard can take this name.
 */
import type { IndexEntry, IndexModel } from '../site/types'

export const CATALOG_FILE = 'sessions.search.js'

/** `[shard, href, title]`, paths relative to the site root. */
export type CatalogEntry = [shard: string, href: string, title: string]

export interface SearchCatalog {
  v: 1
  sessions: CatalogEntry[]
}

/** Every session of the index model, in index order: each top-level entry, then its children, depth first. */
export function catalogEntries(model: IndexModel): CatalogEntry[] {
  const out: CatalogEntry[] = []
  // An explicit stack (children nest as deep as the log's parent links go).
  const stack: IndexEntry[] = []
  for (const group of model.groups) {
    stack.push(...[...group.entries].reverse())
    while (stack.length > 0) {
      const entry = stack.pop() as IndexEntry
      if (entry.shard !== undefined) out.push([entry.shard, entry.href, entry.title])
      stack.push(...[...entry.children].reverse())
    }
  }
  return out
}

export function catalogScript(model: IndexModel): string {
  const catalog: SearchCatalog = { v: 1, sessions: catalogEntries(model) }
  return `window.dshCatalog=${JSON.stringify(catalog)};\n`
}

/** A loaded catalog, checked (browser side: whatever a script set is untrusted until it has this shape). */
export function asCatalog(value: unknown): CatalogEntry[] | null {
  if (typeof value !== 'object' || value === null) return null
  const { v, sessions } = value as Partial<SearchCatalog>
  if (v !== 1 || !Array.isArray(sessions)) return null
  return sessions.filter((s): s is CatalogEntry => Array.isArray(s) && s.length === 3 && s.every(x => typeof x === 'string'))
}
