/**
 * The live-mode HTTP server (issue 6; live.md §10.1; architecture.md §2.12): node:http, no framework,
 * bound to 127.0.0.1 unless told otherwise. It serves
 * - the built site directory (`static-files.ts`),
 * - `GET /live/index/events`: the session index as SSE (`index-reset`, then upserts and removals),
 * - `GET /live/session/<key>/events`: one session's feed as SSE — a `reset` with every line so far, or with
 *   a valid `Last-Event-ID` only what came after; then `append`/`reset`/`status` as the file changes,
 * - `GET /live/session/<key>/log`: the transcript bytes as stored, as a download,
 * - `POST /live/highlight`: code colours for live pages, by the build's highlighter (highlight-route.ts);
 *   the only route that takes a body, and the only `POST`.
 * Keys come from the index only, so no URL ever names a path. Every request passes the Host/Origin
 * fence first. Session logs are only ever opened for reading. `close()` ends every stream and watcher.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename, join } from 'node:path'
import { STATE_DIR } from '../../site/write/manifest'
import { formatEventId, LIVE_HIGHLIGHT_PATH, parseEventId, type IndexMessage } from '../protocol'
import { FollowerHub, type FollowerHubOptions } from './follower-hub'
import { HighlightRoute, type HighlightRouteOptions } from './highlight-route'
import { allowedHosts, refusal } from './request-guard'
import { RootWatcher, type RootWatcherOptions } from './root-watcher'
import { SseStream, type SseOptions } from './sse'
import { pipeFile, plain, serveStatic } from './static-files'

export interface LiveServerOptions {
  /** The built site (index.html, session pages, assets). */
  siteDir: string
  /** Sessions roots, project directories, session directories or log files to index and follow. */
  inputs: readonly string[]
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: the OS picks a free port (see `LiveServer.port`). */
  port?: number
  follower?: FollowerHubOptions
  index?: RootWatcherOptions
  sse?: SseOptions
  /**
   * Code colours for live pages (`POST /live/highlight`). Default: the site's highlight cache
   * (`<siteDir>/.dsh-view/highlight-cache.json`) and the highlight worker when built; false: no colours.
   */
  highlight?: Partial<HighlightRouteOptions> | false
  /** Unexpected errors (a follower's IO error, a handler bug); the server keeps serving. */
  onError?: (error: unknown) => void
  /** A client dropped for not reading its event stream (default: reported through onError). */
  onDrop?: (reason: string) => void
  /**
   * Extra `GET`/`HEAD` routes under `/live/` owned by the caller (cli/live.ts: the site and overlay feeds),
   * asked after the Host/Origin fence and before the 404. Returns true when it answered the request.
   */
  routes?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>
}

export interface LiveServer {
  readonly host: string
  readonly port: number
  /** `http://<host>:<port>/` as a browser should open it. */
  readonly url: string
  readonly hub: FollowerHub
  readonly index: RootWatcher
  /** Open SSE streams (sessions and index). */
  readonly streams: number
  close(): Promise<void>
}

/** Security headers on every response: no sniffing, no referrer, no cross-origin embedding of responses. */
export const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
}

const SESSION_ROUTE = /^\/live\/session\/([^/]+)\/(events|log)$/

export async function startLiveServer(options: LiveServerOptions): Promise<LiveServer> {
  const host = options.host ?? '127.0.0.1'
  const onError = options.onError ?? (() => {})
  const index = new RootWatcher(options.inputs, { onError, ...options.index })
  const hub = new FollowerHub({ onError, ...options.follower, allowPath: path => index.confinement.allows(path) })
  const streams = new Set<SseStream>()
  let allowed = new Set<string>()
  const onDrop = options.onDrop ?? ((reason: string) => onError(new Error(`dropped a live client: ${reason}`)))
  const sseOptions: SseOptions = { onDrop, ...options.sse, headers: BASE_HEADERS }
  const highlight = options.highlight === false ? null : new HighlightRoute({ cacheFile: join(options.siteDir, STATE_DIR, 'highlight-cache.json'), ...options.highlight })

  const openStream = (res: ServerResponse): SseStream => {
    const stream = new SseStream(res, sseOptions)
    streams.add(stream)
    stream.onClose(() => streams.delete(stream))
    return stream
  }

  const indexEvents = async (res: ServerResponse) => {
    await index.ready
    const stream = openStream(res)
    stream.send('index-reset', { kind: 'index-reset', sessions: index.entries() } satisfies IndexMessage)
    stream.onClose(index.subscribe((message) => stream.send(message.kind, message)))
  }

  const sessionEvents = async (req: IncomingMessage, res: ServerResponse, key: string, query: URLSearchParams) => {
    const target = await resolveKey(index, key)
    if (target === null) return void plain(res, 404, 'no such session', BASE_HEADERS)
    const lease = hub.acquire(target)
    const stream = openStream(res)
    stream.onClose(() => lease.release())
    const follower = lease.follower
    await follower.ready
    if (stream.closed) return
    const lastId = headerValue(req.headers['last-event-id']) ?? query.get('lastEventId')
    // resume + subscribe in one synchronous block: nothing can be emitted in between.
    const first = follower.resume(parseEventId(lastId))
    if (first.kind === 'reset' || first.lines.length > 0) stream.send(first.kind, first, formatEventId(follower.cursor))
    stream.send('status', { kind: 'status', state: follower.state })
    stream.onClose(follower.subscribe((message, cursor) => stream.send(message.kind, message, message.kind === 'status' ? undefined : formatEventId(cursor))))
  }

  const sessionLog = async (req: IncomingMessage, res: ServerResponse, key: string) => {
    if ((await resolveKey(index, key)) === null) return void plain(res, 404, 'no such session', BASE_HEADERS)
    const indexed = index.pathOf(key)
    // Resolved again now: the file may have been replaced by a symlink out of the roots since it was indexed.
    const path = indexed === null ? null : await index.confinement.resolve(indexed)
    if (indexed === null || path === null) return void plain(res, 404, 'no such session', BASE_HEADERS)
    const name = basename(indexed).replace(/[^A-Za-z0-9._-]/g, '_')
    res.writeHead(200, {
      ...BASE_HEADERS,
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    })
    if (req.method === 'HEAD') return void res.end()
    await pipeFile(path, res)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const why = refusal(req.headers, allowed)
    if (why !== null) return void plain(res, 403, `forbidden: ${why}`, BASE_HEADERS)
    if (req.url === LIVE_HIGHLIGHT_PATH) {
      if (highlight === null) return void plain(res, 404, 'not found', BASE_HEADERS)
      return highlight.answer(req, res, BASE_HEADERS)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return void plain(res, 405, 'method not allowed', BASE_HEADERS)
    }
    const raw = req.url ?? ''
    if (!raw.startsWith('/')) return void plain(res, 400, 'bad request', BASE_HEADERS)
    const url = new URL(`http://server${raw}`)
    const path = url.pathname
    if (path === '/live/index/events') return req.method === 'GET' ? indexEvents(res) : void plain(res, 405, 'method not allowed', BASE_HEADERS)
    const route = SESSION_ROUTE.exec(path)
    if (route !== null) {
      const key = safeDecode(route[1] ?? '')
      if (key === null) return void plain(res, 404, 'no such session', BASE_HEADERS)
      if (route[2] === 'log') return sessionLog(req, res, key)
      return req.method === 'GET' ? sessionEvents(req, res, key, url.searchParams) : void plain(res, 405, 'method not allowed', BASE_HEADERS)
    }
    if (path === '/live' || path.startsWith('/live/')) {
      if (options.routes !== undefined && (await options.routes(req, res, url))) return
      return void plain(res, 404, 'not found', BASE_HEADERS)
    }
    await serveStatic(req, res, options.siteDir, path, BASE_HEADERS)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      onError(error)
      if (!res.headersSent) plain(res, 500, 'internal error', BASE_HEADERS)
      else res.destroy()
    })
  })

  await index.ready
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error: unknown) => {
    await Promise.all([index.close(), hub.close(), highlight?.close()])
    throw error
  })
  const port = (server.address() as AddressInfo).port
  allowed = allowedHosts(host, port)
  const hostInUrl = host.includes(':') ? `[${host}]` : host

  return {
    host,
    port,
    url: `http://${hostInUrl}:${port}/`,
    hub,
    index,
    get streams() {
      return streams.size
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const stream of [...streams]) stream.close()
      server.closeAllConnections()
      await Promise.all([closed, index.close(), hub.close(), highlight?.close()])
    },
  }
}

/**
 * A key the index does not know yet may belong to a session created a moment ago: the index looks in the
 * one folder per project that the key names, never the whole root (issue 32: 19.8 s at 50,000 sessions).
 */
function resolveKey(index: RootWatcher, key: string) {
  return index.lookup(key)
}

function headerValue(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}
