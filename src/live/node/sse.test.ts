import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { sseFrame, SseStream } from './sse'

describe('sseFrame', () => {
  it('writes id, event and one data line; JSON keeps newlines escaped', () => {
    expect(sseFrame('append', { kind: 'append', lines: [{ text: 'a\nb\r\nc' }] }, 'e-1:3:2')).toBe(
      'id: e-1:3:2\nevent: append\ndata: {"kind":"append","lines":[{"text":"a\\nb\\r\\nc"}]}\n\n',
    )
    expect(sseFrame('status', { kind: 'status', state: 'live' })).toBe('event: status\ndata: {"kind":"status","state":"live"}\n\n')
  })
})

describe('SseStream', () => {
  let server: Server | null = null
  afterEach(() => new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve()))))

  function serve(onStream: (stream: SseStream) => void, options: ConstructorParameters<typeof SseStream>[1]): Promise<number> {
    server = createServer((_, res) => onStream(new SseStream(res, options)))
    return new Promise((resolve) => server?.listen(0, '127.0.0.1', () => resolve((server?.address() as AddressInfo).port)))
  }

  function connect(port: number): Promise<IncomingMessage> {
    return new Promise((resolve) => request({ host: '127.0.0.1', port, path: '/' }, resolve).end())
  }

  it('announces a retry delay and sends heartbeat comments', async () => {
    const port = await serve(() => {}, { heartbeatMs: 20, retryMs: 700 })
    const res = await connect(port)
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache, no-transform')
    let text = ''
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => (text += chunk))
    await new Promise((resolve) => setTimeout(resolve, 100))
    res.destroy()
    expect(text.startsWith('retry: 700\n\n')).toBe(true)
    expect(text.split(': heartbeat\n\n').length).toBeGreaterThan(2)
  })

  it('drops a client that stops reading instead of buffering without bound, and runs its cleanup', async () => {
    const held: { stream: SseStream | null } = { stream: null }
    let cleaned = 0
    const port = await serve((s) => {
      held.stream = s
      s.onClose(() => cleaned++)
    }, { maxBufferedBytes: 64 * 1024, heartbeatMs: 60_000 })
    const res = await connect(port)
    res.pause()
    const big = { kind: 'append', lines: ['x'.repeat(1024 * 1024)] }
    let sent = 0
    for (; sent < 200; sent++) {
      if (held.stream === null || !held.stream.send('append', big)) break
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(sent).toBeLessThan(200)
    expect(held.stream?.closed).toBe(true)
    expect(cleaned).toBe(1)
    res.destroy()
  })

  it('never queues more than the cap for a client that stops reading, and says why it dropped it (issue 17)', async () => {
    const held: { stream: SseStream | null } = { stream: null }
    const reasons: string[] = []
    const max = 64 * 1024
    const port = await serve((s) => (held.stream = s), { maxBufferedBytes: max, heartbeatMs: 60_000, onDrop: (r) => reasons.push(r) })
    const res = await connect(port)
    res.pause()
    const frame = { kind: 'append', lines: ['y'.repeat(10_000)] }
    let peak = 0
    for (let i = 0; i < 5_000 && held.stream !== null && !held.stream.closed; i++) {
      held.stream.send('append', frame)
      if (!held.stream.closed) peak = Math.max(peak, held.stream.queuedBytes)
      if (i % 16 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    expect(held.stream?.closed).toBe(true)
    expect(peak).toBeLessThanOrEqual(max)
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/stopped reading: \d+ bytes queued/)
    expect(held.stream?.dropReason).toBe(reasons[0])
    res.destroy()
  })

  it('lets one frame larger than the cap through to an empty queue (a big first reset)', async () => {
    const held: { stream: SseStream | null } = { stream: null }
    const port = await serve((s) => (held.stream = s), { maxBufferedBytes: 1024, heartbeatMs: 60_000 })
    const res = await connect(port)
    let text = ''
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => (text += chunk))
    while (held.stream === null || held.stream.queuedBytes > 0) await new Promise((resolve) => setImmediate(resolve))
    expect(held.stream.send('reset', { kind: 'reset', lines: ['z'.repeat(100_000)] })).toBe(true)
    expect(held.stream.closed).toBe(false)
    await new Promise((resolve) => res.on('data', () => text.includes('"]}\n\n') && resolve(null)))
    expect(text).toContain('z'.repeat(100_000))
    res.destroy()
  })
})
