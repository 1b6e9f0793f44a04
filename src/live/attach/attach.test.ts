/**
 * Attaching to a host of either generation, against the fake hosts (live.md §11.2): generation detection
 * and the Gen B token; Gen A history + mux stitching, a dropped mux rebuilt from scratch, and never a word
 * sent on the downlink-only socket; Gen B follow streams, cancel on leave, and cold sessions left alone.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { session } from '../../log/testing/session'
import { connectHost, HostError } from './host-api'
import { GenASource, GenBSource, type HostEvent, type HostListener } from './sources'
import { toLines } from './overlay'
import { FakeDshHost } from './testing/fake-host'

const hosts: FakeDshHost[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
})

async function host(generation: 'gen-a' | 'gen-b'): Promise<FakeDshHost> {
  const h = await FakeDshHost.start(generation)
  hosts.push(h)
  return h
}

/** A session with `turns` complete turns, as host records. */
function records(id: string, turns: number) {
  const s = session({ id })
  for (let t = 1; t <= turns; t++) {
    s.turnStart()
    s.user(`question ${t}`)
    s.stepStart()
    s.assistant(`answer ${t}`)
    s.stepEnd()
    s.turnEnd()
  }
  return { header: JSON.stringify(s.header), records: s.records.map((r) => JSON.stringify(r)), builder: s }
}

class Recorder implements HostListener {
  seqs: number[] = []
  resets = 0
  states: string[] = []
  events(events: HostEvent[]): void {
    for (const e of events) this.seqs.push(e.seq)
  }
  reset(): void {
    this.resets++
    this.seqs = []
  }
  status(state: string, detail: string): void {
    this.states.push(`${state}: ${detail}`)
  }
}

async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('connectHost', () => {
  it('tells the generations apart and mints the Gen B cookie from the token', async () => {
    const a = await host('gen-a')
    const b = await host('gen-b')
    const apiA = await connectHost(a.url, null)
    expect(apiA.generation).toBe('gen-a')
    expect(apiA.describe).toContain('0.1.1-rc.1-fake')
    await expect(connectHost(b.url, null)).rejects.toBeInstanceOf(HostError)
    await expect(connectHost(b.url, 'wrong-token')).rejects.toThrow(/refused the token/)
    const apiB = await connectHost(b.url, b.token)
    expect(apiB.generation).toBe('gen-b')
    expect(apiB.cookie).toMatch(/^dsh-auth-fake=v1\./)
    expect(await apiB.call('session/list', {})).toEqual({ items: [] })
  })
})

describe('GenASource', () => {
  it('stitches the history tail with live frames, rebuilds after a drop, and never writes to the mux', async () => {
    const h = await host('gen-a')
    const s = records('sess-a', 60)
    h.addSession(s.header)
    h.push('sess-a', s.records.slice(0, 300))
    const source = new GenASource(await connectHost(h.url, null), () => {})
    const got = new Recorder()
    const stop = source.follow('sess-a', got)
    // The tail page holds the last 50 messages, cut at a message.
    await until(() => got.seqs.length > 0 && got.seqs[got.seqs.length - 1] === 299, 'the history tail')
    const first = got.seqs[0] ?? -1
    expect(first).toBeGreaterThan(0)
    expect(got.seqs).toEqual(range(first, 299))
    h.push('sess-a', s.records.slice(300, 330))
    await until(() => got.seqs[got.seqs.length - 1] === 329, 'live frames')
    expect(got.seqs).toEqual(range(first, 329))

    h.dropSockets()
    h.push('sess-a', s.records.slice(330, 340)) // while nobody listens
    await until(() => got.resets === 1 && got.seqs[got.seqs.length - 1] === 339, 'the rebuild after a drop', 5000)
    expect(new Set(got.seqs).size).toBe(got.seqs.length)
    expect(got.seqs[got.seqs.length - 1]).toBe(339)
    expect(h.received).toEqual([])
    expect(h.calls.every((c) => c === 'host.describe' || c === 'session.history')).toBe(true)
    stop()
    source.close()
  })
})

describe('GenBSource', () => {
  it('follows running sessions only, from a snapshot, and cancels when the last listener leaves', async () => {
    const h = await host('gen-b')
    const hot = records('sess-hot', 3)
    const cold = records('sess-cold', 2)
    h.addSession(hot.header, true)
    h.addSession(cold.header, false)
    h.push('sess-hot', hot.records.slice(0, 10))
    h.push('sess-cold', cold.records)
    const source = new GenBSource(await connectHost(h.url, h.token), () => {})
    const got = new Recorder()
    const coldGot = new Recorder()
    const stop = source.follow('sess-hot', got)
    const stopCold = source.follow('sess-cold', coldGot)
    await until(() => got.seqs.length === 10, 'the snapshot')
    expect(got.seqs).toEqual(range(0, 9))
    h.push('sess-hot', hot.records.slice(10))
    await until(() => got.seqs.length === hot.records.length, 'events after the snapshot')
    await until(() => coldGot.states.length > 0, 'the cold session refusal')
    expect(coldGot.states[0]).toMatch(/not running/)
    expect(h.followed).toEqual(['sess-hot'])
    stop()
    stopCold()
    await until(() => h.received.some((m) => m.includes('"cancel"')), 'the cancel')
    const opened = h.received.map((m) => JSON.parse(m) as { type: string; endpoint?: string })
    expect(opened.map((m) => m.type)).toEqual(['open', 'cancel'])
    expect(opened[0]?.endpoint).toBe('session/follow')
    source.close()
  })
})

describe('toLines', () => {
  it('reads host events as the file reader does, without reporting the window start as a gap', () => {
    const s = records('sess-lines', 2)
    const events = s.records.slice(4).map((r) => JSON.parse(r) as HostEvent)
    const lines = toLines('sess-lines', events)
    expect(lines.map((l) => (l.kind === 'event' ? l.event.seq : -1))).toEqual(range(4, s.records.length - 1))
    expect(lines.every((l) => l.kind === 'event')).toBe(true)
  })
})
