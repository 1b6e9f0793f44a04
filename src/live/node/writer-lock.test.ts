import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { judgeLock, readWriterState, type LockProbe, type WriterState } from './writer-lock'

const probe: LockProbe = { pidAlive: (pid) => pid === 100, hostname: () => 'here' }

describe('judgeLock', () => {
  it.each<[string, WriterState]>([
    ['{"pid":100,"hostname":"here","startedAt":1}\n', 'alive'],
    ['{"pid":101,"hostname":"here","startedAt":1}\n', 'dead'],
    ['{"pid":100,"hostname":"elsewhere","startedAt":1}', 'unknown'],
    ['', 'unknown'], // created, not written yet (live.md §6.7)
    ['{"pid":"100","hostname":"here"}', 'unknown'],
    ['{"pid":-1,"hostname":"here"}', 'unknown'],
    ['[1,2]', 'unknown'],
    ['null', 'unknown'],
  ])('%j → %s', (text, state) => {
    expect(judgeLock(text, probe)).toBe(state)
  })
})

describe('readWriterState', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('reads .lock, treats no lock as a gone writer and a Gen B session.lock as unknown', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsh-view-lock-'))
    expect(await readWriterState(dir, probe)).toBe('dead')
    await writeFile(join(dir, 'session.lock'), '')
    expect(await readWriterState(dir, probe)).toBe('unknown')
    await writeFile(join(dir, '.lock'), '{"pid":100,"hostname":"here","startedAt":1}\n')
    expect(await readWriterState(dir, probe)).toBe('alive')
    // The real probe: this test process is alive.
    await writeFile(join(dir, '.lock'), JSON.stringify({ pid: process.pid, hostname: (await import('node:os')).hostname(), startedAt: 1 }))
    expect(await readWriterState(dir)).toBe('alive')
  })
})
