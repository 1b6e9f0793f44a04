/**
 * The snapshot core stays pure (like src/conversation and src/cards): everything in src/snapshot outside
 * `node/` — the text serialiser, the normaliser, the ARIA matcher, the diff — imports no `node:*` module
 * and no React, and uses no `Buffer`/`process`, so a browser page or a worker can run it. Only `node/`
 * (Chromium, the file system) may.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const HERE = new URL('./', import.meta.url)
const IMPORTS = /(?:^|\n)\s*(?:import|export)(?:\s+type)?\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g

const pure = readdirSync(HERE, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split('\\').join('/'))
  .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !f.startsWith('node/'))
  .sort()

describe('src/snapshot outside node/', () => {
  it('has the files this test is about', () => {
    expect(pure).toEqual(expect.arrayContaining(['normalize.ts', 'golden-match.ts', 'text/session.ts']))
  })

  it.each(pure)('%s uses no Node API and no React', (file) => {
    const source = readFileSync(new URL(file, HERE), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    const specs = [...source.matchAll(IMPORTS)].map((m) => m[1] ?? m[2] ?? '')
    expect(specs.filter((s) => s.startsWith('node:') || s === 'react' || s.startsWith('react-dom') || s.includes('/node/'))).toEqual([])
    expect(source).not.toMatch(/(?<![\w.])(?:Buffer|process)\./)
  })
})
