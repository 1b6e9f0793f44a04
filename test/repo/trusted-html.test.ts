/**
 * Guards the safety seams of architecture.md §2.14 by reading the source tree: exactly one component sets
 * raw HTML, and only the two producers that escape (src/highlight, src/markdown) may mint `SafeHtml`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SKIP = /(^|\/)(node_modules|dist|\.git|dsh-view-site|bench\/out|\.astro)(\/|$)/

function sourceFiles(): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map(p => p.split('\\').join('/'))
    .filter(p => !SKIP.test(p) && /\.(tsx?|mjs|js|jsx|astro)$/.test(p))
}

const read = (p: string) => readFileSync(join(root, p), 'utf8')
const THIS_FILE = relative(root, fileURLToPath(import.meta.url)).split('\\').join('/')

describe('raw HTML seams', () => {
  it('only components/TrustedHtml.tsx uses dangerouslySetInnerHTML', () => {
    // The renderer (static-markup.ts) writes the prop as React does, and its test checks that it does; the
    // browser's element builder (element-dom.ts) refuses it, and its test checks that it does.
    const RENDERER = ['src/site/html/static-markup.ts', 'src/site/html/static-markup.test.tsx', 'src/site/client/element-dom.ts', 'src/site/client/element-dom.test.tsx']
    const users = sourceFiles().filter(p => p !== THIS_FILE && !RENDERER.includes(p) && read(p).includes('dangerouslySetInnerHTML'))
    expect(users).toEqual(['components/TrustedHtml.tsx'])
  })

  it('only src/highlight and src/markdown import trustHtml (src/cards/trusted defines it)', () => {
    const importers = sourceFiles().filter(p => {
      if (p === THIS_FILE || p === 'src/cards/trusted.ts' || p.endsWith('.test.ts') || p.endsWith('.test.tsx')) return false
      return /import\s*\{[^}]*\btrustHtml\b[^}]*\}\s*from/.test(read(p))
    })
    expect(importers.filter(p => !p.startsWith('src/highlight/') && !p.startsWith('src/markdown/'))).toEqual([])
  })

  it('nothing writes innerHTML/outerHTML/insertAdjacentHTML or document.write outside tests', () => {
    const sinks = /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write\(/
    const users = sourceFiles().filter(p => p !== THIS_FILE && !/\.test\.tsx?$/.test(p) && !p.startsWith('test/') && sinks.test(read(p)))
    expect(users).toEqual([])
  })
})
