/**
 * The session follower against the fake dsh writer, replaying real corpus logs (live.md §7, §11.1):
 * every batch shows up, partial lines and frames are held back, and after rollback, crash repair, file
 * replacement or a generation upgrade the follower's lines equal a fresh full read of the final file,
 * with contiguous seqs (no duplicates, nothing lost).
 */
import { truncate, appendFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionFollower, type FollowerOptions } from '../../src/live/node/follower'
import type { WatchFn } from '../../src/live/node/wake'
import { FakeDshWriter, type FakeWriterOptions } from '../../src/live/testing/fake-writer'
import type { Timeline } from '../../src/live/testing/timeline'
import { CORPUS, FeedClient, expectContiguous, freshRead, rawTimeline, seqs, tempRoot, waitFor, zstdTimeline } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** No watcher at all: the follower only moves when a test pokes it or the (long) poll fires. */
const noWatch: WatchFn = () => ({ close() {} })

async function setup(timeline: Timeline, writer: Omit<FakeWriterOptions, 'root' | 'header'>, follower: FollowerOptions = {}) {
  const { root, cleanup } = await tempRoot()
  cleanups.push(cleanup)
  const fake = await FakeDshWriter.create({ root, header: timeline.header, batchDelayMs: 5, ...writer })
  const client = new FeedClient()
  let current: SessionFollower | null = null
  const start = async () => {
    current = new SessionFollower({ dir: fake.dir }, { tornGraceMs: 100, lockCacheMs: 0, ...follower })
    cleanups.push(() => current?.close() ?? Promise.resolve())
    current.subscribe(client.apply)
    await current.ready
    return current
  }
  return { root, fake, client, start }
}

const eventCount = (client: FeedClient) => seqs(client.lines).length

describe.each([
  { encoding: 'raw' as const, load: () => rawTimeline(CORPUS.rawReal) },
  { encoding: 'zstd' as const, load: () => zstdTimeline(CORPUS.zstdReal) },
])('$encoding transcript', ({ encoding, load }) => {
  it('shows every batch, holding partial lines/frames back until they are complete', async () => {
    const timeline = await load()
    let follower: SessionFollower | null = null
    let heldSeen = 0
    const { fake, client, start } = await setup(timeline, {
      encoding,
      split: {
        // Alternate: cut mid-batch, and cut just before the final newline / the last checksum byte.
        at: (length, batch) => (batch % 2 === 0 ? Math.floor(length / 2) : length - 1),
        pauseMs: 0,
        onPartial: async () => {
          // Half a batch is on disk: the follower must see the bytes but show none of the cut record.
          await follower?.poke()
          const file = follower?.file
          if (file !== undefined && file !== null && file.size > file.consumed) heldSeen++
          expect(client.lines.every((line) => line.kind !== 'invalid')).toBe(true)
        },
      },
    }, { pollMs: 60_000, watch: noWatch })
    const [first, ...rest] = timeline.batches
    await fake.append(first ?? [])
    follower = await start()
    expect(client.messages[0]?.kind).toBe('reset')
    for (const batch of rest) {
      const before = fake.durable.length
      await fake.append(batch)
      await follower.poke()
      expect(fake.durable.length).toBeGreaterThan(before)
      // Every batch is visible as soon as it is complete (no waiting for a later one).
      expect(client.lines).toEqual(await freshRead(fake.path))
    }
    expect(heldSeen).toBeGreaterThanOrEqual(Math.floor(rest.length / 2))
    expect(client.count('reset')).toBe(1)
    // One append per batch, plus one per mid-batch cut that completed at least one line (raw only).
    expect(client.count('append')).toBeGreaterThanOrEqual(rest.length)
    if (encoding === 'zstd') expect(client.count('append')).toBe(rest.length)
    expectContiguous(client.lines)
    expect(client.lines).toEqual(await freshRead(fake.path))
  })

  it('follows dsh-style batching through fs.watch alone, within a second per batch', async () => {
    const timeline = await load()
    const { fake, client, start } = await setup(timeline, { encoding, batchDelayMs: 20, split: { at: (n) => n - 3, pauseMs: 15 } }, { pollMs: 60_000 })
    await fake.append(timeline.batches[0] ?? [])
    const follower = await start()
    expect(follower.watching).toBe(true)
    for (const batch of timeline.batches.slice(1)) {
      const target = fake.durable.length + batch.length
      await fake.enqueue(batch)
      const wrote = Date.now()
      await waitFor(() => client.lines.length > 0 && fake.durable.length >= target && eventCountMatches(client, fake), 1000, 'the batch to be shown')
      expect(Date.now() - wrote).toBeLessThan(1000)
    }
    expect(client.lines).toEqual(await freshRead(fake.path))
  })

  it('survives a rollback: partial append, truncation back, retry as a larger batch', async () => {
    const timeline = await load()
    const { fake, client, start } = await setup(timeline, { encoding }, { pollMs: 60_000, watch: noWatch })
    const batches = timeline.batches
    const cut = Math.max(2, batches.length - 3)
    for (const batch of batches.slice(0, cut)) await fake.append(batch)
    const follower = await start()
    const eventsBefore = eventCount(client)
    const failing = batches[cut] ?? []
    const later = batches.slice(cut + 1).flat()
    let shownDuringPartial = 0
    await fake.rollback(failing, {
      cutFraction: 0.8,
      pauseMs: 0,
      retryWith: later,
      onPartial: async () => {
        await follower.poke()
        shownDuringPartial = eventCount(client)
      },
      onTruncated: async () => {
        await follower.poke()
        expectContiguous(client.lines)
      },
    })
    await follower.poke()
    expectContiguous(client.lines)
    expect(client.lines).toEqual(await freshRead(fake.path))
    // A partial frame is never shown; complete raw lines of a partial batch are (they are whole records).
    if (encoding === 'zstd') expect(shownDuringPartial).toBe(eventsBefore)
    else expect(shownDuringPartial).toBeGreaterThanOrEqual(eventsBefore)
    // The shrink under the read position is answered with one fresh reset.
    expect(client.count('reset')).toBe(2)
  })

  it('shows a crash tail as crashed-tail, then the repaired log (closers) without duplicates', async () => {
    const timeline = await rawTimeline(CORPUS.toolTurn, [3])
    const { fake, client, start } = await setup(timeline, { encoding }, { pollMs: 60_000, watch: noWatch })
    const records = timeline.batches.flat()
    // Stop inside the tool call: after `tool/call`, before its `tool/result`.
    const callAt = records.findIndex((r) => r.includes('"type":"tool/call"'))
    expect(callAt).toBeGreaterThan(0)
    await fake.append(records.slice(0, callAt + 1))
    const follower = await start()
    // The process dies while writing the tool's result: 60 % of that line reaches the disk.
    const torn = records.slice(callAt + 1, callAt + 2)
    expect(torn[0]).toContain('"type":"tool/result"')
    await fake.crash(torn, 0.6)
    await follower.poke()
    await new Promise((resolve) => setTimeout(resolve, 150))
    await follower.poke()
    expect(follower.state).toBe('crashed-tail')
    expect(client.state).toBe('crashed-tail')
    expect(client.lines.every((line) => line.kind !== 'invalid')).toBe(true)
    const appended = await fake.repair()
    expect(appended.at(-1)).toContain('"kind":"interrupted"')
    await follower.poke()
    expectContiguous(client.lines)
    expect(client.lines).toEqual(await freshRead(fake.path))
    const last = client.lines.at(-1)
    expect(last?.kind === 'event' && last.event.type).toBe('turn/end')
    expect(follower.state).toBe('finished')
    expect(client.lines.some((line) => line.kind === 'event' && line.event.type === 'tool/result' && JSON.stringify(line.event.data).includes('TOOL_OUTCOME_UNKNOWN'))).toBe(true)
  })

  it('re-reads a replaced file (new inode) and a file rewritten below the read position', async () => {
    const timeline = await load()
    const { fake, client, start } = await setup(timeline, { encoding }, { pollMs: 60_000, watch: noWatch })
    for (const batch of timeline.batches) await fake.append(batch)
    const follower = await start()
    const inode = (await stat(fake.path)).ino
    await fake.replace(fake.durable.slice(0, Math.floor(fake.durable.length / 2)))
    expect((await stat(fake.path)).ino).not.toBe(inode)
    await follower.poke()
    expect(client.count('reset')).toBe(2)
    expect(client.lines).toEqual(await freshRead(fake.path))
    // Shrink and regrow past the old size between two ticks: only the bytes before the read position
    // reveal it (the size never looked smaller).
    const size = (await stat(fake.path)).size
    await truncate(fake.path, size - 10)
    await fake.append(timeline.batches.flat().slice(-3))
    expect((await stat(fake.path)).size).toBeGreaterThan(size)
    await follower.poke()
    expect(client.count('reset')).toBe(3)
    expect(client.lines).toEqual(await freshRead(fake.path))
  })
})

describe('generation upgrade and liveness', () => {
  it('switches to a new session.vN generation and keeps following it', async () => {
    const v0 = await rawTimeline(CORPUS.toolTurn)
    const v4 = await rawTimeline(CORPUS.v4, [1000])
    const { fake, client, start } = await setup(v0, { encoding: 'raw', lock: 'gen-b' }, { pollMs: 60_000, watch: noWatch })
    for (const batch of v0.batches) await fake.append(batch)
    const follower = await start()
    const oldPath = fake.path
    const v4Header = { ...JSON.parse(v4.header), id: JSON.parse(v0.header).id }
    const v4Records = v4.batches.flat()
    await fake.upgrade(4, JSON.stringify(v4Header), v4Records.slice(0, -4))
    expect(fake.fileName).toBe('session.v4.jsonl')
    await follower.poke()
    expect(follower.file?.name.generation).toBe(4)
    expect(client.count('reset')).toBe(2)
    expect(client.lines).toEqual(await freshRead(fake.path))
    await fake.append(v4Records.slice(-4))
    await follower.poke()
    expect(client.lines).toEqual(await freshRead(fake.path))
    expect(client.count('reset')).toBe(2)
    // The old generation is untouched and no longer followed.
    await appendFile(oldPath, '{"type":"step/start","seq":999,"time":0,"data":{"turn":9,"step":9}}\n')
    await follower.poke()
    expect(client.lines).toEqual(await freshRead(fake.path))
  })

  it('keeps following the readable generation while a newer one is empty or garbage, and switches once it has a header', async () => {
    const v0 = await rawTimeline(CORPUS.toolTurn)
    const { fake, client, start } = await setup(v0, { encoding: 'raw' }, { pollMs: 60_000, watch: noWatch })
    for (const batch of v0.batches) await fake.append(batch)
    const follower = await start()
    const oldPath = fake.path
    const before = client.lines.length
    const newer = join(fake.dir, 'session.v4.jsonl')
    for (const content of ['', 'garbage, not a header\n', '\u0000\u0000']) {
      await writeFile(newer, content)
      await follower.poke()
      expect(follower.file?.path).toBe(oldPath)
      expect(follower.skipped).toEqual(['session.v4.jsonl'])
      expect(client.lines).toHaveLength(before)
      expect(client.count('reset')).toBe(1)
    }
    // dsh finishes writing the new generation: it becomes the followed transcript.
    await writeFile(newer, `${v0.header}\n${v0.batches.flat().join('\n')}\n`)
    await follower.poke()
    expect(follower.file?.path).toBe(newer)
    expect(follower.skipped).toEqual([])
    expect(client.count('reset')).toBe(2)
    expect(client.lines).toEqual(await freshRead(newer))
  })

  it('reports live while the lock owner runs, finished after turn/end, idle when stalled with no writer', async () => {
    const timeline = await rawTimeline(CORPUS.toolTurn, [5])
    // A manual clock: how long the file has been quiet is what the test says, however slow the machine is
    // (with the wall clock, a replace and a poke that took over 100 ms on a loaded machine skipped `live`).
    let now = 1_000_000
    const { fake, client, start } = await setup(timeline, { encoding: 'raw' }, { pollMs: 60_000, watch: noWatch, idleAfterMs: 100, clock: () => now })
    const records = timeline.batches.flat()
    await fake.append(records.slice(0, 10))
    const follower = await start()
    now += 150
    await follower.poke()
    expect(follower.state).toBe('live') // quiet, but the .lock names this (running) process
    await fake.append(records.slice(10))
    await follower.poke()
    expect(follower.state).toBe('finished')
    await fake.close() // removes .lock
    await fake.replace(records.slice(0, 10))
    await follower.poke()
    expect(follower.state).toBe('live') // it just changed
    now += 150 // past idleAfterMs
    await follower.poke()
    expect(follower.state).toBe('idle')
    expect(client.messages.filter((m) => m.kind === 'status').map((m) => m.kind === 'status' && m.state)).toEqual(['live', 'finished', 'live', 'idle'])
  })
})

function eventCountMatches(client: FeedClient, fake: FakeDshWriter): boolean {
  // Each stored record is one line; packed rows expand to several events but stay one line number.
  const lastLine = client.lines.at(-1)?.line ?? 0
  return lastLine === fake.durable.length + 1
}
