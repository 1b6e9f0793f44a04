/**
 * The pure-core import rule (architecture: the browser's live mode runs the same code): source files in
 * src/log (except src/log/node), src/conversation, src/cards, src/trajectory, src/trajectory-view, src/stats and src/replay import neither `node:*` nor `react` nor
 * `shiki`, and use no `Buffer.` / `process.`. Test files are exempt (they read fixtures from disk).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const SRC = new URL('../', import.meta.url)
const ROOTS = ['log/', 'conversation/', 'cards/', 'trajectory/', 'trajectory-view/', 'stats/', 'replay/']

const IMPORT = /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.])import\s+['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]\s*\)/gm
const BANNED_MODULE = /^(?:node:|react(?:-dom)?(?:\/|$)|shiki(?:\/|$))/
const BANNED_GLOBAL = /(?<![\w.])(?:Buffer|process)\./

function violations(source: string): string[] {
  const found: string[] = []
  // Comments may mention the rule itself; only code counts.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  for (const match of code.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3] ?? match[4] ?? ''
    if (BANNED_MODULE.test(spec)) found.push(`imports ${spec}`)
  }
  const global = code.match(BANNED_GLOBAL)
  if (global !== null) found.push(`uses ${global[0]}`)
  return found
}

function pureSources(): string[] {
  const files: string[] = []
  for (const root of ROOTS) {
    const dir = new URL(root, SRC)
    let entries: string[]
    try {
      if (!statSync(dir).isDirectory()) continue
      entries = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    } catch {
      continue
    }
    for (const entry of entries) {
      const rel = `${root}${entry.split('\\').join('/')}`
      if (rel.startsWith('log/node/') || !/\.(ts|tsx)$/.test(rel) || /\.test\.tsx?$/.test(rel)) continue
      files.push(rel)
    }
  }
  return files.sort()
}

describe('pure core', () => {
  it('the checker catches each banned form', () => {
    expect(violations("import { readFileSync } from 'node:fs'")).toEqual(['imports node:fs'])
    expect(violations("import type { FC } from 'react'")).toEqual(['imports react'])
    expect(violations("const m = await import('shiki')")).toEqual(['imports shiki'])
    expect(violations("export * from 'node:path'")).toEqual(['imports node:path'])
    expect(violations('const b = Buffer.from(x)')).toEqual(['uses Buffer.'])
    expect(violations('if (process.env.X) {}')).toEqual(['uses process.'])
    expect(violations("import { z } from 'zod'\nconst reprocess = 1 // process.env in a comment")).toEqual([])
  })

  it('finds the pure sources (guards against an empty walk)', () => {
    expect(pureSources()).toContain('log/parser.ts')
    expect(pureSources()).toContain('trajectory/builder.ts')
    expect(pureSources()).toContain('replay/schedule.ts')
  })

  it.each(pureSources())('%s', (rel) => {
    expect(violations(readFileSync(new URL(rel, SRC), 'utf8'))).toEqual([])
  })
})
