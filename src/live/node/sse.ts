/**
 * Server-Sent Events over a node:http response (architecture.md §2.12): the wire framing, heartbeats so
 * proxies and browsers keep an idle stream open, and a bound on buffered output. A client that stops
 * reading is disconnected rather than buffered without limit; its `EventSource` reconnects with
 * `Last-Event-ID` and gets only what it missed. Messages are unindented JSON, which never contains a raw
 * newline, so one `data:` line always suffices.
 */
import type { ServerResponse } from 'node:http'
import { unrefInterval } from './wake'

/** One SSE event. `id` is set only on messages that advance the resume cursor. */
export function sseFrame(event: string, data: unknown, id?: string): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

export interface SseOptions {
  /** Comment line interval; well under the ~30–60 s idle timeouts of proxies and browsers. */
  heartbeatMs?: number
  /** Reconnection delay announced to the browser (its default is ~3 s). */
  retryMs?: number
  /** Bytes queued for a slow client before it is dropped. */
  maxBufferedBytes?: number
  /** Extra response headers (security headers shared with the rest of the server). */
  headers?: Record<string, string>
}

export class SseStream {
  readonly #res: ServerResponse
  readonly #max: number
  readonly #heartbeat: NodeJS.Timeout
  readonly #onClose: (() => void)[] = []
  #closed = false

  constructor(res: ServerResponse, options: SseOptions = {}) {
    this.#res = res
    this.#max = options.maxBufferedBytes ?? 32 * 1024 * 1024
    res.writeHead(200, {
      ...options.headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    res.write(`retry: ${options.retryMs ?? 1000}\n\n`)
    this.#heartbeat = unrefInterval(() => this.comment('heartbeat'), options.heartbeatMs ?? 15_000)
    res.on('close', () => this.#finish())
  }

  get closed(): boolean {
    return this.#closed
  }

  /** Sends one event; false when the stream is closed (or was just closed for falling behind). */
  send(event: string, data: unknown, id?: string): boolean {
    return this.#write(sseFrame(event, data, id))
  }

  comment(text: string): boolean {
    return this.#write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`)
  }

  onClose(fn: () => void): void {
    if (this.#closed) fn()
    else this.#onClose.push(fn)
  }

  close(): void {
    if (this.#closed) return
    this.#res.end()
    this.#finish()
  }

  #write(text: string): boolean {
    if (this.#closed) return false
    if (this.#res.writableLength > this.#max) {
      // The client stopped reading. Dropping it is safe: it resumes from its last id on reconnect.
      this.#res.destroy()
      this.#finish()
      return false
    }
    this.#res.write(text)
    return true
  }

  #finish(): void {
    if (this.#closed) return
    this.#closed = true
    clearInterval(this.#heartbeat)
    for (const fn of this.#onClose.splice(0)) {
      try {
        fn()
      } catch {
        // Cleanup must not stop other cleanups.
      }
    }
  }
}
