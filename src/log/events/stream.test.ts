import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../json/parse-text'
import type { KnownEvent, StreamEntry } from './schema'
import { decodeStream, UNDECODED_STREAM_ENTRY } from './stream'

const v4 = (name: string): KnownEvent[] => {
  const text = readFileSync(new URL(`../../../fixtures/corpus/v4/logs/${name}`, import.meta.url), 'utf8')
  return parseLogText(text).lines.flatMap((l) => (l.kind === 'event' ? [l.event] : []))
}
const streamOf = (event: KnownEvent | undefined): StreamEntry[] =>
  event !== undefined && (event.type === 'assistant/message' || event.type === 'assistant/attempt') ? (event.data.stream ?? []) : []

describe('decodeStream', () => {
  it('passes chunk entries through and expands packed runs with reconstructed times', () => {
    const entries = decodeStream([
      { type: 'chunk', time: 100, chunk: { type: 'block-start', index: 0, blockType: 'text' } },
      { type: 'text-chunks', time0: 100, index: 0, dt: [2, 3], texts: ['a', 'b', 'c'] },
      { type: 'chunk', time: 106, chunk: { type: 'finish', reason: { kind: 'stop' } } },
    ])
    expect(entries).toEqual([
      { time: 100, chunk: { type: 'block-start', index: 0, blockType: 'text' } },
      { time: 100, chunk: { type: 'text-delta', index: 0, text: 'a' } },
      { time: 102, chunk: { type: 'text-delta', index: 0, text: 'b' } },
      { time: 105, chunk: { type: 'text-delta', index: 0, text: 'c' } },
      { time: 106, chunk: { type: 'finish', reason: { kind: 'stop' } } },
    ])
  })

  it('a one-member run has dt [] (allowed inside streams)', () => {
    expect(decodeStream([{ type: 'reasoning-chunks', time0: 0, index: 1, dt: [], texts: ['x'] }])).toEqual([{ time: 0, chunk: { type: 'reasoning-delta', index: 1, text: 'x' } }])
  })

  it('a split tool call: the first run has the name, the continuation only the id', () => {
    const entries = decodeStream([
      { type: 'tool-call-chunks', time0: 0, index: 0, dt: [], id: 'c', name: 'snapshot_double', args: [''] },
      { type: 'tool-call-chunks', time0: 0, index: 0, dt: [], id: 'c', args: ['{"value": -1}'] },
    ])
    expect(entries?.map((e) => e.chunk)).toEqual([
      { type: 'tool-call-delta', index: 0, id: 'c', name: 'snapshot_double', argumentsDelta: '' },
      { type: 'tool-call-delta', index: 0, id: 'c', argumentsDelta: '{"value": -1}' },
    ])
  })

  it('stripped or odd clocks become null, never invented', () => {
    expect(decodeStream([{ type: 'chunk', chunk: { type: 'usage', usage: {} } }, { type: 'chunk', time: '5', chunk: { type: 'x' } }])?.map((e) => e.time)).toEqual([null, null])
    expect(decodeStream([{ type: 'text-chunks', index: 0, dt: [1], texts: ['a', 'b'] }])?.map((e) => e.time)).toEqual([null, null])
  })

  it.each([
    ['not an object', 7, 'stream[1] is not an object'],
    ['chunk without type', { type: 'chunk', time: 0, chunk: {} }, 'stream[1].chunk must be an object'],
    ['unknown entry type', { type: 'image-chunks' }, 'unknown entry type "image-chunks"'],
    ['bad run', { type: 'text-chunks', time0: 0, index: 0, dt: [1, 1], texts: ['a'] }, 'dt length 2 does not match 1 members'],
    ['clock overflow', { type: 'text-chunks', time0: Number.MAX_SAFE_INTEGER, index: 0, dt: [5, -5], texts: ['a', 'b', 'c'] }, 'member times must stay safe integers'],
  ])('a bad entry (%s) is kept in place as an undecoded chunk', (_name, entry, reason) => {
    const decoded = decodeStream([{ type: 'chunk', time: 1, chunk: { type: 'a' } }, entry, { type: 'chunk', time: 2, chunk: { type: 'b' } }])
    expect(decoded?.map((e) => e.chunk['type'])).toEqual(['a', UNDECODED_STREAM_ENTRY, 'b'])
    expect(decoded?.[1]?.chunk).toMatchObject({ reason: expect.stringContaining(reason), entry })
  })

  it('null when the stream is not an array', () => {
    expect(decodeStream({})).toBeNull()
  })
})

describe('embedded streams in the v4 corpus', () => {
  it('tool-call-turn seq 13: reasoning + tool-call runs decode to the v0 twin chunks', () => {
    const events = v4('0217po__snapshots_session_tool-call-turn_session.v4.jsonl')
    const stream = streamOf(events[13])
    const chunks = stream.map((e) => e.chunk)
    expect(chunks.filter((c) => c.type === 'reasoning-delta')).toHaveLength(17)
    const args = chunks.filter((c) => c.type === 'tool-call-delta')
    expect(args).toHaveLength(31)
    expect(args.map((c) => c['argumentsDelta']).join('')).toBe('{"command": "echo SNAPSHOT_OK", "description": "Run echo SNAPSHOT_OK"}')
    expect(args.every((c) => c['name'] === 'bash' && c['id'] === 'call_00_Rn2Mz1y8uZN62ukEXiNO2077')).toBe(true)
    expect(stream[0]?.time).toBe(1788699447885)
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } })
    // The v0 twin: same reasoning pieces in the same order.
    const v0 = readFileSync(new URL('../../../fixtures/corpus/v0/acp-agent/tool-call-turn/session.jsonl', import.meta.url), 'utf8')
    const v0Reasoning = parseLogText(v0).lines.flatMap((l) => (l.kind === 'event' && l.event.type === 'assistant/chunk' && l.event.data.chunk.type === 'reasoning-delta' && l.event.data.turn === 1 && l.event.data.step === 1 ? [l.event.data.chunk['text']] : []))
    expect(chunks.filter((c) => c.type === 'reasoning-delta').map((c) => c['text'])).toEqual(v0Reasoning)
  })

  it('empty-response-retry-current seq 13 is an assistant/attempt whose stream ends in the error finish', () => {
    const events = v4('zq0929__snapshots_session_empty-response-retry-current_session.v4.jsonl')
    expect(events[13]?.type).toBe('assistant/attempt')
    expect(streamOf(events[13]).map((e) => e.chunk)).toEqual([
      { type: 'usage', usage: { inputTokens: 0, outputTokens: 0 } },
      { type: 'finish', reason: { kind: 'error', failure: { message: 'model returned a completed response with no content', code: 'EMPTY_RESPONSE' } } },
    ])
  })

  it('advanced seq 29: a tool call split over two runs keeps name only on the first member', () => {
    const events = v4('0217po__scripts_snapshots_python-sdk-single-exe_advanced_session.v4.jsonl')
    const deltas = streamOf(events[29]).filter((e) => e.chunk.type === 'tool-call-delta').map((e) => e.chunk)
    expect(deltas).toEqual([
      { type: 'tool-call-delta', index: 0, id: 'advanced-denied-native', name: 'snapshot_double', argumentsDelta: '' },
      { type: 'tool-call-delta', index: 0, id: 'advanced-denied-native', argumentsDelta: '{"value": -1}' },
    ])
  })

  it('tool-details (v3) has empty streams', () => {
    const events = v4('0217po__snapshots_web_tool-details_session.v3.jsonl')
    const messages = events.filter((e) => e.type === 'assistant/message')
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.every((m) => streamOf(m).length === 0)).toBe(true)
  })
})
