/** Reading a generated site back in tests: every file with its bytes, and the pages' relative links. */
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { decodeAttribute, inStartTag } from '../../src/site/html/markup-scan'

/** Path (relative, `/`-separated) → bytes, for every file under `dir`, sorted. */
export function treeOf(dir: string, options: { skipState?: boolean } = {}): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(e => e.isFile())
    .map(e => posix.join(...join(e.parentPath, e.name).slice(dir.length + 1).split(/[\\/]/)))
    .filter(p => !(options.skipState && p.startsWith('.dsh-view/')))
    .sort()
  return new Map(files.map(p => [p, readFileSync(join(dir, p))]))
}

/** `href`/`src` values of a page's start tags (attribute-decoded; text that reads like one is text). */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].filter(m => inStartTag(html, m.index)).map(m => decodeAttribute(m[1] ?? ''))
}
