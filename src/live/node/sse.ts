/**
 * Server-Sent Events over a node:http response (architecture.md §2.12): the wire framing, heartbeats so
 * proxies and browsers keep an idle stream open, and a bound on buffered output. A client that stops
 * reading is disconnected rather than buffered without limit (issue 17: 40 stalled clients held 2.7 GB):
 * a frame that would take its queue past `maxBufferedBytes` drops it, with a reason (`dropReason`,
 * `onDrop`); only a frame larger than the cap itself (a big session's first `reset`) may go to an empty
 * queue, and the cap then counts on top of it until the queue drains. Its `EventSource` reconnects with
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
  /** Bytes queued for a slow client before it is dropped (default 8 MiB). */
  maxBufferedBytes?: number
  /** Told why a client was dropped (it stopped reading). */
  onDrop?: (reason: string) => void
  /** Extra response headers (security headers shared with the rest of the server). */
  headers?: Record<string, string>
}

export class SseStream {
  readonly #res: ServerResponse
  readonly #max: number
  readonly #heartbeat: NodeJS.Timeout
  readonly #onClose: (() => void)[] = []
  readonly #onDrop: (reason: string) => void
  #closed = false
  /** A frame larger than the cap that went to an empty queue: allowed on top of the cap until drained. */
  #burst = 0
  #dropReason: string | null = null

  constructor(res: ServerResponse, options: SseOptions = {}) {
    this.#res = res
    this.#max = options.maxBufferedBytes ?? 8 * 1024 * 1024
    this.#onDrop = options.onDrop ?? (() => {})
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
    res.on('drain', () => {
      this.#burst = 0
    })
  }

  /** Bytes written but not yet handed to the kernel. */
  get queuedBytes(): number {
    return this.#res.writableLength
  }

  /** Why the stream was dropped, or null (open, or closed normally). */
  get dropReason(): string | null {
    return this.#dropReason
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
    const queued = this.#res.writableLength
    const bytes = Buffer.byteLength(text)
    if (queued === 0 && bytes > this.#max) this.#burst = bytes
    else if (queued + bytes > this.#max + this.#burst) {
      // The client stopped reading. Dropping it is safe: it resumes from its last id on reconnect.
      this.#dropReason = `the client stopped reading: ${queued} bytes queued, ${bytes} more would pass the ${this.#max}-byte limit`
      this.#res.destroy()
      this.#finish()
      try {
        this.#onDrop(this.#dropReason)
      } catch {
        // A logging failure must not break the sender.
      }
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
