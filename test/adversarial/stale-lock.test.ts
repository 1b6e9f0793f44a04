/**
 * Issue 32 point 2, end to end: a lock left by a build that cannot be running any more — killed with SIGKILL
 * and not yet reaped (a zombie), or written on another host and no longer refreshed — does not stop the next
 * build; a fresh lock from another host does. (Unit rules: src/site/write/lock.test.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildInto } from '../support/build'
import { STALE_MS } from '../../src/site/write/lock'
import { processState } from '../../src/site/write/process-state'
import { siblingOf } from '../../src/site/write/staging'
import { plainSession, writeRoot } from './support/generators'
import { cleanTemps, temp } from './support/harness'

const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) c.kill('SIGKILL')
  cleanTemps()
})

const opts = { highlight: false, highlightWorker: null } as const

describe('a lock no build holds any more', () => {
  it.runIf(process.platform === 'linux')('left by a zombie: the next build proceeds', async () => {
    const root = writeRoot(temp(), [{ name: 'a', text: plainSession('a') }])
    const out = join(temp(), 'site')
    // A child whose parent (`exec sleep`) never reaps it: killed, it is a zombie for as long as the test runs.
    const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] })
    children.push(parent)
    const pid = await new Promise<number>(done => parent.stdout?.once('data', (b: Buffer) => done(Number(String(b).trim()))))
    const state = await processState(pid)
    writeFileSync(siblingOf(out, 'lock'), `${JSON.stringify({ pid, host: hostname(), start: state.kind === 'running' ? state.start : null })}\n`)
    await expect(buildInto([root], out, opts)).rejects.toThrow(`(pid ${pid})`)
    process.kill(pid, 'SIGKILL')
    for (let i = 0; i < 100_000 && (await processState(pid)).kind !== 'zombie'; i++);
    expect((await buildInto([root], out, opts)).sessions).toBe(1)
    expect(readdirSync(join(out, 'sessions'))).toContain('a.html')
    expect(existsSync(siblingOf(out, 'lock'))).toBe(false)
  }, 60_000)

  it('from another host: held while fresh, taken over once stale', async () => {
    const root = writeRoot(temp(), [{ name: 'a', text: plainSession('a') }])
    const out = join(temp(), 'site')
    // pid 1 exists on every machine (kill(1, 0) says EPERM): a pid check alone would refuse forever.
    writeFileSync(siblingOf(out, 'lock'), `${JSON.stringify({ pid: 1, host: 'nfs-client-2', start: null })}\n`)
    await expect(buildInto([root], out, opts)).rejects.toThrow('(pid 1 on nfs-client-2)')
    expect(existsSync(out)).toBe(false)
    const silent = (Date.now() - STALE_MS - 1_000) / 1000
    utimesSync(siblingOf(out, 'lock'), silent, silent)
    expect((await buildInto([root], out, opts)).sessions).toBe(1)
  }, 60_000)
})
