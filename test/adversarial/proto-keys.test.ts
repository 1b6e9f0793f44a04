/**
 * Issue 17, class "prototype keys": tool names, call ids, argument keys, session and parent ids that are
 * `Object.prototype` members (`__proto__`, `constructor`, `toString` …). Before the fix, plain-object
 * lookups keyed by log strings reached the prototype (`keys is not iterable`) and the build died. Now those
 * lookups are `Map`s or own-property checks; every card renders and every name is shown as written.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { plainSession, PROTO_NAMES, protoSession, writeRoot } from './support/generators'
import { cleanTemps, filesUnder, run, temp, tmpFilesUnder } from './support/harness'

afterAll(cleanTemps)

describe('a log whose names are Object.prototype members', () => {
  const root = writeRoot(temp(), [
    { name: 'proto', text: protoSession('__proto__') },
    { name: 'ctor', text: protoSession('constructor') },
    { name: 'ok', text: plainSession('ok-1') },
  ])
  const log = join(root, '--home-dev-proj--/s000-proto/session.jsonl')

  it('builds every session, each tool shown by its name', async () => {
    const out = join(temp(), 'site')
    const r = await run(['build', root, '-o', out])
    expect(r.err).not.toMatch(/could not/)
    expect(r.code).toBe(0)
    const pages = filesUnder(out).filter(f => f.startsWith('sessions/') && f.endsWith('.html') && !f.includes('.trajectory.'))
    expect(pages).toHaveLength(3)
    const page = readFileSync(join(out, 'sessions/__proto__.html'), 'utf8')
    for (const name of PROTO_NAMES) expect(page).toContain(name)
    expect(tmpFilesUnder(out)).toEqual([])
    // The manifest is keyed by those names too: a rebuild reuses every session.
    const again = await run(['build', root, '-o', out])
    expect(again.code).toBe(0)
    expect(again.err).toMatch(/0 rebuilt, 3 unchanged/)
  })

  it('exports', async () => {
    const dir = temp()
    const r = await run(['export', log, '-o', join(dir, 'x.html'), '--markdown', join(dir, 'x.md')])
    expect(r.code).toBe(0)
    expect(filesUnder(dir)).toEqual(['x.html', 'x.md'])
  })

  it('snapshots', async () => {
    const r = await run(['snapshot', log])
    expect(r.code).toBe(0)
    for (const name of PROTO_NAMES) expect(r.out).toContain(name)
  })
})
