/**
 * The live server end to end over real HTTP, with the fake dsh writer producing a session from a real
 * corpus log: reset then appends, `Last-Event-ID` resume after a reconnect (and a fresh reset when the
 * cursor is stale), one watcher per session for many clients, the index feed, the Host/Origin fence,
 * path traversal refusal, and session logs left byte-for-byte untouched.
 */
import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { FeedMessage, IndexMessage } from '../../src/live/protocol'
import { liveFeedPath, liveLogPath, LIVE_INDEX_PATH } from '../../src/live/protocol'
import { startLiveServer, type LiveServer, type LiveServerOptions } from '../../src/live/node/server'
import { fsWatch, type WatchFn } from '../../src/live/node/wake'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import type { Timeline } from '../../src/live/testing/timeline'
import { CORPUS, FeedClient, expectContiguous, freshRead, rawTimeline, tempRoot, waitFor, zstdTimeline } from './helpers'
import { fetchRaw, SseClient } from './sse-client'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface World {
  root: string
  site: string
  outside: string
  server: LiveServer
  writer: FakeDshWriter
  timeline: Timeline
  key: string
}

async function world(options: { encoding?: 'raw' | 'zstd'; server?: Partial<LiveServerOptions> } = {}): Promise<World> {
  const { root: base, cleanup } = await tempRoot()
  cleanups.push(cleanup)
  const root = join(base, 'sessions')
  const site = join(base, 'site')
  const outside = join(base, 'secret.txt')
  await mkdir(join(site, 'assets'), { recursive: true })
  await mkdir(join(site, 'sub'), { recursive: true })
  await writeFile(join(site, 'index.html'), '<!doctype html><title>index</title>')
  await writeFile(join(site, 'sub', 'index.html'), '<!doctype html><title>sub</title>')
  await writeFile(join(site, 'assets', 'site.js'), 'console.log(1)')
  await writeFile(outside, 'top secret')
  await symlink(outside, join(site, 'link-out.txt'))
  const encoding = options.encoding ?? 'raw'
  const timeline = encoding === 'zstd' ? await zstdTimeline(CORPUS.zstdReal) : await rawTimeline(CORPUS.rawReal)
  const writer = await FakeDshWriter.create({ root, header: timeline.header, encoding, batchDelayMs: 5 })
  await writer.append(timeline.batches[0] ?? [])
  const server = await startLiveServer({
    siteDir: site,
    inputs: [root],
    ...options.server,
    follower: { lingerMs: 0, ...options.server?.follower },
    index: { rescanMs: 200, ...options.server?.index },
  })
  cleanups.push(() => server.close())
  const key = server.index.entries()[0]?.key ?? ''
  return { root, site, outside, server, writer, timeline, key }
}

function feedClient(client: SseClient): FeedClient {
  const model = new FeedClient()
  for (const message of client.messages<FeedMessage>()) model.apply(message)
  return model
}

async function openFeed(w: World, headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await SseClient.open(w.server.port, liveFeedPath(w.key), headers)
  cleanups.push(() => client.close())
  return client
}

describe('session feed', () => {
  it.each(['raw', 'zstd'] as const)('sends a reset with every line, then appends as the %s file grows', async (encoding) => {
    const w = await world({ encoding })
    expect(w.key).toBe(JSON.parse(w.timeline.header).id)
    const client = await openFeed(w)
    expect(client.status).toBe(200)
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    await waitFor(() => client.events.some((e) => e.event === 'status'), 2000, 'reset + status')
    expect(client.events[0]?.event).toBe('reset')
    expect(feedClient(client).lines).toEqual(await freshRead(w.writer.path))
    for (const batch of w.timeline.batches.slice(1, 6)) {
      const before = client.events.length
      await w.writer.append(batch)
      await waitFor(() => client.events.length > before, 2000, 'an append')
    }
    // Line numbers count stored lines (a packed row is one line holding several events); +1 for the header.
    await waitFor(() => feedClient(client).lines.at(-1)?.line === w.timeline.batches.slice(0, 6).flat().length + 1, 2000, 'all lines')
    expect(client.events.filter((e) => e.event === 'reset')).toHaveLength(1)
    expect(feedClient(client).lines).toEqual(await freshRead(w.writer.path))
    // Every lines message carries an id, status messages none.
    for (const e of client.events) expect(e.id === null).toBe(e.event === 'status')
  })

  it('resumes from Last-Event-ID after a reconnect, and resets when the cursor is stale', async () => {
    // The follower lingers after its last client leaves, so a reconnect finds the same cursor space.
    const w = await world({ server: { follower: { lingerMs: 5000 } } })
    const first = await openFeed(w)
    await waitFor(() => first.lastEventId !== null, 2000, 'first id')
    const model = feedClient(first)
    const lastId = first.lastEventId ?? ''
    first.close()
    for (const batch of w.timeline.batches.slice(1, 4)) await w.writer.append(batch)

    const expected = await freshRead(w.writer.path)
    const second = await openFeed(w, { 'Last-Event-ID': lastId })
    // The follower may still be catching up with the three batches when the client reconnects, so the
    // missed lines can arrive as several appends: wait until they add up, then check nothing else came.
    const missed = () => second.messages<FeedMessage>().reduce((n, m) => n + ('lines' in m ? m.lines.length : 0), 0)
    await waitFor(() => model.lines.length + missed() >= expected.length, 3000, 'the missed lines')
    // Only what came after the id, never the whole log again.
    expect(second.events.filter((e) => e.event === 'reset')).toHaveLength(0)
    for (const message of second.messages<FeedMessage>()) model.apply(message)
    expectContiguous(model.lines)
    expect(model.lines).toEqual(expected)

    // Nothing new since the id: no lines message at all, just the status.
    const third = await openFeed(w, { 'Last-Event-ID': second.lastEventId ?? '' })
    await waitFor(() => third.events.some((e) => e.event === 'status'), 2000, 'status')
    expect(third.events.map((e) => e.event)).toEqual(['status'])

    // A garbage id and an id from before a rewrite both get a full reset.
    const garbage = await openFeed(w, { 'Last-Event-ID': 'not-an-id' })
    await waitFor(() => garbage.events.length > 0, 2000, 'reset')
    expect(garbage.events[0]?.event).toBe('reset')
    const stale = second.lastEventId ?? ''
    await w.writer.replace(w.writer.durable.slice(0, 5))
    const afterRewrite = await openFeed(w, { 'Last-Event-ID': stale })
    await waitFor(() => afterRewrite.events.some((e) => e.event === 'reset'), 2000, 'reset after rewrite')
    expect(feedClient(afterRewrite).lines).toEqual(await freshRead(w.writer.path))
  })

  it('uses one follower and one watcher per session however many clients follow it', async () => {
    const watched: string[] = []
    const counting: WatchFn = (dir, onChange, onError) => {
      watched.push(dir)
      return fsWatch(dir, onChange, onError)
    }
    const w = await world({ server: { follower: { watch: counting } } })
    const clients = await Promise.all(Array.from({ length: 12 }, () => openFeed(w)))
    await waitFor(() => clients.every((c) => c.events.some((e) => e.event === 'status')), 3000, 'all clients')
    expect(w.server.hub.size).toBe(1)
    expect(watched.filter((dir) => dir === w.writer.dir)).toHaveLength(1)
    await w.writer.append(w.timeline.batches[1] ?? [])
    await waitFor(() => clients.every((c) => c.events.some((e) => e.event === 'append')), 3000, 'append everywhere')
    for (const c of clients) c.close()
    await waitFor(() => w.server.hub.size === 0, 2000, 'follower closed after the last client')
  })

  it('answers 404 for keys the index never gave out, and serves the log bytes for known ones', async () => {
    const w = await world({ encoding: 'zstd' })
    for (const path of ['/live/session/nope/events', '/live/session/..%2F..%2Fetc/events', '/live/session/%E0%A4%A/events', '/live/elsewhere']) {
      expect((await fetchRaw(w.server.port, path)).status, path).toBe(404)
    }
    const log = await fetchRaw(w.server.port, liveLogPath(w.key))
    expect(log.status).toBe(200)
    expect(log.headers['content-disposition']).toBe('attachment; filename="session.jsonl.zstd"')
    expect(new Uint8Array(log.body)).toEqual(new Uint8Array(await readFile(w.writer.path)))
  })
})

describe('index feed', () => {
  it('lists sessions and announces new and child sessions while open', async () => {
    const w = await world()
    const client = await SseClient.open(w.server.port, LIVE_INDEX_PATH)
    cleanups.push(() => client.close())
    await waitFor(() => client.events.length > 0, 2000, 'index reset')
    const [reset] = client.messages<IndexMessage>()
    expect(reset?.kind === 'index-reset' && reset.sessions.map((s) => s.key)).toEqual([w.key])
    const parentId = JSON.parse(w.timeline.header).id
    const childHeader = JSON.stringify({ type: 'session', version: 0, id: 'child-1', createdAt: 1, cwd: '/home/dev/project', parentSession: parentId, origin: 'subagent', delegationDepth: 1 })
    const child = await FakeDshWriter.create({ root: w.root, header: childHeader, encoding: 'zstd' })
    await child.append([])
    await waitFor(() => client.messages<IndexMessage>().some((m) => m.kind === 'index-upsert' && m.session.key === 'child-1'), 3000, 'child upsert')
    const upsert = client.messages<IndexMessage>().find((m) => m.kind === 'index-upsert' && m.session.key === 'child-1')
    expect(upsert?.kind === 'index-upsert' && upsert.session).toMatchObject({ key: 'child-1', encoding: 'zstd', generation: 0, project: '--home-dev-project--', header: { parentSession: parentId } })
  })
})

describe('safety', () => {
  it.each<{ what: string; headers: Record<string, string>; status: number }>([
    { what: 'a foreign Host (DNS rebinding)', headers: { Host: 'evil.example:PORT' }, status: 403 },
    { what: 'a foreign Origin', headers: { Origin: 'http://evil.example' }, status: 403 },
    { what: 'an Origin on another port', headers: { Origin: 'http://127.0.0.1:1' }, status: 403 },
    { what: 'the null Origin', headers: { Origin: 'null' }, status: 403 },
    { what: 'a cross-site fetch', headers: { 'Sec-Fetch-Site': 'cross-site' }, status: 403 },
    { what: 'its own Origin', headers: { Origin: 'http://127.0.0.1:PORT' }, status: 200 },
    { what: 'Host localhost', headers: { Host: 'localhost:PORT' }, status: 200 },
    { what: 'no Origin (a navigation)', headers: {}, status: 200 },
  ])('answers $what with $status', async ({ headers, status }) => {
    const w = await world()
    const withPort = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(w.server.port))]))
    for (const path of ['/', liveFeedPath(w.key), LIVE_INDEX_PATH]) {
      if (status === 200 && path !== '/') continue // streams stay open; the fence is what matters here
      expect((await fetchRaw(w.server.port, path, { headers: withPort })).status, path).toBe(status)
    }
  })

  it('serves the site and refuses every way out of it', async () => {
    const w = await world()
    const ok = await fetchRaw(w.server.port, '/assets/site.js')
    expect(ok.status).toBe(200)
    expect(ok.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(ok.headers['x-content-type-options']).toBe('nosniff')
    expect((await fetchRaw(w.server.port, '/sub')).headers.location).toBe('/sub/')
    expect((await fetchRaw(w.server.port, '/sub/')).body.toString()).toContain('<title>sub</title>')
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/sub/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/link-out.txt', '/.hidden', '/%00', `/${encodeURIComponent(w.outside)}`, '//etc/passwd']) {
      const res = await fetchRaw(w.server.port, path)
      expect(res.status, path).toBe(404)
      expect(res.body.toString()).not.toContain('top secret')
    }
    expect((await fetchRaw(w.server.port, '/', { method: 'POST' })).status).toBe(405)
  })

  it('never follows a symlink out of the sessions root (issue 17)', async () => {
    const w = await world()
    // A readable log outside the root, and a session directory whose transcript links to it.
    const outsideLog = join(w.root, '..', 'outside.jsonl')
    const header = JSON.stringify({ ...JSON.parse(w.timeline.header), id: 'linked-out' })
    await writeFile(outsideLog, `${header}\n`)
    const linkedDir = join(w.root, '--home-dev-project--', 'linked-out')
    await mkdir(linkedDir, { recursive: true })
    await symlink(outsideLog, join(linkedDir, 'session.jsonl'))
    // A whole session directory that is a symlink out of the root.
    const outsideDir = join(w.root, '..', 'outside-session')
    await mkdir(outsideDir)
    await writeFile(join(outsideDir, 'session.jsonl'), `${JSON.stringify({ ...JSON.parse(w.timeline.header), id: 'dir-out' })}\n`)
    await symlink(outsideDir, join(w.root, '--home-dev-project--', 'dir-out'))
    await w.server.index.rescan()
    expect(w.server.index.entries().map((e) => e.key)).toEqual([w.key])
    for (const key of ['linked-out', 'dir-out']) expect((await fetchRaw(w.server.port, liveLogPath(key))).status, key).toBe(404)
    // An indexed transcript swapped for a symlink afterwards is refused at download time, and not followed.
    const client = await openFeed(w)
    await waitFor(() => client.events.some((e) => e.event === 'status'), 2000, 'reset + status')
    const before = client.events.length
    await writeFile(join(w.root, '..', 'swap.jsonl'), `${JSON.stringify({ ...JSON.parse(w.timeline.header), title: 'outside' })}\n{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}\n`)
    await rm(w.writer.path)
    await symlink(join(w.root, '..', 'swap.jsonl'), w.writer.path)
    const log = await fetchRaw(w.server.port, liveLogPath(w.key))
    expect(log.status).toBe(404)
    await w.server.index.rescan()
    expect(w.server.index.entries()).toEqual([])
    expect(client.events.slice(before).some((e) => e.event === 'reset' || e.event === 'append')).toBe(false)
  })

  it('never writes to session logs or their directories', async () => {
    const w = await world()
    const before = await snapshotTree(w.root)
    const feeds = await Promise.all([openFeed(w), openFeed(w), SseClient.open(w.server.port, LIVE_INDEX_PATH)])
    cleanups.push(() => feeds[2].close())
    await waitFor(() => feeds.every((c) => c.events.length > 0), 2000, 'streams')
    await fetchRaw(w.server.port, liveLogPath(w.key))
    await new Promise((resolve) => setTimeout(resolve, 400)) // a few polls and rescans
    await w.server.close()
    // Shutdown ends every open stream.
    await waitFor(() => feeds.every((c) => c.ended), 2000, 'streams ended by close()')
    expect(await snapshotTree(w.root)).toEqual(before)
  })
})

describe('latency', () => {
  // Measured figures go to the test log; the assertion is the bound with generous slack.
  it.each([
    { how: 'fs.watch', watch: undefined },
    { how: 'polling alone (watch events lost)', watch: (() => ({ close() {} })) satisfies WatchFn },
  ])('shows a write within a second via $how', async ({ how, watch }) => {
    const w = await world({ server: { follower: watch === undefined ? {} : { watch } } })
    const client = await openFeed(w)
    await waitFor(() => client.events.some((e) => e.event === 'status'), 2000, 'connected')
    const delays: number[] = []
    for (const batch of w.timeline.batches.slice(1, 13)) {
      const before = client.events.filter((e) => e.event === 'append').length
      await w.writer.append(batch)
      const written = Date.now()
      await waitFor(() => client.events.filter((e) => e.event === 'append').length > before, 1000, 'the append')
      delays.push((client.events.at(-1)?.at ?? Date.now()) - written)
    }
    delays.sort((a, b) => a - b)
    const median = delays[Math.floor(delays.length / 2)] ?? 0
    console.log(`live latency write→SSE via ${how}, ${delays.length} batches: median ${median} ms, max ${delays.at(-1)} ms`)
    expect(delays.at(-1)).toBeLessThan(1000)
  })
})

/** Every file and directory under `dir` with its bytes, size, mode and mtime. */
async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of await readdir(dir, { recursive: true })) {
    const path = join(dir, name)
    const info = await stat(path)
    const content = info.isFile() ? (await readFile(path)).toString('base64') : 'dir'
    out[name] = `${info.mode}:${info.size}:${info.mtimeMs}:${content}`
  }
  return out
}
