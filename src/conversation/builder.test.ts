/**
 * The fold as a whole: sections and Chat order (cards.md §3.6), raw entries in place, commands,
 * compaction and replacement markers (log-format.md §7.1), the seed cut (§2.6), and live-mode caching.
 */
import { describe, expect, it } from 'vitest'
import type { ParsedLine } from '../log/parsed-line'
import { session, type SessionBuilder } from '../log/testing/session'
import { compareNodes } from './section'
import { assemble, chatNodes, ConversationBuilder, type ChatNode } from './index'
import { linesOf } from './testing'

const nodes = (lines: ParsedLine[]): ChatNode[] => chatNodes(assemble(lines))

describe('Chat order', () => {
  it('sorts by anchorSeq, ties by key (code-unit order)', () => {
    const at = (anchorSeq: number, key: string): ChatNode => ({ kind: 'replacement', key, anchorSeq, inherited: false, seq: 0, eventType: 't', start: 0, end: 0 })
    const sorted = [at(2, 'b'), at(1, 'z'), at(2, 'B'), at(2, 'a')].sort(compareNodes)
    expect(sorted.map((n) => `${n.anchorSeq}${n.key}`)).toEqual(['1z', '2B', '2a', '2b'])
  })

  it('puts steps in log order: assistant at its message seq, each tool tree at its call, the tail after the closing message', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.user('go')
    log.assistant('looking')
    log.call('bash', {}, 'c1')
    log.result('c1', 'ok')
    log.stepEnd()
    log.stepStart()
    const closing = log.assistant('done')
    log.stepEnd()
    log.turnEnd()
    const order = nodes(linesOf(log)).map((n) => [n.key, n.anchorSeq])
    expect(order).toEqual([['user:2', 2], ['assistant:1.1@1', 3], ['tool:c1', 4], ['assistant:1.2@7', closing.seq], ['tail:0', closing.seq + 0.1]])
  })

  it('groups turns and the stretches between them into sections that never interleave', () => {
    const log = session()
    log.push('command/run', { commandId: 'k', name: 'compact', args: ' now', source: { kind: 'user' } })
    log.turnStart()
    log.turnEnd()
    log.push('command/done', { commandId: 'k', kind: 'success', text: 'Compacted.' })
    const model = assemble(linesOf(log))
    expect(model.sections.map((s) => [s.key, s.turn, s.nodes.map((n) => n.key)])).toEqual([
      ['between@0', null, ['command:k']],
      ['turn@1', 1, ['tail:1']],
    ])
    expect(chatNodes(model)[0]).toMatchObject({ kind: 'command', name: 'compact', args: ' now', status: 'success', text: 'Compacted.', runSeq: 0, doneSeq: 3 })
  })
})

describe('raw entries stay in place', () => {
  it('an unknown event keeps its seq; an invalid line sits after the event before it', () => {
    const log = session()
    log.turnStart()
    const lines: ParsedLine[] = [
      ...linesOf(log),
      { kind: 'unknown', line: 3, event: { type: 'agent/harness', seq: 1, time: null, data: { harness: 'dsh' } }, reason: 'unknown event type' },
      { kind: 'invalid', line: 4, text: '{"type":', reason: 'not JSON' },
      { kind: 'invalid', line: 10, text: 'x', reason: 'not JSON' },
    ]
    expect(nodes(lines).map((n) => (n.kind === 'raw' ? [n.key, n.anchorSeq, n.rawKind, n.reason] : n.key))).toEqual([
      ['raw:1', 1, 'unknown', 'unknown event type'],
      ['line:000000004', 1.5, 'invalid', 'not JSON'],
      ['line:000000010', 1.5, 'invalid', 'not JSON'],
    ])
    expect(assemble(lines).facts).toMatchObject({ unknownEvents: 1, invalidLines: 2 })
  })
})

describe('compaction and replacement markers', () => {
  it('a compaction is one marker; its replacement message never renders as a message', () => {
    const log = session()
    log.push('compaction/start', { compactionId: 'k1', turn: null })
    log.push('compaction/summary', { compactionId: 'k1', summary: [{ type: 'text', text: 'sum' }], shadowedSeqs: [1, 2], shadowedTokenCount: 900 })
    const replacement = log.push('user/message', { id: 'm', role: 'user', content: [{ type: 'text', text: '<compacted-summary>' }], source: { kind: 'compact-checkpoint', compactionId: 'k1' } }, { surfaceOp: { op: 'replace', start: 1, end: 2 } })
    log.push('compaction/end', { compactionId: 'k1', turn: null })
    expect(nodes(linesOf(log))).toEqual([expect.objectContaining({
      kind: 'compaction', key: 'compaction:k1', anchorSeq: 0, status: 'done', summary: [{ type: 'text', text: 'sum' }], shadowedSeqs: [1, 2], shadowedTokenCount: 900, replacementSeqs: [replacement.seq],
    })])
  })

  it('an unclaimed replacement is a marker, not a message or tool result', () => {
    const log = session()
    log.push('compaction/prune', { shadowedSeqs: [0], shadowedTokenCount: 5 })
    log.push('tool/result', { turn: 1, step: 1, message: { id: 'r', role: 'user', source: { kind: 'tool', callId: 'c' }, content: [{ type: 'tool-result', toolCallId: 'c', content: [] }] } }, { surfaceOp: { op: 'replace', start: 0, end: 0 } })
    expect(nodes(linesOf(log)).map((n) => [n.kind, n.key])).toEqual([['compaction', 'prune:0'], ['replacement', 'replacement:1']])
  })
})

describe('seed cut (inherited history)', () => {
  function fork(header: SessionBuilder['header'] extends infer H ? Partial<H> : never, marker: Record<string, unknown> | null): SessionBuilder {
    const log = session({ header })
    log.turnStart()
    log.stepStart()
    log.user('parent prompt')
    log.stepEnd()
    log.turnEnd()
    if (marker !== null) log.push('session/end-seed', marker)
    log.turnStart()
    log.stepStart()
    log.user('own prompt')
    return log
  }
  const inherited = (log: SessionBuilder) => nodes(linesOf(log)).filter((n) => n.kind === 'user').map((n) => n.inherited)

  it.each<[string, SessionBuilder, boolean[], number | null]>([
    ['v2+ tagged end-seed', fork({ isSeeded: true, parentSession: 'p' }, { inherited: true }), [true, false], 5],
    ['v0 seedLength', fork({ seedLength: 5, parentSession: 'p' }, {}), [true, false], 5],
    ['an untagged end-seed in an unseeded log (a resume) inherits nothing', fork({ isSeeded: false }, {}), [false, false], null],
  ])('%s', (_name, log, expected, cut) => {
    expect(inherited(log)).toEqual(expected)
    expect(assemble(linesOf(log)).facts.inheritedBeforeSeq).toBe(cut)
  })
})

describe('live mode', () => {
  it('a closed turn keeps its section object across appends (not recomputed)', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.user('one')
    log.stepEnd()
    log.turnEnd()
    const firstTurn = log.events.length
    log.turnStart()
    log.stepStart()
    for (let i = 0; i < 5; i++) log.chunk({ type: 'text-delta', index: 0, text: `${i} ` })
    const lines = linesOf(log, { header: false })
    const builder = new ConversationBuilder({ live: true })
    builder.append(lines.slice(0, firstTurn + 2))
    const before = builder.snapshot().sections[0]
    const streamed: string[] = []
    for (const line of lines.slice(firstTurn + 2)) {
      builder.append([line])
      const snap = builder.snapshot()
      expect(snap.sections[0]).toBe(before)
      const live = snap.sections[1]?.nodes.find((n) => n.kind === 'assistant')
      if (live?.kind === 'assistant') streamed.push(live.blocks.map((b) => (b.type === 'markdown' ? b.text : '')).join(''))
    }
    expect(streamed).toEqual(['0 ', '0 1 ', '0 1 2 ', '0 1 2 3 ', '0 1 2 3 4 '])
  })
})
