/**
 * What the browser bundle of live mode may import (architecture.md §1: `browser/` never imports node:*):
 * protocol.ts and everything under browser/ use no `node:*` module and no `Buffer`/`process`, and
 * protocol.ts imports types only, so sharing it costs the page nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const HERE = new URL('./', import.meta.url)
const IMPORTS = /(?:^|\n)\s*(import|export)(\s+type)?\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g

function code(file: string): string {
  return readFileSync(new URL(file, HERE), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

function browserFiles(): string[] {
  const files = ['protocol.ts']
  if (existsSync(new URL('browser/', HERE))) {
    for (const entry of readdirSync(new URL('browser/', HERE), { recursive: true, encoding: 'utf8' })) {
      if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(`browser/${entry.split('\\').join('/')}`)
    }
  }
  return files
}

describe('live code that runs in the browser', () => {
  it.each(browserFiles())('%s uses no Node API', (file) => {
    const source = code(file)
    const specs = [...source.matchAll(IMPORTS)].map((m) => m[3] ?? m[4] ?? '')
    expect(specs.filter((spec) => spec.startsWith('node:') || spec === 'fs' || spec === 'path')).toEqual([])
    expect(source).not.toMatch(/(?<![\w.])(?:Buffer|process)\./)
  })

  it('protocol.ts imports types only', () => {
    const value = [...code('protocol.ts').matchAll(IMPORTS)].filter((m) => m[1] === 'import' && m[2] === undefined)
    expect(value.map((m) => m[3])).toEqual([])
  })
})
