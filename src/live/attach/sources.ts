/**
 * Following sessions on an attached dsh host, per generation (live.md §3.5–§3.6, §4.2–§4.6, §10.2), as a
 * stream of raw events per session id for the overlay:
 * - **Gen A** (`GenASource`): one `/api/events.mux` WebSocket for every session, never written to (any
 *   message makes the host close it with 1008); per followed session, the tail page of `session.history`,
 *   stitched with the live `session/event` frames by seq exactly as dsh's own client does — frames that
 *   arrive while the page loads are buffered and replayed past its tail, a gap refetches the tail, a
 *   reconnect rebuilds from scratch.
 * - **Gen B** (`GenBSource`): `/api/remote.mux` with the cookie; one `session/follow` stream per followed
 *   session (a snapshot, then gap-free events), cancelled when the last page leaves. Only sessions the
 *   host lists as `running` or `agentAvailable` are followed: following a cold one would start its agent.
 *   The stream asks for `assistantStream` (live.md §4.4): the host's token deltas are not durable in this
 *   generation, and these frames are the only way to see an answer being written; they are passed on raw,
 *   for the overlay to check.
 * Reconnects back off from 500 ms to 10 s. Nothing here prompts, resumes, approves or cancels an agent.
 */
import { parseCapped } from '../../log/json/depth'
import { isRecord, type HostApi } from './host-api'
import { connectWebSocket, type WsConnection } from './ws'

/** A host event as it came (`{type, seq, time, data, …}`). */
export type HostEvent = Record<string, unknown> & { seq: number }

export interface HostListener {
  /** Events in seq order; may repeat seqs already sent (the overlay keeps the newest). */
  events(events: HostEvent[]): void
  /** Forget what was sent (a reconnect rebuilds from scratch). */
  reset(): void
  status(state: 'attached' | 'unavailable', detail: string): void
  /** Gen B: an `assistant-stream` frame (`start`/`chunk`/`end`), unchecked. */
  stream?(frame: Record<string, unknown>): void
}

export interface HostSource {
  follow(sessionId: string, listener: HostListener): () => void
  close(): void
}

const BACKOFF_MIN_MS = 500
const BACKOFF_MAX_MS = 10_000
const TAIL_MESSAGES = 50

const asEvent = (value: unknown): HostEvent | null => (isRecord(value) && typeof value['type'] === 'string' && typeof value['seq'] === 'number' ? { ...value, seq: value['seq'] } : null)

class Fanout {
  readonly listeners = new Set<HostListener>()
  events(events: HostEvent[]): void {
    if (events.length > 0) for (const l of this.listeners) l.events(events)
  }
  reset(): void {
    for (const l of this.listeners) l.reset()
  }
  status(state: 'attached' | 'unavailable', detail: string): void {
    for (const l of this.listeners) l.status(state, detail)
  }
  stream(frame: Record<string, unknown>): void {
    for (const l of this.listeners) l.stream?.(frame)
  }
}

/** Reconnecting socket with capped exponential backoff and jitter. */
abstract class MuxSource implements HostSource {
  protected ws: WsConnection | null = null
  #connecting = false
  #backoff = BACKOFF_MIN_MS
  #timer: NodeJS.Timeout | null = null
  protected closed = false

  constructor(
    protected readonly api: HostApi,
    protected readonly log: (text: string) => void,
  ) {}

  abstract follow(sessionId: string, listener: HostListener): () => void
  protected abstract path: string
  protected abstract onOpen(first: boolean): void
  protected abstract onMessage(message: Record<string, unknown>): void
  protected abstract onDown(detail: string): void

  #opened = false

  protected ensureSocket(): void {
    if (this.ws !== null || this.#connecting || this.closed || this.#timer !== null) return
    this.#connecting = true
    const headers: Record<string, string> = this.api.cookie === '' ? {} : { Cookie: this.api.cookie }
    connectWebSocket(new URL(this.path, this.api.base).href, headers).then(
      (ws) => {
        this.#connecting = false
        if (this.closed) return ws.close()
        this.ws = ws
        this.#backoff = BACKOFF_MIN_MS
        ws.onMessage = (text) => {
          let parsed: unknown
          try {
            parsed = parseCapped(text)
          } catch {
            return
          }
          if (isRecord(parsed)) this.onMessage(parsed)
        }
        ws.onClose = (code, reason) => {
          this.ws = null
          this.onDown(`connection closed (${code}${reason === '' ? '' : ` ${reason}`})`)
          this.#retry()
        }
        const first = !this.#opened
        this.#opened = true
        this.onOpen(first)
      },
      (error: unknown) => {
        this.#connecting = false
        this.onDown(error instanceof Error ? error.message : String(error))
        this.#retry()
      },
    )
  }

  #retry(): void {
    if (this.closed) return
    const wait = Math.min(this.#backoff, BACKOFF_MAX_MS) * (0.75 + Math.random() * 0.5)
    this.#backoff = Math.min(this.#backoff * 2, BACKOFF_MAX_MS)
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.ensureSocket()
    }, wait)
    this.#timer.unref()
  }

  close(): void {
    this.closed = true
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.ws?.close()
    this.ws = null
  }
}

interface GenASession extends Fanout {
  id: string
  /** Last seq sent; -1 before the first page. */
  tail: number
  /** Live frames held while a page loads. */
  buffer: HostEvent[] | null
}

export class GenASource extends MuxSource {
  protected path = '/api/events.mux'
  readonly #sessions = new Map<string, GenASession>()

  follow(sessionId: string, listener: HostListener): () => void {
    let state = this.#sessions.get(sessionId)
    if (state === undefined) {
      state = Object.assign(new Fanout(), { id: sessionId, tail: -1, buffer: null })
      this.#sessions.set(sessionId, state)
    }
    state.listeners.add(listener)
    if (this.ws !== null) listener.status('attached', 'following the host')
    this.ensureSocket()
    if (this.ws !== null && state.listeners.size === 1) void this.#loadTail(state)
    const held = state
    return () => {
      held.listeners.delete(listener)
      if (held.listeners.size === 0) this.#sessions.delete(sessionId)
    }
  }

  protected onOpen(first: boolean): void {
    for (const state of this.#sessions.values()) {
      if (!first) state.reset()
      state.tail = -1
      state.status('attached', 'following the host')
      void this.#loadTail(state)
    }
  }

  protected onDown(detail: string): void {
    for (const state of this.#sessions.values()) state.status('unavailable', detail)
  }

  protected onMessage(frame: Record<string, unknown>): void {
    // Every push is {type:'server-request', rpcId, method, payload}; answerable ones are never answered.
    const payload = frame['payload']
    if (!isRecord(payload) || typeof payload['sessionId'] !== 'string') return
    const state = this.#sessions.get(payload['sessionId'])
    if (state === undefined) return
    if (frame['method'] === 'session/subscribed') {
      const lastSeq = payload['lastSeq']
      if (typeof lastSeq === 'number' && lastSeq > state.tail && state.buffer === null) void this.#loadTail(state)
      return
    }
    if (frame['method'] !== 'session/event') return
    const event = asEvent(payload['event'])
    if (event === null) return
    if (state.buffer !== null) return void state.buffer.push(event)
    if (event.seq <= state.tail) return
    if (event.seq === state.tail + 1) {
      state.tail = event.seq
      return state.events([event])
    }
    // A gap: hold it and fetch the tail again.
    void this.#loadTail(state, [event])
  }

  async #loadTail(state: GenASession, held: HostEvent[] = []): Promise<void> {
    if (state.buffer !== null) return void state.buffer.push(...held)
    state.buffer = [...held]
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const value = await this.api.call('session.history', { sessionId: state.id, maxMessages: TAIL_MESSAGES })
        const rows = isRecord(value) && Array.isArray(value['events']) ? value['events'] : []
        const page = rows.map((row) => asEvent(isRecord(row) ? row['event'] : null)).filter((e): e is HostEvent => e !== null)
        const fresh = page.filter((e) => e.seq > state.tail)
        if (fresh.length > 0) {
          state.tail = fresh[fresh.length - 1]?.seq ?? state.tail
          state.events(fresh)
        }
        const buffered = (state.buffer ?? []).sort((a, b) => a.seq - b.seq)
        state.buffer = []
        let gap = false
        const replay: HostEvent[] = []
        for (const event of buffered) {
          if (event.seq <= state.tail) continue
          if (event.seq !== state.tail + 1) {
            gap = true
            break
          }
          state.tail = event.seq
          replay.push(event)
        }
        state.events(replay)
        if (!gap) break
      }
    } catch (error) {
      state.status('unavailable', error instanceof Error ? error.message : String(error))
    } finally {
      const rest = state.buffer ?? []
      state.buffer = null
      for (const event of rest) if (event.seq === state.tail + 1) {
        state.tail = event.seq
        state.events([event])
      }
    }
  }
}

interface GenBStream extends Fanout {
  id: string
  streamId: string | null
}

export class GenBSource extends MuxSource {
  protected path = '/api/remote.mux'
  readonly #sessions = new Map<string, GenBStream>()
  readonly #byStream = new Map<string, GenBStream>()
  #next = 0

  follow(sessionId: string, listener: HostListener): () => void {
    let state = this.#sessions.get(sessionId)
    const fresh = state === undefined
    if (state === undefined) {
      state = Object.assign(new Fanout(), { id: sessionId, streamId: null })
      this.#sessions.set(sessionId, state)
    }
    state.listeners.add(listener)
    if (fresh) void this.#open(state)
    const held = state
    return () => {
      held.listeners.delete(listener)
      if (held.listeners.size > 0) return
      this.#sessions.delete(sessionId)
      if (held.streamId !== null) {
        this.#byStream.delete(held.streamId)
        this.ws?.send(JSON.stringify({ type: 'cancel', streamId: held.streamId }))
      }
    }
  }

  protected onOpen(first: boolean): void {
    this.#byStream.clear()
    for (const state of this.#sessions.values()) {
      if (!first) state.reset()
      state.streamId = null
      void this.#open(state)
    }
  }

  protected onDown(detail: string): void {
    for (const state of this.#sessions.values()) state.status('unavailable', detail)
  }

  protected onMessage(frame: Record<string, unknown>): void {
    const state = typeof frame['streamId'] === 'string' ? this.#byStream.get(frame['streamId']) : undefined
    if (state === undefined) return
    if (frame['type'] === 'error') {
      const error = isRecord(frame['error']) ? frame['error'] : {}
      return state.status('unavailable', String(error['message'] ?? error['code'] ?? 'stream failed'))
    }
    if (frame['type'] === 'end') return void this.#byStream.delete(String(frame['streamId']))
    const value = frame['value']
    if (frame['type'] !== 'item' || !isRecord(value)) return
    if (value['type'] === 'snapshot') {
      state.reset()
      const records = Array.isArray(value['records']) ? value['records'] : []
      state.events(records.map((r) => (isRecord(r) && r['type'] === 'event' ? asEvent(r['event']) : null)).filter((e): e is HostEvent => e !== null))
      return state.status('attached', 'following the host')
    }
    if (value['type'] === 'event') {
      const event = asEvent(value['event'])
      if (event !== null) state.events([event])
    }
    if (value['type'] === 'assistant-stream' && isRecord(value['frame'])) state.stream(value['frame'])
  }

  async #open(state: GenBStream): Promise<void> {
    try {
      // Following a cold session starts its agent on the host (live.md §4.4): only follow running ones.
      const list = await this.api.call('session/list', {})
      const items = isRecord(list) && Array.isArray(list['items']) ? list['items'] : []
      const row = items.find((item) => isRecord(item) && item['sessionId'] === state.id)
      if (!isRecord(row) || (row['running'] !== true && row['agentAvailable'] !== true)) {
        return state.status('unavailable', 'the session is not running on the host (following it there would start its agent)')
      }
    } catch (error) {
      return state.status('unavailable', error instanceof Error ? error.message : String(error))
    }
    if (this.ws === null) return this.ensureSocket() // onOpen opens it
    if (!this.#sessions.has(state.id) || state.streamId !== null) return
    const streamId = `dsh-view-${++this.#next}`
    state.streamId = streamId
    this.#byStream.set(streamId, state)
    this.ws.send(JSON.stringify({ type: 'open', streamId, endpoint: 'session/follow', payload: { args: { request: { address: { kind: 'session', sessionId: state.id }, maxMessages: TAIL_MESSAGES, assistantStream: true } } } }))
  }
}
