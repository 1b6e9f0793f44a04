/**
 * `POST /live/highlight` (protocol.ts `LIVE_HIGHLIGHT_PATH`): the code colours of live pages. A live page
 * runs the build's enricher in the browser, which decides which blocks get colour; this colours them with
 * the build's own `Highlighter` — same shiki, same grammars, same fragment format, and the site's highlight
 * cache (`<site>/.dsh-view/highlight-cache.json`, read once, never written: the rebuilds own that file) —
 * so a live page's colours are the static page's, byte for byte. The answer holds only what the tokenizer
 * wrote for the text it was sent (escaped text in `<span class>` runs); the page checks that again.
 *
 * Bounded: at most `HIGHLIGHT_MAX_BLOCKS` blocks, `HIGHLIGHT_MAX_CHARS` characters and
 * `HIGHLIGHT_MAX_BODY_BYTES` bytes a request, JSON only (a cross-site form cannot send it, and the server's
 * Host/Origin fence runs before this), and each block must pass the build's language and size rules —
 * the same `Highlighter.highlight` checks, with no budget of its own, since the page spent the budgets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CharBudget } from '../../highlight/budget'
import { HighlightCache } from '../../highlight/cache'
import { Highlighter } from '../../highlight/highlighter'
import { findHighlightWorker, workerTokenizer } from '../../highlight/remote'
import { localTokenizer, type Tokenizer } from '../../highlight/tokenize'
import { HIGHLIGHT_MAX_BLOCKS, HIGHLIGHT_MAX_BODY_BYTES, HIGHLIGHT_MAX_CHARS, type HighlightResponse } from '../protocol'
import { plain } from './static-files'

export interface HighlightRouteOptions {
  /** The site's highlight cache file; null: memory only. */
  cacheFile: string | null
  /** Default: the highlight worker when the package is built (shiki off the server's thread), else this thread. */
  tokenizer?: () => Tokenizer
}

/** Longest language name accepted (the longest id or alias is 11 characters). */
const MAX_LANG = 40

export class HighlightRoute {
  readonly #o: HighlightRouteOptions
  #highlighter: Promise<Highlighter> | null = null
  #tokenizer: Tokenizer | null = null
  #closed = false

  constructor(options: HighlightRouteOptions) {
    this.#o = options
  }

  async answer(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST')
      return void plain(res, 405, 'method not allowed', headers)
    }
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return void plain(res, 415, 'send JSON', headers)
    const declared = Number(req.headers['content-length'] ?? '0')
    if (declared > HIGHLIGHT_MAX_BODY_BYTES) return void tooLarge(req, res, headers)
    const body = await readBody(req, HIGHLIGHT_MAX_BODY_BYTES)
    if (body === null) return void tooLarge(req, res, headers)
    const blocks = parseBlocks(body)
    if ('refused' in blocks) return void plain(res, blocks.status, blocks.refused, headers)
    if (this.#closed) return void plain(res, 503, 'closing', headers)
    const highlighter = await this.#ready()
    const unlimited = new CharBudget(Number.POSITIVE_INFINITY)
    const fragments = await Promise.all(blocks.blocks.map((block) => highlighter.highlight(block, unlimited).catch(() => null)))
    const answer: HighlightResponse = { fragments }
    res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(JSON.stringify(answer))
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#tokenizer?.close()
  }

  /** The highlighter, made on the first request: shiki and the cache cost nothing until a page asks. */
  #ready(): Promise<Highlighter> {
    this.#highlighter ??= (async () => {
      const cache = new HighlightCache(this.#o.cacheFile)
      await cache.load()
      this.#tokenizer = this.#o.tokenizer?.() ?? defaultTokenizer()
      return new Highlighter(cache, this.#tokenizer)
    })()
    return this.#highlighter
  }
}

function defaultTokenizer(): Tokenizer {
  const script = findHighlightWorker()
  return script === null ? localTokenizer() : workerTokenizer(script)
}

const SHAPE = { refused: 'expected {"blocks":[{"lang":"…","text":"…"}]}', status: 400 } as const

/** The request's blocks, or why (and with which status) it is refused. */
export function parseBlocks(body: string): { blocks: { lang: string; text: string }[] } | { refused: string; status: 400 | 413 } {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return { refused: 'bad JSON', status: 400 }
  }
  const list = typeof value === 'object' && value !== null ? (value as { blocks?: unknown }).blocks : undefined
  if (!Array.isArray(list)) return SHAPE
  if (list.length > HIGHLIGHT_MAX_BLOCKS) return { refused: `too many blocks (at most ${HIGHLIGHT_MAX_BLOCKS})`, status: 413 }
  const blocks: { lang: string; text: string }[] = []
  let chars = 0
  for (const item of list) {
    const lang: unknown = typeof item === 'object' && item !== null ? (item as { lang?: unknown }).lang : undefined
    const text: unknown = typeof item === 'object' && item !== null ? (item as { text?: unknown }).text : undefined
    if (typeof lang !== 'string' || typeof text !== 'string' || lang.length > MAX_LANG) return SHAPE
    chars += text.length
    if (chars > HIGHLIGHT_MAX_CHARS) return { refused: `too much text (at most ${HIGHLIGHT_MAX_CHARS} characters)`, status: 413 }
    blocks.push({ lang, text })
  }
  return { blocks }
}

/** The body as UTF-8, or null once it passes `max` bytes (the rest is not read). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > max) {
        req.off('data', onData)
        req.pause()
        return resolve(null)
      }
      parts.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
    req.on('error', reject)
  })
}

function tooLarge(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): void {
  // Close the connection: the client may still be sending a body nobody will read.
  res.setHeader('Connection', 'close')
  plain(res, 413, 'request too large', headers)
  req.resume()
}
