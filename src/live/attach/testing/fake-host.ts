/**
 * `FakeDshHost`: a small dsh web host of either generation (live.md §11.2), written from the wire
 * description in live.md, not from dsh's code, and driven by the same records the fake writer writes —
 * `push()` shows events live *before* a test hands them to the writer, as the real host does (its mux
 * sends an event when it is appended, ahead of the durable write).
 * - Gen A: the trust fence (loopback Host, Origin = Host, no cross-site), 415/400/404 envelope rules with
 *   rpcId echo, `host.describe`, `session.list`, `session.history` (backward pages aligned to messages,
 *   tail-only projections), `/api/events.mux` (426 on plain GET, `session/subscribed` baseline, then
 *   `session/event`, close 1008 on any client message).
 * - Gen B: `/?token=` → 303 + cookie, 401 without it (HTTP and upgrade), `session/list`, `/api/remote.mux`
 *   with `session/follow` (snapshot, then events), `cancel`, argument validation, `session/not-found`, and
 *   for followers that asked for `assistantStream`, `assistant-stream` frames (live.md §4.4): `stream()`
 *   writes an assistant message of the timeline token by token (`start`, `chunk`s of its reasoning and
 *   text) before it is durable, then `commit()` pushes it and ends the attempt at its seq, or `abandon()`
 *   ends it without one. These frames are never part of a session's events (not durable, not in history).
 * Every client message and call is recorded, so tests can assert the viewer stayed read-only. Test-only.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isRecord } from '../host-api'
import type { HostEvent } from '../sources'
import { acceptWebSocket, type WsConnection } from '../ws'

export interface FakeSession {
  header: Record<string, unknown>
  events: HostEvent[]
  running: boolean
}

interface Client {
  ws: WsConnection
  /** Gen B: open follow streams by streamId, with whether they asked for `assistantStream`. */
  streams: Map<string, { sessionId: string; assistantStream: boolean }>
}

/** An assistant message being streamed (Gen B); see `FakeDshHost.stream`. */
export interface FakeAttempt {
  readonly attemptId: string
  /** The chunks sent so far (text and reasoning pieces, in order). */
  readonly sent: string[]
  /** Pushes the message (and any records given after it) and ends the attempt committed at its seq. */
  commit(after?: readonly (string | Record<string, unknown>)[]): void
  /** Ends the attempt without a message. */
  abandon(): void
}

const MESSAGE_TYPES = new Set(['user/message', 'assistant/message'])

export class FakeDshHost {
  readonly sessions = new Map<string, FakeSession>()
  /** Unary methods called, in order. */
  readonly calls: string[] = []
  /** Text messages clients sent on a socket. */
  readonly received: string[] = []
  /** Gen B: session ids a follow stream was opened for. */
  readonly followed: string[] = []
  /** Gen B: who waits for a follow stream of a session to be open (`whenFollowed`). */
  readonly #followWaiters = new Map<string, (() => void)[]>()
  readonly token = randomBytes(8).toString('hex')
  readonly #cookie = `dsh-auth-fake=v1.${randomBytes(6).toString('hex')}`
  readonly #clients = new Set<Client>()
  #revision = 0
  #server: Server
  #port = 0

  private constructor(readonly generation: 'gen-a' | 'gen-b') {
    this.#server = createServer((req, res) => void this.#http(req, res))
    this.#server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => this.#upgrade(req, socket, head))
  }

  static async start(generation: 'gen-a' | 'gen-b'): Promise<FakeDshHost> {
    const host = new FakeDshHost(generation)
    await new Promise<void>((resolve) => host.#server.listen(0, '127.0.0.1', resolve))
    host.#port = (host.#server.address() as AddressInfo).port
    return host
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`
  }

  /** The line `dsh web` prints when ready. */
  get readyLine(): string {
    return this.generation === 'gen-a' ? `dsh web: ${this.url}` : `dsh web: ${this.url}/?token=${this.token}`
  }

  addSession(header: string | Record<string, unknown>, running = true): FakeSession {
    const parsed: unknown = typeof header === 'string' ? JSON.parse(header) : header
    if (!isRecord(parsed) || typeof parsed['id'] !== 'string') throw new Error('header needs an id')
    const session: FakeSession = { header: parsed, events: [], running }
    this.sessions.set(parsed['id'], session)
    return session
  }

  /**
   * Gen B: resolves once a client follows `sessionId` (at once if one does already), so a test streams an answer
   * only to a page that can see it, however slowly the page attached.
   */
  whenFollowed(sessionId: string): Promise<void> {
    for (const client of this.#clients) for (const stream of client.streams.values()) if (stream.sessionId === sessionId) return Promise.resolve()
    return new Promise(resolve => this.#followWaiters.set(sessionId, [...(this.#followWaiters.get(sessionId) ?? []), resolve]))
  }

  /** Appends records (JSON text or objects) to a session and shows them to every follower at once. */
  push(sessionId: string, records: readonly (string | Record<string, unknown>)[]): void {
    const session = this.sessions.get(sessionId)
    if (session === undefined) throw new Error(`no session ${sessionId}`)
    for (const record of records) {
      const value: unknown = typeof record === 'string' ? JSON.parse(record) : record
      if (!isRecord(value) || typeof value['seq'] !== 'number') continue
      const event: HostEvent = { ...value, seq: value['seq'] }
      session.events.push(event)
      for (const client of this.#clients) {
        if (this.generation === 'gen-a') {
          client.ws.send(JSON.stringify({ type: 'server-request', rpcId: `mux-${randomBytes(3).toString('hex')}`, method: 'session/event', payload: { sessionId, event } }))
        } else {
          for (const [streamId, open] of client.streams) if (open.sessionId === sessionId) client.ws.send(JSON.stringify({ type: 'item', streamId, value: { type: 'event', event } }))
        }
      }
    }
  }

  /**
   * Gen B: streams `record` — an `assistant/message` of the session's timeline, not pushed yet — to the
   * followers that asked for it, as the host streams a model's answer: `start` after the session's last
   * seq, then its reasoning and text in `pieces` chunks each. Returns the attempt to commit or abandon.
   */
  stream(sessionId: string, record: string | object, pieces = 4): FakeAttempt {
    const session = this.sessions.get(sessionId)
    if (session === undefined) throw new Error(`no session ${sessionId}`)
    const value: unknown = typeof record === 'string' ? JSON.parse(record) : record
    if (!isRecord(value) || value['type'] !== 'assistant/message' || typeof value['seq'] !== 'number') throw new Error('stream() takes an assistant/message record')
    const data = isRecord(value['data']) ? value['data'] : {}
    const message = isRecord(data['message']) ? data['message'] : {}
    const blocks = Array.isArray(message['content']) ? message['content'].filter(isRecord) : []
    const revision = ++this.#revision
    const attemptId = `attempt-${randomBytes(4).toString('hex')}`
    let index = 0
    const emit = (frame: Record<string, unknown>) => this.#streamFrame(sessionId, { attemptId, revision, ...frame })
    emit({ type: 'start', startedAfterSeq: session.events[session.events.length - 1]?.seq ?? -1, turn: data['turn'] ?? null, step: data['step'] ?? null })
    const sent: string[] = []
    for (const [kind, delta] of [['reasoning', 'reasoning-delta'], ['text', 'text-delta']] as const) {
      const text = blocks.filter((b) => b['type'] === kind && typeof b['text'] === 'string').map((b) => String(b['text'])).join('')
      for (const piece of splitPieces(text, pieces)) {
        sent.push(piece)
        emit({ type: 'chunk', index: index++, time: Date.now(), chunk: { type: delta, index: kind === 'text' ? 1 : 0, text: piece } })
      }
    }
    let ended = false
    return {
      attemptId,
      sent,
      commit: (after = []) => {
        if (ended) return
        ended = true
        this.push(sessionId, [value, ...after])
        emit({ type: 'end', index, outcome: { kind: 'committed', eventType: 'assistant/message', seq: value['seq'] } })
      },
      abandon: () => {
        if (ended) return
        ended = true
        emit({ type: 'end', index, outcome: { kind: 'abandoned' } })
      },
    }
  }

  #streamFrame(sessionId: string, frame: Record<string, unknown>): void {
    for (const client of this.#clients) {
      for (const [streamId, open] of client.streams) {
        if (open.sessionId === sessionId && open.assistantStream) client.ws.send(JSON.stringify({ type: 'item', streamId, value: { type: 'assistant-stream', frame } }))
      }
    }
  }

  /** Scripted fault: every socket drops (clients must reconnect and rebuild). */
  dropSockets(): void {
    for (const client of this.#clients) client.ws.close(1001, 'going away')
    this.#clients.clear()
  }

  get sockets(): number {
    return this.#clients.size
  }

  close(): Promise<void> {
    this.dropSockets()
    return new Promise((resolve) => {
      this.#server.close(() => resolve())
      this.#server.closeAllConnections()
    })
  }

  #fence(req: IncomingMessage): number | null {
    const host = req.headers.host ?? ''
    if (host !== `127.0.0.1:${this.#port}` && host !== `localhost:${this.#port}`) return 403
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${host}`) return 403
    if (req.headers['sec-fetch-site'] === 'cross-site') return 403
    if (this.generation === 'gen-b' && !(req.headers.cookie ?? '').split(/;\s*/).includes(this.#cookie)) return 401
    return null
  }

  async #http(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (this.generation === 'gen-b' && req.method === 'GET' && url.pathname === '/' && url.searchParams.get('token') === this.token) {
      res.writeHead(303, { Location: '/', 'Set-Cookie': `${this.#cookie}; HttpOnly; SameSite=Strict; Path=/` })
      return void res.end()
    }
    const refused = this.#fence(req)
    if (refused !== null) return text(res, refused, refused === 401 ? 'dsh web authentication required' : 'forbidden')
    if (url.pathname === '/') return text(res, 200, '<!doctype html><title>dsh</title>', 'text/html')
    if (url.pathname === '/api/events.mux' || url.pathname === '/api/remote.mux') return text(res, 426, 'upgrade required')
    if (!url.pathname.startsWith('/api/') || req.method !== 'POST') return text(res, 404, 'not found')
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return text(res, 415, 'json only')
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch {
      return text(res, 400, 'bad json')
    }
    const method = url.pathname.slice('/api/'.length)
    const rpcId = isRecord(body) && typeof body['rpcId'] === 'string' ? body['rpcId'] : 'invalid-request'
    if (!isRecord(body) || body['type'] !== 'client-request' || body['method'] !== method) return text(res, 400, 'bad envelope')
    this.calls.push(method)
    const result = this.generation === 'gen-a' ? this.#genA(method, body['payload']) : this.#genB(method, body['payload'])
    if (result === null) return text(res, 404, 'unknown method')
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ type: 'server-response', rpcId, result }))
  }

  #genA(method: string, payload: unknown): unknown {
    if (method === 'host.describe') return ok({ version: '0.1.1-rc.1-fake', cwd: '/work', attachedSessions: [...this.sessions.keys()] })
    if (method === 'session.list') return ok({ items: this.#summaries() })
    if (method !== 'session.history') return null
    const sessionId = isRecord(payload) ? payload['sessionId'] : undefined
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined
    if (session === undefined) return fail('session-not-found', 'no such session')
    const before = isRecord(payload) && typeof payload['beforeSeq'] === 'number' ? payload['beforeSeq'] : Infinity
    const max = isRecord(payload) && typeof payload['maxMessages'] === 'number' ? payload['maxMessages'] : 50
    const page = messageWindow(session.events.filter((e) => e.seq < before), max)
    const last = session.events[session.events.length - 1]?.seq ?? -1
    return ok({
      events: page.events.map((event) => ({ event, view: {} })),
      hasMore: page.hasMore,
      ...(before === Infinity ? { projections: { asOfSeq: last, values: {} } } : {}),
    })
  }

  #genB(method: string, payload: unknown): unknown {
    const args = isRecord(payload) ? payload['args'] : undefined
    if (!isRecord(args) || !isRecord(args['request'])) return fail('gateway/arguments-invalid', 'args.request is required')
    if (method === 'session/list') return ok({ items: this.#summaries() })
    return null
  }

  #summaries() {
    return [...this.sessions.entries()].map(([sessionId, s]) => ({ sessionId, updatedAt: Date.now(), running: s.running, agentAvailable: s.running, blank: s.events.length === 0 }))
  }

  #upgrade(req: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const refused = this.#fence(req)
    const wanted = this.generation === 'gen-a' ? '/api/events.mux' : '/api/remote.mux'
    if (refused !== null || path !== wanted) {
      socket.end(`HTTP/1.1 ${refused ?? 404} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    const ws = acceptWebSocket(req, socket, head)
    if (ws === null) return
    const client: Client = { ws, streams: new Map() }
    this.#clients.add(client)
    ws.onClose = () => this.#clients.delete(client)
    if (this.generation === 'gen-a') {
      ws.onMessage = (message) => {
        this.received.push(message)
        ws.close(1008, 'downlink only')
      }
      for (const [sessionId, s] of this.sessions) {
        ws.send(JSON.stringify({ type: 'server-request', rpcId: `mux-${randomBytes(3).toString('hex')}`, method: 'session/subscribed', payload: { sessionId, lastSeq: (s.events[s.events.length - 1]?.seq ?? -1) } }))
      }
      return
    }
    ws.onMessage = (message) => {
      this.received.push(message)
      this.#genBMessage(client, message)
    }
  }

  #genBMessage(client: Client, message: string): void {
    let frame: unknown
    try {
      frame = JSON.parse(message)
    } catch {
      return client.ws.close(1008, 'invalid message')
    }
    if (!isRecord(frame) || typeof frame['streamId'] !== 'string') return client.ws.close(1008, 'invalid message')
    const streamId = frame['streamId']
    if (frame['type'] === 'cancel') return void client.streams.delete(streamId)
    if (frame['type'] !== 'open') return
    if (client.streams.has(streamId)) return client.ws.close(1008, 'duplicate streamId')
    const error = (code: string, text: string) => client.ws.send(JSON.stringify({ type: 'error', streamId, error: { code, message: text, details: {} } }))
    if (frame['endpoint'] !== 'session/follow') return error('gateway/not-found', 'unknown endpoint')
    const payload = frame['payload']
    const request = isRecord(payload) && isRecord(payload['args']) ? payload['args']['request'] : undefined
    if (!isRecord(request)) return error('gateway/arguments-invalid', 'args.request is required')
    if ('assistantStream' in request && request['assistantStream'] !== true) return error('gateway/input-invalid', 'assistantStream must be true or absent')
    const address = request['address']
    const sessionId = isRecord(address) && address['kind'] === 'session' ? address['sessionId'] : undefined
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined
    if (typeof sessionId !== 'string' || session === undefined) return error('session/not-found', 'no such session')
    this.followed.push(sessionId)
    const assistantStream = request['assistantStream'] === true
    client.streams.set(streamId, { sessionId, assistantStream })
    for (const resolve of this.#followWaiters.get(sessionId) ?? []) resolve()
    this.#followWaiters.delete(sessionId)
    const max = typeof request['maxMessages'] === 'number' ? request['maxMessages'] : 50
    const window = messageWindow(session.events, max)
    const cursor = session.events[session.events.length - 1]?.seq ?? -1
    client.ws.send(JSON.stringify({
      type: 'item',
      streamId,
      value: {
        type: 'snapshot', header: session.header, cursor, records: window.events.map((event) => ({ type: 'event', event })), hasMore: window.hasMore, projections: { asOfSeq: cursor, values: {} },
        ...(assistantStream ? { assistantStream: { revision: this.#revision } } : {}),
      },
    }))
  }
}

/** The last `max` user/assistant messages and everything after the first of them (never cut mid-message). */
function messageWindow(events: readonly HostEvent[], max: number): { events: HostEvent[]; hasMore: boolean } {
  let seen = 0
  let cut = 0
  for (let i = events.length - 1; i >= 0; i--) {
    if (!MESSAGE_TYPES.has(String(events[i]?.['type']))) continue
    seen++
    cut = i
    if (seen >= max) break
  }
  if (seen < max) cut = 0
  return { events: events.slice(cut), hasMore: cut > 0 }
}

/** `text` in `n` consecutive pieces (fewer when it is short), cut after whitespace where it can be. */
function splitPieces(text: string, n: number): string[] {
  if (text === '') return []
  const size = Math.max(1, Math.ceil(text.length / n))
  const out: string[] = []
  let at = 0
  while (at < text.length) {
    let end = Math.min(text.length, at + size)
    const space = text.lastIndexOf(' ', end)
    if (end < text.length && space > at) end = space + 1
    out.push(text.slice(at, end))
    at = end
  }
  return out
}

const ok = (value: unknown) => ({ ok: true, value })
const fail = (code: string, message: string) => ({ ok: false, error: { code, message, details: null } })

function text(res: ServerResponse, status: number, body: string, type = 'text/plain'): void {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` })
  res.end(body)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (chunk: Buffer) => parts.push(chunk))
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
    req.on('error', reject)
  })
}
