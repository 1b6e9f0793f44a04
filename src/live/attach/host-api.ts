/**
 * Unary calls to a dsh web host and telling its generation apart (live.md §3.2, §4.1, §5.4, §5.5, §10.2):
 * - Gen A: `POST /api/<method>` (`session.history`), envelope `{type:'client-request', rpcId, method,
 *   payload}`; no auth.
 * - Gen B: `POST /api/<ns>/<method>` (`session/page`), `payload: {args: {request: …}}`, and a signed cookie
 *   minted from the launch token (`GET /?token=` → 303 + `Set-Cookie`).
 * Detection: `GET /` answering 401 is Gen B; otherwise `POST /api/host.describe` answering is Gen A.
 * Requests carry no `Origin` (Node's fetch sends none), which both fences accept. Only read methods are
 * ever called from here; nothing that prompts, resumes, approves or cancels.
 */
import { randomBytes } from 'node:crypto'

export type Generation = 'gen-a' | 'gen-b'

export class HostError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
  }
}

export interface HostApi {
  readonly base: URL
  readonly generation: Generation
  /** `Cookie` header for Gen B (empty for Gen A). */
  readonly cookie: string
  call(method: string, payload: unknown): Promise<unknown>
}

/** Detects the generation of the host at `url` and, for Gen B, mints the cookie from `token`. */
export async function connectHost(url: string, token: string | null, timeoutMs = 5000): Promise<HostApi & { describe: string }> {
  const base = new URL('/', url)
  const root = await fetch(base, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
  await root.body?.cancel()
  if (root.status === 401) {
    if (token === null) throw new HostError('the host wants its launch token: pass --token (from the "dsh web: http://…/?token=…" line)', 'auth')
    const cookie = await mintCookie(base, token, timeoutMs)
    const api = new Api(base, 'gen-b', cookie, timeoutMs)
    return Object.assign(api, { describe: 'newer dsh host (session/follow)' })
  }
  const api = new Api(base, 'gen-a', '', timeoutMs)
  const info = await api.call('host.describe', {})
  const version = typeof info === 'object' && info !== null && 'version' in info ? String(info.version) : 'unknown version'
  return Object.assign(api, { describe: `dsh ${version} (session.history + events.mux)` })
}

async function mintCookie(base: URL, token: string, timeoutMs: number): Promise<string> {
  const res = await fetch(new URL(`/?token=${encodeURIComponent(token)}`, base), { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
  await res.body?.cancel()
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').filter((c) => c.includes('='))
  if (cookies.length === 0) throw new HostError(`the host refused the token (HTTP ${res.status}); copy it again from the "dsh web:" line`, 'auth')
  return cookies.join('; ')
}

class Api implements HostApi {
  constructor(
    readonly base: URL,
    readonly generation: Generation,
    readonly cookie: string,
    readonly timeoutMs: number,
  ) {}

  async call(method: string, payload: unknown): Promise<unknown> {
    const rpcId = `dsh-view-${randomBytes(4).toString('hex')}`
    const body = { type: 'client-request', rpcId, method, payload: this.generation === 'gen-b' ? { args: { request: payload } } : payload }
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (this.cookie !== '') headers['Cookie'] = this.cookie
    const res = await fetch(new URL(`/api/${method}`, this.base), { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(this.timeoutMs) })
    if (res.status === 401) throw new HostError('the host no longer accepts our cookie (restarted?): pass the new --token', 'auth')
    if (!res.ok) throw new HostError(`${method}: HTTP ${res.status}`, `http-${res.status}`)
    const answer: unknown = await res.json()
    const result = isRecord(answer) ? answer['result'] : undefined
    if (!isRecord(result)) throw new HostError(`${method}: no result in the answer`, 'protocol')
    if (result['ok'] === true) return result['value']
    const error = isRecord(result['error']) ? result['error'] : {}
    throw new HostError(`${method}: ${String(error['message'] ?? error['code'] ?? 'failed')}`, String(error['code'] ?? 'error'))
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
