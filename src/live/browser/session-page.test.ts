// @vitest-environment happy-dom
/**
 * The live session page in a DOM, with its feeds played by hand (fake `EventSource`s and `fetch`): a
 * streamed answer from an attached host shows as a typing box after the transcript — text as text — and
 * goes away when the durable message reaches the page or the attempt ends; a growing session is drawn
 * with the build's cuts (a marker and a full-text link) and its code coloured through the live server.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import { session, type SessionBuilder } from '../../log/testing/session'
import { liveFeedPath, type FeedMessage } from '../protocol'
import { LiveSessionPage } from './session-page'
import { LIVE_SITE_PATH, liveOverlayPath, type OverlayMessage, type SiteMessage } from './site-feed'
import type { PageWindow } from './site-client'
import { tokenizeHere } from '../../highlight/tokenize'
import { resolveLanguage } from '../../highlight/language-names'

class FakeSource extends EventTarget {
  static readonly open = new Map<string, FakeSource>()
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readonly OPEN = 1
  readyState = 1
  constructor(readonly url: string) {
    super()
    FakeSource.open.set(url, this)
  }
  emit(message: FeedMessage | OverlayMessage): void {
    this.dispatchEvent(new MessageEvent(message.kind, { data: JSON.stringify(message) }))
  }
  close(): void {
    this.readyState = 2
  }
}

const highlightRequests: unknown[] = []

async function fakeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input)
  if (url.startsWith(LIVE_SITE_PATH)) {
    const site: SiteMessage = { kind: 'site', build: 0, pages: [], attach: true }
    return new Response(JSON.stringify(site), { status: 200 })
  }
  if (url === '/live/highlight') {
    const body = JSON.parse(String(init?.body)) as { blocks: { lang: string; text: string }[] }
    highlightRequests.push(body)
    const fragments = await Promise.all(body.blocks.map(async (b) => {
      const lang = resolveLanguage(b.lang)
      return lang === null ? null : (await tokenizeHere(lang, b.text)).html
    }))
    return new Response(JSON.stringify({ fragments }), { status: 200 })
  }
  return new Response('not found', { status: 404 })
}

let page: LiveSessionPage | null = null
afterEach(() => {
  page?.close()
  page = null
  FakeSource.open.clear()
  document.body.replaceChildren()
})

function parse(s: SessionBuilder): ParsedLine[] {
  const parser = new LogParser()
  return s.jsonl().trimEnd().split('\n').flatMap((line, i) => parser.line(line, { line: i + 1 }))
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

function openPage(key: string): { main: HTMLElement; feed: () => FakeSource; overlay: () => FakeSource } {
  document.body.innerHTML = '<header><h1>t</h1></header><main id="main"><section data-transcript=""></section></main><footer>f</footer>'
  const main = document.getElementById('main') as HTMLElement
  const win = Object.assign(window, { EventSource: FakeSource, fetch: fakeFetch }) as unknown as PageWindow
  page = new LiveSessionPage(win, main, { key, lines: 0, seq: -1, locale: 'en', page: { stem: key, page: 1, pages: 1, room: null } })
  const get = (url: string) => () => {
    const source = FakeSource.open.get(url)
    if (source === undefined) throw new Error(`${url} is not open`)
    return source
  }
  return { main, feed: get(liveFeedPath(key)), overlay: get(liveOverlayPath(key)) }
}

const typingBox = () => document.querySelector<HTMLElement>('[data-live-typing]')

describe('the typing overlay', () => {
  it('shows streamed text as text after the transcript, and clears when the durable message arrives', async () => {
    const s = session({ id: 'typing-page', cwd: '/home/dev/typing' })
    s.turnStart()
    s.user('Say something')
    s.stepStart()
    const before = parse(s)
    const { main, feed, overlay } = openPage('typing-page')
    feed().emit({ kind: 'reset', lines: before })
    await until(() => FakeSource.open.has(liveOverlayPath('typing-page')), 'the overlay feed')
    const afterSeq = s.events[s.events.length - 1]?.seq ?? -1
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'start', attemptId: 'a1', afterSeq, turn: 1, step: 1 } })
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'chunk', attemptId: 'a1', channel: 'text', text: 'Hello <img src=x onerror=alert(1)> ' } })
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'chunk', attemptId: 'a1', channel: 'text', text: 'world' } })
    const box = typingBox()
    expect(box?.textContent).toContain('Hello <img src=x onerror=alert(1)> world')
    expect(box?.querySelector('img')).toBeNull()
    expect(box?.previousElementSibling).toBe(main)
    expect(main.contains(box)).toBe(false)
    // A chunk of another attempt is not this one's.
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'chunk', attemptId: 'other', channel: 'text', text: ' ZZZ' } })
    expect(typingBox()?.textContent).not.toContain('ZZZ')

    s.assistant('Hello world')
    s.stepEnd()
    const all = parse(s)
    feed().emit({ kind: 'append', lines: all.slice(before.length) })
    expect(typingBox()).toBeNull()
    await until(() => main.textContent?.includes('Hello world') === true, 'the durable message drawn')
  })

  it('clears on an end frame (abandoned, or committed once its seq is drawn) and on an overlay reset', async () => {
    const s = session({ id: 'typing-end', cwd: '/home/dev/typing' })
    s.turnStart()
    s.user('Go')
    const { feed, overlay } = openPage('typing-end')
    const drawn = parse(s)
    feed().emit({ kind: 'reset', lines: drawn })
    const last = s.events[s.events.length - 1]?.seq ?? -1
    await until(() => FakeSource.open.has(liveOverlayPath('typing-end')), 'the overlay feed')
    const start = (attemptId: string) => overlay().emit({ kind: 'overlay-typing', frame: { type: 'start', attemptId, afterSeq: 1, turn: 1, step: 1 } })
    const chunk = (attemptId: string) => overlay().emit({ kind: 'overlay-typing', frame: { type: 'chunk', attemptId, channel: 'reasoning', text: 'pondering' } })
    start('a')
    chunk('a')
    expect(typingBox()?.textContent).toContain('thinking')
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'end', attemptId: 'a', seq: null } })
    expect(typingBox()).toBeNull()
    start('b')
    chunk('b')
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'end', attemptId: 'b', seq: last } })
    expect(typingBox()).toBeNull()
    // Committed at a seq the page does not have yet: the text stays until that seq arrives.
    start('d')
    chunk('d')
    overlay().emit({ kind: 'overlay-typing', frame: { type: 'end', attemptId: 'd', seq: last + 2 } })
    expect(typingBox()?.textContent).toContain('pondering')
    s.stepStart()
    s.assistant('Gone')
    feed().emit({ kind: 'append', lines: parse(s).slice(drawn.length) })
    expect(typingBox()).toBeNull()
    start('c')
    chunk('c')
    expect(typingBox()).not.toBeNull()
    overlay().emit({ kind: 'overlay-reset' })
    expect(typingBox()).toBeNull()
  })
})

describe('a live page drawing a growing session', () => {
  it('cuts long output as the build does and colours code through the live server', async () => {
    const s = session({ id: 'drawn', cwd: '/home/dev/drawn' })
    s.turnStart()
    s.user('Run it')
    const { main, feed } = openPage('drawn')
    feed().emit({ kind: 'reset', lines: parse(s) })
    s.stepStart()
    s.call('bash', { command: 'yes', description: 'A lot of output' }, 'c1')
    s.result('c1', Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n'))
    s.stepEnd()
    s.stepStart()
    s.assistant('Done:\n\n```ts\nexport const lines: number = 3000\n```')
    s.stepEnd()
    s.turnEnd()
    feed().emit({ kind: 'reset', lines: parse(s) })
    await until(() => main.querySelector('pre.shiki span[class]') !== null, 'coloured code')
    await page?.idle()
    expect(main.textContent).toContain('lines · ')
    const link = main.querySelector<HTMLAnchorElement>('[data-kind="full-text"] a')
    expect(link?.getAttribute('href')).toMatch(/^drawn\.files\/[0-9a-f]{20}\.txt$/)
    expect(highlightRequests.length).toBeGreaterThan(0)
    expect(main.dataset['livePage']).toBe('1')
  })
})

/**
 * A host whose builds the test publishes: the site long-poll (`?after=N`) waits for a newer build, and
 * each build serves the session's last page with its line count, as the live server's rebuilt folder does.
 */
class FakeHost {
  #builds: { build: number; pages: number; lines: number }[] = []
  #waiters: (() => void)[] = []
  readonly fetched: string[] = []
  publish(pages: number, lines: number): void {
    this.#builds.push({ build: this.#builds.length, pages, lines })
    for (const wake of this.#waiters.splice(0)) wake()
  }
  get #last() {
    return this.#builds[this.#builds.length - 1]
  }
  fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost/')
    if (url.pathname === LIVE_SITE_PATH) {
      const after = url.searchParams.get('after')
      if (after !== null) while ((this.#last?.build ?? -1) <= Number(after)) await new Promise<void>((wake) => this.#waiters.push(wake))
      const last = this.#last
      const site: SiteMessage = { kind: 'site', build: last?.build ?? -1, pages: last === undefined ? [] : [{ key: 'grow', id: 'grow', href: 'sessions/grow.html', title: 't', anchor: 'child-grow', pages: last.pages }], attach: false }
      return new Response(JSON.stringify(site), { status: 200 })
    }
    this.fetched.push(url.pathname)
    const last = this.#last
    const page = /^\/sessions\/grow(?:\.p(\d+))?\.html$/.exec(url.pathname)
    if (last === undefined || page === null) return new Response('not found', { status: 404 })
    const n = Number(page[1] ?? 1)
    const html = `<html><head><meta name="dsh-live" content="session ${last.lines} ${last.lines - 2} grow"><meta name="dsh-live-page" content="${n} ${last.pages} 0000000 00000 grow"></head><body><header><h1>build ${last.build}</h1></header><main id="main"><section data-transcript=""><section id="page-${n}-start">x</section></section></main></body></html>`
    return new Response(html, { status: 200 })
  }
}

describe('settling on the rebuilt last page', () => {
  it('takes the last page of the build holding every line, also for lines that came while already finished', async () => {
    const host = new FakeHost()
    window.history.replaceState(null, '', '/sessions/grow.html')
    document.body.innerHTML = '<header><h1>t</h1></header><main id="main"><section data-transcript=""></section></main>'
    const main = document.getElementById('main') as HTMLElement
    const win = Object.assign(window, { EventSource: FakeSource, fetch: host.fetch }) as unknown as PageWindow
    const s = session({ id: 'grow', cwd: '/home/dev/grow' })
    s.turnStart()
    s.user('First')
    s.turnEnd()
    const first = parse(s)
    host.publish(1, first.length)
    page = new LiveSessionPage(win, main, { key: 'grow', lines: first.length, seq: -1, locale: 'en', page: { stem: 'grow', page: 1, pages: 1, room: null } })
    const feed = FakeSource.open.get(liveFeedPath('grow')) as FakeSource
    feed.emit({ kind: 'reset', lines: first })
    feed.emit({ kind: 'status', state: 'finished' })
    await until(() => document.querySelector('body > header h1')?.textContent === 'build 0', 'the first settle')
    // A batch that ends a turn again: the server's state stays `finished` and says nothing.
    s.turnStart()
    s.user('Second')
    s.turnEnd()
    const all = parse(s)
    feed.emit({ kind: 'append', lines: all.slice(first.length) })
    // A build that predates those lines is passed over; the one that holds them is taken.
    host.publish(2, first.length)
    host.publish(2, all.length)
    await until(() => window.location.pathname === '/sessions/grow.p2.html', 'the last page address')
    await until(() => document.querySelector('body > header h1')?.textContent === 'build 2', 'the rebuilt header')
    // The log is replaced by a shorter one (a repair): the page settles on the build of what it now shows.
    feed.emit({ kind: 'reset', lines: first })
    host.publish(1, first.length)
    await until(() => document.querySelector('body > header h1')?.textContent === 'build 3', 'the build after the reset')
  })
})

describe('the live header', () => {
  it('shows the counts and status of the transcript drawn in the same update (issue 32: it lagged ~2 s)', async () => {
    const s = session({ id: 'header-sync', cwd: '/home/dev/header' })
    s.turnStart()
    s.user('List the files')
    const running = parse(s)
    const { main, feed } = openPage('header-sync')
    // The server-rendered header of a running session, as the build writes it.
    const header = document.querySelector('body > header') as HTMLElement
    header.insertAdjacentHTML('beforeend', '<dl><div><dt>Turns</dt><dd>1</dd></div><div><dt>Tool calls</dt><dd>0</dd></div><div><dt>Status</dt><dd>running</dd></div><div><dt>Session</dt><dd>header-sync</dd></div></dl>')
    feed().emit({ kind: 'reset', lines: running })
    s.stepStart()
    s.call('bash', { command: 'ls' }, 'c1')
    s.result('c1', 'a.txt\nb.txt')
    s.stepEnd()
    s.stepStart()
    s.assistant('Two files.')
    s.stepEnd()
    s.turnEnd()
    const all = parse(s)
    const value = (label: string) => [...header.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent
    // Read the header at the first change of the transcript that holds every line: no later draw may fix it up.
    const seen = new Promise<{ calls: string | undefined; status: string | undefined; turns: string | undefined }>((resolve) => {
      const observer = new MutationObserver(() => {
        if (main.dataset['liveLines'] !== String(all.length)) return
        observer.disconnect()
        resolve({ calls: value('Tool calls'), status: value('Status'), turns: value('Turns') })
      })
      observer.observe(main, { attributes: true, attributeFilter: ['data-live-lines'] })
    })
    feed().emit({ kind: 'append', lines: all.slice(running.length) })
    feed().emit({ kind: 'status', state: 'finished' })
    expect(await seen).toEqual({ calls: '1', status: 'completed', turns: '1' })
    expect(main.textContent).toContain('Two files.')
    // Facts the live page does not derive stay as the server wrote them.
    expect(value('Session')).toBe('header-sync')
  })
})

describe('record links while the session grows', () => {
  it('a paced derivation leaves the new rows without record links for a moment, then draws them without more lines', async () => {
    const key = 'paced-links'
    const s = session({ id: key, cwd: '/home/dev/paced' })
    s.turnStart()
    s.user('first question')
    s.stepStart()
    s.assistant('first answer')
    s.stepEnd()
    s.turnEnd()
    const before = parse(s)
    // The clock moves 100 ms at each read until it is frozen: the first derivation costs 100 ms, so the
    // next is due 500 ms after it started (live-conversation.ts: a fifth of the page's time).
    const clock = { t: 0, step: 100 }
    document.body.innerHTML = `<header><h1>t</h1><nav><span aria-current="page">Chat</span><a href="${key}.trajectory.html">Trajectory</a></nav></header><main id="main"><section data-transcript=""></section></main>`
    const main = document.getElementById('main') as HTMLElement
    const win = Object.assign(window, { EventSource: FakeSource, fetch: fakeFetch }) as unknown as PageWindow
    page = new LiveSessionPage(win, main, { key, lines: 0, seq: -1, locale: 'en', page: { stem: key, page: 1, pages: 1, room: null }, now: () => (clock.t += clock.step) })
    const links = () => [...main.querySelectorAll('[data-row-extras] > li[data-kind="trajectory"] > a')].map((a) => (a.getAttribute('href') ?? '').split('#')[1])
    FakeSource.open.get(liveFeedPath(key))?.emit({ kind: 'reset', lines: before })
    await until(() => main.textContent?.includes('first answer') === true && links().includes('req-1'), 'the first turn drawn with its record link')
    clock.step = 0
    s.turnStart()
    s.user('second question')
    s.stepStart()
    const call = s.call('read_file', { path: 'a.txt' })
    s.result(call.data.callId, 'contents')
    s.stepEnd()
    s.turnEnd()
    FakeSource.open.get(liveFeedPath(key))?.emit({ kind: 'append', lines: parse(s).slice(before.length) })
    await until(() => main.textContent?.includes('second question') === true, 'the second turn drawn')
    // Drawn at once, with the first turn's records: the second turn points at its place in the ledger, its
    // tool row has no record link yet, and the next derivation is due later.
    expect(links()).toEqual(['req-1', 'turn-2'])
    expect(page.conversation.trajectoryDueIn()).toBeGreaterThan(0)
    clock.t += 1000
    await until(() => links().some((id) => id?.startsWith('rec-') === true), 'the tool row\'s record link, drawn without another line')
    expect(links()).toContain('req-2')
    expect(page.conversation.trajectoryDueIn()).toBe(0)
  })
})
