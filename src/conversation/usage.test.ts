/**
 * cacheHitPercent (cards-current.md §8.2): whole percent with ties up, a partial hit never reads 100, a full hit
 * does. RequestUsageCounter and sumUsage (trajectory.md §4.5, issue 29 item 5): usage counted once per request.
 */
import { describe, expect, it } from 'vitest'
import type { KnownEvent } from '../log/events/schema'
import { session, text, type SessionBuilder } from '../log/testing/session'
import { cacheHitPercent, compactionRequestKey, messageRequestKey, RequestUsageCounter, stepRequestKey, sumUsage } from './usage'

const u = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens })

function counted(build: (s: SessionBuilder) => void): RequestUsageCounter {
  const s = session()
  s.turnStart()
  build(s)
  const counter = new RequestUsageCounter()
  for (const event of s.events) counter.take(event as KnownEvent)
  return counter
}

describe('RequestUsageCounter', () => {
  it.each<[string, (s: SessionBuilder) => void, number, number]>([
    ['one message per request', (s) => { s.stepStart(); s.assistant('a', { usage: u(10, 1) }); s.stepStart(); s.assistant('b', { usage: u(20, 2) }) }, 30, 2],
    ['a repeated message for the same request replaces, never adds', (s) => { s.stepStart(); s.assistant('a', { usage: u(10, 1) }); s.assistant('a again', { usage: u(12, 1) }) }, 12, 1],
    ['a repeated message without usage clears it', (s) => { s.stepStart(); s.assistant('a', { usage: u(10, 1) }); s.assistant('a again') }, 0, 0],
    ['the same turn and step opened again is a new request', (s) => { s.stepStart(); s.assistant('a', { usage: u(10, 1) }); s.stepEnd(); s.step--; s.stepStart(); s.assistant('b', { usage: u(5, 1) }) }, 15, 2],
    ['a message with no step/start: one message-only request per turn and step', (s) => { s.step = 3; s.assistant('a', { usage: u(7, 1) }); s.assistant('b', { usage: u(8, 1) }) }, 8, 1],
    ['a replacement message (compaction history) counts nothing', (s) => { s.stepStart(); s.push('assistant/message', { turn: 1, step: 1, message: { id: 'r', role: 'assistant', content: [text('old')], source: { kind: 'model' } }, usage: u(500, 50) }, { surfaceOp: { op: 'replace', start: 0, end: 0 } }) }, 0, 0],
    ['attempt and stream usage chunks count nothing', (s) => { s.stepStart(); s.push('assistant/attempt', { turn: 1, step: 1, stream: [{ time: 1, chunk: { type: 'usage', usage: u(99, 9) } }] }); s.chunk({ type: 'usage', usage: u(99, 9) }); s.assistant('ok', { usage: u(1, 1) }) }, 1, 1],
    ['a compaction counts its summary usage once', (s) => { s.push('compaction/start', { compactionId: 'c' }); s.push('compaction/summary', { compactionId: 'c', usage: u(20, 4) }); s.push('compaction/summary', { compactionId: 'c', usage: u(20, 4) }) }, 20, 1],
    ['a summary without its start counts nothing', (s) => { s.push('compaction/summary', { compactionId: 'c', usage: u(20, 4) }) }, 0, 0],
    ['a malformed summary usage counts nothing', (s) => { s.push('compaction/start', { compactionId: 'c' }); s.push('compaction/summary', { compactionId: 'c', usage: { inputTokens: 'many' } }) }, 0, 0],
  ])('%s', (_name, build, input, requests) => {
    const counter = counted(build)
    expect(counter.totals.inputTokens).toBe(input)
    expect(counter.counted).toBe(requests)
  })

  it('keys requests by their step/start, message or compaction, and totals input + output + cache', () => {
    const counter = counted((s) => {
      s.stepStart() // seq 1
      s.assistant('a', { usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 3, cacheWriteTokens: 4, reasoningTokens: 1 } })
      s.step = 7
      s.assistant('b', { usage: u(5, 5) })
      s.push('compaction/start', { compactionId: 'x' })
      s.push('compaction/summary', { compactionId: 'x', usage: u(2, 2) })
    })
    expect(counter.usageOf(stepRequestKey(1))).toEqual({ inputTokens: 1, outputTokens: 2, cacheReadTokens: 3, cacheWriteTokens: 4, reasoningTokens: 1 })
    expect(counter.usageOf(messageRequestKey(1, 7))).toEqual(u(5, 5))
    expect(counter.usageOf(compactionRequestKey('x'))).toEqual(u(2, 2))
    expect(counter.totals).toEqual({ inputTokens: 8, outputTokens: 9, cacheReadTokens: 3, cacheWriteTokens: 4, reasoningTokens: 1, totalTokens: 24 })
  })
})

describe('RequestUsageCounter: the seed cut (a fork child repeats its parent\'s requests)', () => {
  /** A child whose first request was copied from the parent, then its own request; the cut as `seed` places it. */
  function child(seed: 'seedLength' | 'tagged' | 'isSeeded' | 'resume'): RequestUsageCounter {
    const s = session({ header: seed === 'seedLength' ? { seedLength: 4 } : seed === 'isSeeded' ? { isSeeded: true } : {} })
    s.turnStart() // 0
    s.stepStart() // 1
    s.assistant('copied from the parent', { usage: u(100, 10) }) // 2
    s.turnEnd() // 3
    s.push('session/end-seed', seed === 'tagged' ? { inherited: true } : {}) // 4
    s.turnStart()
    s.stepStart()
    s.assistant('the child\'s own', { usage: u(7, 1) })
    const counter = new RequestUsageCounter()
    counter.header(s.header)
    for (const event of s.events) counter.take(event)
    return counter
  }

  it.each(['seedLength', 'tagged', 'isSeeded'] as const)('%s: the copied request is the parent\'s; the child counts its own', (seed) => {
    const counter = child(seed)
    expect(counter.totals).toEqual({ inputTokens: 7, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 8 })
    expect(counter.inheritedTotals.totalTokens).toBe(110)
    expect(counter.counted).toBe(1)
    expect(counter.ownRequests().map(r => r.usage)).toEqual([u(7, 1)])
    // The copied row keeps its usage: the child's Trajectory shows it as the log holds it.
    expect(counter.usageOf(stepRequestKey(1))).toEqual(u(100, 10))
  })

  it('a resume (an untagged end-seed in an unseeded log) cuts nothing: every request is the session\'s own', () => {
    const counter = child('resume')
    expect(counter.totals.totalTokens).toBe(118)
    expect(counter.inheritedTotals.totalTokens).toBe(0)
    expect(counter.counted).toBe(2)
  })

  it('the cut arriving after the requests (the v4 tag) moves them out of the totals', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.assistant('copied', { usage: u(100, 10) })
    const counter = new RequestUsageCounter()
    counter.header(s.header)
    for (const event of s.events) counter.take(event)
    expect(counter.totals.totalTokens).toBe(110)
    counter.take(s.push('session/end-seed', { inherited: true }))
    expect(counter.totals.totalTokens).toBe(0)
    expect(counter.inheritedTotals.totalTokens).toBe(110)
  })
})

describe('RequestUsageCounter: each request\'s time and model', () => {
  it('keeps the settle time and the message\'s model, else the route last named (a compaction)', () => {
    const s = session()
    s.push('request/context', { provider: 'deepseek-official', model: 'deepseek-v4-pro' })
    s.turnStart()
    s.stepStart()
    const first = s.assistant('a', { usage: u(1, 1) })
    s.stepStart()
    s.push('assistant/message', { turn: 1, step: 2, message: { id: 'm', role: 'assistant', content: [text('b')], source: { kind: 'model', provider: 'p', model: 'm' } }, usage: u(2, 2) }, { surfaceOp: 'append' })
    s.push('compaction/start', { compactionId: 'c' })
    const summary = s.push('compaction/summary', { compactionId: 'c', usage: u(3, 3) })
    const counter = new RequestUsageCounter()
    for (const event of s.events) counter.take(event)
    expect(counter.ownRequests().map(r => [r.model, r.time])).toEqual([
      ['deepseek-official/deepseek-v4-flash', first.time], // the builder's messages name their model
      ['p/m', s.timeOf(5)],
      ['deepseek-official/deepseek-v4-pro', summary.time],
    ])
  })
})

describe('sumUsage', () => {
  it('adds field by field; a field appears once any summand has it', () => {
    expect(sumUsage(null, null)).toBeNull()
    expect(sumUsage(null, u(1, 2))).toEqual(u(1, 2))
    expect(sumUsage(u(1, 2), { inputTokens: 3, outputTokens: 4, reasoningTokens: 1 })).toEqual({ inputTokens: 4, outputTokens: 6, reasoningTokens: 1 })
    const total = u(1, 1)
    sumUsage(total, u(1, 1))
    expect(total).toEqual(u(1, 1)) // not changed in place
  })
})

describe('cacheHitPercent', () => {
  it.each<[number, number, number | null]>([
    [0, 0, null],
    [5, 0, null],
    [0, 10, 0],
    [8_960, 17_238, 52],
    [1, 200, 1], // 0.5 % ties up
    [1, 201, 0],
    [199, 200, 99.5], // 99.5 % would round to 100: one decimal keeps it below
    [994, 1_000, 99], // 99.4 % rounds below 100: a whole percent
    [995, 1_000, 99.5],
    [999, 1_000, 99.9],
    [9_995, 10_000, 99.95], // half a tenth: two places, last digit 5
    [9_996, 10_000, 99.96],
    [99_999, 100_000, 99.999],
    [1_000, 1_000, 100],
  ])('%s of %s → %s', (read, prompt, percent) => expect(cacheHitPercent(read, prompt)).toBe(percent))
})
