/**
 * Serves the built site from one directory and nothing outside it (issue 6 "Safety": no traversal). A
 * URL path is split into segments, each percent-decoded on its own; a segment that is `.`/`..`, a hidden
 * name, a drive letter, or hides a `/`, `\` or NUL in an escape is refused. The joined path must stay
 * under the root, and so must its real path, so a symlink cannot lead out either. Directories serve their
 * `index.html`. Responses are revalidated on every load (live mode rewrites pages).
 */
import { createReadStream, existsSync } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, sep } from 'node:path'
import { ownTable } from '../../log/own'
import { siblingOf } from '../../site/write/staging'

const TYPES = ownTable<string>({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
})

/**
 * The file-system path a URL path names under `root`, or null when the URL tries to leave it or hide
 * behind encodings. Lexical only; `serveStatic` also checks the real path.
 */
export function resolveUnder(root: string, urlPath: string): string | null {
  if (!urlPath.startsWith('/')) return null
  const segments: string[] = []
  for (const raw of urlPath.split('/').slice(1)) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '') continue
    if (segment.startsWith('.') || /[/\\\0]/.test(segment) || /^[A-Za-z]:/.test(segment)) return null
    segments.push(segment)
  }
  return segments.length === 0 ? root : join(root, ...segments)
}

export interface StaticResult {
  status: number
  /** For 301: where to. */
  location?: string
}

/** Answers GET/HEAD for `urlPath` from `root`; returns what it did (for logs and tests). */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, urlPath: string, headers: Record<string, string>): Promise<StaticResult> {
  await swapSettled(root)
  const realRoot = await realpath(root).catch(() => null)
  const lexical = realRoot === null ? null : resolveUnder(realRoot, urlPath)
  if (realRoot === null || lexical === null) return plain(res, 404, 'not found', headers)
  let path = await realpath(lexical).catch(() => null)
  if (path === null || !within(realRoot, path)) return plain(res, 404, 'not found', headers)
  let info = await stat(path).catch(() => null)
  if (info?.isDirectory()) {
    if (!urlPath.endsWith('/')) {
      // Relative links in index.html only resolve against a URL ending in '/'.
      const location = `${urlPath}/`
      res.writeHead(301, { ...headers, Location: location, 'Content-Length': '0' })
      res.end()
      return { status: 301, location }
    }
    path = await realpath(join(path, 'index.html')).catch(() => null)
    if (path === null || !within(realRoot, path)) return plain(res, 404, 'not found', headers)
    info = await stat(path).catch(() => null)
  }
  if (info === null || info === undefined || !info.isFile()) return plain(res, 404, 'not found', headers)
  res.writeHead(200, {
    ...headers,
    'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': 'no-cache',
  })
  if (req.method === 'HEAD') {
    res.end()
    return { status: 200 }
  }
  await pipeFile(path, res)
  return { status: 200 }
}

/**
 * A rebuild swaps the new site in with two renames (src/site/write/staging.ts); between them the folder is
 * briefly missing. A request that lands there waits for the second rename (bounded) instead of a 404.
 */
async function swapSettled(root: string): Promise<void> {
  for (let i = 0; i < 100 && !existsSync(root) && existsSync(siblingOf(root, 'old')); i++) await new Promise(r => setTimeout(r, 2))
}

/** Streams a file to the response; a read error cuts the response short rather than crashing. */
export function pipeFile(path: string, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const stream = createReadStream(path)
    stream.on('error', () => {
      res.destroy()
      resolve()
    })
    res.on('close', () => {
      stream.destroy()
      resolve()
    })
    stream.pipe(res)
  })
}

export function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string>): StaticResult {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(`${text}\n`)
  return { status }
}

function within(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)
}
