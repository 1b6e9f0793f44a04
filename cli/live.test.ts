/**
 * `dsh-view live` as the CLI sees it: argument parsing (table-driven), the refusal of a non-loopback host,
 * and a real start in-process — the folder is a built static site with live pages, the URL answers, the
 * site state route says which pages exist, a taken port is a usage error, and `close()` ends everything
 * and removes the temporary folder.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { HELP, parseInvocation } from './args'
import { startLive } from './live'
import { UserError } from './user-error'
import { session } from '../src/log/testing/session'
import { FakeDshWriter } from '../src/live/testing/fake-writer'
import { captureIo, liveInvocation, startTestLive } from '../test/live-e2e/harness'
import { tempRoot } from '../test/live/helpers'

describe('parseInvocation: live', () => {
  it.each([
    [['live'], { inputs: [], port: 0, host: '127.0.0.1', outDir: null, open: false, attach: null, token: null, allowRemote: false, locale: 'en', quiet: false }],
    [['live', 'a', 'b', '--port', '8080', '--open', '-o', 'site', '--locale', 'zh', '-q'], { inputs: ['a', 'b'], port: 8080, outDir: 'site', open: true, locale: 'zh', quiet: true }],
    [['live', '--attach', 'http://127.0.0.1:3080', '--token', 'abc'], { attach: 'http://127.0.0.1:3080', token: 'abc' }],
    [['live', '--host', '0.0.0.0', '--allow-remote'], { host: '0.0.0.0', allowRemote: true }],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toMatchObject({ mode: 'live', ...expected })
  })

  it.each([
    [['live', '--port', '70000'], /--port/],
    [['live', '--port', 'x'], /--port/],
    [['live', '--attach', 'ws://127.0.0.1:3080'], /--attach/],
    [['live', '--token', 't'], /--token needs --attach/],
    [['live', '--nope'], /Unknown option/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(message)
  })

  it('is in the help', () => {
    expect(HELP).toContain('live')
    expect((parseInvocation(['live', '--help']) as { text: string }).text).toContain('--attach URL')
  })
})

describe('startLive', () => {
  it('refuses a non-loopback address unless told', async () => {
    const error = await startLive(liveInvocation([], { host: '0.0.0.0' }), captureIo()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserError)
    expect((error as UserError).message).toMatch(/not a loopback address/)
  })

  it('builds live pages, serves them, and cleans up on close', { timeout: 30_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    const s = session({ id: 'cli-live', cwd: '/home/dev/cli' })
    s.turnStart()
    s.user('hello')
    const writer = await FakeDshWriter.create({ root, header: JSON.stringify(s.header), encoding: 'raw' })
    await writer.append(s.records.map((r) => JSON.stringify(r)))
    const { live } = await startTestLive([root])
    try {
      const page = readFileSync(join(live.outDir, 'sessions/cli-live.html'), 'utf8')
      expect(page).toContain(`<meta name="dsh-live" content="session 3 1 cli-live">`)
      expect(page).toContain("connect-src 'self'")
      expect(existsSync(join(live.outDir, 'assets/live.js'))).toBe(true)
      const index = await fetch(live.url)
      expect(index.status).toBe(200)
      expect(await index.text()).toContain('content="index"')
      const state = (await (await fetch(`${live.url}live/site`)).json()) as { build: number; pages: { key: string; href: string }[] }
      expect(state.build).toBe(0)
      expect(state.pages).toEqual([expect.objectContaining({ key: 'cli-live', href: 'sessions/cli-live.html' })])
      expect(await statusWithHost(`${live.url}live/site`, 'evil.example')).toBe(403)

      // A second server on the same port is a usage error, not a crash.
      const port = Number(new URL(live.url).port)
      const taken = await startTestLive([root], { port }).catch((e: unknown) => e)
      expect(taken).toBeInstanceOf(UserError)
    } finally {
      await live.close()
      await cleanup()
    }
    expect(existsSync(live.outDir)).toBe(false)
  })

  it('keeps a folder given with -o', { timeout: 30_000 }, async () => {
    const { root, cleanup } = await tempRoot()
    const out = join(root, 'site')
    const { live } = await startTestLive([join(root, 'sessions')], { outDir: out })
    await live.close()
    expect(existsSync(join(out, 'index.html'))).toBe(true)
    await cleanup()
  })
})


/** fetch() will not send a foreign Host header (a DNS-rebinding page would): node:http will. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}
