import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkEnvelope, classifyEvent, payloadProblem } from './classify'
import { payloadSchemas, storedEnvelopeSchema } from './schema'

const numberish = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, 0.5), fc.string(), fc.constant(null))

describe('checkEnvelope agrees with storedEnvelopeSchema', () => {
  it('property: fast path accepts exactly what zod accepts (when seq/time are present)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), numberish, numberish, (type, seq, time) => {
        const record = { type, seq, time, data: {} }
        const fast = checkEnvelope(record)
        expect(fast.ok).toBe(storedEnvelopeSchema.safeParse(record).success)
        if (!fast.ok) expect(fast.reason).toMatch(/^invalid event envelope: /)
      }),
      { numRuns: 500 },
    )
  })

  it('no seq and no time → stripped (a fixture), not an error', () => {
    expect(checkEnvelope({ type: 'x', data: {} })).toEqual({ ok: true, stripped: true })
  })

  it('explicit undefined-like presence (seq: null) is not stripped', () => {
    expect(checkEnvelope({ type: 'x', seq: null, time: null }).ok).toBe(false)
  })
})

describe('payload fast path agrees with the zod schema', () => {
  const chunkData = fc.record(
    {
      turn: numberish,
      step: numberish,
      chunk: fc.oneof(fc.record({ type: fc.oneof(fc.string(), fc.integer()), index: fc.integer() }, { requiredKeys: [] }), fc.string(), fc.constant(null), fc.array(fc.string())),
    },
    { requiredKeys: [] },
  )
  it('property: assistant/chunk', () => {
    fc.assert(
      fc.property(chunkData, (data) => {
        expect(payloadProblem('assistant/chunk', data) === null).toBe(payloadSchemas['assistant/chunk'].safeParse(data).success)
      }),
      { numRuns: 500 },
    )
  })
})

describe('classifyEvent', () => {
  it('keeps the checked input object (no copy) and only the envelope fields present', () => {
    const data = { turn: 1, step: 1, chunk: { type: 'usage', usage: {} } }
    const result = classifyEvent({ type: 'assistant/chunk', seq: 3, time: null, data })
    expect(result.kind).toBe('event')
    expect(result.event.data).toBe(data)
    expect(Object.keys(result.event)).toEqual(['type', 'seq', 'time', 'data'])
  })

  it('known types that dsh-view does not read still count as known (z.unknown payloads)', () => {
    expect(classifyEvent({ type: 'hook/result', seq: 0, time: 0, data: 'anything' }).kind).toBe('event')
  })

  it.each([
    ['turn/end', { turn: 1 }, 'reason'],
    ['user/message', { content: [], source: { kind: 'user' } }, 'id'],
    ['tool/result', { turn: 1, step: 1, message: { id: 'm', role: 'user', source: { kind: 'tool' }, content: [] } }, 'message.content'],
    ['session/title', { title: 3 }, 'title'],
  ])('%s with a bad payload → unknown naming the field', (type, data, field) => {
    const result = classifyEvent({ type, seq: 0, time: 0, data })
    expect(result.kind).toBe('unknown')
    if (result.kind === 'unknown') expect(result.reason).toContain(field)
  })
})
