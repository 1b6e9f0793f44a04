/**
 * Loading search shards in the browser: each is a classic script (`<stem>.search.js`) that pushes its data
 * onto `window.dshSearch`. Injecting a `<script src>` works from file:// and any static host (Chromium
 * refuses fetch and module scripts from file://), and the page's CSP allows it (`script-src 'self'`).
 * Only file names shaped like ours are ever loaded; what a script pushes is checked (match.ts `asShard`).
 * A one-file export has no files beside it: its shard is a JSON data block in the page (`#<id>`,
 * src/export/html/search.ts), parsed as data — never run — and checked the same way.
 */
import type { SearchShard } from '../shard'
import { asShard } from './match'

declare global {
  interface Window {
    dshSearch?: unknown
  }
}

/** Our shard names only (relative, no `..`, no scheme). */
const SHARD_PATH = /^(?:sessions\/)?[A-Za-z0-9._~-]+\.search\.js$/

const pending = new WeakMap<Document, Map<string, Promise<SearchShard | null>>>()

/** The shard of `session` pushed so far, or null. */
export function registered(win: Window, session: string): SearchShard | null {
  const list = win.dshSearch
  if (!Array.isArray(list)) return null
  for (let i = list.length - 1; i >= 0; i--) {
    const shard = asShard(list[i])
    if (shard !== null && shard.session === session) return shard
  }
  return null
}

/** Our data blocks' ids (`#dsh-search-data`). */
const DATA_BLOCK = /^#[A-Za-z][A-Za-z0-9-]*$/

/** The shard of `session` in the page's JSON data block `#id`, or null. */
export function inlineShard(doc: Document, src: string, session: string): SearchShard | null {
  const block = doc.getElementById(src.slice(1))
  if (block === null || block.tagName !== 'SCRIPT' || block.getAttribute('type') !== 'application/json') return null
  let data: unknown
  try {
    data = JSON.parse(block.textContent ?? '')
  } catch {
    return null
  }
  const shard = asShard(data)
  return shard !== null && shard.session === session ? shard : null
}

/** Loads `src` (once per document) and resolves to the shard of `session`, or null when it cannot be had. */
export function loadShard(doc: Document, src: string, session: string): Promise<SearchShard | null> {
  if (DATA_BLOCK.test(src)) return Promise.resolve(inlineShard(doc, src, session))
  const win = doc.defaultView
  if (win === null || !SHARD_PATH.test(src) || src.includes('..')) return Promise.resolve(null)
  const have = registered(win, session)
  if (have !== null) return Promise.resolve(have)
  let map = pending.get(doc)
  if (map === undefined) pending.set(doc, (map = new Map()))
  const known = map.get(src)
  if (known !== undefined) return known
  const promise = new Promise<SearchShard | null>(resolve => {
    const script = doc.createElement('script')
    script.src = src
    script.addEventListener('load', () => resolve(registered(win, session)))
    script.addEventListener('error', () => resolve(null))
    doc.head.append(script)
  })
  map.set(src, promise)
  return promise
}

/** The site catalog's name (src/search/catalog.ts): a plain file at the site root. */
const CATALOG_PATH = /^[A-Za-z0-9._~-]+\.search\.js$/

declare global {
  interface Window {
    dshCatalog?: unknown
  }
}

/** Loads the site's session catalog script once; resolves to what it set (unchecked), or null. */
export function loadCatalog(doc: Document, src: string): Promise<unknown> {
  const win = doc.defaultView
  if (win === null || !CATALOG_PATH.test(src)) return Promise.resolve(null)
  if (win.dshCatalog !== undefined) return Promise.resolve(win.dshCatalog)
  return new Promise(resolve => {
    const script = doc.createElement('script')
    script.src = src
    script.addEventListener('load', () => resolve(win.dshCatalog ?? null))
    script.addEventListener('error', () => resolve(null))
    doc.head.append(script)
  })
}
