/**
 * No import circles among our sources (DEVELOPERS.md: "No import circles"): every .ts/.tsx file under src/,
 * cli/ and components/ is read, its relative imports resolved (./import-graph.ts), and any circle fails the
 * test with its path. The circle finder is checked on small graphs first, a planted circle among them.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findCycles, importGraph, importSpecifiers } from './import-graph'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SCANNED = ['src', 'cli', 'components']

function sources(): Map<string, string> {
  const files = new Map<string, string>()
  for (const dir of SCANNED) {
    for (const rel of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).sort()) {
      const path = `${dir}/${rel.split('\\').join('/')}`
      if (/\.tsx?$/.test(path) && !path.endsWith('.d.ts')) files.set(path, readFileSync(join(root, path), 'utf8'))
    }
  }
  return files
}

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges))

describe('findCycles', () => {
  it('finds none in a tree or a diamond', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([])
  })

  it('names a planted circle as a path from its smallest file back to it', () => {
    expect(findCycles(graphOf({ a: ['b'], b: ['c'], c: ['d', 'b'], d: [] }))).toEqual([['b', 'c', 'b']])
    expect(findCycles(graphOf({ x: ['y'], y: ['z'], z: ['x'], w: ['x'] }))).toEqual([['x', 'y', 'z', 'x']])
  })

  it('finds a file that imports itself, and every separate circle', () => {
    expect(findCycles(graphOf({ a: ['a'], b: ['c'], c: ['b'], d: ['e'], e: ['f'], f: ['d'] }))).toEqual([['a', 'a'], ['b', 'c', 'b'], ['d', 'e', 'f', 'd']])
  })

  it('gives the shortest path through a component with several circles', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: ['d'], d: ['a'] }))).toEqual([['a', 'c', 'd', 'a']])
  })

  it('walks a long chain without recursion', () => {
    const n = 20_000
    const edges = new Map<string, string[]>()
    for (let i = 0; i < n; i++) edges.set(`m${i}`, [`m${(i + 1) % n}`])
    const [cycle] = findCycles(edges)
    expect(cycle?.length).toBe(n + 1)
  })
})

describe('importGraph', () => {
  it('reads import, import type, export from and literal dynamic imports, not comments or strings', () => {
    const src = [
      "/** import { no } from './in-a-comment' */",
      "import type { A } from './a'",
      "export * from './b'",
      "export { c } from '../up/c'",
      "const d = await import('./d')",
      "type E = typeof import('./e')",
      "const s = \"import f from './f'\"",
      "import styles from './x.module.css'",
      "import react from 'react'",
    ].join('\n')
    expect(importSpecifiers(src)).toEqual(['./a', './b', '../up/c', './d', './e', './x.module.css', 'react'])
    const files = new Map([
      ['src/m/main.ts', src],
      ['src/m/a.ts', ''],
      ['src/m/b/index.ts', ''],
      ['src/up/c.tsx', ''],
      ['src/m/d.ts', ''],
      ['src/m/e.ts', ''],
      ['src/m/f.ts', ''],
    ])
    expect(importGraph(files).get('src/m/main.ts')).toEqual(['src/m/a.ts', 'src/m/b/index.ts', 'src/m/d.ts', 'src/m/e.ts', 'src/up/c.tsx'])
  })

  it('turns a planted circle among files into a failure naming it', () => {
    const files = new Map([
      ['src/p/one.ts', "import { two } from './two'"],
      ['src/p/two.ts', "export type { Three } from './three'"],
      ['src/p/three.ts', "const one = () => import('./one')"],
    ])
    expect(findCycles(importGraph(files))).toEqual([['src/p/one.ts', 'src/p/two.ts', 'src/p/three.ts', 'src/p/one.ts']])
  })
})

describe('the repository', () => {
  it('has no import circle under src/, cli/ or components/', () => {
    const files = sources()
    expect(files.size).toBeGreaterThan(300)
    const cycles = findCycles(importGraph(files)).map(c => c.join(' → '))
    expect(cycles, `import circles:\n${cycles.join('\n')}`).toEqual([])
  })
})
