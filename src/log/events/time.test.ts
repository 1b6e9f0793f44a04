/**
 * Issue 32 point 3: times no date can hold are unknown where the reader makes them event times (./time.ts) —
 * an event's `time`, a packed row's member times, an embedded stream's times, a header's `createdAt` — in
 * both chunk modes. Within the range, nothing changes.
 */
import { describe, expect, it } from 'vitest'
import { LogParser } from '../parser'
import type { ParsedLine } from '../parsed-line'
import type { ChunkMode } from '../parser'
import { knownTime, MAX_DATE_MS } from './time'

const HEADER = { type: 'session', version: 4, id: 'S', createdAt: 1_783_352_045_000, cwd: '/w', delegationDepth: 0 }
const ABOVE = 9_000_000_000_000_000 // still a safe integer

function read(records: unknown[], chunks: ChunkMode = 'expand'): ParsedLine[] {
  const parser = new LogParser({ chunks })
  return [...records.map(r => JSON.stringify(r)), ''].flatMap((text, i) => (text === '' ? parser.flush() : parser.line(text, { line: i + 1 })))
}
const times = (out: ParsedLine[]) => out.flatMap(p => (p.kind === 'event' ? [p.event.time] : []))

describe('times a date cannot hold', () => {
  it.each([
    [0, 0],
    [MAX_DATE_MS, MAX_DATE_MS],
    [-MAX_DATE_MS, -MAX_DATE_MS],
    [MAX_DATE_MS + 1, null],
    [-MAX_DATE_MS - 1, null],
    [ABOVE, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
  ])('knownTime(%s) is %s', (t, expected) => {
    expect(knownTime(t)).toBe(expected)
    if (expected !== null) expect(() => new Date(expected).toISOString()).not.toThrow()
  })

  it('an event time above the range is unknown; the event is kept, not damaged', () => {
    const out = read([HEADER, { type: 'plan/mode', seq: 0, time: 1_783_352_046_000, data: { active: true } }, { type: 'plan/mode', seq: 1, time: ABOVE, data: { active: false } }, { type: 'plan/mode', seq: 2, time: -ABOVE, data: { active: true } }])
    expect(out.map(p => p.kind)).toEqual(['header', 'event', 'event', 'event'])
    expect(times(out)).toEqual([1_783_352_046_000, null, null])
  })

  it.each(['expand', 'skip-superseded'] as const)('packed members past the range are unknown (%s)', chunks => {
    const row = { type: 'text-chunks', seq0: 0, time0: MAX_DATE_MS - 1, data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['a', 'b', 'c'] } }
    const out = read([HEADER, row], chunks)
    // skip-superseded keeps members of a step that never settled: all three here.
    expect(times(out)).toEqual([MAX_DATE_MS - 1, MAX_DATE_MS, null])
  })

  it('a header createdAt past the range is unknown, other header fields kept', () => {
    const out = read([{ ...HEADER, createdAt: ABOVE, extra: { a: 1 } }])
    expect(out[0]).toMatchObject({ kind: 'header', header: { id: 'S', extra: { a: 1 } } })
    expect(out[0]?.kind === 'header' ? 'createdAt' in out[0].header : true).toBe(false)
  })
})
