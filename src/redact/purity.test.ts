/**
 * src/redact (outside ./node) and src/search (outside its build-time writer) are pure: no `node:*`, no
 * React, no `Buffer.`/`process.` — export, the live page and the browser may run them.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const SRC = new URL('../', import.meta.url)
const BANNED = /from\s+['"](?:node:[^'"]+|react(?:-dom)?(?:\/[^'"]*)?)['"]|(?<![\w.])(?:Buffer|process)\./

function sources(folder: string, skip: RegExp): string[] {
  return readdirSync(new URL(folder, SRC), { recursive: true, encoding: 'utf8' })
    .map(f => f.split('\\').join('/'))
    .filter(f => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !skip.test(f))
    .map(f => `${folder}${f}`)
}

describe('purity', () => {
  it.each([...sources('redact/', /^node\//), ...sources('search/', /^node\//)])('%s imports no Node or React', file => {
    const code = readFileSync(new URL(file, SRC), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    expect(code.match(BANNED)?.[0] ?? null).toBeNull()
  })
})
