/**
 * Memory on one log line of millions of small containers side by side (found by the issue 32 fuzz pass): a
 * 16 MB tool result of `[{"a":1},{"a":1},…]` was kept whole in the model, two million objects, and peaked at
 * 464 MB. A line's value now keeps at most `MAX_JSON_NODES` values (src/log/json/width.ts), the rest read and
 * checked but not built, with a note where it was left out. The real CLI (dist/), run in a child process under
 * `--max-old-space-size=64`, builds, exports and inspects a 12 MB line of that shape and shows the note (the
 * value itself is checked in src/log/json/piece-parser.test.ts and src/log/json/width.test.ts). No timing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_NODES } from '../../../src/log/json/width'
import { wideLineSession, writeRoot } from '../support/generators'
import { runCliChild as runCli } from '../support/cli-child'
import { cleanTemps, temp } from '../support/harness'

const ITEMS = 1_500_000
const NOTE = `more than ${MAX_JSON_NODES} values in one line`

let root = ''
let dir = ''
beforeAll(() => {
  dir = temp('dv-wide-line-')
  root = writeRoot(join(dir, 'root'), [{ name: 'wide-line', text: wideLineSession('wide-line', ITEMS) }])
})
afterAll(cleanTemps)

describe(`a line of ${ITEMS.toLocaleString('en-US')} small objects side by side under a 64 MB heap`, () => {
  it('builds, the result cut with the note', async () => {
    const site = join(dir, 'site')
    const run = await runCli(['build', root, '-o', site, '-q'])
    expect(run.stderr).not.toContain('heap out of memory')
    expect(run.code).toBe(0)
    const page = readFileSync(join(site, 'sessions', 'wide-line.html'), 'utf8')
    expect(page.includes('Done: the output is above.')).toBe(true)
    expect(page.includes(NOTE)).toBe(true)
  })

  it('exports and inspects', async () => {
    const file = join(dir, 'export.html')
    const exported = await runCli(['export', root, '-o', file, '-q'])
    expect(exported.stderr).not.toContain('heap out of memory')
    expect(exported.code).toBe(0)
    const html = readFileSync(file, 'utf8')
    expect(html.includes('Done: the output is above.')).toBe(true)
    expect(html.includes(NOTE)).toBe(true)
    const inspected = await runCli(['inspect', root, '-q'])
    expect(inspected.stderr).not.toContain('heap out of memory')
    expect(inspected.code).toBe(0)
  })
})
