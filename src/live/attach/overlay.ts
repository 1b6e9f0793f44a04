/**
 * `--attach`: the optional host overlay of `dsh-view live` (issue 6; live.md §10.2). Detects the host's
 * generation once (host-api.ts), follows the sessions live pages ask for (sources.ts), and serves each as
 * an overlay feed, `GET /live/overlay/<key>/events` (SSE, site-feed.ts `OverlayMessage`): the host's recent
 * events parsed by the same `LogParser` as the file, for the page to draw ahead of the file until the
 * file catches up (src/live/browser/live-conversation.ts merges them by seq; the file wins). A newer
 * host's `assistant-stream` frames (live.md §4.4: token deltas, never durable) are checked and passed on
 * as `overlay-typing` (typing.ts), and the attempt streaming right now is held too. One host subscription
 * per session however many tabs; a tab that joins late first gets what is held.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import { BASE_HEADERS, plain, SseStream, type RootWatcher } from '../node'
import type { OverlayMessage, OverlayState, TypingFrame } from '../browser/site-feed'
import { connectHost, isRecord, type HostApi } from './host-api'
import { GenASource, GenBSource, type HostEvent, type HostSource } from './sources'

const ROUTE = /^\/live\/overlay\/([^/]+)\/events$/
/** Events held per session for late tabs; older ones are in the file by the time anyone asks. */
const HELD_EVENTS = 2000
/** Characters of streamed text (and of reasoning) held and passed on per attempt; the message has the rest. */
export const TYPING_MAX_CHARS = 256_000
/** Longest attempt id taken from a host. */
const MAX_ATTEMPT_ID = 200

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
  /** The attempt the host is streaming, as a late tab needs it. */
  typing: { start: Extract<TypingFrame, { type: 'start' }>; text: string; reasoning: string } | null
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
    const typing = followed.typing
    if (typing !== null) {
      send(stream, { kind: 'overlay-typing', frame: typing.start })
      const attemptId = typing.start.attemptId
      if (typing.reasoning !== '') send(stream, { kind: 'overlay-typing', frame: { type: 'chunk', attemptId, channel: 'reasoning', text: typing.reasoning } })
      if (typing.text !== '') send(stream, { kind: 'overlay-typing', frame: { type: 'chunk', attemptId, channel: 'text', text: typing.text } })
    }
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
    const followed: Followed = { sessionId, held: new Map(), streams: new Set(), state: 'connecting', detail: 'connecting to the host', typing: null, unfollow: () => {} }
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
        followed.typing = null
        broadcast({ kind: 'overlay-reset' })
      },
      stream: (raw) => {
        const frame = typingFrame(raw)
        if (frame === null) return
        const typing = followed.typing
        if (frame.type === 'start') followed.typing = { start: frame, text: '', reasoning: '' }
        else if (typing === null || typing.start.attemptId !== frame.attemptId) return // not an attempt we saw start
        else if (frame.type === 'end') followed.typing = null
        else {
          const held = typing[frame.channel]
          if (held.length + frame.text.length > TYPING_MAX_CHARS) return
          typing[frame.channel] = held + frame.text
        }
        broadcast({ kind: 'overlay-typing', frame })
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

/**
 * A host's `assistant-stream` frame (live.md §4.4) → what a page gets, or null for anything else: `start`
 * with the seq it follows, text and reasoning deltas of a `chunk` (other chunk kinds — tool-call deltas,
 * usage — show nothing), `end` with the committed seq or none when abandoned.
 */
export function typingFrame(raw: Record<string, unknown>): TypingFrame | null {
  const attemptId = raw['attemptId']
  if (typeof attemptId !== 'string' || attemptId === '' || attemptId.length > MAX_ATTEMPT_ID) return null
  const seqOf = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= -1 ? v : null)
  if (raw['type'] === 'start') {
    const afterSeq = seqOf(raw['startedAfterSeq'])
    if (afterSeq === null) return null
    const count = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null)
    return { type: 'start', attemptId, afterSeq, turn: count(raw['turn']), step: count(raw['step']) }
  }
  if (raw['type'] === 'chunk') {
    const chunk = isRecord(raw['chunk']) ? raw['chunk'] : null
    const channel = chunk?.['type'] === 'text-delta' ? 'text' : chunk?.['type'] === 'reasoning-delta' ? 'reasoning' : null
    const text = chunk?.['text']
    return channel === null || typeof text !== 'string' || text === '' ? null : { type: 'chunk', attemptId, channel, text }
  }
  if (raw['type'] === 'end') {
    const outcome = isRecord(raw['outcome']) ? raw['outcome'] : null
    if (outcome?.['kind'] === 'committed') {
      const seq = seqOf(outcome['seq'])
      return seq === null ? null : { type: 'end', attemptId, seq }
    }
    return outcome?.['kind'] === 'abandoned' ? { type: 'end', attemptId, seq: null } : null
  }
  return null
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
