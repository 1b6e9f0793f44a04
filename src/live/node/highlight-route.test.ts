/**
 * `POST /live/highlight` on a real live server: fragments are the build highlighter's (the very bytes, and
 * they read back as the text sent), the site's disk cache is used, blocks the build would not colour come
 * back null, and the route keeps the server's fences — Host/Origin, cross-site, JSON only, bounded bodies,
 * block counts and text — without touching any other route's rules.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CharBudget, MAX_BLOCK_CHARS } from '../../highlight/budget'
import { cacheKey, HighlightCache } from '../../highlight/cache'
import { fragmentText } from '../../highlight/fragment'
import { Highlighter } from '../../highlight/highlighter'
import { HIGHLIGHT_MAX_BLOCKS, HIGHLIGHT_MAX_BODY_BYTES, HIGHLIGHT_MAX_CHARS, LIVE_HIGHLIGHT_PATH } from '../protocol'
import { tempRoot } from '../../../test/live/helpers'
import { startLiveServer, type LiveServer } from './server'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function server(prepare?: (site: string) => Promise<void>): Promise<LiveServer> {
  const { root, cleanup } = await tempRoot()
  cleanups.push(cleanup)
  const site = join(root, 'site')
  await mkdir(site, { recursive: true })
  await prepare?.(site)
  const live = await startLiveServer({ siteDir: site, inputs: [join(root, 'sessions')] })
  cleanups.push(() => live.close())
  return live
}

interface Answer {
  status: number
  body: string
}

function post(live: LiveServer, body: string | Buffer, headers: Record<string, string> = {}, method = 'POST'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: live.port, path: LIVE_HIGHLIGHT_PATH, method, headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', reject)
    req.end(method === 'GET' ? undefined : body)
  })
}

const json = (blocks: { lang: string; text: string }[]) => JSON.stringify({ blocks })
const fragments = (answer: Answer) => (JSON.parse(answer.body) as { fragments: (string | null)[] }).fragments

const CODE = 'export const answer: number = 42 // the answer\nconsole.log(`${answer} & <more>`)'

describe('POST /live/highlight', () => {
  it('answers with the build highlighter’s fragments, null where the build draws plain text', async () => {
    const live = await server()
    const answer = await post(live, json([
      { lang: 'ts', text: CODE },
      { lang: 'no-such-language', text: 'plain' },
      { lang: 'python', text: 'x = 1\r\n' },
      { lang: 'json', text: 'x'.repeat(MAX_BLOCK_CHARS + 1) },
      { lang: 'python', text: 'print("hi")' },
    ]))
    expect(answer.status).toBe(200)
    const got = fragments(answer)
    const reference = new Highlighter(new HighlightCache(null))
    const budget = new CharBudget(Number.POSITIVE_INFINITY)
    expect(got[0]).toBe(await reference.highlight({ lang: 'ts', text: CODE }, budget))
    expect(fragmentText(got[0] ?? '')).toBe(CODE)
    expect(got[0]).toContain('<span class="')
    expect(got.slice(1, 4)).toEqual([null, null, null])
    expect(fragmentText(got[4] ?? '')).toBe('print("hi")')
  })

  it('colours from the site’s highlight cache', async () => {
    const cached = '<pre class="shiki"><code><span class="t1">from the cache</span></code></pre>'
    const live = await server(async (site) => {
      const cache = new HighlightCache(join(site, '.dsh-view', 'highlight-cache.json'))
      cache.set(cacheKey('typescript', 'from the cache'), cached)
      await mkdir(join(site, '.dsh-view'), { recursive: true })
      await cache.save()
    })
    expect(fragments(await post(live, json([{ lang: 'typescript', text: 'from the cache' }])))).toEqual([cached])
  })

  it.each<[string, Record<string, string>]>([
    ['a foreign Host', { Host: 'evil.example:80' }],
    ['a foreign Origin', { Origin: 'http://evil.example' }],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses %s', async (_, headers) => {
    const live = await server()
    const answer = await post(live, json([{ lang: 'ts', text: 'x' }]), headers)
    expect(answer.status).toBe(403)
  })

  it('accepts its own origin', async () => {
    const live = await server()
    const answer = await post(live, json([{ lang: 'ts', text: 'x' }]), { Origin: `http://127.0.0.1:${live.port}`, 'Sec-Fetch-Site': 'same-origin' })
    expect(answer.status).toBe(200)
  })

  it.each<[string, string | Buffer, Record<string, string>, number]>([
    ['a form post', 'blocks=1', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
    ['plain text', json([]), { 'Content-Type': 'text/plain' }, 415],
    ['broken JSON', '{"blocks":', {}, 400],
    ['the wrong shape', JSON.stringify({ blocks: [{ lang: 1, text: 'x' }] }), {}, 400],
    ['no blocks list', JSON.stringify({ text: 'x' }), {}, 400],
    ['too many blocks', json(Array.from({ length: HIGHLIGHT_MAX_BLOCKS + 1 }, () => ({ lang: 'ts', text: 'x' }))), {}, 413],
    ['too much text', json(Array.from({ length: 20 }, () => ({ lang: 'ts', text: 'x'.repeat(Math.ceil(HIGHLIGHT_MAX_CHARS / 19)) }))), {}, 413],
    ['a body over the limit', Buffer.alloc(HIGHLIGHT_MAX_BODY_BYTES + 10, 0x20), {}, 413],
  ])('refuses %s', async (_, body, headers, status) => {
    const live = await server()
    expect((await post(live, body, headers)).status).toBe(status)
  })

  it('takes POST only, and no other route does', async () => {
    const live = await server()
    expect((await post(live, '', {}, 'GET')).status).toBe(405)
    const other = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: live.port, path: '/index.html', method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end('{}')
    })
    expect(other).toBe(405)
  })

  it('is absent when the server is started without colours', async () => {
    const { root, cleanup } = await tempRoot()
    cleanups.push(cleanup)
    await writeFile(join(root, 'index.html'), 'x')
    const live = await startLiveServer({ siteDir: root, inputs: [], highlight: false })
    cleanups.push(() => live.close())
    expect((await post(live, json([{ lang: 'ts', text: 'x' }]))).status).toBe(404)
  })
})
