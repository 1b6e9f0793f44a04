/**
 * `chunks: 'skip-superseded'` (superseded.ts): which chunk events a settled message lets the parser leave
 * out, that a step without one keeps every chunk, that output order never changes, and — on generated
 * sessions mixing everything that can sit between a step's chunks and its message — that the
 * conversation fold is the same as with every chunk expanded, and that reading the log's bytes (packed
 * rows scanned undecoded) gives exactly what reading its text gives.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assemble } from '../../conversation'
import { assembleTrajectory } from '../../trajectory'
import { readPackedRow } from './packed'
import { LogParser } from '../parser'
import { parseLogBytes, parseLogText } from '../json/parse-text'
import type { ParsedLine } from '../parsed-line'
import type { PackedRowType } from './packed'
import { runLength } from '../damage/invalid-runs'
import { ChunkHold } from './superseded'
import { session, type SessionBuilder } from '../testing/session'

const SKIP = { chunks: 'skip-superseded' } as const

const enc = new TextEncoder()

/**
 * Both modes of one log. Skip-superseded mode is read twice — from text (packed rows through JSON.parse)
 * and from bytes (packed rows scanned undecoded, as the Node reader does) — and must agree exactly.
 */
function both(text: string) {
  const full = parseLogText(text)
  const skip = parseLogText(text, SKIP)
  const bytes = parseLogBytes(enc.encode(text), SKIP)
  expect(bytes.lines).toEqual(skip.lines)
  expect([bytes.parser.skippedEvents, bytes.parser.nextSeq, bytes.tornTail]).toEqual([skip.parser.skippedEvents, skip.parser.nextSeq, skip.tornTail])
  return { full, skip }
}

const chunkSeqs = (lines: readonly ParsedLine[]) => lines.flatMap((l) => (l.kind === 'event' && l.event.type === 'assistant/chunk' ? [l.event.seq] : []))

/** One settled step: reasoning and text rows, a tool-call row, usage and finish, then its message. */
function settledStep(b: SessionBuilder) {
  b.stepStart()
  b.chunk({ type: 'block-start', index: 0, blockType: 'reasoning' })
  b.chunkRow('reasoning-chunks', ['think', 'ing', ' hard', ' now'])
  b.chunkRow('text-chunks', ['', 'Hel', 'lo', ' there'], { index: 1 })
  b.chunkRow('tool-call-chunks', ['', '{"a"', ':1}'], { index: 2, id: 'c1', name: 'bash' })
  b.chunk({ type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } })
  b.chunk({ type: 'finish', reason: { kind: 'tool-calls' } })
  b.assistant('Hello there')
  b.stepEnd()
}

describe('skip-superseded on a settled step', () => {
  const b = session()
  b.turnStart()
  settledStep(b)
  b.turnEnd()
  const { full, skip } = both(b.jsonl())

  it('keeps the non-delta chunks and the deltas the fold can observe, in order', () => {
    // Step seqs: 1 step/start, 2 block-start, 3–6 reasoning, 7–10 text, 11–13 tool-call, 14 usage, 15 finish.
    // Only delta 3 is kept (first token, earliest clock): the non-delta chunks around the deltas already
    // carry the first seq (2) and the last clock and highest seq (15).
    expect(chunkSeqs(skip.lines)).toEqual([2, 3, 14, 15])
    expect(chunkSeqs(full.lines)).toHaveLength(14)
    expect(skip.parser.skippedEvents).toBe(10)
  })

  it('keeps the last delta before an ordinary event, the highest seq an unreadable line would anchor to', () => {
    const b = session()
    b.turnStart()
    b.stepStart()
    b.chunkRow('text-chunks', ['a', 'b', 'c'])
    b.push('llm/retry', { turn: b.turn, step: b.step })
    b.chunkRow('text-chunks', ['d', 'e', 'f'])
    b.assistant('def')
    const { full, skip } = both(b.jsonl())
    // 2 first chunk / first token / earliest clock; 4 top of the run before the retry; 8 top of the last run.
    expect(chunkSeqs(skip.lines)).toEqual([2, 4, 8])
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })

  it('folds to the same conversation', () => {
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })

  it('keeps seq bookkeeping exact', () => {
    expect(skip.parser.nextSeq).toBe(full.parser.nextSeq)
    expect(skip.parser.seqGaps).toEqual([])
  })
})

describe('skip-superseded keeps the chunks timing depends on when clocks are odd', () => {
  it('zeroed, stepping back, and an empty first piece', () => {
    const b = session()
    b.turnStart()
    b.step = 1 // no step/start: the step's llm time then starts at its first chunk with a clock
    const row = b.chunkRow('text-chunks', ['a', '', 'b', 'c', 'd'])
    // Clocks 0 (zeroed: no clock), 50 (first with a clock, empty text), 10 (earliest; first token), 20, 60.
    row.time0 = 0
    row.data['dt'] = [50, -40, 10, 40]
    b.assistant('abcd')
    b.turnEnd()
    const { full, skip } = both(b.jsonl())
    expect(chunkSeqs(skip.lines)).toEqual([1, 2, 3, 5])
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })
})

describe('skip-superseded keeps every chunk of a step that never settled', () => {
  it.each<[string, (b: SessionBuilder) => void]>([
    ['interrupted at step/end', (b) => b.stepEnd()],
    ['interrupted at turn/end', (b) => b.turnEnd({ kind: 'interrupted' })],
    ['still streaming at the end of input', () => undefined],
    ['followed by another step', (b) => settledStep(b)],
  ])('%s', (_name, after) => {
    const b = session()
    b.turnStart()
    b.stepStart()
    b.chunkRow('text-chunks', ['par', 'tial', ' answer'])
    b.chunkRow('reasoning-chunks', ['a', 'b'], { index: 1 })
    after(b)
    const { full, skip } = both(b.jsonl())
    expect(chunkSeqs(skip.lines).slice(0, 5)).toEqual([2, 3, 4, 5, 6])
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
    expect(assemble(skip.lines, { live: true })).toEqual(assemble(full.lines, { live: true }))
  })
})

describe('skip-superseded releases in full what a message does not settle', () => {
  it('a replacing assistant/message (surfaceOp replace) does not settle the step', () => {
    const b = session()
    b.turnStart()
    b.stepStart()
    b.chunkRow('text-chunks', ['cut', ' sh', 'ort', ' off'])
    b.push('assistant/message', { turn: b.turn, step: b.step, message: { id: 'm1', role: 'assistant', content: [], source: { kind: 'model' } } }, { surfaceOp: { op: 'replace', start: 0, end: 1 } })
    b.stepEnd()
    const { full, skip } = both(b.jsonl())
    expect(chunkSeqs(skip.lines)).toEqual([2, 3, 4, 5])
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })

  it('chunks after their turn ended open a stretch of their own, where an unreadable line lands', () => {
    const b = session()
    b.turnStart()
    b.stepStart()
    b.chunkRow('text-chunks', ['one'])
    b.turnEnd()
    b.chunkRow('text-chunks', ['late', ' chunks', ' here'])
    b.assistant('late chunks here')
    const lines = b.jsonl().split('\n')
    lines.splice(6, 0, 'garbage')
    const { full, skip } = both(lines.join('\n'))
    expect(chunkSeqs(skip.lines)).toContain(4) // the first chunk after turn/end opens `between@4`
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })
})

describe('skip-superseded around damage', () => {
  it('keeps an unreadable line in its place between held rows', () => {
    const b = session()
    b.turnStart()
    settledStep(b)
    b.turnEnd()
    const lines = b.jsonl().split('\n')
    lines.splice(5, 0, '{not json') // between the reasoning row and the text row
    const { full, skip } = both(lines.join('\n'))
    expect(skip.lines.filter((l) => l.kind === 'invalid')).toEqual(full.lines.filter((l) => l.kind === 'invalid'))
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })

  it('reports a malformed row and a seq gap exactly as full expansion does', () => {
    const b = session()
    b.turnStart()
    settledStep(b)
    b.turnEnd()
    const lines = b.jsonl().split('\n')
    lines[4] = (lines[4] ?? '').replace('"dt":[1000,1000,1000]', '"dt":[1000]')
    lines[5] = (lines[5] ?? '').replace('"seq0":7', '"seq0":8')
    const { full, skip } = both(lines.join('\n'))
    const invalid = (ls: readonly ParsedLine[]) => ls.filter((l) => l.kind === 'invalid').map((l) => l.kind === 'invalid' && l.reason)
    expect(invalid(full.lines).length).toBeGreaterThanOrEqual(2)
    expect(invalid(skip.lines)).toEqual(invalid(full.lines))
    expect(assemble(skip.lines)).toEqual(assemble(full.lines))
  })

  it('passes frame damage through in order (interject)', () => {
    const b = session()
    b.turnStart()
    b.stepStart()
    b.chunkRow('text-chunks', ['a', 'b', 'c'])
    const parser = new LogParser(SKIP)
    b.jsonl()
      .split('\n')
      .slice(0, -1)
      .forEach((text, i) => parser.line(text, { line: i + 1 }))
    // Held: the row waits for its step to resolve, and the damage report waits behind it.
    const damage: ParsedLine = { line: 9, kind: 'invalid', text: '', reason: 'frame damage' }
    expect(parser.interject(damage)).toEqual([])
    const flushed = parser.flush()
    expect(flushed.map((l) => l.kind)).toEqual(['event', 'event', 'event', 'invalid'])
  })
})

describe('ChunkHold', () => {
  it('gives up a step held past its size bound and expands it in full', () => {
    const hold = new ChunkHold(10)
    const read = readPackedRow('text-chunks', { type: 'text-chunks', seq0: 0, time0: 5, data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['a', 'b', 'c'] } }, 0)
    if (!read.ok) throw new Error(read.reason)
    const out: ParsedLine[] = []
    hold.row(read.row, { line: 2 }, 8, out)
    expect(out).toEqual([])
    hold.row(read.row, { line: 3 }, 8, out)
    expect(out).toHaveLength(6)
    expect(hold.skipped).toBe(0)
  })
})

// ---- generated sessions ----------------------------------------------------------------------------

type Op =
  | { k: 'turn' | 'turnEnd' | 'step' | 'stepEnd' | 'retry' | 'garbage' | 'blockStart' | 'usage' | 'otherStep' | 'call' }
  | { k: 'row'; type: PackedRowType; pieces: string[]; clock: Clock }
  | { k: 'delta'; text: string; clock: Clock }
  | { k: 'finish'; error: boolean }
  | { k: 'message'; interrupted: boolean }

/** Stored clocks as real logs have them: steady, stepping back (negative dt), or zeroed by a fixture. */
type Clock = { zero: boolean; dt: number[] }
const clock: fc.Arbitrary<Clock> = fc.record({ zero: fc.boolean(), dt: fc.array(fc.integer({ min: -40, max: 40 }), { maxLength: 5 }) })
const piece = fc.oneof(fc.constantFrom('', ' ', 'x', 'é', '"q"', 'a\\b', '\n', '🙂', '\u0000'), fc.string({ maxLength: 6 }))
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constantFrom<Op>({ k: 'turn' }, { k: 'turnEnd' }, { k: 'step' }, { k: 'stepEnd' }, { k: 'retry' }, { k: 'garbage' }, { k: 'blockStart' }, { k: 'usage' }, { k: 'otherStep' }, { k: 'call' }),
  fc.record({ k: fc.constant('row' as const), type: fc.constantFrom<PackedRowType>('text-chunks', 'reasoning-chunks', 'tool-call-chunks'), pieces: fc.array(piece, { minLength: 1, maxLength: 5 }), clock }),
  fc.record({ k: fc.constant('row' as const), type: fc.constantFrom<PackedRowType>('text-chunks', 'reasoning-chunks'), pieces: fc.array(piece, { minLength: 1, maxLength: 5 }), clock }),
  fc.record({ k: fc.constant('delta' as const), text: piece, clock }),
  fc.record({ k: fc.constant('finish' as const), error: fc.boolean() }),
  fc.record({ k: fc.constant('message' as const), interrupted: fc.boolean() }),
)

/** The stored log of a generated session; garbage lines land between records. */
function render(ops: readonly Op[], tick: number, stripped: boolean): string {
  // createdAt 0: the conversation's start time then comes from the earliest event clock.
  const b = session({ tick, header: { createdAt: 0 } })
  const garbageAt: number[] = []
  const clocks = new Map<number, Clock>()
  for (const o of ops) {
    switch (o.k) {
      case 'turn':
        b.turnStart()
        break
      case 'turnEnd':
        b.turnEnd()
        break
      case 'step':
        b.stepStart()
        break
      case 'stepEnd':
        b.stepEnd()
        break
      case 'retry':
        b.push('llm/retry', { turn: b.turn, step: b.step })
        break
      case 'garbage':
        garbageAt.push(b.records.length)
        break
      case 'blockStart':
        b.chunk({ type: 'block-start', index: 0, blockType: 'text' })
        break
      case 'usage':
        b.chunk({ type: 'usage', usage: { outputTokens: 3 } })
        break
      case 'otherStep':
        b.step++
        b.chunk({ type: 'text-delta', index: 0, text: 'elsewhere' })
        b.step--
        break
      case 'call':
        b.result(b.call('bash', { command: 'ls' }).data.callId, 'out')
        break
      case 'row':
        clocks.set(b.records.length, o.clock)
        b.chunkRow(o.type, o.pieces, o.type === 'tool-call-chunks' ? { id: 'c', name: 'edit' } : {})
        break
      case 'delta':
        clocks.set(b.records.length, o.clock)
        b.chunk({ type: 'text-delta', index: 0, text: o.text })
        break
      case 'finish':
        b.chunk({ type: 'finish', reason: o.error ? { kind: 'error', failure: { message: 'boom', code: 'E' } } : { kind: 'stop' } })
        break
      case 'message':
        b.assistant('done', { interrupted: o.interrupted })
        break
    }
  }
  const lines = [JSON.stringify(b.header)]
  b.records.forEach((record, i) => {
    for (const at of garbageAt) if (at === i) lines.push('{"type":"text-chunks","seq0":')
    const stored: Record<string, unknown> = { ...record }
    const c = clocks.get(i)
    if (c !== undefined) {
      if (c.zero) stored['time' in stored ? 'time' : 'time0'] = 0
      const data = stored['data']
      if ('seq0' in stored && typeof data === 'object' && data !== null && 'dt' in data && Array.isArray(data.dt)) {
        stored['data'] = { ...data, dt: data.dt.map((gap, k) => c.dt[k] ?? gap) }
      }
    }
    if (stripped) for (const key of ['seq', 'time', 'seq0', 'time0']) delete stored[key]
    lines.push(JSON.stringify(stored))
  })
  return `${lines.join('\n')}\n`
}

describe('skip-superseded on generated sessions', () => {
  it('folds every one to the same conversation, static and live', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 50 }), fc.constantFrom(0, 1, 7), fc.boolean(), (ops, tick, stripped) => {
        const { full, skip } = both(render(ops, tick, stripped))
        // The hold folds a run of unreadable lines into one entry (as the reader does): count the lines it stands for.
        const lines = (list: readonly ParsedLine[]) => list.reduce((n, l) => n + (l.kind === 'invalid' ? runLength(l) : 1), 0)
        expect(lines(skip.lines) + skip.parser.skippedEvents).toBe(full.lines.length)
        expect(assemble(skip.lines)).toEqual(assemble(full.lines))
        expect(assemble(skip.lines, { live: true })).toEqual(assemble(full.lines, { live: true }))
      }),
      { numRuns: 600 },
    )
  })
})

describe('skip-superseded keeps the Trajectory\'s first token', () => {
  it('a tool-call delta before any text or reasoning token is kept; after one it is not', () => {
    const callFirst = session()
    callFirst.turnStart()
    callFirst.stepStart()
    callFirst.chunk({ type: 'block-start', index: 0, blockType: 'tool-call' }) // 2: the first clock, kept anyway
    callFirst.chunkRow('tool-call-chunks', ['', '{"a":', '1}'], { id: 'c1', name: 'bash' }) // 3–5: named, counts at 3
    callFirst.chunkRow('text-chunks', ['x', 'y'], { index: 1 }) // 6–7
    callFirst.assistant('xy')
    const first = both(callFirst.jsonl())
    expect(chunkSeqs(first.skip.lines)).toContain(3)
    expect(assembleTrajectory(first.skip.lines).requests[0]?.timing.firstTokenAt).toBe(callFirst.timeOf(3))
    expect(assembleTrajectory(first.skip.lines)).toEqual(assembleTrajectory(first.full.lines))

    const textFirst = session()
    textFirst.turnStart()
    textFirst.stepStart()
    textFirst.chunkRow('text-chunks', ['x', 'y']) // 2–3: first token at 2
    textFirst.chunkRow('tool-call-chunks', ['{"a":', '1}'], { index: 1, id: 'c1', name: 'bash' }) // 4–5
    textFirst.assistant('xy')
    const second = both(textFirst.jsonl())
    expect(chunkSeqs(second.skip.lines)).not.toContain(4)
    expect(assembleTrajectory(second.skip.lines)).toEqual(assembleTrajectory(second.full.lines))
  })
})
