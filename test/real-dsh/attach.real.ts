/**
 * `dsh-view live --attach` against the real `dsh web` host (issue 6 "Against the real thing too"; live.md
 * §10.2): the host runs against the scripted mock model (run-web.sh), the test — playing the user in dsh's
 * own web client — creates a session and prompts it through the host's API, while `dsh-view live` follows
 * the session file and the host (through a recording proxy) and Chromium shows the live page. Checks: the
 * viewer detected the host and followed its event stream, sent only read-only requests and no WebSocket data
 * frame, the page changed while dsh worked, and it ends equal to the static build of the final file.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { launch } from '../browser/chromium'
import { startTestLive } from '../live-e2e/harness'
import { startRecordingProxy } from './recording-proxy'
import { expectSameAsStaticBuild, runScript, skipReason, TOOLS } from './real-dsh'

/** Unary calls the viewer may make: none of them starts, prompts, steers or changes a session. */
const READ_ONLY = /^(POST \/api\/(host\.describe|session\.list|session\.history)|GET \/|UPGRADE \/api\/events\.mux)$/

async function rpc(base: string, method: string, payload: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'client-request', rpcId: `test-${method}`, method, payload }),
  })
  const body = (await res.json()) as { result?: { ok?: boolean; value?: Record<string, unknown> } }
  if (res.status !== 200 || body.result?.ok === false) throw new Error(`${method}: ${res.status} ${JSON.stringify(body)}`)
  return body.result?.value ?? {}
}

describe.skipIf(skipReason !== null)('dsh-view live attached to the real dsh host', () => {
  it('follows a real host and its session file while dsh works, read-only, and ends equal to the static build', { timeout: 300_000 }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'dsh-view-real-web-'))
    const home = join(work, 'home')
    const workspace = join(work, 'workspace')
    const sessions = join(home, 'sessions')
    // A scenario with TypeScript to colour in a read, a diff and an answer (the build's colours must survive live).
    const host = runScript('./run-web.sh', [TOOLS, fileURLToPath(new URL('./scenarios/code.json', import.meta.url)), home, workspace])
    const browser = await launch()
    try {
      const hostUrl = await waitFor(() => /dsh web: (http:\/\/127\.0\.0\.1:\d+)/.exec(host.output())?.[1] ?? null, 120_000, () => `dsh web did not start:\n${host.output()}`)
      const proxy = await startRecordingProxy(hostUrl)
      const { live, io } = await startTestLive([sessions], { attach: proxy.url, quiet: false })
      try {
        const page = await browser.newPage()
        await page.goto(live.url)
        const created = await rpc(hostUrl, 'session.create', { cwd: workspace })
        const sessionId = String(created['sessionId'])
        await rpc(hostUrl, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Add a greeting helper to src/greet.ts and show it' }] })
        const link = await page.waitForSelector('main a[href^="sessions/"]', { timeout: 120_000 })
        const href = (await link.getAttribute('href')) ?? ''
        await page.goto(`${live.url}${href}`)
        const seen = new Set<string>()
        let ahead = 0
        for (const started = Date.now(); Date.now() - started < 180_000; ) {
          const state = await page.evaluate(() => ({
            lines: document.getElementById('main')?.dataset['liveLines'] ?? 'static',
            badge: document.querySelector('.dsh-live-badge')?.textContent ?? '',
            finished: document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished',
          }))
          seen.add(state.lines)
          ahead = Math.max(ahead, Number(/\+(\d+) from host/.exec(state.badge)?.[1] ?? 0))
          if (state.finished && (await page.textContent('#main'))?.includes('The helper now reads')) break
          await new Promise((r) => setTimeout(r, 100))
        }
        await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished', undefined, { timeout: 30_000 })
        console.log(`real dsh web: page states ${[...seen].join(' → ')}; at most ${ahead} host events ahead of the file; viewer requests: ${[...new Set(proxy.requests)].join(', ')}`)
        expect(seen.size).toBeGreaterThan(1)
        expect(io.err.join('')).toMatch(/events\.mux/)
        expect(proxy.requests).toContain('UPGRADE /api/events.mux')
        expect(proxy.requests.filter((r) => !READ_ONLY.test(r))).toEqual([])
        // Only control frames (close, ping, pong) from the viewer on the downlink.
        expect(proxy.clientOpcodes.filter((op) => op < 8)).toEqual([])

        await expectSameAsStaticBuild(browser, page, sessions, href)
        // The answer's TypeScript, the read and the diff are coloured on the live page too.
        expect(await page.locator('[data-transcript] pre.shiki span[class]').count()).toBeGreaterThan(10)
      } finally {
        await live.close()
        await proxy.close()
      }
    } finally {
      await browser.close()
      await host.stop()
      await rm(work, { recursive: true, force: true })
    }
  })
})

describe.skipIf(skipReason === null)('dsh-view live attached to the real dsh host', () => {
  it.skip(`skipped: ${skipReason ?? ''}`, () => {})
})

async function waitFor<T>(probe: () => T | null, ms: number, failure: () => string): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    const value = probe()
    if (value !== null) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(failure())
}
