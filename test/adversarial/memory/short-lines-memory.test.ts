/**
 * Memory on a tool result of many short lines (issue 32): a 6 MB log whose one `bash` result is 2 M
 * one-digit lines. Before, every line became objects and arrays (the terminal parse, the page cut's split,
 * the search index's regex replace, which V8 builds as one concatenated string a match), and a build or
 * export of this log ran out of a 64 MB heap (a 20 MB log of this shape peaked at 1.55 GB). Now what they
 * keep of such a text does not grow with its line count. The real CLI (dist/) runs in a child process under
 * `--max-old-space-size=64`: it must finish, and the page must still say how many lines were cut.
 *
 * Peak memory (issue 32: "≤ 3× whatever the shape of the content"): a 20 MB log of this shape is built and
 * exported by the real CLI, which reports its own peak RSS (`process.resourceUsage().maxRSS`, the kernel's
 * high-water mark) as it exits. The bound is 3× the log plus FLOOR, the memory a build holds before a
 * log's size counts (Node, React, shiki, the site's assets: ~90 MB for a one-line session on the build
 * machines). Before this bound, the export of this log peaked at ~235 MB (the search index's copies, side
 * files as two-byte strings, the whole file joined in memory). No timing.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shortLinesSession } from '../../../src/log/testing/shapes'
import { tempDir } from '../../support/build'
import { BIN, peakRssMb, peakRssPreload, runCliChild as runCli } from '../support/cli-child'

const LINES = 2_000_000

/** Memory a build or export holds before a log's size counts (see the module comment). */
const FLOOR_MB = 150
const BIG_MB = 20

async function writeRoot(root: string, lines: number): Promise<number> {
  const sessionDir = join(root, '--home-dev-project--', 'short-lines')
  mkdirSync(sessionDir, { recursive: true })
  const path = join(sessionDir, 'session.v4.jsonl')
  const out = createWriteStream(path)
  for (const piece of shortLinesSession(lines, { id: 'short-lines' })) if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()))
  await new Promise<void>((resolve) => out.end(resolve))
  return statSync(path).size
}

let dir = ''
let root = ''
beforeAll(async () => {
  dir = tempDir('dv-short-lines-')
  root = join(dir, 'root')
  await writeRoot(root, LINES)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe(`a tool result of ${LINES.toLocaleString('en-US')} short lines under a 64 MB heap`, () => {
  it('builds, and the page cuts the output with the right count', async () => {
    expect(existsSync(join(BIN, '../../dist/cli.mjs'))).toBe(true)
    const site = join(dir, 'site')
    const run = await runCli(['build', root, '-o', site, '-q'])
    expect(run.stderr).not.toContain('heap out of memory')
    expect(run.code).toBe(0)
    const page = readFileSync(join(site, 'sessions', 'short-lines.html'), 'utf8')
    // The cut keeps 400 of the 2,000,000 lines (LINES + 1 with the final newline's empty line): the rest is named.
    expect(page).toMatch(/⋯ 1,999,601 lines/)
  })

  it('exports to one file', async () => {
    const file = join(dir, 'export.html')
    const run = await runCli(['export', root, '-o', file, '-q'])
    expect(run.stderr).not.toContain('heap out of memory')
    expect(run.code).toBe(0)
    expect(readFileSync(file, 'utf8')).toMatch(/⋯ 1,999,601 lines/)
  })
})

describe(`peak memory on a ${BIG_MB} MB log of one result of short lines`, () => {
  let bigRoot = ''
  let logBytes = 0
  let preload = ''
  beforeAll(async () => {
    bigRoot = join(dir, 'big')
    logBytes = await writeRoot(bigRoot, Math.round((BIG_MB * 1e6) / 3))
    preload = peakRssPreload(dir)
  })
  const peakOf = (stderr: string): number => peakRssMb(stderr) * 1024 * 1024
  const bound = () => 3 * logBytes + FLOOR_MB * 1024 * 1024

  it('build stays within 3× the log plus the floor', async () => {
    const run = await runCli(['build', bigRoot, '-o', join(dir, 'big-site'), '-q'], ['--require', preload])
    expect(run.code).toBe(0)
    expect(peakOf(run.stderr)).toBeLessThanOrEqual(bound())
  })

  it('export -o stays within 3× the log plus the floor', async () => {
    const run = await runCli(['export', bigRoot, '-o', join(dir, 'big.html'), '-q'], ['--require', preload])
    expect(run.code).toBe(0)
    expect(peakOf(run.stderr)).toBeLessThanOrEqual(bound())
  })
})
