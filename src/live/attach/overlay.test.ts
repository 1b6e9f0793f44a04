/**
 * The overlay feed of `--attach` on a newer (Gen B) host, over real HTTP and SSE against the fake host: the
 * follow stream asks for `assistantStream`; a message the host streams before it is durable reaches the
 * page as `overlay-typing` start and chunks (text and reasoning, in order), then the event itself and the
 * `end` at its seq; an abandoned attempt ends without a seq; a tab that joins mid-stream gets the attempt so
 * far; frames the overlay cannot read are dropped (`typingFrame`).
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { reasoning, session, text } from '../../log/testing/session'
import { liveOverlayPath, type OverlayMessage, type TypingFrame } from '../browser/site-feed'
import { startLiveServer, type LiveServer } from '../node'
import { FakeDshWriter } from '../testing/fake-writer'
import { tempRoot } from '../../../test/live/helpers'
import { SseClient } from '../../../test/live/sse-client'
import { AttachOverlay, typingFrame } from './overlay'
import { FakeDshHost } from './testing/fake-host'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function world() {
  const { root, cleanup } = await tempRoot()
  cleanups.push(cleanup)
  const s = session({ id: 'typing-b', cwd: '/home/dev/typing' })
  s.turnStart()
  s.user('Explain the plan')
  s.stepStart()
  const writer = await FakeDshWriter.create({ root: join(root, 'sessions'), header: JSON.stringify(s.header), encoding: 'raw' })
  await writer.append(s.records.map((r) => JSON.stringify(r)))
  const host = await FakeDshHost.start('gen-b')
  cleanups.push(() => host.close())
  host.addSession(JSON.stringify(s.header))
  host.push('typing-b', s.records.map((r) => JSON.stringify(r)))
  const overlay = new AttachOverlay({ url: host.url, token: host.token, log: () => {} })
  cleanups.push(() => overlay.close())
  await mkdir(join(root, 'site'), { recursive: true })
  let server: LiveServer | null = null
  server = await startLiveServer({
    siteDir: join(root, 'site'),
    inputs: [join(root, 'sessions')],
    highlight: false,
    routes: (req, res, url) => (server === null ? false : overlay.answer(req, res, url, server.index)),
  })
  cleanups.push(() => server?.close())
  const key = server.index.entries()[0]?.key ?? ''
  const open = async () => {
    const client = await SseClient.open(server.port, liveOverlayPath(key))
    cleanups.push(() => client.close())
    return client
  }
  return { s, host, open }
}

const typing = (client: SseClient): TypingFrame[] => client.messages<OverlayMessage>().flatMap((m) => (m.kind === 'overlay-typing' ? [m.frame] : []))

describe('overlay feed: assistant-stream (Gen B)', () => {
  it('carries a streamed answer as typing frames, then the durable event and the end at its seq', async () => {
    const { s, host, open } = await world()
    const tab = await open()
    await until(() => host.followed.length === 1 && tab.messages<OverlayMessage>().some((m) => m.kind === 'overlay'), 'the follow stream')
    expect(host.received.map((m) => JSON.parse(m) as { payload?: { args?: { request?: { assistantStream?: boolean } } } })[0]?.payload?.args?.request?.assistantStream).toBe(true)

    const answer = s.assistant([reasoning('Thinking about the steps.'), text('First we read, then we write the plan down.')])
    const attempt = host.stream('typing-b', answer, 3)
    await until(() => typing(tab).length === 1 + attempt.sent.length, 'start and chunks')
    const frames = typing(tab)
    expect(frames[0]).toMatchObject({ type: 'start', afterSeq: answer.seq - 1, turn: 1, step: 1 })
    const chunks = frames.slice(1) as Extract<TypingFrame, { type: 'chunk' }>[]
    expect(chunks.filter((c) => c.channel === 'reasoning').map((c) => c.text).join('')).toBe('Thinking about the steps.')
    expect(chunks.filter((c) => c.channel === 'text').map((c) => c.text).join('')).toBe('First we read, then we write the plan down.')
    expect(chunks.length).toBeGreaterThan(2)

    // A tab that joins now gets the attempt so far, in one piece per channel.
    const late = await open()
    await until(() => typing(late).length === 3, 'the held attempt')
    expect(typing(late)).toEqual([
      frames[0],
      { type: 'chunk', attemptId: attempt.attemptId, channel: 'reasoning', text: 'Thinking about the steps.' },
      { type: 'chunk', attemptId: attempt.attemptId, channel: 'text', text: 'First we read, then we write the plan down.' },
    ])

    attempt.commit()
    await until(() => typing(tab).some((f) => f.type === 'end'), 'the end')
    expect(typing(tab).at(-1)).toEqual({ type: 'end', attemptId: attempt.attemptId, seq: answer.seq })
    const events = tab.messages<OverlayMessage>().flatMap((m) => (m.kind === 'overlay' ? m.lines : []))
    expect(events.some((l) => l.kind === 'event' && l.event.seq === answer.seq && l.event.type === 'assistant/message')).toBe(true)

    // An abandoned attempt ends without a seq; a tab joining afterwards gets no typing at all.
    const retry = host.stream('typing-b', s.assistant('never kept'), 2)
    retry.abandon()
    await until(() => typing(tab).filter((f) => f.type === 'end').length === 2, 'the abandoned end')
    expect(typing(tab).at(-1)).toEqual({ type: 'end', attemptId: retry.attemptId, seq: null })
    const after = await open()
    await until(() => after.messages<OverlayMessage>().some((m) => m.kind === 'overlay'), 'the third tab')
    expect(typing(after)).toEqual([])
  })

  it.each<[string, Record<string, unknown>]>([
    ['no attempt id', { type: 'start', startedAfterSeq: 3 }],
    ['a start without a seq', { type: 'start', attemptId: 'a' }],
    ['a tool-call delta', { type: 'chunk', attemptId: 'a', chunk: { type: 'tool-call-delta', index: 0, argumentsDelta: '{' } }],
    ['a chunk without text', { type: 'chunk', attemptId: 'a', chunk: { type: 'text-delta', index: 0 } }],
    ['an end of no known kind', { type: 'end', attemptId: 'a', outcome: { kind: 'exploded' } }],
    ['a committed end without a seq', { type: 'end', attemptId: 'a', outcome: { kind: 'committed' } }],
    ['an unknown frame', { type: 'usage', attemptId: 'a' }],
  ])('drops %s', (_, raw) => {
    expect(typingFrame(raw)).toBeNull()
  })
})
