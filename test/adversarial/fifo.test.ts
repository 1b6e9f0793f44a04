/**
 * Issue 17, class "non-regular files": a FIFO where a session log would be used to hang the build (the
 * scan's read never returns). Discovery now skips FIFOs, sockets and devices — in a root, or named
 * directly — with a problem line (exit 1); every other session is built.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { plainSession, writeFifo, writeRoot } from './support/generators'
import { cleanTemps, filesUnder, run, temp } from './support/harness'

afterAll(cleanTemps)

describe('a FIFO among the logs', () => {
  const root = writeRoot(temp(), [{ name: 'ok', text: plainSession('ok-1') }])
  mkdirSync(join(root, '--home-dev-proj--/fifo'))
  const fifo = join(root, '--home-dev-proj--/fifo/session.jsonl')
  writeFifo(fifo)
  writeFifo(join(root, '--home-dev-proj--/flat.jsonl'))

  it('is skipped with a warning; the build finishes with the other sessions', async () => {
    const out = join(temp(), 'site')
    const r = await run(['build', root, '-o', out])
    expect(r.code).toBe(1)
    expect(r.err).toContain(`could not read ${fifo}: not a regular file`)
    expect(filesUnder(out).filter(f => f.endsWith('.html') && !f.includes('.trajectory.') && f.startsWith('sessions/'))).toEqual(['sessions/ok-1.html'])
  })

  it('named directly, is skipped too (build, snapshot)', async () => {
    const r = await run(['build', fifo, join(root, '--home-dev-proj--/s000-ok/session.jsonl'), '-o', join(temp(), 'site')])
    expect(r.code).toBe(1)
    expect(r.err).toContain('not a regular file')
    const snap = await run(['snapshot', fifo])
    expect(snap.code).toBe(1)
  })
})
