/**
 * `--attach`: the optional host overlay of `dsh-view live` (issue 6; live.md §10.2). Detects the host's
 * generation once (host-api.ts), follows the sessions live pages ask for (sources.ts), and serves each as
 * an overlay feed, `GET /live/overlay/<key>/events` (SSE, site-feed.ts `OverlayMessage`): the host's recent
 * events parsed by the same `LogParser` as the file, for the page to draw ahead of the file until the
 * file catches up (src/live/browser/live-conversation.ts merges them by seq; the file wins). One host
 * subscription per session however many tabs; a tab that joins late first gets what is held.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import { BASE_HEADERS, plain, SseStream, type RootWatcher } from '../node'
import type { OverlayMessage, OverlayState } from '../browser/site-feed'
import { connectHost, type HostApi } from './host-api'
import { GenASource, GenBSource, type HostEvent, type HostSource } from './sources'

const ROUTE = /^\/live\/overlay\/([^/]+)\/events$/
/** Events held per session for late tabs; older ones are in the file by the time anyone asks. */
const HELD_EVENTS = 2000

export interface AttachOptions {
  url: string
  token: string | null
  log: (text: string) => void
  /** For tests: the host connection (default: detect at `url`). */
  connect?: () => Promise<HostApi & { describe: string }>
}

interface Followed {
  sessionId: string
  held: Map<number, HostEvent>
  streams: Set<SseStream>
  state: OverlayState
  detail: string
  unfollow: () => void
}

export class AttachOverlay {
  readonly ready: Promise<HostSource | null>
  readonly #sessions = new Map<string, Followed>()
  #closed = false

  constructor(options: AttachOptions) {
    const connect = options.connect ?? (() => connectHost(options.url, options.token))
    this.ready = connect().then(
      (api) => {
        options.log(`${options.url}: ${api.describe}`)
        return api.generation === 'gen-a' ? new GenASource(api, options.log) : new GenBSource(api, options.log)
      },
      (error: unknown) => {
        options.log(`${options.url}: not attached: ${error instanceof Error ? error.message : String(error)}`)
        return null
      },
    )
  }

  /** Answers the overlay route; false for any other path. */
  async answer(req: IncomingMessage, res: ServerResponse, url: URL, index: RootWatcher): Promise<boolean> {
    const route = ROUTE.exec(url.pathname)
    if (route === null) return false
    if (req.method !== 'GET') return refuse(res, 405, 'method not allowed')
    let key: string
    try {
      key = decodeURIComponent(route[1] ?? '')
    } catch {
      return refuse(res, 404, 'no such session')
    }
    const sessionId = index.entries().find((e) => e.key === key)?.header?.id
    if (sessionId === undefined) return refuse(res, 404, 'no such session')
    const stream = new SseStream(res, { headers: BASE_HEADERS })
    const source = await this.ready
    if (stream.closed) return true
    if (source === null || this.#closed) {
      send(stream, { kind: 'overlay-status', state: 'unavailable', detail: 'not attached to the host' })
      return true
    }
    const followed = this.#follow(source, sessionId)
    followed.streams.add(stream)
    send(stream, { kind: 'overlay-status', state: followed.state, detail: followed.detail })
    if (followed.held.size > 0) send(stream, { kind: 'overlay', lines: toLines(sessionId, [...followed.held.values()]) })
    stream.onClose(() => {
      followed.streams.delete(stream)
      if (followed.streams.size > 0) return
      followed.unfollow()
      this.#sessions.delete(sessionId)
    })
    return true
  }

  async close(): Promise<void> {
    this.#closed = true
    for (const followed of this.#sessions.values()) {
      followed.unfollow()
      for (const stream of followed.streams) stream.close()
    }
    this.#sessions.clear()
    ;(await this.ready)?.close()
  }

  #follow(source: HostSource, sessionId: string): Followed {
    const known = this.#sessions.get(sessionId)
    if (known !== undefined) return known
    const followed: Followed = { sessionId, held: new Map(), streams: new Set(), state: 'connecting', detail: 'connecting to the host', unfollow: () => {} }
    this.#sessions.set(sessionId, followed)
    const broadcast = (message: OverlayMessage) => {
      for (const stream of followed.streams) send(stream, message)
    }
    followed.unfollow = source.follow(sessionId, {
      events: (events) => {
        for (const event of events) followed.held.set(event.seq, event)
        while (followed.held.size > HELD_EVENTS) followed.held.delete(Math.min(...followed.held.keys()))
        broadcast({ kind: 'overlay', lines: toLines(sessionId, events) })
      },
      reset: () => {
        followed.held.clear()
        broadcast({ kind: 'overlay-reset' })
      },
      status: (state, detail) => {
        followed.state = state
        followed.detail = detail
        broadcast({ kind: 'overlay-status', state, detail })
      },
    })
    return followed
  }
}

function refuse(res: ServerResponse, status: number, text: string): true {
  plain(res, status, text, BASE_HEADERS)
  return true
}

function send(stream: SseStream, message: OverlayMessage): void {
  stream.send(message.kind, message)
}

/**
 * Host events → `ParsedLine`s, read exactly as log lines are (normalization, unknown types kept raw). The
 * parser counts seqs from 0, so the first event of a window is reported as a gap; that report is not
 * the host's fault and is dropped. Packed rows never come from a host.
 */
export function toLines(sessionId: string, events: readonly HostEvent[]): ParsedLine[] {
  const parser = new LogParser({ sessionIdHint: sessionId })
  parser.line(JSON.stringify({ type: 'session', version: 0, id: sessionId }), { line: 1 })
  const out: ParsedLine[] = []
  const sorted = [...events].sort((a, b) => a.seq - b.seq)
  sorted.forEach((event, i) => {
    for (const line of parser.line(JSON.stringify(event), { line: i + 2 })) {
      if (line.kind === 'invalid' && line.code === 'seq-gap') continue
      if (line.kind === 'event' || line.kind === 'unknown') out.push(line)
    }
  })
  return out
}
