import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSession } from '../../log/node/load'
import { readWriterState } from '../node/writer-lock'
import { FakeDshWriter } from './fake-writer'

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'fake/1', createdAt: 1, cwd: '/home/dev/project', delegationDepth: 0 })
const ev = (type: string, seq: number, data: unknown = {}) => JSON.stringify({ type, seq, time: 1000 + seq, data })
const TURN = [ev('turn/start', 0, { turn: 1 }), ev('step/start', 1, { turn: 1, step: 1 }), ev('step/end', 2, { turn: 1, step: 1 })]
const END = ev('turn/end', 3, { turn: 1, reason: { kind: 'completed' } })

let root = ''
afterEach(() => rm(root, { recursive: true, force: true }))

async function writer(encoding: 'raw' | 'zstd', batchDelayMs = 30) {
  root = await mkdtemp(join(tmpdir(), 'dsh-view-fake-'))
  return FakeDshWriter.create({ root, header: HEADER, encoding, batchDelayMs })
}

async function fresh(path: string) {
  const loaded = await loadSession(path)
  if (!loaded.ok) throw new Error(loaded.error)
  return loaded.session
}

describe.each(['raw', 'zstd'] as const)('FakeDshWriter (%s)', (encoding) => {
  it('materializes like dsh: layout, lock, header plus first batch at once, no temp file left', async () => {
    const w = await writer(encoding)
    expect(w.dir).toBe(join(root, '--home-dev-project--', 'fake~002F1'))
    await w.append(TURN)
    expect((await readdir(w.dir)).sort()).toEqual(['.lock', w.fileName].sort())
    expect(w.fileName).toBe(encoding === 'zstd' ? 'session.jsonl.zstd' : 'session.jsonl')
    expect(JSON.parse(await readFile(join(w.dir, '.lock'), 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() })
    expect(((await stat(w.dir)).mode & 0o777).toString(8)).toBe('700')
    expect(((await stat(w.path)).mode & 0o777).toString(8)).toBe('600')
    const session = await fresh(w.path)
    expect(session.counts.events).toBe(3)
    expect(session.tornTail).toBe(false)
  })

  it('batches enqueued records in one window and writes late arrivals as the next batch', async () => {
    const w = await writer(encoding)
    await w.append([TURN[0] ?? ''])
    const sizes: number[] = []
    const sample = async () => sizes.push((await stat(w.path)).size)
    await sample()
    const a = w.enqueue([TURN[1] ?? ''])
    const b = w.enqueue([TURN[2] ?? ''])
    await sample() // still inside the window: nothing written
    await Promise.all([a, b])
    await sample()
    await w.enqueue([END])
    await sample()
    expect(sizes[1]).toBe(sizes[0])
    expect(sizes[2]).toBeGreaterThan(sizes[1] ?? 0)
    expect(sizes[3]).toBeGreaterThan(sizes[2] ?? 0)
    const session = await fresh(w.path)
    expect(session.counts.events).toBe(4)
    if (encoding === 'zstd') expect(session.invalid).toEqual([])
    expect(w.durable).toEqual([...TURN, END])
  })

  it('crashes with a torn tail and a dead lock, then repairs with closers', async () => {
    const w = await writer(encoding)
    await w.append(TURN.slice(0, 2))
    const sizeBefore = (await stat(w.path)).size
    await w.crash([TURN[2] ?? '', END], 0.5)
    expect((await stat(w.path)).size).toBeGreaterThan(sizeBefore)
    expect(await readWriterState(w.dir)).toBe('dead')
    expect((await fresh(w.path)).tornTail).toBe(true)
    const appended = await w.repair()
    expect(await readWriterState(w.dir)).toBe('alive')
    const session = await fresh(w.path)
    expect(session.tornTail).toBe(false)
    expect(session.invalid).toEqual([])
    // Raw: the torn batch's complete first line (step/end) survived, so only turn/end is missing. zstd: the
    // torn single-block frame yields nothing, so step/end is synthesized too.
    expect(appended.map((r) => JSON.parse(r).type)).toEqual(encoding === 'raw' ? ['turn/end'] : ['step/end', 'turn/end'])
    expect(session.counts.events).toBe(w.durable.length)
  })

  it('upgrades to a new generation and leaves the old file byte-identical; close removes the lock', async () => {
    const w = await writer(encoding)
    await w.append(TURN)
    const old = w.path
    const bytes = await readFile(old)
    await w.upgrade(4, HEADER.replace('"version":0', '"version":4'), [...TURN, END])
    expect(w.path).toBe(join(w.dir, encoding === 'zstd' ? 'session.v4.jsonl.zstd' : 'session.v4.jsonl'))
    expect(await readFile(old)).toEqual(bytes)
    expect((await fresh(w.path)).header.version).toBe(4)
    await w.close()
    expect(await readWriterState(w.dir)).toBe('dead')
  })
})
