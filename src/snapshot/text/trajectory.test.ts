import { describe, expect, it } from 'vitest'
import { assemble } from '../../conversation'
import { linesOf } from '../../conversation/testing'
import { reasoning, session, text, toolCallBlock, type SessionBuilder } from '../../log/testing/session'
import { assembleTrajectory } from '../../trajectory'
import { trajectoryText } from './trajectory'
import type { ParsedLine } from '../../log/parsed-line'

/** One turn: a prompt, a step that calls a failing bash, an answer; usage on both steps. */
function tour(): SessionBuilder {
  const s = session({ id: 'tour-1', cwd: '/home/dev/project' })
  s.turnStart()
  s.user('Run the check')
  s.stepStart()
  const bash = { command: 'npm test', description: 'Run the tests' }
  s.assistant([reasoning('Run it first.'), text('Running.'), toolCallBlock('call-b', 'bash', bash)], { usage: { inputTokens: 10, outputTokens: 4 } })
  s.call('bash', bash, 'call-b')
  s.result('call-b', 'boom\n[exit code: 1]')
  s.stepEnd()
  s.stepStart()
  s.assistant('Done.', { usage: { inputTokens: 20, outputTokens: 2 } })
  s.stepEnd()
  s.turnEnd()
  return s
}

const textOf = (s: SessionBuilder, locale: 'en' | 'zh' = 'en') => trajectoryText({ id: s.header.id, snapshot: assembleTrajectory(linesOf(s)), locale, cwd: '/home/dev/project' })

describe('trajectoryText', () => {
  it('heads with the totals the conversation counts, then one line per ledger row ending in its id', () => {
    const s = tour()
    const out = textOf(s)
    const { stats } = assemble(linesOf(s)).facts
    const lines = out.split('\n')
    expect(lines[0]).toBe('# Trajectory tour-1')
    expect(lines[1]).toBe(`requests 2 · tool calls ${stats.toolCalls} · sub-calls ${stats.subToolCalls} · records ${lines.filter((l) => / {2}#rec-\d+$/.test(l)).length}`)
    expect(lines[2]).toBe(`tokens: input ${stats.usage.inputTokens} · cache read 0 · cache write 0 · output ${stats.usage.outputTokens} · reasoning 0`)
    expect(out).toContain('## Turn 1')
    expect(lines.find((l) => l.includes('[Request #1] ASSISTANT'))).toMatch(/Running\..*#rec-\d+$/)
    expect(lines.find((l) => l.startsWith('  TOOL bash'))).toMatch(/→ .*#rec-\d+$/)
    // Under a marker row, the request's inspector, then the record's, each tab with its terms.
    const at = lines.findIndex((l) => l.includes('[Request #1]'))
    expect(lines.slice(at + 1, at + 4)).toEqual(['    Request #1 · Turn 1', '      [Summary]', '        Status: Completed'])
    expect(out).toContain('      [Usage]')
  })

  it('speaks the page’s language', () => {
    const out = textOf(tour(), 'zh')
    expect(out).toContain('## 第 1 轮')
    expect(out).toContain('[请求 #1]')
  })

  it('lists what the model could not place', () => {
    const lines = [...linesOf(tour()), { kind: 'unknown', line: 99, event: { type: 'mystery/event', seq: 999, time: 1, data: {} }, reason: 'unknown event type "mystery/event"' } as unknown as ParsedLine]
    const out = trajectoryText({ id: 'tour-1', snapshot: assembleTrajectory(lines), locale: 'en', cwd: null })
    expect(out).toMatch(/^unexplained: line \d+ seq 999 mystery\/event: /m)
  })

  it('keeps log text on its line with its controls escaped: ids, tool names, results, event types', () => {
    // A line break would forge a snapshot line; ESC, C1 CSI and bidi controls would drive a reviewer's terminal.
    const hostile = 'x\u001b[31mRED\u009b2J\u202eevil\r\nFORGED'
    const s = session({ id: `s${hostile}`, cwd: '/home/dev/project' })
    s.turnStart()
    s.user(hostile)
    s.stepStart()
    s.assistant([toolCallBlock('call-h', hostile, { command: hostile })], { usage: { inputTokens: 1, outputTokens: 1 } })
    s.call(hostile, { command: hostile }, 'call-h')
    s.result('call-h', hostile)
    s.stepEnd()
    s.turnEnd()
    const unknown = { kind: 'unknown', line: 99, event: { type: hostile, seq: 999, time: 1, data: {} }, reason: `unknown event type ${JSON.stringify(hostile)}` } as unknown as ParsedLine
    const out = trajectoryText({ id: s.header.id, snapshot: assembleTrajectory([...linesOf(s), unknown]), locale: 'en', cwd: null })
    // eslint-disable-next-line no-control-regex
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/)
    expect(out.split('\n').filter((l) => l.startsWith('FORGED'))).toEqual([])
    expect(out.split('\n')[0]).toBe('# Trajectory sx\\x1b[31mRED\\x9b2J\\u202eevil ⏎ FORGED')
    expect(out).toMatch(/^unexplained: line 99 seq 999 x\\x1b\[31mRED\\x9b2J\\u202eevil ⏎ FORGED: /m)
  })
})
