/** First-token rules (trajectory.md §4.4) as a table, and the packed-run rule through the real decoder. */
import { describe, expect, it } from 'vitest'
import type { StreamChunk } from '../../log/events/schema'
import { decodeStream } from '../../log/events/stream'
import { isTokenChunk, streamFirstTokenTime } from './first-token'

describe('isTokenChunk', () => {
  it.each<[string, StreamChunk, boolean]>([
    ['non-empty text', { type: 'text-delta', index: 0, text: 'a' }, true],
    ['empty text', { type: 'text-delta', index: 0, text: '' }, false],
    ['non-empty reasoning', { type: 'reasoning-delta', index: 0, text: 'x' }, true],
    ['empty reasoning', { type: 'reasoning-delta', index: 0, text: '' }, false],
    ['tool-call args', { type: 'tool-call-delta', index: 0, id: 'c', argumentsDelta: '{' }, true],
    ['tool-call name, empty args', { type: 'tool-call-delta', index: 0, id: 'c', name: 'bash', argumentsDelta: '' }, true],
    ['tool-call empty, no name', { type: 'tool-call-delta', index: 0, id: 'c', argumentsDelta: '' }, false],
    ['block start', { type: 'block-start', index: 0, blockType: 'text' }, false],
    ['usage', { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } }, false],
    ['finish', { type: 'finish', reason: 'stop' }, false],
  ])('%s → %s', (_name, chunk, want) => {
    expect(isTokenChunk(chunk)).toBe(want)
  })
})

describe('streamFirstTokenTime', () => {
  it('packed run: member k at time0 + dt[0..k), the first non-empty fragment counts', () => {
    const stream = decodeStream([{ type: 'text-chunks', index: 0, time0: 1000, dt: [5, 7], texts: ['', '', 'x'] }])
    expect(streamFirstTokenTime(stream ?? undefined)).toBe(1012)
  })

  it('a named tool-call run counts at time0 even when its first fragment is empty', () => {
    const stream = decodeStream([{ type: 'tool-call-chunks', index: 0, id: 'c', name: 'bash', time0: 2000, dt: [3], args: ['', '{}'] }])
    expect(streamFirstTokenTime(stream ?? undefined)).toBe(2000)
  })

  it('an unnamed tool-call run counts at its first non-empty fragment', () => {
    const stream = decodeStream([{ type: 'tool-call-chunks', index: 0, id: 'c', time0: 2000, dt: [3], args: ['', '{}'] }])
    expect(streamFirstTokenTime(stream ?? undefined)).toBe(2003)
  })

  it('skips chunks with no usable clock and stops at the first hit', () => {
    const stream = decodeStream([
      { type: 'chunk', time: 0, chunk: { type: 'text-delta', index: 0, text: 'stripped clock' } },
      { type: 'chunk', time: 500, chunk: { type: 'block-start', index: 0, blockType: 'text' } },
      { type: 'chunk', time: 600, chunk: { type: 'text-delta', index: 0, text: 'a' } },
      { type: 'chunk', time: 700, chunk: { type: 'text-delta', index: 0, text: 'b' } },
    ])
    expect(streamFirstTokenTime(stream ?? undefined)).toBe(600)
  })

  it('no stream, or no token: null', () => {
    expect(streamFirstTokenTime(undefined)).toBeNull()
    expect(streamFirstTokenTime(decodeStream([{ type: 'chunk', time: 5, chunk: { type: 'finish' } }]) ?? undefined)).toBeNull()
  })
})
