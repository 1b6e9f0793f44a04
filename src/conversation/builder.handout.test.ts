/**
 * `handOut()` (a static build that renders while it folds: src/site/fold-stream.ts): on every corpus log,
 * at any batch size and hand-out lag, the sections handed out plus `finishRest()`'s are exactly `finish()`'s
 * whenever `finishRest` says the handed ones are not stale; and the changes that can reach a handed section
 * (a late tool result, a compaction that ends later, a to-do list written with an earlier seq, a moved seed
 * cut, an unreadable line placed back into a closed turn's stretch) each make it stale.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import type { ParsedLine } from '../log/parsed-line'
import { parseLogText } from '../log/parse-text'
import { session, text, type SessionBuilder } from '../log/testing/session'
import type { KnownEvent } from '../log/schema'
import { assemble, ConversationBuilder } from './index'
import type { Section } from './model'
import { batches, linesOf } from './testing'

const logs = corpusLogs().filter(log => !log.zstd)

/** The fold with `handOut(lag)` after every batch: the handed sections, the rest, and the stale flag. */
function handedFold(lines: readonly ParsedLine[], size: number, lag: number): { sections: Section[]; stale: boolean; handed: number; conversation: ReturnType<ConversationBuilder['finish']> } {
  const builder = new ConversationBuilder()
  const handed: Section[] = []
  for (const batch of batches(lines, size)) {
    builder.append(batch)
    // A copy: what went out is what the render saw, whatever the builder does later.
    handed.push(...(JSON.parse(JSON.stringify(builder.handOut(lag))) as Section[]))
  }
  const { conversation, stale } = builder.finishRest()
  return { sections: [...handed, ...conversation.sections], stale, handed: handed.length, conversation }
}

describe.each(logs)('$scenario', ({ url }) => {
  const lines = parseLogText(readFileSync(url, 'utf8')).lines
  const whole = assemble(lines, { live: false })

  it.each([
    [1, 0],
    [7, 0],
    [7, 2],
    [100, 1],
  ])('batches of %i, lag %i: handed + rest = finish() unless stale', (size, lag) => {
    const fold = handedFold(lines, size, lag)
    expect(JSON.stringify(fold.conversation.facts)).toBe(JSON.stringify(whole.facts))
    expect(JSON.stringify(fold.conversation.todoWrites)).toBe(JSON.stringify(whole.todoWrites))
    if (!fold.stale) expect(JSON.stringify(fold.sections)).toBe(JSON.stringify(whole.sections))
  })
})

/** `turns` simple turns, with `at(t, s)` adding events to turn t. */
function turns(count: number, at: (t: number, s: SessionBuilder) => void = () => {}): SessionBuilder {
  const s = session()
  for (let t = 0; t < count; t++) {
    s.turnStart()
    s.stepStart()
    s.user(`question ${t}`)
    s.assistant([text(`answer ${t}`)])
    at(t, s)
    s.stepEnd()
    s.turnEnd()
  }
  return s
}

/** Folds `s`'s events one by one with lag 0; returns whether the handed sections went stale (and how many went out). */
function staleness(events: readonly KnownEvent[], header: SessionBuilder['header']): { stale: boolean; handed: number } {
  const lines: ParsedLine[] = [{ kind: 'header', line: 1, header }, ...events.map((event, i): ParsedLine => ({ kind: 'event', line: i + 2, event }))]
  const fold = handedFold(lines, 1, 0)
  if (!fold.stale) expect(JSON.stringify(fold.sections)).toBe(JSON.stringify(assemble(lines, { live: false }).sections))
  return { stale: fold.stale, handed: fold.handed }
}

describe('a change to a handed section makes the hand-out stale', () => {
  it('not for turns that only follow each other', () => {
    const s = turns(6)
    expect(staleness(s.events, s.header)).toEqual({ stale: false, handed: 5 })
  })

  it('a tool result four turns after its call', () => {
    let callId = ''
    const s = turns(6, (t, b) => {
      if (t === 0) callId = b.call('bash', { command: 'sleep 1' }).data.callId
      if (t === 4) b.result(callId, 'late')
    })
    expect(staleness(s.events, s.header).stale).toBe(true)
  })

  it('a compaction that ends three turns after it started', () => {
    const s = turns(5, (t, b) => {
      if (t === 0) b.push('compaction/start', { compactionId: 'c1', turn: 0 })
      if (t === 3) b.push('compaction/end', { compactionId: 'c1', turn: 0 })
    })
    expect(staleness(s.events, s.header).stale).toBe(true)
  })

  it('a to-do list written with an earlier seq than a handed section holds', () => {
    const s = turns(4)
    const late: KnownEvent = { type: 'todo/write', seq: 3, time: s.timeOf(3), data: { todos: [{ content: 'a', status: 'pending' }] } } as KnownEvent
    expect(staleness([...s.events, late], s.header).stale).toBe(true)
  })

  it('a seed cut after sections went out', () => {
    const s = turns(4)
    s.push('session/end-seed', { inherited: true })
    expect(staleness(s.events, s.header).stale).toBe(true)
  })

  it('a tool result in the same turn, or a to-do list in order, is no change', () => {
    const s = turns(6, (t, b) => {
      const id = b.call('todo_write', { todos: [] }).data.callId
      b.push('todo/write', { todos: [{ content: `t${t}`, status: 'pending' }] })
      b.result(id, 'ok')
    })
    expect(staleness(s.events, s.header)).toEqual({ stale: false, handed: 5 })
  })
})
