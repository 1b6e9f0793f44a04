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
})
