import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expandSourceEventSeqs, MAX_SOURCE_EVENT_SEQS, normalizeSurfaceOp } from './normalize'
import { LogParser } from '../parser'
import type { ParsedLine } from '../parsed-line'
import { parseLogText } from '../json/parse-text'
import type { KnownEvent } from './schema'

const corpus = (rel: string): string => readFileSync(new URL(`../../../fixtures/corpus/${rel}`, import.meta.url), 'utf8')
const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'S', createdAt: 1, delegationDepth: 0 })

/** Parse one stored record (at seq 5, after a header with id "S") and return its entries. */
function parseOne(record: unknown, prefix: unknown[] = []): ParsedLine[] {
  const parser = new LogParser()
  parser.line(HEADER, { line: 1 })
  let line = 2
  const base = 5 - prefix.length
  for (let s = 0; s < base; s++) parser.line(JSON.stringify({ type: 'plan/mode', seq: s, time: 0, data: { active: false } }), { line: line++ })
  prefix.forEach((p) => parser.line(JSON.stringify(p), { line: line++ }))
  return parser.line(JSON.stringify(record), { line })
}

function eventOf(record: unknown, prefix: unknown[] = []): KnownEvent {
  const out = parseOne(record, prefix)
  const last = out.at(-1)
  if (out.length !== 1 || last?.kind !== 'event') throw new Error(`expected one event, got ${JSON.stringify(out)}`)
  return last.event
}

const env = { seq: 5, time: 9 }

describe('legacy shapes upgraded on load (log-format §6.4), table-driven', () => {
  const text = [{ type: 'text', text: 'hi' }]
  const rows: [string, unknown, { type: string; data: unknown; wireType?: string }][] = [
    [
      'turn/start.trigger dropped',
      { type: 'turn/start', ...env, data: { turn: 1, trigger: { kind: 'message', source: { kind: 'user' } } } },
      { type: 'turn/start', data: { turn: 1 } },
    ],
    [
      'user/message without id/role',
      { type: 'user/message', ...env, data: { content: text, source: { kind: 'user' } }, surfaceOp: 'append' },
      { type: 'user/message', data: { content: text, source: { kind: 'user' }, id: 'legacy-message:S:5', role: 'user' } },
    ],
    [
      'steering/message {turn, message}',
      { type: 'steering/message', ...env, data: { turn: 2, message: { id: 'm1', role: 'user', content: text, source: { kind: 'user' } } } },
      { type: 'user/message', data: { id: 'm1', role: 'user', content: text, source: { kind: 'user' } }, wireType: 'steering/message' },
    ],
    [
      'steering/message {turn, content, source}',
      { type: 'steering/message', ...env, data: { turn: 2, content: text, source: { kind: 'user' } } },
      { type: 'user/message', data: { content: text, source: { kind: 'user' }, id: 'legacy-message:S:5', role: 'user' }, wireType: 'steering/message' },
    ],
    [
      'assistant/message {content, provenance}',
      { type: 'assistant/message', ...env, data: { turn: 1, step: 1, content: text, provenance: { provider: 'p', model: 'm' }, usage: { inputTokens: 1 } } },
      {
        type: 'assistant/message',
        data: { turn: 1, step: 1, usage: { inputTokens: 1 }, message: { id: 'legacy-message:S:5', role: 'assistant', content: text, source: { provider: 'p', model: 'm', kind: 'model' } } },
      },
    ],
    [
      'tool/result {callId, content, isError}',
      { type: 'tool/result', ...env, data: { turn: 1, step: 1, callId: 'c1', content: text, isError: false } },
      {
        type: 'tool/result',
        data: {
          turn: 1,
          step: 1,
          message: { id: 'legacy-message:S:5', role: 'user', content: [{ type: 'tool-result', toolCallId: 'c1', content: text, isError: false }], source: { kind: 'tool', callId: 'c1' } },
        },
      },
    ],
    [
      'turn/end aborted without a reason',
      { type: 'turn/end', ...env, data: { turn: 1, reason: { kind: 'aborted' } } },
      { type: 'turn/end', data: { turn: 1, reason: { kind: 'aborted', reason: { kind: 'legacy' } } } },
    ],
    [
      'turn/end disposed',
      { type: 'turn/end', ...env, data: { turn: 1, reason: { kind: 'disposed' } } },
      { type: 'turn/end', data: { turn: 1, reason: { kind: 'aborted', reason: { kind: 'disposed' } } } },
    ],
    [
      'turn/end error {step, failure}',
      { type: 'turn/end', ...env, data: { turn: 1, reason: { kind: 'error', step: 1, failure: { message: 'boom', code: 'X' } } } },
      { type: 'turn/end', data: { turn: 1, reason: { kind: 'error', error: { message: 'boom', code: 'X' } } } },
    ],
    [
      'turn/end error {step, message} without code',
      { type: 'turn/end', ...env, data: { turn: 1, reason: { kind: 'error', step: 1, message: 'boom' } } },
      { type: 'turn/end', data: { turn: 1, reason: { kind: 'error', error: { message: 'boom', code: 'UNKNOWN' } } } },
    ],
    [
      'request/header.messagePrefix tolerated verbatim',
      { type: 'request/header', ...env, data: { header: { config: {}, messagePrefix: ['x'] }, reason: 'initial' } },
      { type: 'request/header', data: { header: { config: {}, messagePrefix: ['x'] }, reason: 'initial' } },
    ],
  ]
  it.each(rows)('%s', (_name, record, expected) => {
    const event = eventOf(record)
    expect(event.type).toBe(expected.type)
    expect(event.data).toEqual(expected.data)
    expect(event.wireType).toBe(expected.wireType)
    expect(event.seq).toBe(5)
  })

  it('keeps the stored record verbatim next to an upgraded event', () => {
    const record = { type: 'turn/start', ...env, data: { turn: 1, trigger: { kind: 'message' } } }
    const [entry] = parseOne(record)
    expect(entry?.kind === 'event' && entry.raw).toEqual(record)
  })

  it('leaves current-shape events untouched and without a raw copy', () => {
    const record = { type: 'turn/start', ...env, data: { turn: 1 } }
    const [entry] = parseOne(record)
    expect(entry?.kind === 'event' && entry.raw).toBeUndefined()
  })

  it('a legacy replacement tool/result inherits the id of the node it replaces', () => {
    const original = { type: 'tool/result', seq: 4, time: 0, data: { turn: 1, step: 1, message: { id: 'orig-id', role: 'user', source: { kind: 'tool', callId: 'c1' }, content: [{ type: 'tool-result', toolCallId: 'c1', content: [] }] } } }
    const replacement = { type: 'tool/result', ...env, data: { turn: 1, step: 1, callId: 'c1', content: [], isError: false }, surfaceOp: { op: 'replace', start: 4, end: 4 } }
    const event = eventOf(replacement, [original])
    expect(event.type === 'tool/result' && event.data.message.id).toBe('orig-id')
  })

  it('a malformed steering/message is kept as unknown with the reason', () => {
    const [entry] = parseOne({ type: 'steering/message', ...env, data: { turn: 1 } })
    expect(entry).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('malformed legacy steering/message') })
  })

  it('the pwsh-terminal seed (stripped legacy web fixture) upgrades every legacy shape', () => {
    const { lines, parser } = parseLogText(corpus('web-goldens/pwsh-terminal/seed.jsonl'))
    expect(lines.filter((l) => l.kind !== 'event' && l.kind !== 'header')).toEqual([])
    expect(parser.synthesizedSeq).toBe(true)
    const events = lines.flatMap((l) => (l.kind === 'event' ? [l.event] : []))
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
    expect(events.every((e) => e.time === null)).toBe(true)
    const byType = (t: string) => events.filter((e) => e.type === t)
    expect(byType('turn/start')[0]?.data).toEqual({ turn: 1 })
    const user = byType('user/message')[0]
    expect(user?.type === 'user/message' && [user.data.id, user.data.role]).toEqual(['legacy-message:{{sessionId}}:1', 'user'])
    const assistant = byType('assistant/message')[0]
    expect(assistant?.type === 'assistant/message' && assistant.data.message).toMatchObject({ id: 'legacy-message:{{sessionId}}:13', role: 'assistant', source: { kind: 'model', provider: 'deepseek-official' } })
    const result = byType('tool/result')[0]
    expect(result?.type === 'tool/result' && result.data.message.content[0]).toMatchObject({ type: 'tool-result', toolCallId: 'call_pwsh_fail_0001', isError: false })
    // The stripped seed cites the tool/call at seq 14: synthesized seqs line up with the citations.
    expect(result?.sourceEventSeqs).toEqual([14])
    expect(byType('tool/call')[0]?.seq).toBe(14)
  })
})

describe('v3/v4 spellings', () => {
  it('v4 role:"tool" result → v0 wrapper; error and meta stay beside message', () => {
    const v4 = {
      type: 'tool/result',
      data: {
        turn: 1,
        step: 1,
        message: { role: 'tool', source: { kind: 'tool', callId: 'd' }, toolCallId: 'd', content: [{ type: 'text', text: 'Error' }], isError: true, id: 'm5', ext: 1 },
        error: { name: 'E', code: 'C', reason: '  raw\r\n' },
      },
      sourceEventSeqs: [4],
      surfaceOp: 'append',
    }
    const event = eventOf(v4)
    expect(event.type).toBe('tool/result')
    expect(event.data).toEqual({
      turn: 1,
      step: 1,
      message: { role: 'user', source: { kind: 'tool', callId: 'd' }, id: 'm5', ext: 1, content: [{ type: 'tool-result', toolCallId: 'd', content: [{ type: 'text', text: 'Error' }], isError: true }] },
      error: { name: 'E', code: 'C', reason: '  raw\r\n' },
    })
  })

  it('a v4 result without isError reads as not an error', () => {
    const event = eventOf({ type: 'tool/result', data: { turn: 1, step: 1, message: { role: 'tool', id: 'x', source: { kind: 'tool', callId: 'd' }, toolCallId: 'd', content: [] } } })
    expect(event.type === 'tool/result' && event.data.message.content[0].isError).toBe(false)
  })

  it.each([
    ['tool/ptc-dispatch-start', 'tool/code-dispatch-start'],
    ['tool/ptc-dispatch', 'tool/code-dispatch'],
  ])('%s → %s, keeping the stored name as wireType', (wire, normalized) => {
    const data = { rootCallId: 'r', parentCallId: 'r', subCallId: 'r:ptc:1', name: 'bash', arguments: { command: 'ls' } }
    const event = eventOf({ type: wire, ...env, data })
    expect([event.type, event.wireType, event.data]).toEqual([normalized, wire, data])
  })

  it.each([
    ['append', 'append'],
    ['v0 replace', { op: 'replace', start: 4, end: 5 }],
    ['v3 replace', { op: 'replace', startSeq: 4, endSeq: 5 }],
  ])('surfaceOp %s', (_name, raw) => {
    expect(normalizeSurfaceOp(raw)).toEqual(raw === 'append' ? 'append' : { op: 'replace', start: 4, end: 5 })
  })

  it.each([['prepend'], [{ op: 'replace', start: 'a', end: 1 }], [{ op: 'insert' }], [null]])('surfaceOp %j is rejected', (raw) => {
    expect(normalizeSurfaceOp(raw)).toBeNull()
  })

  it('sourceEventSeqs ranges expand in order; plain arrays pass through', () => {
    expect(expandSourceEventSeqs([9, [11, 14], 20])).toEqual([9, 11, 12, 13, 14, 20])
    const plain = [1, 2, 3]
    expect(expandSourceEventSeqs(plain)).toBe(plain)
  })

  it.each([[[[3, 1]]], [['x']], [[-1]], [[[0, 1, 2]]], ['nope']])('sourceEventSeqs %j is a reason', (raw) => {
    expect(typeof expandSourceEventSeqs(raw)).toBe('string')
  })

  it('a huge range is refused instead of exhausting memory', () => {
    expect(expandSourceEventSeqs([[0, MAX_SOURCE_EVENT_SEQS + 5]])).toContain('expands past')
  })

  it('an event with unreadable references is shown as unknown, with the stored record kept', () => {
    const record = { type: 'tool/result', ...env, data: {}, sourceEventSeqs: 'x' }
    const [entry] = parseOne(record)
    expect(entry).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('sourceEventSeqs'), raw: record })
  })

  it('replace ops reach the event normalized', () => {
    const event = eventOf({ type: 'user/message', ...env, data: { id: 'u', role: 'user', content: [], source: { kind: 'compact-checkpoint' } }, surfaceOp: { op: 'replace', startSeq: 8, endSeq: 9 }, sourceEventSeqs: [[1, 3]] })
    expect([event.surfaceOp, event.sourceEventSeqs]).toEqual([{ op: 'replace', start: 8, end: 9 }, [1, 2, 3]])
  })
})
