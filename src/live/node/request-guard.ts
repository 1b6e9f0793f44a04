/**
 * The DNS-rebinding and cross-site fence of the live server (issue 6 "Safety"; the same rules dsh's own
 * host applies, live.md §3 "Trust", §5.3). A page on an attacker's domain that rebinds its name to
 * 127.0.0.1 still sends its own name as `Host`, so only the bound address itself (and `localhost` when it
 * is a loopback address) is accepted; an `Origin`, when present, must be this server's own origin; and
 * `Sec-Fetch-Site: cross-site` is refused. Pure: headers in, a refusal reason (or null) out.
 */
import { isIP } from 'node:net'

/** `Host` header values this server answers to, for a server bound to `host` on `port`. */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = new Set<string>([hostLiteral(host)])
  if (isLoopback(host)) {
    names.add('localhost')
    if (host === 'localhost') {
      names.add('127.0.0.1')
      names.add('[::1]')
    }
  }
  const out = new Set<string>()
  for (const name of names) {
    out.add(`${name}:${port}`)
    if (port === 80) out.add(name) // browsers omit the default port
  }
  return out
}

/** True for `localhost`, 127.0.0.0/8 and ::1. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare === '::1') return true
  return isIP(bare) === 4 && bare.startsWith('127.')
}

export interface GuardHeaders {
  host?: string | undefined
  origin?: string | undefined
  'sec-fetch-site'?: string | string[] | undefined
}

/** Why a request must be refused (403), or null when it may proceed. */
export function refusal(headers: GuardHeaders, allowed: ReadonlySet<string>): string | null {
  const host = headers.host?.toLowerCase()
  if (host === undefined || !allowed.has(host)) return `Host ${JSON.stringify(headers.host ?? '')} is not this server's address`
  const origin = headers.origin
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) return `Origin ${JSON.stringify(origin)} is not this server`
  const site = headers['sec-fetch-site']
  if (site === 'cross-site') return 'cross-site requests are refused'
  return null
}

function hostLiteral(host: string): string {
  const lower = host.toLowerCase()
  return isIP(lower) === 6 ? `[${lower}]` : lower
}
