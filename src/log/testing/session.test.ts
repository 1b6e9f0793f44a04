import { describe, expect, it } from 'vitest'
import { parseLogText } from '../json/parse-text'
import { session, T0, toolCallBlock } from './session'

describe('SessionBuilder', () => {
  it('stamps contiguous seqs on a fixed clock and tracks turn/step', () => {
    const s = session({ tick: 10 })
    const start = s.turnStart()
    s.user('hi')
    const step = s.stepStart()
    const call = s.call('bash', { command: 'ls' })
    const result = s.result(call.data.callId, 'a\nb', { meta: { x: 1 } })
    s.stepEnd()
    const end = s.turnEnd()
    expect(s.events.map((e) => [e.seq, e.time])).toEqual(s.events.map((_, i) => [i, T0 + 10 * i]))
    expect([start.data.turn, step.data, end.data]).toEqual([1, { turn: 1, step: 1 }, { turn: 1, reason: { kind: 'completed' } }])
    expect(call.data).toEqual({ turn: 1, step: 1, callId: 'call-1', name: 'bash', arguments: '{"command":"ls"}' })
    expect(result.sourceEventSeqs).toEqual([call.seq])
    expect(result.data.message.content[0]).toEqual({ type: 'tool-result', toolCallId: 'call-1', content: [{ type: 'text', text: 'a\nb' }], isError: false })
    expect(result.data.meta).toEqual({ x: 1 })
  })

  it('what it writes is what the parser reads back, packed rows included', () => {
    const s = session({ id: 'abc', header: { parentSession: 'p', seedLength: 0 } })
    s.turnStart()
    s.stepStart()
    s.chunkRow('tool-call-chunks', ['{"a"', ':1', '}'], { index: 1, id: 'c9', name: 'edit' })
    s.assistant([toolCallBlock('c9', 'edit', '{"a":1}')], { usage: { inputTokens: 3, outputTokens: 4 } })
    s.call('edit', '{"a":1}', 'c9')
    s.dispatchStart('c9', 'read', { path: 'x' })
    s.dispatchEnd('c9', 'read', { path: 'x' }, 'text')
    s.result('c9', 'done', { isError: true, error: { name: 'E', code: 'C' } })
    s.stepEnd()
    s.turnEnd({ kind: 'aborted', reason: { kind: 'user' } })
    const { lines, parser } = parseLogText(s.jsonl())
    expect(parser.header).toEqual(s.header)
    expect(lines.every((l) => l.kind === 'header' || l.kind === 'event')).toBe(true)
    expect(lines.flatMap((l) => (l.kind === 'event' ? [l.event] : []))).toEqual(s.events)
    expect(s.records.filter((r) => r.type === 'tool-call-chunks')).toHaveLength(1)
  })
})
