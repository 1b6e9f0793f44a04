/** Exact turn usage (cards-current.md §8.1 rules 2–4): the per-attempt rule, the attempt lifecycle, live = batch, corpus. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../log/json/parse-text'
import { session, type SessionBuilder } from '../log/testing/session'
import { assemble, ConversationBuilder, type Conversation } from './index'
import type { TurnTailNode } from './model'
import { batches, linesOf } from './testing'
import { exactAttemptUsage } from './turn-usage'

const tails = (c: Conversation): TurnTailNode[] =>
  c.sections.flatMap(s => s.nodes).filter((n): n is TurnTailNode => n.kind === 'turn-tail')
const totals = (c: Conversation) => tails(c).map(t => t.exactUsage?.totalTokens ?? null)
const fold = (log: SessionBuilder) => assemble(linesOf(log))

describe('exactAttemptUsage (rule 4)', () => {
  it.each<[string, unknown, number | null]>([
    ['totalTokens consistent with input', { inputTokens: 3, outputTokens: 3, totalTokens: 6 }, 6],
    ['totalTokens may exceed a partial prompt', { inputTokens: 3, outputTokens: 3, cacheReadTokens: 1, totalTokens: 10 }, 10],
    ['totalTokens below the known prompt', { inputTokens: 5, outputTokens: 3, totalTokens: 7 }, null],
    ['both buckets: total must match exactly', { inputTokens: 1, cacheReadTokens: 2, cacheWriteTokens: 3, outputTokens: 4, totalTokens: 11 }, null],
    ['both buckets and a matching total', { inputTokens: 1, cacheReadTokens: 2, cacheWriteTokens: 3, outputTokens: 4, totalTokens: 10 }, 10],
    ['no total, both buckets: derived', { inputTokens: 1, cacheReadTokens: 2, cacheWriteTokens: 3, outputTokens: 4 }, 10],
    ['no total, read only (ptc-round)', { inputTokens: 8082, outputTokens: 235, cacheReadTokens: 384, reasoningTokens: 75 }, null],
    ['no total, no buckets (official-subagent-bundle)', { inputTokens: 10, outputTokens: 4 }, null],
    ['reasoning above output', { inputTokens: 1, outputTokens: 2, reasoningTokens: 3, totalTokens: 3 }, null],
    ['reasoning within output', { inputTokens: 1, outputTokens: 2, reasoningTokens: 2, totalTokens: 3 }, 3],
    ['negative input', { inputTokens: -1, outputTokens: 2, totalTokens: 1 }, null],
    ['fractional output', { inputTokens: 1, outputTokens: 2.5, totalTokens: 4 }, null],
    ['missing output', { inputTokens: 1, totalTokens: 4 }, null],
    ['a string count', { inputTokens: '1', outputTokens: 2, totalTokens: 3 }, null],
    ['unsafe total', { inputTokens: 1, outputTokens: 1, totalTokens: 2 ** 60 }, null],
    ['not an object', 'usage', null],
  ])('%s', (_name, usage, total) => expect(exactAttemptUsage(usage)?.totalTokens ?? null).toBe(total))
})

const exact = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens, totalTokens: inputTokens + outputTokens })

function turn(log: SessionBuilder, steps: (() => void)[]): void {
  log.turnStart()
  log.user('go')
  for (const body of steps) body()
  log.turnEnd()
}

describe('turn lifecycle (rules 2–3)', () => {
  it.each<[string, (log: SessionBuilder) => void, (number | null)[]]>([
    ['two exact steps are summed', log => turn(log, [
      () => { log.stepStart(); log.assistant('', { usage: exact(10, 5) }); log.stepEnd() },
      () => { log.stepStart(); log.assistant('done', { usage: exact(20, 5) }); log.stepEnd() },
    ]), [40]],
    ['usage from the last usage chunk of the embedded stream', log => turn(log, [() => {
      log.stepStart()
      const message = log.assistant('done')
      message.data.stream = [
        { time: null, chunk: { type: 'usage', usage: exact(1, 1) } },
        { time: null, chunk: { type: 'usage', usage: exact(7, 3) } },
      ]
      log.stepEnd()
    }]), [10]],
    ['one step without usage hides the whole turn', log => turn(log, [
      () => { log.stepStart(); log.assistant('', { usage: exact(10, 5) }); log.stepEnd() },
      () => { log.stepStart(); log.assistant('done'); log.stepEnd() },
    ]), [null]],
    ['a step that ends with no message and no usage', log => turn(log, [
      () => { log.stepStart(); log.stepEnd() },
    ]), [null]],
    ['a failed attempt, a retry and a settled retry are all counted', log => turn(log, [() => {
      log.stepStart()
      log.push('assistant/attempt', { turn: log.turn, step: log.step, stream: [{ time: null, chunk: { type: 'usage', usage: exact(4, 1) } }] })
      log.push('llm/retry', { turn: log.turn, step: log.step, retry: 1, maxRetries: 3 })
      log.push('llm/retry-started', { turn: log.turn, step: log.step })
      log.assistant('done', { usage: exact(10, 5) })
      log.stepEnd()
    }]), [20]],
    ['a retry while the attempt has no usage', log => turn(log, [() => {
      log.stepStart()
      log.push('llm/retry', { turn: log.turn, step: log.step, retry: 1, maxRetries: 3 })
      log.push('llm/retry-started', { turn: log.turn, step: log.step })
      log.assistant('done', { usage: exact(10, 5) })
      log.stepEnd()
    }]), [null]],
    ['a retry-started without a retry is out of order', log => turn(log, [() => {
      log.stepStart()
      log.push('llm/retry-started', { turn: log.turn, step: log.step })
      log.assistant('done', { usage: exact(10, 5) })
      log.stepEnd()
    }]), [null]],
    ['a message of another step', log => turn(log, [() => {
      log.stepStart()
      log.step = 2
      log.assistant('done', { usage: exact(10, 5) })
      log.step = 1
      log.stepEnd()
    }]), [null]],
    ['a second step/start before the first ends', log => turn(log, [() => {
      log.stepStart()
      log.stepStart()
      log.assistant('done', { usage: exact(10, 5) })
      log.stepEnd()
    }]), [null]],
    ['a compaction replacement message is skipped', log => turn(log, [() => {
      log.stepStart()
      log.assistant('done', { usage: exact(10, 5) })
      log.stepEnd()
      log.push('assistant/message', { message: { id: 'r', role: 'assistant', content: [], source: { kind: 'compaction' } } } as never, { surfaceOp: { op: 'replace', start: 0, end: 1 } })
    }]), [15]],
    ['each turn on its own', log => {
      turn(log, [() => { log.stepStart(); log.assistant('a', { usage: exact(1, 1) }); log.stepEnd() }])
      turn(log, [() => { log.stepStart(); log.assistant('b', { usage: { inputTokens: 1, outputTokens: 1 } }); log.stepEnd() }])
      turn(log, [() => { log.stepStart(); log.assistant('c', { usage: exact(2, 2) }); log.stepEnd() }])
    }, [2, null, 4]],
  ])('%s', (_name, build, expected) => {
    const log = session()
    build(log)
    expect(totals(fold(log))).toEqual(expected)
  })

  it('a turn without its turn/end has no tail usage; a turn/end of another turn voids it', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.assistant('a', { usage: exact(1, 1) })
    log.stepEnd()
    log.push('turn/end', { turn: 99, reason: { kind: 'completed' } })
    expect(totals(fold(log))).toEqual([null])
  })

  it('keeps the per-attempt breakdown in order', () => {
    const log = session()
    turn(log, [() => {
      log.stepStart()
      log.assistant('', { usage: { inputTokens: 1, cacheReadTokens: 2, cacheWriteTokens: 0, outputTokens: 4, reasoningTokens: 1 } })
      log.stepEnd()
    }, () => { log.stepStart(); log.assistant('done', { usage: exact(3, 3) }); log.stepEnd() }])
    expect(tails(fold(log))[0]?.exactUsage).toEqual({
      totalTokens: 13,
      attempts: [
        { inputTokens: 1, outputTokens: 4, cacheReadTokens: 2, cacheWriteTokens: 0, reasoningTokens: 1, totalTokens: 7 },
        { inputTokens: 3, outputTokens: 3, cacheReadTokens: null, cacheWriteTokens: null, reasoningTokens: null, totalTokens: 6 },
      ],
    })
  })
})

describe('live append = one batch', () => {
  it('gives the same exact usage for every batch size', () => {
    const log = session()
    turn(log, [
      () => { log.stepStart(); log.assistant('', { usage: exact(10, 5) }); log.stepEnd() },
      () => { log.stepStart(); log.assistant('done', { usage: exact(20, 5) }); log.stepEnd() },
    ])
    const lines = linesOf(log)
    const batch = totals(assemble(lines))
    for (const size of [1, 2, 3, 5]) {
      const builder = new ConversationBuilder({ live: true })
      for (const part of batches(lines, size)) {
        builder.append(part)
        builder.snapshot()
      }
      expect(totals(builder.snapshot())).toEqual(batch)
    }
    expect(batch).toEqual([40])
  })
})

describe('corpus (cards-current.md §15.2, §15.3)', () => {
  const corpus = (name: string) =>
    assemble(parseLogText(readFileSync(new URL(`../../fixtures/corpus/v4/logs/${name}`, import.meta.url), 'utf8')).lines)

  it.each([
    ['zq0929__snapshots_web_ptc-round_session.v4.jsonl'],
    ['zq0929__snapshots_web_official-subagent-bundle_session.v4.jsonl'],
  ])('%s shows no usage button', (name) => {
    const found = tails(corpus(name))
    expect(found.length).toBeGreaterThan(0)
    expect(found.every(t => t.exactUsage === null)).toBe(true)
  })

  it('a log whose usage carries totalTokens shows it (python-sdk advanced child: one step, 3 + 3 = 6)', () => {
    expect(totals(corpus('0217po__scripts_snapshots_python-sdk-single-exe_advanced_session.1.v4.jsonl'))).toEqual([6])
  })

  it('an assistant/attempt followed by a message without a retry between is out of order (python-sdk advanced root)', () => {
    // Step 1 logs `assistant/attempt` then its `assistant/message` with no `llm/retry`: rule 3 hides the button.
    expect(totals(corpus('0217po__scripts_snapshots_python-sdk-single-exe_advanced_session.v4.jsonl'))).toEqual([null])
  })
})
