/** Session facts: title, models, counts, status, times and child links (log-format.md §2.6, §8). */
import { describe, expect, it } from 'vitest'
import type { ParsedLine } from '../log/parsed-line'
import { session, T0, type SessionBuilder } from '../log/testing/session'
import { assemble, type SessionFacts } from './index'
import { linesOf } from './testing'

const facts = (log: SessionBuilder, options: { tornTail?: boolean } = {}): SessionFacts => assemble(linesOf(log), options).facts

function completedTurn(log: SessionBuilder, reason = 'completed'): void {
  log.turnStart()
  log.stepStart()
  log.user('go')
  log.assistant('ok', { usage: { inputTokens: 100, outputTokens: 10, cacheReadTokens: 300 } })
  log.stepEnd()
  log.turnEnd({ kind: reason })
}

describe('status', () => {
  it.each<[string, (log: SessionBuilder) => void, boolean, SessionFacts['status']]>([
    ['a closed last turn', (log) => completedTurn(log), false, 'completed'],
    ['an aborted last turn', (log) => completedTurn(log, 'aborted'), false, 'interrupted'],
    ['a crash-repaired last turn', (log) => completedTurn(log, 'interrupted'), false, 'interrupted'],
    ['an earlier interruption does not stick', (log) => { completedTurn(log, 'aborted'); completedTurn(log) }, false, 'completed'],
    ['an open turn', (log) => { log.turnStart(); log.stepStart() }, false, 'running'],
    ['a torn tail wins', (log) => completedTurn(log), true, 'damaged'],
    ['a failed last turn', (log) => completedTurn(log, 'error'), false, 'failed'],
    ['no turns at all', () => undefined, false, 'completed'],
  ])('%s → %s', (_name, build, torn, status) => {
    const log = session()
    build(log)
    expect(facts(log, { tornTail: torn }).status).toBe(status)
  })

  it('setTornTail toggles damaged as a live tail comes and goes', async () => {
    const { ConversationBuilder } = await import('./index')
    const builder = new ConversationBuilder({ tornTail: true })
    expect(builder.snapshot().facts.status).toBe('damaged')
    builder.setTornTail(false)
    expect(builder.snapshot().facts.status).toBe('completed')
  })
})

describe('counts, models, title, times', () => {
  it('collects what the stats line and the index show', () => {
    const log = session({ header: { agentPreset: 'ptc', version: 4 } })
    log.push('session/title', { title: 'First', messageSeqs: [] })
    completedTurn(log)
    log.turnStart()
    log.stepStart()
    log.push('request/context', { provider: 'p2', model: 'm2', contextWindow: 1000 })
    log.assistant('two', { usage: { inputTokens: 50, outputTokens: 5, cacheReadTokens: 150 } })
    log.call('bash', {}, 'b1')
    log.result('b1', 'x')
    log.call('bash', {}, 'b2')
    log.call('run_code', {}, 'r1')
    log.dispatchStart('r1', 'read', {})
    log.push('session/title', { title: 'Renamed', messageSeqs: [] })
    log.stepEnd()
    const end = log.turnEnd()
    expect(facts(log)).toMatchObject({
      id: 'test-session', title: 'Renamed', cwd: '/home/dev/project', formatVersion: 4, agentPreset: 'ptc',
      models: [{ provider: 'deepseek-official', model: 'deepseek-v4-flash' }, { provider: 'p2', model: 'm2' }],
      startTime: T0, endTime: log.timeOf(end.seq), toolCounts: { bash: 2, run_code: 1 }, subToolCounts: { read: 1 },
      stats: {
        turns: 2, activityTurns: 2, steps: 2, toolCalls: 4, subToolCalls: 1,
        usage: { inputTokens: 150, outputTokens: 15, cacheReadTokens: 450, totalTokens: 615 },
        cacheHitPercent: 75, contextWindow: 1000, lastRequestInputTokens: 200, lastRequestTokens: 205, contextUsedPercent: 21,
      },
    })
  })

  it('times are null when the log has none', () => {
    const log = session({ header: { createdAt: 0 } })
    const lines: ParsedLine[] = [{ kind: 'header', line: 1, header: log.header }, { kind: 'event', line: 2, event: { type: 'turn/start', seq: 0, time: null, data: { turn: 1 } } }]
    expect(assemble(lines).facts).toMatchObject({ startTime: null, endTime: null })
  })
})

describe('child sessions', () => {
  it('links catalog, workflow, result-text and notice evidence to the spawning call', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.call('subagent', {}, 'spawn')
    log.push('subagent/catalog', { childId: 'c1', mode: 'continuable', label: 'Reply ALPHA' })
    log.result('spawn', 'started subagent c1')
    log.call('run_code', {}, 'code')
    log.dispatchStart('code', 'subagent_claude_code', {})
    log.push('subagent/catalog', { childId: 'c2', mode: 'external' })
    log.dispatchEnd('code', 'subagent_claude_code', {}, 'c2')
    log.result('code', 'ok')
    log.call('workflow', {}, 'wf')
    log.push('tool-workflow/agent-start', { runId: 'r', seq: 1, label: 'member', childId: 'c3' })
    log.result('wf', 'done')
    log.result('orphan', 'started subagent c4')
    log.user('Background subagent c5 finished', { kind: 'subagent-settled', form: 'notice', summary: 's', senderSessionId: 'c5' })
    const children = facts(log).children
    expect(children.map((c) => [c.sessionId, c.via, c.callId, c.label, c.mode])).toEqual([
      ['c1', 'subagent-catalog', 'spawn', 'Reply ALPHA', 'continuable'],
      ['c2', 'subagent-catalog', 'code:code:1', null, 'external'],
      ['c3', 'workflow-agent', 'wf', 'member', null],
      ['c4', 'result-text', 'orphan', null, null],
      ['c5', 'settled-notice', null, null, null],
    ])
  })

  it('a child knows its parent from the header', () => {
    const log = session({ header: { parentSession: 'parent-1', origin: 'subagent', delegationDepth: 1 } })
    expect(facts(log)).toMatchObject({ parentSessionId: 'parent-1', origin: 'subagent', delegationDepth: 1 })
  })
})

describe('session pill numbers (cards-current.md §8.2)', () => {
  it('turns are distinct turns with a settled assistant message; steps are settled messages', () => {
    const log = session()
    completedTurn(log)
    // A turn without any settled message (tool-call-free failure) counts neither a turn nor a step.
    log.turnStart()
    log.stepStart()
    log.stepEnd()
    log.turnEnd({ kind: 'error' })
    log.turnStart()
    log.stepStart()
    log.assistant('a', { usage: { inputTokens: 1, outputTokens: 1 } })
    log.stepEnd()
    log.stepStart()
    log.assistant('b', { usage: { inputTokens: 1, outputTokens: 1 } })
    log.stepEnd()
    log.turnEnd()
    // The activity pill's turns (dsh's rule) leave out the failed turn; the session's turns count it.
    expect(facts(log).stats).toMatchObject({ activityTurns: 2, turns: 3, steps: 3 })
  })

  it.each<[string, Record<string, number>[], number | null]>([
    ['no prompt input', [{ outputTokens: 5 }], null],
    ['no cache', [{ inputTokens: 100, outputTokens: 1 }], 0],
    ['cache write counts as prompt', [{ inputTokens: 100, cacheReadTokens: 100, cacheWriteTokens: 200, outputTokens: 1 }], 25],
    ['summed over steps', [{ inputTokens: 8082, cacheReadTokens: 384 }, { inputTokens: 196, cacheReadTokens: 8576 }], 52],
    ['full hit', [{ inputTokens: 0, cacheReadTokens: 500 }], 100],
    ['a partial hit never reads 100', [{ inputTokens: 1, cacheReadTokens: 999 }], 99.9],
    ['more decimals when needed', [{ inputTokens: 4, cacheReadTokens: 9996 }], 99.96],
  ])('cache hit: %s', (_name, usages, percent) => {
    const log = session()
    log.turnStart()
    for (const usage of usages) {
      log.stepStart()
      log.assistant('x', { usage })
      log.stepEnd()
    }
    log.turnEnd()
    expect(facts(log).stats.cacheHitPercent).toBe(percent)
  })

  it.each<[string, Record<string, number>, number | null, number | null]>([
    ['prompt plus output of the last request', { inputTokens: 196, cacheReadTokens: 8576, outputTokens: 17 }, 128_000, 7],
    ['output crosses the rounding boundary (prompt alone reads 64)', { inputTokens: 644, outputTokens: 2 }, 1_000, 65],
    ['capped at 100', { inputTokens: 5_000, outputTokens: 10 }, 1_000, 100],
    ['no context window', { inputTokens: 5, outputTokens: 1 }, null, null],
  ])('context meter: %s', (_name, usage, window, percent) => {
    const log = session()
    log.turnStart()
    log.stepStart()
    if (window !== null) log.push('request/context', { provider: 'p', model: 'm', contextWindow: window })
    log.assistant('x', { usage })
    log.stepEnd()
    log.turnEnd()
    expect(facts(log).stats.contextUsedPercent).toBe(percent)
  })

  it('throughput counts only steps with decode timing (Σ output / Σ decode time)', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.chunk({ type: 'text-delta', index: 0, text: 'a' })
    log.chunk({ type: 'text-delta', index: 0, text: 'b' })
    log.chunk({ type: 'text-delta', index: 0, text: 'c' })
    log.assistant('abc', { usage: { inputTokens: 1, outputTokens: 100 } })
    log.stepEnd()
    log.stepStart()
    log.assistant('untimed', { usage: { inputTokens: 1, outputTokens: 50 } })
    log.stepEnd()
    log.turnEnd()
    // 100 tokens over 2 s of decoding; the untimed step's 50 tokens do not inflate it.
    expect(facts(log).stats.tokensPerSecond).toBe(50)
  })

  it('no decode timing → no throughput', () => {
    const log = session()
    completedTurn(log)
    expect(facts(log).stats.tokensPerSecond).toBeNull()
  })
})
