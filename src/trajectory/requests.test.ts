/**
 * Requests (trajectory.md §4.2–4.5, §4.9, §4.10): numbering shared with compactions, the status table, timing
 * facts and the derived TTFT / generation / throughput, usage and the session cumulative, retries and AUTH
 * sanitising, turn errors, and logs without envelope times.
 */
import { describe, expect, it } from 'vitest'
import { session, text, toolCallBlock, type SessionBuilder } from '../log/testing/session'
import { linesOf } from '../conversation/testing'
import { assemble } from '../conversation'
import { assembleTrajectory } from './index'
import { trajectoryOf } from './testing'

const usage = (inputTokens: number, outputTokens: number, extra: Record<string, number> = {}) => ({ inputTokens, outputTokens, ...extra })

function oneStep(build: (s: SessionBuilder) => void): SessionBuilder {
  const s = session()
  s.turnStart()
  s.stepStart()
  build(s)
  return s
}

describe('status (§4.3)', () => {
  it.each<[string, (s: SessionBuilder) => void, string]>([
    ['a message settles it: Completed', (s) => { s.assistant('hi'); s.stepEnd(); s.turnEnd() }, 'complete'],
    ['an interrupted message: Failed', (s) => { s.assistant('par', { interrupted: true }); s.stepEnd(); s.turnEnd() }, 'error'],
    ['step/start, no message, not closed: Pending', () => {}, 'running'],
    ['step closed without a message: Failed', (s) => { s.stepEnd() }, 'error'],
    ['turn closed without a message: Failed', (s) => { s.turnEnd() }, 'error'],
    ['an error turn end fails the last request of the turn, even a completed one', (s) => { s.assistant('hi'); s.stepEnd(); s.turnEnd({ kind: 'error', error: { message: 'boom', code: 'X' } }) }, 'error'],
    ['a retry does not change the status', (s) => { s.push('llm/retry', { turn: 1, step: 1, mode: 'normal', retry: 1, maxRetries: 3, delayMs: 5, failure: { message: 'm', code: 'SERVER' } }) }, 'running'],
  ])('%s', (_name, build, status) => {
    const snapshot = trajectoryOf(oneStep(build))
    expect(snapshot.requests.map((r) => r.status)).toEqual([status])
  })

  it('with no loaded step/start the status falls back to the message', () => {
    const s = session()
    s.turnStart()
    s.step = 1
    s.assistant('late window', { interrupted: true })
    s.assistant('x') // the same turn and step: the later message settles the same request
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests).toHaveLength(1)
    expect(snapshot.requests[0]).toMatchObject({ number: 1, status: 'complete', startSeq: 2, resultSeq: 2 })
  })
})

describe('numbering (§4.2)', () => {
  it('numbers requests by start seq; compactions share the sequence; messages without a step/start join in', () => {
    const s = session()
    s.turnStart()
    s.stepStart() // seq 1: request 1
    s.assistant('one')
    s.stepEnd()
    s.push('compaction/start', { compactionId: 'c1', turn: 1 }) // seq 4: request 2
    s.push('compaction/summary', { compactionId: 'c1', summary: [text('sum')], provider: 'p', model: 'm', usage: usage(5, 1) })
    s.push('compaction/end', { compactionId: 'c1', turn: 1 })
    s.stepStart() // seq 7: request 3
    s.assistant('two')
    s.stepEnd()
    s.step = 9
    s.assistant('no step/start loaded') // seq 10: request 4
    s.turnEnd()
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests.map((r) => [r.number, r.kind, r.startSeq, r.step])).toEqual([[1, 'assistant', 1, 1], [2, 'compaction', 4, 0], [3, 'assistant', 7, 2], [4, 'assistant', 10, 9]])
    expect(snapshot.requests[1]).toMatchObject({ group: { kind: 'compaction', seq: 4 }, provider: 'p', model: 'm', options: { provider: 'p', model: 'm', purpose: 'compaction' }, compaction: { id: 'c1' } })
  })

  it('a request with no assistant record is a request-only row carrying its marker', () => {
    const s = oneStep((b) => b.stepEnd())
    s.turnEnd()
    const snapshot = trajectoryOf(s)
    const marker = snapshot.records.find((r) => r.requestOnly)
    expect(marker).toMatchObject({ kind: 'message', status: 'error', isError: true, group: { kind: 'step', step: 1 }, request: 1, startedAt: s.timeOf(1), duration: 1000 })
    expect(snapshot.requests[0]).toMatchObject({ markerRecord: marker?.index })
    expect(snapshot.requests[0]?.resultRecord).toBeUndefined()
  })

  it('the marker sits on the first record of the group that is not USER or CONTEXT (steering comes first)', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.assistant([toolCallBlock('c1', 'bash', {})])
    s.call('bash', {}, 'c1')
    s.result('c1', 'ok')
    s.stepEnd()
    s.push('agent/inbox/spliced', { target: 'next-step', start: 0, inserted: [{ id: 'steer-1' }] })
    s.push('agent/inbox/spliced', { target: 'next-step', start: 0, removedCount: 1, inserted: [] })
    s.stepStart()
    s.push('user/message', { id: 'steer-1', role: 'user', content: [text('also do this')], source: { kind: 'user' } }, { surfaceOp: 'append' })
    s.assistant('done')
    s.stepEnd()
    s.turnEnd()
    const snapshot = trajectoryOf(s)
    const step2 = snapshot.sections[0]?.groups.find((g) => g.key.kind === 'step' && g.key.step === 2)
    const kinds = step2?.records.map((i) => snapshot.records[i - 1]?.kind)
    expect(kinds).toEqual(['user', 'message'])
    expect(snapshot.requests[1]?.markerRecord).toBe(step2?.records[1])
    expect(snapshot.records[(step2?.records[0] ?? 0) - 1]).toMatchObject({ steering: true })
  })
})

describe('timing (§4.4)', () => {
  it('TTFT, generation, total and throughput from step start, first token and the message', () => {
    const s = oneStep((b) => {
      b.push('assistant/attempt', { turn: 1, step: 1, stream: [{ time: b.timeOf(2) + 100, chunk: { type: 'text-delta', index: 0, text: 'a' } }] })
      b.assistant('hi', { usage: usage(10, 20, { reasoningTokens: 5 }) })
    })
    const request = trajectoryOf(s).requests[0]
    // step/start at seq 1, attempt's first token at seq 2 + 100 ms, message at seq 3.
    expect(request?.timing).toEqual({ recorded: true, startedAt: s.timeOf(1), firstTokenAt: s.timeOf(2) + 100, completedAt: s.timeOf(3), ttftMs: 1100, generationMs: 900, totalMs: 2000, tokensPerSecond: 20 / 0.9 })
  })

  it('the first token is kept across attempts: an earlier attempt wins over the message stream', () => {
    const s = oneStep((b) => {
      b.push('assistant/attempt', { turn: 1, step: 1, stream: [{ time: b.timeOf(2), chunk: { type: 'reasoning-delta', index: 0, text: 'r' } }] })
      b.push('llm/retry', { turn: 1, step: 1, mode: 'normal', retry: 1, maxRetries: 2, delayMs: 10, failure: { message: 'again', code: 'SERVER' } })
      b.push('assistant/message', { turn: 1, step: 1, message: { id: 'm', role: 'assistant', content: [text('ok')], source: { kind: 'model' } }, stream: [{ time: b.timeOf(4), chunk: { type: 'text-delta', index: 0, text: 'o' } }] }, { surfaceOp: 'append' })
    })
    expect(trajectoryOf(s).requests[0]?.timing.firstTokenAt).toBe(s.timeOf(2))
  })

  it('v0 chunk events give the first token (a named tool-call delta counts)', () => {
    const s = oneStep((b) => {
      b.chunk({ type: 'block-start', index: 0, blockType: 'tool-call' })
      b.chunk({ type: 'tool-call-delta', index: 0, id: 'c1', name: 'bash', argumentsDelta: '' })
      b.assistant([toolCallBlock('c1', 'bash', {})])
    })
    expect(trajectoryOf(s).requests[0]?.timing.firstTokenAt).toBe(s.timeOf(3))
  })

  it('durations are clamped at 0; zero clocks (stripped fixtures) count as unknown', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    const message = s.assistant('hi')
    message.time = s.timeOf(0) // earlier than its step start
    const stripped = session()
    stripped.turnStart()
    stripped.stepStart().time = 0
    stripped.assistant('hi')
    const clamped = trajectoryOf(s)
    expect(clamped.requests[0]?.timing.totalMs).toBe(0)
    expect(clamped.records.find((r) => r.kind === 'message')?.duration).toBe(0)
    const unknown = trajectoryOf(stripped)
    expect(unknown.requests[0]?.timing).toMatchObject({ startedAt: null, totalMs: null, recorded: true })
  })

  it('a log without envelope times: status from event presence, timing not recorded, stream times kept (§4.10)', () => {
    const s = oneStep((b) => {
      b.push('assistant/message', { turn: 1, step: 1, message: { id: 'm', role: 'assistant', content: [text('ok')], source: { kind: 'model' } }, usage: usage(1, 4), stream: [{ time: 1_790_000_000_000, chunk: { type: 'text-delta', index: 0, text: 'o' } }] }, { surfaceOp: 'append' })
      b.stepEnd()
      b.turnEnd()
    })
    for (const event of s.events) event.time = null
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests[0]).toMatchObject({ status: 'complete', timing: { recorded: false, startedAt: null, completedAt: null, firstTokenAt: 1_790_000_000_000, ttftMs: null, generationMs: null, tokensPerSecond: null } })
    expect(snapshot.records.find((r) => r.kind === 'message')).toMatchObject({ status: 'complete', duration: null, metrics: { timingRecorded: false, completedTime: null, firstTokenTime: 1_790_000_000_000 } })
  })
})

describe('usage (§4.5)', () => {
  it("a request's usage is its message's; failed attempts' usage is not read; the cumulative runs in number order with compactions", () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.push('assistant/attempt', { turn: 1, step: 1, stream: [{ time: s.timeOf(2), chunk: { type: 'usage', usage: usage(99, 99) } }] })
    s.assistant('one', { usage: usage(10, 2, { cacheReadTokens: 5 }) })
    s.stepEnd()
    s.push('compaction/start', { compactionId: 'c', turn: null })
    s.push('compaction/summary', { compactionId: 'c', summary: [text('s')], usage: usage(3, 1) })
    s.push('compaction/end', { compactionId: 'c' })
    s.stepStart()
    s.stepEnd() // failed, no message: no usage
    s.stepStart()
    s.assistant('two', { usage: usage(4, 6, { reasoningTokens: 2 }) })
    s.stepEnd()
    s.turnEnd()
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests.map((r) => r.usage ?? null)).toEqual([{ inputTokens: 10, outputTokens: 2, cacheReadTokens: 5 }, { inputTokens: 3, outputTokens: 1 }, null, { inputTokens: 4, outputTokens: 6, reasoningTokens: 2 }])
    expect(snapshot.requests.map((r) => r.cumulativeUsage)).toEqual([
      { inputTokens: 10, outputTokens: 2, cacheReadTokens: 5 },
      { inputTokens: 13, outputTokens: 3, cacheReadTokens: 5 },
      { inputTokens: 13, outputTokens: 3, cacheReadTokens: 5 },
      { inputTokens: 17, outputTokens: 9, cacheReadTokens: 5, reasoningTokens: 2 },
    ])
    expect(snapshot.totals.usage).toEqual({ inputTokens: 17, outputTokens: 9, cacheReadTokens: 5, cacheWriteTokens: 0, reasoningTokens: 2, totalTokens: 31 })
  })

  it('is counted once per request: a repeated message replaces, and the Chat facts agree', () => {
    const s = oneStep((b) => {
      b.assistant('first', { usage: usage(100, 10) })
      b.assistant('settled again', { usage: usage(120, 12) })
      b.stepEnd()
      b.turnEnd()
    })
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests.map((r) => r.usage)).toEqual([{ inputTokens: 120, outputTokens: 12 }])
    expect(assemble(linesOf(s)).facts.stats.usage).toEqual(snapshot.totals.usage)
  })
})

describe('retries and errors (§4.9)', () => {
  it.each<[string, Record<string, unknown>, object]>([
    ['normal mode keeps the maximum', { mode: 'normal', retry: 1, maxRetries: 5, delayMs: 25, failure: { message: 'upstream 503', code: 'SERVER' } }, { retry: { retry: 1, maxRetries: 5, delayMs: 25 }, error: { message: 'upstream 503', code: 'SERVER' } }],
    ['always mode has no maximum', { mode: 'always', retry: 3, maxRetries: 9, delayMs: 1, failure: { message: 'x', code: 'RATE_LIMIT' } }, { retry: { retry: 3, delayMs: 1 }, error: { message: 'x', code: 'RATE_LIMIT' } }],
    ['AUTH blanks the message and labels it', { mode: 'normal', retry: 1, maxRetries: 2, delayMs: 1, failure: { message: 'key sk-123 rejected', code: 'AUTH' } }, { error: { message: '', code: 'AUTH', label: { key: 'details.failure.auth' } } }],
  ])('%s; the facts stay after recovery', (_name, retry, want) => {
    const s = oneStep((b) => {
      b.push('llm/retry', { turn: 1, step: 1, ...retry })
      b.push('llm/retry-started', { turn: 1, step: 1, retry: 1 })
      b.assistant('recovered')
      b.stepEnd()
      b.turnEnd()
    })
    expect(trajectoryOf(s).requests[0]).toMatchObject({ status: 'complete', ...want })
  })

  it('an error turn end sets the error and completedAt on the turn\'s last assistant request only', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.assistant('one')
    s.stepEnd()
    s.stepStart()
    s.turnEnd({ kind: 'error', error: { message: 'model failed', code: 'SERVER' } })
    const requests = trajectoryOf(s).requests
    expect(requests.map((r) => r.status)).toEqual(['complete', 'error'])
    expect(requests[1]).toMatchObject({ error: { message: 'model failed', code: 'SERVER' }, timing: { completedAt: s.timeOf(5) } })
  })
})

describe('compactions (§4.8)', () => {
  it.each<[string, (s: SessionBuilder) => void, string, object]>([
    ['running', () => {}, 'running', { labels: [{ key: 'layout.compacting' }] }],
    ['completed with a summary', (s) => { s.push('compaction/summary', { compactionId: 'c', summary: [text('**short** summary')] }); s.push('compaction/end', { compactionId: 'c' }) }, 'complete', { preview: 'short summary', outputDetail: '**short** summary' }],
    ['completed without a summary', (s) => { s.push('compaction/end', { compactionId: 'c' }) }, 'complete', { labels: [{ key: 'layout.compacted' }] }],
    ['failed with an error', (s) => { s.push('compaction/end', { compactionId: 'c', error: 'too large' }) }, 'error', { text: 'too large', isError: true }],
    ['interrupted by a session end-seed', (s) => { s.push('session/end-seed', {}) }, 'error', { labels: [{ key: 'layout.compactionInterrupted' }], isError: true }],
  ])('%s', (_name, build, status, record) => {
    const s = session()
    s.push('compaction/start', { compactionId: 'c', turn: null })
    build(s)
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests[0]?.status).toBe(status)
    expect(snapshot.records[0]).toMatchObject({ kind: 'compacted', status, ...record })
    expect(snapshot.sections).toEqual([{ turn: null, groups: [{ key: { kind: 'compaction', seq: 0 }, records: [1] }] }])
  })

  it('the checkpoint message is a CONTEXT row and the request\'s replacement', () => {
    const s = session()
    s.turnStart()
    s.push('compaction/start', { compactionId: 'c', turn: 1 })
    s.user('checkpoint', { kind: 'compact-checkpoint', compactionId: 'c' })
    s.push('compaction/end', { compactionId: 'c' })
    const snapshot = assembleTrajectory(linesOf(s))
    expect(snapshot.requests[0]?.compaction).toEqual({ id: 'c', replacementSeq: 2 })
    expect(snapshot.records.map((r) => r.kind)).toEqual(['compacted', 'context'])
  })
})
