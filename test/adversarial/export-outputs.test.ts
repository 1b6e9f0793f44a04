/**
 * Issue 17, class "export writes over anything": `-o`/`--markdown` used to write over any path, the log
 * being exported included. Now an output that is a folder, a log of the exported tree, a path inside the
 * sessions root, or both outputs at once is refused (exit 2) and nothing is written.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { plainSession } from './support/generators'
import { cleanTemps, filesUnder, run, temp } from './support/harness'

afterAll(cleanTemps)

describe('export outputs', () => {
  const home = temp()
  const dir = join(home, 'sessions', '--home-dev-proj--', 'exp-1')
  mkdirSync(dir, { recursive: true })
  const log = join(dir, 'session.jsonl')
  const text = plainSession('exp-1')
  writeFileSync(log, text)
  const elsewhere = temp()

  it.each([
    ['the log itself', () => ['-o', log], 'is a log being exported'],
    ['the log as Markdown', () => ['--markdown', log], 'is a log being exported'],
    ['a folder', () => ['-o', elsewhere], 'is a folder'],
    ['the sessions root', () => ['--markdown', join(home, 'sessions', 'summary.md')], 'is inside the sessions root'],
    ['both outputs one file', () => ['-o', join(elsewhere, 'x'), '--markdown', join(elsewhere, 'x')], '-o and --markdown name the'],
  ])('refuses %s', async (_what, args, message) => {
    const r = await run(['export', log, ...args()], { DSH_HOME: home })
    expect(r.code).toBe(2)
    expect(r.err).toContain(message)
    expect(readFileSync(log, 'utf8')).toBe(text)
    expect(filesUnder(elsewhere)).toEqual([])
  })

  it('writes a new file elsewhere', async () => {
    const r = await run(['export', log, '-o', join(elsewhere, 'x.html')], { DSH_HOME: home })
    expect(r.code).toBe(0)
    expect(filesUnder(elsewhere)).toEqual(['x.html'])
  })
})
