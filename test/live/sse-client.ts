/**
 * A minimal Server-Sent Events client for tests (node:http), parsing the stream the way a browser's
 * `EventSource` does: `id`, `event` and `data` fields, blank-line dispatch, comments ignored, and the last
 * id remembered for a reconnect. Also a plain request helper that sends a path verbatim (no URL
 * normalization), so traversal attempts reach the server as written.
 */
import { request, type IncomingHttpHeaders } from 'node:http'

export interface SseEvent {
  event: string
  id: string | null
  data: string
  at: number
}

export class SseClient {
  readonly events: SseEvent[] = []
  status = 0
  headers: IncomingHttpHeaders = {}
  lastEventId: string | null = null
  ended = false
  #close: () => void = () => {}

  static open(port: number, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient()
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
        client.status = res.statusCode ?? 0
        client.headers = res.headers
        res.setEncoding('utf8')
        let buffer = ''
        let event = { event: 'message', id: null as string | null, data: [] as string[] }
        res.on('data', (chunk: string) => {
          buffer += chunk
          let nl = buffer.indexOf('\n')
          while (nl !== -1) {
            const line = buffer.slice(0, nl).replace(/\r$/, '')
            buffer = buffer.slice(nl + 1)
            nl = buffer.indexOf('\n')
            if (line === '') {
              if (event.data.length > 0) {
                if (event.id !== null) client.lastEventId = event.id
                client.events.push({ event: event.event, id: event.id, data: event.data.join('\n'), at: Date.now() })
              }
              event = { event: 'message', id: null, data: [] }
              continue
            }
            if (line.startsWith(':')) continue
            const colon = line.indexOf(':')
            const field = colon === -1 ? line : line.slice(0, colon)
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === 'event') event.event = value
            else if (field === 'data') event.data.push(value)
            else if (field === 'id') event.id = value
          }
        })
        res.on('end', () => {
          client.ended = true
        })
        res.on('close', () => {
          client.ended = true
        })
        resolve(client)
      })
      client.#close = () => req.destroy()
      req.on('error', (error) => (client.status === 0 ? reject(error) : undefined))
      req.end()
    })
  }

  /** Parsed `data` of every event named `event`. */
  messages<T = unknown>(event?: string): T[] {
    return this.events.filter((e) => event === undefined || e.event === event).map((e): T => JSON.parse(e.data))
  }

  close(): void {
    this.#close()
  }
}

export interface PlainResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One request with the path sent exactly as given. */
export function fetchRaw(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}
