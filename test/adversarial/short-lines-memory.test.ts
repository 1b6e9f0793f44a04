/**
 * Memory on a tool result of many short lines (issue 32): a 6 MB log whose one `bash` result is 2 M
 * one-digit lines. Before, every line became objects and arrays (the terminal parse, the page cut's split,
 * the search index's regex replace, which V8 builds as one concatenated string a match), and a build or
 * export of this log ran out of a 64 MB heap (a 20 MB log of this shape peaked at 1.55 GB). Now what they
 * keep of such a text does not grow with its line count. The real CLI (dist/) runs in a child process under
 * `--max-old-space-size=64`: it must finish, and the page must still say how many lines were cut. No timing.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shortLinesSession } from '../../src/log/testing/shapes'
import { tempDir } from '../support/build'

const BIN = fileURLToPath(new URL('../../bin/dsh-view.mjs', import.meta.url))
const LINES = 2_000_000

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=64', BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000)
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

let dir = ''
let root = ''
beforeAll(async () => {
  dir = tempDir('dv-short-lines-')
  root = join(dir, 'root')
  const sessionDir = join(root, '--home-dev-project--', 'short-lines')
  mkdirSync(sessionDir, { recursive: true })
  const out = createWriteStream(join(sessionDir, 'session.v4.jsonl'))
  for (const piece of shortLinesSession(LINES, { id: 'short-lines' })) if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()))
  await new Promise<void>((resolve) => out.end(resolve))
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
