import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expandPackedRow, memberChunk, readRun } from './packed'
import { parseLogText } from '../json/parse-text'

const corpus = (rel: string): string => readFileSync(new URL(`../../../fixtures/corpus/${rel}`, import.meta.url), 'utf8')
const TOOL_CALL_TURN = 'v0/acp-agent/tool-call-turn/session.jsonl'

describe('packed rows: the worked example of log-format §4.4', () => {
  const text = corpus(TOOL_CALL_TURN)
  const lines = text.split('\n')
  const { lines: parsed, parser } = parseLogText(text)
  const eventsOfLine = (n: number) => parsed.flatMap((p) => (p.line === n && p.kind === 'event' ? [p.event] : []))
  const chunksOfLine = (n: number) => eventsOfLine(n).flatMap((e) => (e.type === 'assistant/chunk' ? [e] : []))

  it('line 12 (reasoning-chunks, 17 members) expands to seq 10..26 with reconstructed times', () => {
    const events = chunksOfLine(12)
    expect(events).toHaveLength(17)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 17 }, (_, k) => 10 + k))
    const t = 1783352045425
    expect(events.map((e) => e.time).slice(0, 5)).toEqual([t, t + 1, t + 1, t + 1, t + 1])
    expect(events[15]?.time).toBe(1783352045571)
    expect(events[16]?.time).toBe(1783352045572)
    expect(events[0]).toEqual({ type: 'assistant/chunk', seq: 10, time: t, data: { turn: 1, step: 1, chunk: { type: 'reasoning-delta', index: 0, text: 'The' } } })
    expect(events[15]?.data).toMatchObject({ chunk: { text: 'ONE' } })
    // Key order inside the chunk is part of the format (§4.3).
    expect(Object.keys(events[1]?.data.chunk ?? {})).toEqual(['type', 'index', 'text'])
  })

  it('line 13 is the plain block-start at seq 27', () => {
    expect(eventsOfLine(13).map((e) => [e.seq, e.type])).toEqual([[27, 'assistant/chunk']])
  })

  it('line 14 (tool-call-chunks) expands to seq 28..58 with id and name on every member', () => {
    const events = chunksOfLine(14)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 31 }, (_, k) => 28 + k))
    const chunks = events.map((e) => e.data.chunk)
    for (const chunk of chunks) {
      expect(Object.keys(chunk)).toEqual(['type', 'index', 'id', 'name', 'argumentsDelta'])
      expect(chunk).toMatchObject({ type: 'tool-call-delta', index: 1, id: 'call_00_Rn2Mz1y8uZN62ukEXiNO2077', name: 'bash' })
    }
    expect(chunks[0]?.['argumentsDelta']).toBe('')
    expect(chunks.map((c) => c['argumentsDelta']).join('')).toBe('{"command": "echo SNAPSHOT_OK", "description": "Run echo SNAPSHOT_OK"}')
  })

  it('lines 15-18 are seq 59-62 and the assistant/message (seq 63) cites all 54 chunks 9..62', () => {
    expect([15, 16, 17, 18].flatMap((n) => eventsOfLine(n).map((e) => e.seq))).toEqual([59, 60, 61, 62])
    const [message] = eventsOfLine(19)
    expect(message?.type).toBe('assistant/message')
    expect(message?.seq).toBe(63)
    expect(message?.sourceEventSeqs).toEqual(Array.from({ length: 54 }, (_, k) => 9 + k))
    expect(lines.length).toBeGreaterThan(19)
    expect(parser.seqGaps).toEqual([])
  })
})

describe('expandPackedRow', () => {
  const base = { turn: 1, step: 2, index: 0, dt: [5, -3], texts: ['a', 'b', 'c'] }

  it('a stripped row starts at the running seq and has unknown times (§4.5)', () => {
    const result = expandPackedRow('text-chunks', { type: 'text-chunks', data: base }, 7)
    expect(result).toMatchObject({ ok: true, seq0: 7, synthesized: true })
    if (!result.ok) return
    expect(result.events.map((e) => [e.seq, e.time, e.data.chunk['text']])).toEqual([[7, null, 'a'], [8, null, 'b'], [9, null, 'c']])
  })

  it('negative gaps are allowed (the clock stepped back)', () => {
    const result = expandPackedRow('text-chunks', { type: 'text-chunks', seq0: 0, time0: 100, data: base }, 0)
    expect(result.ok && result.events.map((e) => e.time)).toEqual([100, 105, 102])
  })

  it('name is copied only when the row has it', () => {
    const data = { turn: 1, step: 1, index: 2, id: 'c1', dt: [0, 0], args: ['{', '}', ''] }
    const result = expandPackedRow('tool-call-chunks', { type: 'tool-call-chunks', seq0: 0, time0: 0, data }, 0)
    expect(result.ok && result.events.map((e) => Object.keys(e.data.chunk))).toEqual([
      ['type', 'index', 'id', 'argumentsDelta'],
      ['type', 'index', 'id', 'argumentsDelta'],
      ['type', 'index', 'id', 'argumentsDelta'],
    ])
  })

  const malformed: [string, Record<string, unknown>, string][] = [
    ['extra envelope key', { type: 'text-chunks', seq0: 0, time0: 0, data: base, seq: 0 }, 'envelope must be exactly'],
    ['seq0 without time0', { type: 'text-chunks', seq0: 0, data: base }, 'envelope must be exactly'],
    ['negative seq0', { type: 'text-chunks', seq0: -1, time0: 0, data: base }, 'seq0 must be a non-negative safe integer'],
    ['fractional time0', { type: 'text-chunks', seq0: 0, time0: 1.5, data: base }, 'time0 must be a safe integer'],
    ['data not an object', { type: 'text-chunks', seq0: 0, time0: 0, data: [1] }, 'data must be an object'],
    ['extra data key', { type: 'text-chunks', seq0: 0, time0: 0, data: { ...base, x: 1 } }, 'data must be exactly {turn, step, index, dt, texts}'],
    ['empty texts', { type: 'text-chunks', seq0: 0, time0: 0, data: { ...base, dt: [], texts: [] } }, 'texts must be a non-empty string array'],
    ['non-string text', { type: 'text-chunks', seq0: 0, time0: 0, data: { ...base, texts: ['a', 2, 'c'] } }, 'texts must be a non-empty string array'],
    ['dt length mismatch', { type: 'text-chunks', seq0: 0, time0: 0, data: { ...base, dt: [1] } }, 'dt length 1 does not match 3 members'],
    ['fractional gap', { type: 'text-chunks', seq0: 0, time0: 0, data: { ...base, dt: [1, 0.5] } }, 'dt must be an array of safe integers'],
    ['string turn', { type: 'text-chunks', seq0: 0, time0: 0, data: { ...base, turn: '1' } }, 'turn/step must be integers'],
    ['time overflow', { type: 'text-chunks', seq0: 0, time0: Number.MAX_SAFE_INTEGER, data: base }, 'member times must stay safe integers'],
    ['tool-call row without id', { type: 'tool-call-chunks', seq0: 0, time0: 0, data: { turn: 1, step: 1, index: 0, dt: [], args: ['x'] } }, 'data must be exactly {turn, step, index, id, name?, dt, args}'],
    ['tool-call row numeric name', { type: 'tool-call-chunks', seq0: 0, time0: 0, data: { turn: 1, step: 1, index: 0, id: 'c', name: 3, dt: [], args: ['x'] } }, 'name must be a string when present'],
  ]
  it.each(malformed)('%s → one reason', (_name, row, reason) => {
    const type = row['type'] === 'tool-call-chunks' ? 'tool-call-chunks' : 'text-chunks'
    const result = expandPackedRow(type, row, 0)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toContain(reason)
  })
})

describe('run helpers', () => {
  it('memberChunk builds reasoning deltas', () => {
    const run = readRun('reasoning-chunks', { index: 3, dt: [0], texts: ['x', 'y'] })
    expect(typeof run === 'object' && memberChunk(run, 1)).toEqual({ type: 'reasoning-delta', index: 3, text: 'y' })
  })
})
