/**
 * Memory on one log line nested millions of levels deep (found by the issue 32 fuzz pass): a 20 MB line of
 * `{"k":[{"k":[…` was built whole by the long-line parser, then capped to 100 levels (src/log/json/depth.ts) —
 * 2.6 GB for a 20 MB log, 860 MB for 6 MB, so a log of this shape took any build, export or inspect down.
 * The parser now builds nothing below the cap (each outermost deeper container is the depth note), so the
 * real CLI (dist/), run in a child process under `--max-old-space-size=64`, builds, exports and inspects it
 * (the value itself is checked in src/log/json/piece-parser.test.ts). No timing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deepLineSession, writeRoot } from '../support/generators'
import { runCliChild as runCli } from '../support/cli-child'
import { cleanTemps, temp } from '../support/harness'

const DEPTH = 4_000_000

let root = ''
let dir = ''
beforeAll(() => {
  dir = temp('dv-deep-line-')
  root = writeRoot(join(dir, 'root'), [{ name: 'deep-line', text: deepLineSession('deep-line', DEPTH) }])
})
afterAll(cleanTemps)

describe(`a line nested ${DEPTH.toLocaleString('en-US')} levels under a 64 MB heap`, () => {
  it('builds', async () => {
    const site = join(dir, 'site')
    const run = await runCli(['build', root, '-o', site, '-q'])
    expect(run.stderr).not.toContain('heap out of memory')
    expect(run.code).toBe(0)
    expect(readFileSync(join(site, 'sessions', 'deep-line.html'), 'utf8').includes('After the deep line.')).toBe(true)
  })

  it('exports and inspects', async () => {
    const file = join(dir, 'export.html')
    const exported = await runCli(['export', root, '-o', file, '-q'])
    expect(exported.stderr).not.toContain('heap out of memory')
    expect(exported.code).toBe(0)
    expect(readFileSync(file, 'utf8').includes('After the deep line.')).toBe(true)
    const inspected = await runCli(['inspect', root, '-q'])
    expect(inspected.code).toBe(0)
  })
})
