/**
 * Shared pieces of the live end-to-end tests: `dsh-view live` started in-process (cli/live.ts `startLive`,
 * the real server, follower, rebuilds and live pages) with the test site assets and a fresh live bundle,
 * a captured `Io`, session records from the typed builder, and the transcript of a page in a form two
 * pages can be compared by: its markup with what the enhancement script adds at load removed.
 */
import type { Browser, Page } from 'playwright-core'
import type { LiveInvocation } from '../../cli/args'
import type { Io } from '../../cli/io'
import { startLive, type LiveDeps, type LiveHandle } from '../../cli/live'
import { buildLiveAssets } from '../../scripts/live-assets.mjs'
import type { SessionBuilder } from '../../src/log/testing/session'
import { testSiteAssets } from '../support/site-assets'

let liveFiles: Promise<{ js: string; css: string }> | undefined

export interface CapturedIo extends Io {
  out: string[]
  err: string[]
}

export function captureIo(): CapturedIo {
  const out: string[] = []
  const err: string[] = []
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), stderrIsTty: false, env: {}, open: async () => {} }
}

export function liveInvocation(inputs: string[], extra: Partial<LiveInvocation> = {}): LiveInvocation {
  return { mode: 'live', inputs, outDir: null, port: 0, host: '127.0.0.1', allowRemote: false, open: false, attach: null, token: null, locale: 'en', quiet: true, ...extra }
}

/** `dsh-view live` on `inputs`, with rebuilds quick enough for tests. */
export async function startTestLive(inputs: string[], extra: Partial<LiveInvocation> = {}, deps: LiveDeps = {}): Promise<{ live: LiveHandle; io: CapturedIo }> {
  liveFiles ??= buildLiveAssets()
  const io = captureIo()
  const live = await startLive(liveInvocation(inputs, extra), io, {
    assets: await testSiteAssets(),
    liveFiles: await liveFiles,
    rebuild: { newMs: 50, quietMs: 300, maxWaitMs: 1500 },
    ...deps,
  })
  return { live, io }
}

/** Header line and stored records of a builder session, as the fake writer takes them. */
export function recordsOf(s: SessionBuilder, from = 0): string[] {
  return s.records.slice(from).map((r) => JSON.stringify(r))
}

export function headerOf(s: SessionBuilder): string {
  return JSON.stringify(s.header)
}

/**
 * The transcript landmark's markup, normalized: attributes the enhancement script sets at load
 * (`aria-expanded`, the copy buttons' `hidden`, path chips' `role`, the `tabindex` of path chips and of
 * scroll boxes that overflow — layout-dependent) and every `open` state are removed, so a page is compared
 * by what the components rendered (they render no `tabindex` inside the transcript). The rows' links to
 * their Trajectory records are compared too: a live Chat page draws them as the build does.
 */
export async function transcriptMarkup(page: Page): Promise<string> {
  return page.evaluate(() => {
    const landmark = document.querySelector('[data-transcript]')
    if (landmark === null) return ''
    const copy = landmark.cloneNode(true) as Element
    for (const el of copy.querySelectorAll('*')) {
      el.removeAttribute('aria-expanded')
      el.removeAttribute('open')
      el.removeAttribute('tabindex')
      if (el.matches('[data-copy-path]')) el.removeAttribute('role')
      if (el.matches('button[data-copy]')) el.removeAttribute('hidden')
    }
    return copy.outerHTML
  })
}

/**
 * Every wait in these tests is for an event — text on screen, a badge state, a rebuilt page — never a fixed
 * time (issue 17: the suite timed out on a loaded machine). Each wait may take up to two minutes, far
 * beyond what a busy 2-core machine needs, so slowness never fails a test and a page that truly never
 * gets there fails at the step that waited for it.
 */
export const EVENT_WAIT_MS = 120_000

export async function eventPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage()
  page.setDefaultTimeout(EVENT_WAIT_MS)
  return page
}

/** Waits (for an event, see eventPage) until the page's transcript, normalized as `transcriptMarkup` does, equals `want`. */
export async function waitForTranscript(page: Page, want: string): Promise<void> {
  await page.waitForFunction((wanted) => {
    const landmark = document.querySelector('[data-transcript]')
    if (landmark === null) return false
    const copy = landmark.cloneNode(true) as Element
    for (const el of copy.querySelectorAll('*')) {
      el.removeAttribute('aria-expanded')
      el.removeAttribute('open')
      el.removeAttribute('tabindex')
      if (el.matches('[data-copy-path]')) el.removeAttribute('role')
      if (el.matches('button[data-copy]')) el.removeAttribute('hidden')
    }
    return copy.outerHTML === wanted
  }, want, { timeout: EVENT_WAIT_MS, polling: 100 })
}

/** Waits (for an event, see eventPage) until the page's live badge says the session finished. */
export async function waitForFinished(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished')
}

/** Waits (for an event, see eventPage) until the page's address has `pathname`. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForFunction((want) => location.pathname === want, pathname, { timeout: EVENT_WAIT_MS, polling: 100 })
}

/** Ids that occur more than once in the page (a duplicated row would repeat its id). */
export async function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>()
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1)
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id)
  })
}

/**
 * An HTTP relay in front of the live server that can cut every open response, the way a network blip or
 * a sleeping laptop does: the page's `EventSource` then reconnects with `Last-Event-ID`. It rewrites `Host`
 * to the server's own (the server refuses other names), so the page talks to the relay's origin.
 */
export interface Relay {
  url: string
  /** Responses in flight (open feeds among them). */
  readonly open: number
  /** `Last-Event-ID` of each session-feed request that passed, `(none)` when absent. */
  readonly feedRequests: string[]
  /** Destroys every response in flight. */
  cut(): void
  close(): Promise<void>
}

export async function startRelay(target: string): Promise<Relay> {
  const { createServer, request } = await import('node:http')
  const upstream = new URL(target)
  const inFlight = new Set<import('node:http').ServerResponse>()
  const feedRequests: string[] = []
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/live/session/') === true) feedRequests.push(String(req.headers['last-event-id'] ?? '(none)'))
    inFlight.add(res)
    res.on('close', () => inFlight.delete(res))
    const headers = { ...req.headers, host: upstream.host }
    delete headers.origin
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
      res.on('close', () => answer.destroy())
    })
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/`,
    feedRequests,
    get open() {
      return inFlight.size
    },
    cut() {
      for (const res of inFlight) res.destroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of inFlight) res.destroy()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
