/**
 * Issue 32 point 2: only a running build holds a site folder. A zombie (a build killed with SIGKILL that its
 * parent has not reaped), a pid now worn by another process, and a lock from another host that stopped
 * beating are all stale and taken over; a live holder, here or (while fresh) elsewhere, keeps the folder.
 * Real processes, no sleeps: the zombie is made by killing a child whose parent never reaps, and the test waits
 * for the kernel to report it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { acquireLock, LockError, parseHolder, STALE_MS } from './lock'
import { processState } from './process-state'
import { siblingOf } from './staging'

const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-lock-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) c.kill('SIGKILL')
  rmSync(tmp, { recursive: true, force: true })
})

let n = 0
const folder = () => join(tmp, `site-${++n}`)
const lockOf = (out: string) => siblingOf(out, 'lock')
const writeLock = (out: string, holder: object | string) => writeFileSync(lockOf(out), typeof holder === 'string' ? holder : `${JSON.stringify(holder)}\n`)

async function refused(out: string): Promise<string> {
  const err = await acquireLock(out).then(
    async lock => {
      await lock.release()
      return null
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(LockError)
  return (err as Error).message
}

async function taken(out: string): Promise<void> {
  const lock = await acquireLock(out)
  expect(parseHolder(readFileSync(lockOf(out), 'utf8'))?.pid).toBe(process.pid)
  await lock.release()
  expect(existsSync(lockOf(out))).toBe(false)
}

/** Resolves with the first line `child` writes on stdout. */
const firstLine = (child: ChildProcess) =>
  new Promise<string>(done => {
    let text = ''
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (chunk: string) => {
      text += chunk
      if (text.includes('\n')) done(text.slice(0, text.indexOf('\n')))
    })
  })

describe('the site folder lock', () => {
  it.runIf(process.platform === 'linux')('a build killed with SIGKILL and never reaped (a zombie) does not hold the folder', async () => {
    // `sh` starts a child, prints its pid and becomes `sleep`, which never waits for it: killed, it stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] })
    children.push(parent)
    const pid = Number(await firstLine(parent))
    const state = await processState(pid)
    expect(state.kind).toBe('running')
    const out = folder()
    writeLock(out, { pid, host: (await import('node:os')).hostname(), start: state.kind === 'running' ? state.start : null })
    expect(await refused(out)).toContain(`is being written by another dsh-view build (pid ${pid})`)
    process.kill(pid, 'SIGKILL')
    // The kill is delivered asynchronously: wait until the kernel reports the zombie (each check is an I/O wait).
    for (let i = 0; i < 100_000 && (await processState(pid)).kind !== 'zombie'; i++);
    expect(await processState(pid)).toEqual({ kind: 'zombie' })
    // kill(pid, 0) still finds it: the old judgement would have refused here.
    expect(() => process.kill(pid, 0)).not.toThrow()
    await taken(out)
  })

  it('a pid now worn by another process does not hold the folder', async () => {
    const state = await processState(process.pid)
    expect(state.kind).toBe('running')
    const start = state.kind === 'running' ? state.start : null
    const host = (await import('node:os')).hostname()
    const out = folder()
    // This process, as the holder: it runs and started when the lock says.
    writeLock(out, { pid: process.pid, host, start })
    expect(await refused(out)).toContain(`(pid ${process.pid})`)
    // The same pid with another start: an earlier build's pid, reused since. (Where the platform cannot tell a
    // start, `start` is null and only the state counts.)
    if (start !== null) {
      writeLock(out, { pid: process.pid, host, start: `${start}-earlier` })
      await taken(out)
    }
  })

  it('a lock from another host holds while its holder beats, and is stale once it stops', async () => {
    const out = folder()
    writeLock(out, { pid: 1, host: 'build-farm-7', start: 'linux:x:1' })
    expect(await refused(out)).toContain('(pid 1 on build-farm-7)')
    const silent = (Date.now() - STALE_MS - 1_000) / 1000
    utimesSync(lockOf(out), silent, silent)
    await taken(out)
  })

  it('a running build beats: its lock stays fresh for other hosts', async () => {
    const out = folder()
    let beat: () => void = () => {}
    const lock = await acquireLock(out, { heartbeatMs: 5, onBeat: () => beat() })
    const nextBeat = () => new Promise<void>(done => void (beat = done))
    const old = (Date.now() - 10 * STALE_MS) / 1000
    utimesSync(lockOf(out), old, old)
    // The first beat may have started before the mtime was set back; the second started after.
    await nextBeat()
    await nextBeat()
    expect(Date.now() - statSync(lockOf(out)).mtimeMs).toBeLessThan(STALE_MS)
    await lock.release()
  })

  it('a build whose lock was taken over publishes nothing and leaves the new holder its lock', async () => {
    const out = folder()
    const lock = await acquireLock(out)
    await lock.confirm()
    writeLock(out, { pid: 1, host: 'build-farm-7', start: null })
    await expect(lock.confirm()).rejects.toThrow('took over this build\'s lock')
    await lock.release()
    expect(parseHolder(readFileSync(lockOf(out), 'utf8'))).toEqual({ pid: 1, host: 'build-farm-7', start: null })
  })

  it('reads the bare pid an older dsh-view wrote, and takes over garbage', async () => {
    const out = folder()
    writeLock(out, `${process.pid}\n`)
    expect(await refused(out)).toContain(`(pid ${process.pid})`)
    writeLock(out, 'not a lock')
    await taken(out)
  })
})
