/** Reading a generated site back in tests: every file with its bytes, and the pages' relative links. */
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'

/** Path (relative, `/`-separated) → bytes, for every file under `dir`, sorted. */
export function treeOf(dir: string, options: { skipState?: boolean } = {}): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(e => e.isFile())
    .map(e => posix.join(...join(e.parentPath, e.name).slice(dir.length + 1).split(/[\\/]/)))
    .filter(p => !(options.skipState && p.startsWith('.dsh-view/')))
    .sort()
  return new Map(files.map(p => [p, readFileSync(join(dir, p))]))
}

/** `href`/`src` values of a page (attribute-decoded). */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map(m => (m[1] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'"))
}
