/**
 * The live index over real directories: sessions that appear (new project, new session directory, new
 * child), a new `session.vN` generation, removal, duplicate ids, and the kinds of input paths a user may
 * give (root, project directory, session directory, one file). Keys stay stable once given. Issue 32: a
 * notification walks only the folder it names, an unknown key is looked up in the folder it names, and a
 * failed watcher (or an event that names nothing) brings the fallback full rescan at once.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IndexMessage } from '../../src/live/protocol'
import { RootWatcher } from '../../src/live/node/root-watcher'
import type { WatchFn } from '../../src/live/node/wake'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import { tempRoot, waitFor } from './helpers'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function header(id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'session', version: 0, id, createdAt: 1_783_352_045_000, cwd: '/home/dev/project', delegationDepth: 0, ...extra })
}

const TURN = [
  '{"type":"turn/start","seq":0,"time":1783352045001,"data":{"turn":1}}',
  '{"type":"turn/end","seq":1,"time":1783352045002,"data":{"turn":1,"reason":{"kind":"completed"}}}',
]

async function watcherOn(inputs: string[], rescanMs = 60_000) {
  const watcher = new RootWatcher(inputs, { rescanMs })
  cleanups.push(() => watcher.close())
  const messages: IndexMessage[] = []
  await watcher.ready
  watcher.subscribe((m) => messages.push(m))
  return { watcher, messages }
}

async function session(root: string, id: string, options: { encoding?: 'raw' | 'zstd'; extra?: Record<string, unknown> } = {}) {
  const writer = await FakeDshWriter.create({ root, header: header(id, options.extra), encoding: options.encoding ?? 'zstd' })
  await writer.append(TURN)
  return writer
}

describe('RootWatcher', () => {
  it('announces new sessions and children under a watched root, promptly', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    const first = await session(root, 'alpha')
    const { watcher, messages } = await watcherOn([root])
    expect(watcher.entries().map((e) => e.key)).toEqual(['alpha'])
    expect(watcher.resolve('alpha')).toEqual({ dir: first.dir })
    // A new project directory and a child session in the parent's project, found through fs.watch alone.
    const started = Date.now()
    await session(root, 'beta', { extra: { cwd: '/srv/other' } })
    await session(root, 'alpha child/1', { extra: { parentSession: 'alpha', origin: 'subagent', delegationDepth: 1 } })
    await waitFor(() => watcher.entries().length === 3, 2000, 'both new sessions')
    console.log(`index: new sessions announced ${Date.now() - started} ms after they were written`)
    const upserted = messages.flatMap((m) => (m.kind === 'index-upsert' ? [m.session] : []))
    expect(upserted.map((s) => s.key).sort()).toEqual(['alpha~0020child~002F1', 'beta'])
    const child = upserted.find((s) => s.key === 'alpha~0020child~002F1')
    expect(child).toMatchObject({ project: '--home-dev-project--', file: 'session.jsonl.zstd', encoding: 'zstd', generation: 0, header: { id: 'alpha child/1', parentSession: 'alpha', origin: 'subagent' } })
    expect(upserted.find((s) => s.key === 'beta')?.project).toBe('--srv-other--')
  })

  it('follows a generation upgrade under the same key, growth, and removal', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    const writer = await session(root, 'gamma', { encoding: 'raw' })
    const { watcher, messages } = await watcherOn([root])
    const size = watcher.entries()[0]?.size ?? 0
    await writer.append(['{"type":"turn/start","seq":2,"time":1783352045003,"data":{"turn":2}}'])
    await watcher.rescan()
    expect(watcher.entries()[0]?.size).toBeGreaterThan(size)
    await writer.upgrade(4, header('gamma', { version: 4 }), TURN)
    await watcher.rescan()
    expect(watcher.entries()).toHaveLength(1)
    expect(watcher.entries()[0]).toMatchObject({ key: 'gamma', file: 'session.v4.jsonl', generation: 4, header: { version: 4 } })
    expect(watcher.resolve('gamma')).toEqual({ dir: writer.dir })
    await rm(writer.dir, { recursive: true })
    await watcher.rescan()
    expect(watcher.entries()).toEqual([])
    expect(watcher.resolve('gamma')).toBeNull()
    expect(messages.map((m) => m.kind)).toEqual(['index-upsert', 'index-upsert', 'index-remove'])
  })

  it('gives a duplicate id its own key and keeps keys stable', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    await session(root, 'dup')
    await session(root, 'dup', { extra: { cwd: '/elsewhere' } })
    const { watcher } = await watcherOn([root])
    const keys = watcher.entries().map((e) => e.key)
    expect(keys.sort()).toEqual(['dup', 'dup~~2'])
    await watcher.rescan()
    expect(watcher.entries().map((e) => e.key).sort()).toEqual(keys)
  })

  it.each(['project', 'session', 'file'] as const)('indexes a %s given directly', async (kind) => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    const writer = await session(root, 'delta', { encoding: 'raw' })
    const input = kind === 'project' ? join(writer.dir, '..') : kind === 'session' ? writer.dir : writer.path
    const { watcher } = await watcherOn([input])
    expect(watcher.entries().map((e) => e.key)).toEqual(['delta'])
    expect(watcher.resolve('delta')).toEqual({ dir: writer.dir })
    expect(watcher.pathOf('delta')).toBe(writer.path)
  })

  it('indexes a session whose header is unreadable under its directory name', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    const dir = join(root, '--x--', 'broken~0020one')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'session.jsonl'), 'not json\n')
    const { watcher } = await watcherOn([root])
    expect(watcher.entries()).toMatchObject([{ key: 'broken~0020one', header: null, project: '--x--' }])
  })
})

/** A watch function the test fires by hand, and a count of walks: full rescans and one-folder walks. */
async function handWatched(root: string, pollMs = 3_600_000) {
  const watched = new Map<string, { onChange: (name: string | null) => void; onError: (error: unknown) => void }>()
  const watch: WatchFn = (dir, onChange, onError) => {
    watched.set(dir, { onChange, onError })
    return { close: () => void watched.delete(dir) }
  }
  const scans = { full: 0, folders: [] as string[] }
  const errors: unknown[] = []
  const watcher = new RootWatcher([root], {
    rescanMs: 3_600_000,
    pollMs,
    debounceMs: 0,
    watch,
    onError: (error) => errors.push(error),
    onScan: (folder) => (folder === null ? scans.full++ : scans.folders.push(folder)),
  })
  cleanups.push(() => watcher.close())
  await watcher.ready
  const messages: IndexMessage[] = []
  watcher.subscribe((m) => messages.push(m))
  scans.full = 0
  return { watcher, watched, scans, messages, errors }
}

describe('RootWatcher without periodic full rescans (issue 32)', () => {
  it('announces a new session folder from the notification that names it, walking only that folder', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    const first = await session(root, 'alpha')
    const project = join(first.dir, '..')
    const { watcher, watched, scans, messages } = await handWatched(root)
    expect([...watched.keys()].sort()).toEqual([root, project].sort())
    const second = await session(root, 'beta')
    watched.get(project)?.onChange('beta')
    await waitFor(() => watcher.resolve('beta') !== null, 5000, 'the announced session')
    expect(watcher.resolve('beta')).toEqual({ dir: second.dir })
    expect(messages.flatMap((m) => (m.kind === 'index-upsert' ? [m.session.key] : []))).toContain('beta')
    expect(scans.full).toBe(0)
    expect(new Set(scans.folders)).toEqual(new Set([second.dir]))
    // Its removal, named the same way, is found by the same one-folder walk.
    await rm(second.dir, { recursive: true })
    watched.get(project)?.onChange('beta')
    await waitFor(() => watcher.resolve('beta') === null, 5000, 'the removal')
    expect(watcher.resolve('alpha')).toEqual({ dir: first.dir })
    expect(scans.full).toBe(0)
  })

  it('resolves an unknown key by looking in the folder it names, not by a full rescan', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    await session(root, 'alpha')
    const { watcher, scans } = await handWatched(root)
    const late = await session(root, 'late one') // no notification: the key alone must find it
    expect(watcher.resolve('late~0020one')).toBeNull()
    expect(await watcher.lookup('late~0020one')).toEqual({ dir: late.dir })
    expect(scans.full).toBe(0)
    expect(scans.folders).toEqual([late.dir])
    for (const key of ['nope', '..', '~002E~002E', 'a/b']) expect(await watcher.lookup(key), key).toBeNull()
    expect(scans.full).toBe(0)
  })

  it('shows a recently written session growing and settling without any event or full rescan', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    const writer = await session(root, 'busy')
    const { watcher, scans } = await handWatched(root, 20)
    const size = watcher.entries()[0]?.size ?? 0
    await writer.append(['{"type":"turn/start","seq":2,"time":1783352045003,"data":{"turn":2}}'])
    await writer.close()
    await waitFor(() => (watcher.entries()[0]?.size ?? 0) > size, 5000, 'the growth')
    expect(scans.full).toBe(0)
    expect(new Set(scans.folders)).toEqual(new Set([writer.dir]))
  })

  it.each([
    ['the watcher fails', (w: { onChange: (name: string | null) => void; onError: (error: unknown) => void }) => w.onError(new Error('watch broke'))],
    ['an event names nothing (overflow)', (w: { onChange: (name: string | null) => void; onError: (error: unknown) => void }) => w.onChange(null)],
  ])('falls back to a full rescan at once when %s', async (_how, trigger) => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    await session(root, 'alpha')
    const { watcher, watched, scans } = await handWatched(root)
    const missed = await session(root, 'missed', { extra: { cwd: '/srv/other' } })
    const rootWatch = watched.get(root)
    expect(rootWatch).toBeDefined()
    if (rootWatch !== undefined) trigger(rootWatch)
    await waitFor(() => watcher.resolve('missed') !== null, 5000, 'the session the watcher missed')
    expect(scans.full).toBeGreaterThanOrEqual(1)
    expect(watcher.resolve('missed')).toEqual({ dir: missed.dir })
  })
})
