import { describe, expect, it } from 'vitest'
import { interruptedTurnClosers } from './closers'

const rec = (type: string, seq: number, data: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ type, seq, time: 1000 + seq, data, ...extra })
const call = (id: string) => ({ type: 'tool-call', id, name: 'bash', arguments: '{}' })

const OPEN_STEP = [
  rec('turn/start', 0, { turn: 1 }),
  rec('step/start', 1, { turn: 1, step: 1 }),
  rec('assistant/message', 2, { turn: 1, step: 1, message: { id: 'm', role: 'assistant', content: [call('a'), call('b'), call('c')], source: { kind: 'model' } } }),
  rec('tool/call', 3, { turn: 1, step: 1, callId: 'a', name: 'bash', arguments: '{}' }),
  rec('tool/result', 4, { turn: 1, step: 1, message: { id: 'r', role: 'user', content: [{ type: 'tool-result', toolCallId: 'a', content: [], isError: false }] } }),
  rec('tool/call', 5, { turn: 1, step: 1, callId: 'b', name: 'bash', arguments: '{}' }),
]

describe('interruptedTurnClosers (log-format.md §6.2)', () => {
  it('closes an open step: unknown outcome for a started call, not started for the other, then step/end and turn/end', () => {
    const closers = interruptedTurnClosers(OPEN_STEP).map((line) => JSON.parse(line))
    expect(closers.map((c) => [c.type, c.seq, c.time])).toEqual([
      ['tool/result', 6, 1005],
      ['tool/result', 7, 1005],
      ['step/end', 8, 1005],
      ['turn/end', 9, 1005],
    ])
    expect(closers[0]).toMatchObject({ data: { error: { code: 'TOOL_OUTCOME_UNKNOWN' }, message: { id: 'interrupted-tool-result-b-6', content: [{ toolCallId: 'b', isError: true }] } }, sourceEventSeqs: [5], surfaceOp: 'append' })
    expect(closers[1]).toMatchObject({ data: { error: { code: 'TOOL_NOT_STARTED' }, message: { id: 'interrupted-tool-result-c-7' } }, surfaceOp: 'append' })
    expect(closers[1].sourceEventSeqs).toBeUndefined()
    expect(closers[3].data).toEqual({ turn: 1, reason: { kind: 'interrupted' } })
  })

  it('adds nothing after a closed turn, and only turn/end between steps', () => {
    expect(interruptedTurnClosers([...OPEN_STEP, rec('step/end', 6, { turn: 1, step: 1 }), rec('turn/end', 7, { turn: 1, reason: { kind: 'completed' } })])).toEqual([])
    const betweenSteps = interruptedTurnClosers([rec('turn/start', 0, { turn: 2 }), rec('step/start', 1, { turn: 2, step: 1 }), rec('step/end', 2, { turn: 2, step: 1 })])
    expect(betweenSteps.map((line) => JSON.parse(line))).toEqual([{ type: 'turn/end', seq: 3, time: 1002, data: { turn: 2, reason: { kind: 'interrupted' } } }])
  })

  it('counts packed chunk rows by their members when numbering', () => {
    const packed = JSON.stringify({ type: 'text-chunks', seq0: 2, time0: 2000, data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['a', 'b', 'c'] } })
    const closers = interruptedTurnClosers([rec('turn/start', 0, { turn: 1 }), rec('step/start', 1, { turn: 1, step: 1 }), packed]).map((line) => JSON.parse(line))
    expect(closers.map((c) => [c.type, c.seq])).toEqual([['step/end', 5], ['turn/end', 6]])
  })

  it('skips unreadable records instead of failing', () => {
    expect(interruptedTurnClosers(['not json', rec('turn/start', 0, { turn: 1 })]).map((line) => JSON.parse(line).type)).toEqual(['turn/end'])
  })
})
