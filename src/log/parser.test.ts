import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LogParser, UNKNOWN_SESSION_ID } from './parser'
import type { ParsedLine } from './parsed-line'
import { parseLogText } from './json/parse-text'
import { session } from './testing/session'

const HEADER = { type: 'session', version: 0, id: 'S', createdAt: 1, cwd: '/w', delegationDepth: 0 }
const plan = (seq: number) => ({ type: 'plan/mode', seq, time: 10 + seq, data: { active: true } })

function run(records: unknown[], options?: ConstructorParameters<typeof LogParser>[0]): { out: ParsedLine[]; parser: LogParser } {
  const parser = new LogParser(options)
  const out = records.flatMap((r, i) => parser.line(typeof r === 'string' ? r : JSON.stringify(r), { line: i + 1 }))
  return { out, parser }
}
const kinds = (out: ParsedLine[]) => out.map((p) => p.kind)
const reasons = (out: ParsedLine[]) => out.flatMap((p) => (p.kind === 'invalid' || p.kind === 'unknown' ? [p.reason] : []))

describe('header (log-format §3, v4 README §2.2)', () => {
  const ok: [string, Record<string, unknown>][] = [
    ['v0 with seedLength', { ...HEADER, parentSession: 'P', seedLength: 36, origin: 'subagent', delegationDepth: 1 }],
    ['v4 with isSeeded', { type: 'session', version: 4, id: 'x', createdAt: 0, cwd: '{{cwd}}', isSeeded: true, delegationDepth: 1, agentPreset: 'ptc' }],
    ['fixture without version/delegationDepth', { type: 'session', id: 'x', createdAt: 13, cwd: '/rec' }],
    ['web fixture without cwd', { type: 'session', version: 0, id: '{{sessionId}}', createdAt: 1784974100747 }],
    ['future version kept', { ...HEADER, version: 9, futureField: { a: 1 } }],
  ]
  it.each(ok)('accepts %s and keeps every field', (_name, header) => {
    const { out, parser } = run([header])
    expect(out).toEqual([{ line: 1, kind: 'header', header }])
    expect(parser.header).toEqual(header)
  })

  const bad: [string, unknown, string][] = [
    ['id missing', { type: 'session', createdAt: 1 }, 'invalid session header: id'],
    ['version a string', { ...HEADER, version: '0' }, 'invalid session header: version'],
    ['negative delegationDepth', { ...HEADER, delegationDepth: -1 }, 'delegationDepth'],
    ['pi/openclaw session', { type: 'session', version: 3, id: 'x', timestamp: '2026-01-01T00:00:00Z' }, 'not a dsh log'],
    ['not JSON', '{"type":"session",', 'missing session header: not valid JSON'],
    ['a JSON array', '[1,2]', 'missing session header: not a JSON object (JSON array)'],
    ['empty', '', 'line 1 is empty'],
  ]
  it.each(bad)('an invalid header (%s) is reported and the events still parse', (_name, header, reason) => {
    const { out, parser } = run([header, plan(0), plan(1)])
    expect(out[0]).toMatchObject({ kind: 'invalid', code: 'header', line: 1, reason: expect.stringContaining(reason) })
    expect(kinds(out.slice(1))).toEqual(['event', 'event'])
    expect(parser.header).toBeNull()
  })

  it('a byte-order mark before the header is tolerated', () => {
    expect(kinds(run([`\uFEFF${JSON.stringify(HEADER)}`, plan(0)]).out)).toEqual(['header', 'event'])
  })

  it('an event on line 1 is reported as a missing header and still kept', () => {
    const { out } = run([plan(0), plan(1)])
    expect(kinds(out)).toEqual(['invalid', 'event', 'event'])
    expect(out[0]).toMatchObject({ code: 'header', reason: 'missing session header: line 1 is a "plan/mode" record' })
  })

  it('a second header later in the log is an invalid line', () => {
    const { out } = run([HEADER, plan(0), HEADER, plan(1)])
    expect(kinds(out)).toEqual(['header', 'event', 'invalid', 'event'])
    expect(out[2]).toMatchObject({ code: 'misplaced-header' })
  })

  it('legacy ids use the header id, else the hint, else a fixed placeholder', () => {
    const legacy = { type: 'user/message', data: { content: [], source: { kind: 'user' } } }
    const idOf = (out: ParsedLine[]) => out.flatMap((p) => (p.kind === 'event' && p.event.type === 'user/message' ? [p.event.data.id] : []))
    expect(idOf(run([HEADER, legacy]).out)).toEqual(['legacy-message:S:0'])
    expect(idOf(run(['garbage', legacy], { sessionIdHint: 'from-dir' }).out)).toEqual(['legacy-message:from-dir:0'])
    expect(idOf(run(['garbage', legacy]).out)).toEqual([`legacy-message:${UNKNOWN_SESSION_ID}:0`])
  })
})

describe('envelope (log-format §7.1)', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['seq negative', { type: 'plan/mode', seq: -1, time: 0, data: {} }, 'seq'],
    ['seq fractional', { type: 'plan/mode', seq: 0.5, time: 0, data: {} }, 'seq'],
    ['seq unsafe', { type: 'plan/mode', seq: 2 ** 53, time: 0, data: {} }, 'seq'],
    ['seq a string', { type: 'plan/mode', seq: '0', time: 0, data: {} }, 'seq'],
    ['time missing', { type: 'plan/mode', seq: 0, data: {} }, 'time'],
    ['seq missing', { type: 'plan/mode', time: 0, data: {} }, 'seq'],
    ['time fractional', { type: 'plan/mode', seq: 0, time: 1.5, data: {} }, 'time'],
    ['type empty', { type: '', seq: 0, time: 0, data: {} }, 'type'],
    ['type missing', { seq: 0, time: 0, data: {} }, 'type'],
    ['type missing (stripped)', { data: {} }, 'type'],
    ['type a number', { type: 3, seq: 0, time: 0 }, 'type'],
  ]
  it.each(bad)('%s → invalid with the zod wording', (_name, record, field) => {
    const { out, parser } = run([HEADER, record])
    expect(out[1]).toMatchObject({ kind: 'invalid', code: 'envelope', reason: expect.stringMatching(new RegExp(`^invalid event envelope: .*${field}`)), raw: record })
    expect(parser.nextSeq).toBe(0)
  })

  it('negative time is a valid clock (not monotonic, §7.1)', () => {
    expect(kinds(run([HEADER, { ...plan(0), time: -5 }]).out)).toEqual(['header', 'event'])
  })
})

describe('seq: synthesis (§4.5) and gaps (§6.1)', () => {
  it('stripped records get seq by counting; packed rows consume one per member; time is null', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.chunkRow('text-chunks', ['a', 'b', 'c'])
    s.chunk({ type: 'block-end', index: 0, block: { type: 'text', text: 'abc' } })
    s.assistant('abc')
    const { lines, parser } = parseLogText(s.jsonl({ stripped: true }))
    const events = lines.flatMap((l) => (l.kind === 'event' ? [l.event] : []))
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(events.every((e) => e.time === null)).toBe(true)
    expect(parser.synthesizedSeq).toBe(true)
    expect(parser.nextSeq).toBe(7)
  })

  it('the same log with envelopes gives the same events with their times', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.chunkRow('reasoning-chunks', ['x', 'y', 'z'])
    s.call('bash', { command: 'ls' })
    s.result('call-1', 'ok')
    const withEnvelopes = parseLogText(s.jsonl())
    const stripped = parseLogText(s.jsonl({ stripped: true }))
    const events = (r: typeof stripped) => r.lines.flatMap((l) => (l.kind === 'event' ? [l.event] : []))
    expect(events(withEnvelopes)).toEqual(s.events)
    expect(events(stripped)).toEqual(s.events.map((e) => ({ ...e, time: null })))
    expect(withEnvelopes.parser.synthesizedSeq).toBe(false)
  })

  it('a gap is reported and the event kept with its own seq; counting resumes from it', () => {
    const { out, parser } = run([HEADER, plan(0), plan(3), plan(4)])
    expect(kinds(out)).toEqual(['header', 'event', 'invalid', 'event', 'event'])
    expect(out[2]).toMatchObject({ line: 3, code: 'seq-gap', reason: 'seq gap: expected seq 1, got 3' })
    expect(out[3]).toMatchObject({ line: 3, event: { seq: 3 } })
    expect(parser.seqGaps).toEqual([{ line: 3, expected: 1, got: 3 }])
    expect(parser.nextSeq).toBe(5)
  })

  it('a duplicate seq is reported once (counting follows the stored seq), not thrown', () => {
    const { out, parser } = run([HEADER, plan(0), plan(1), plan(1), plan(2)])
    expect(reasons(out)).toEqual(['duplicate or backwards seq: expected seq 2, got 1'])
    expect(parser.seqGaps).toEqual([{ line: 4, expected: 2, got: 1 }])
    expect(kinds(out).filter((k) => k === 'event')).toHaveLength(4)
  })

  it('a packed row whose seq0 jumps is a gap too', () => {
    const row = { type: 'text-chunks', seq0: 5, time0: 0, data: { turn: 1, step: 1, index: 0, dt: [0, 0], texts: ['a', 'b', 'c'] } }
    const { out, parser } = run([HEADER, plan(0), row])
    expect(kinds(out)).toEqual(['header', 'event', 'invalid', 'event', 'event', 'event'])
    expect(parser.seqGaps).toEqual([{ line: 3, expected: 1, got: 5 }])
    expect(parser.nextSeq).toBe(8)
  })

  it('a malformed packed row is one invalid entry and consumes no seq', () => {
    const row = { type: 'tool-call-chunks', seq0: 1, time0: 0, data: { turn: 1 } }
    const { out, parser } = run([HEADER, plan(0), row])
    expect(out[2]).toMatchObject({ kind: 'invalid', code: 'packed-row', reason: expect.stringContaining('malformed tool-call-chunks row'), raw: row })
    expect(parser.nextSeq).toBe(1)
  })
})

describe('classification', () => {
  it('an unknown type is kept raw with the reason and consumes a seq', () => {
    const record = { type: 'agent/harness', seq: 0, time: 1, data: { harness: 'dsh' }, ignorable: true }
    const { out, parser } = run([HEADER, record, plan(1)])
    expect(out[1]).toEqual({ line: 2, kind: 'unknown', event: { type: 'agent/harness', seq: 0, time: 1, data: { harness: 'dsh' }, ignorable: true }, reason: 'unknown event type "agent/harness"', raw: record })
    expect(parser.seqGaps).toEqual([])
  })

  it('a known type with a bad payload is unknown with the zod message', () => {
    const { out } = run([HEADER, { type: 'tool/call', seq: 0, time: 0, data: { turn: 1, step: 1, callId: 'c', name: 'bash', arguments: { command: 'ls' } } }])
    expect(out[1]).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/^tool\/call payload does not match its schema: arguments: .*string/) })
  })

  it('a chunk with a bad payload is unknown (fast path falls back to zod for the wording)', () => {
    const { out } = run([HEADER, { type: 'assistant/chunk', seq: 0, time: 0, data: { turn: 1, step: 1, chunk: 'x' } }])
    expect(out[1]).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('chunk') })
  })
})

describe('bad input never throws', () => {
  it.each([
    ['garbage', 'hello world'],
    ['JSON number', '42'],
    ['JSON string', '"x"'],
    ['JSON null', 'null'],
    ['blank', '   '],
    ['half an object', '{"type":"plan/mode","seq":0'],
  ])('%s → one invalid entry with a reason', (_name, text) => {
    const { out } = run([HEADER, text])
    expect(out.slice(1)).toEqual([expect.objectContaining({ kind: 'invalid', line: 2, text, reason: expect.any(String) })])
  })

  it('property: any sequence of lines yields ParsedLines, never an exception', () => {
    const record = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({ type: fc.constantFrom('text-chunks', 'tool-call-chunks', 'tool/result', 'assistant/message', 'user/message', 'turn/end', 'steering/message', 'x'), seq: fc.anything(), time: fc.anything(), data: fc.anything(), surfaceOp: fc.anything(), sourceEventSeqs: fc.anything() }, { requiredKeys: ['type'] }).map((r) => JSON.stringify(r) ?? ''),
      fc.record({ type: fc.constant('assistant/message'), data: fc.record({ turn: fc.integer(), step: fc.integer(), message: fc.anything(), stream: fc.array(fc.anything()) }) }).map((r) => JSON.stringify(r)),
    )
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), (lines) => {
        const parser = new LogParser()
        lines.forEach((text, i) => {
          const out = parser.line(text, { line: i + 1 })
          expect(out.length).toBeGreaterThan(0)
          for (const p of out) expect(p.line).toBe(i + 1)
        })
      }),
      { numRuns: 300 },
    )
  })
})
