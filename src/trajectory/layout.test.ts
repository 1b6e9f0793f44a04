/**
 * Ledger layout (trajectory.md §3.1, §4.1 turn placement, §4.7 tool-change rows): sections and groups,
 * where USER / CONTEXT / SYSTEM rows go, "Between turns" compactions, input row texts.
 */
import { describe, expect, it } from 'vitest'
import type { ContentBlock } from '../log/events/schema'
import { session, text } from '../log/testing/session'
import { rows, trajectoryOf } from './testing'

describe('sections and groups', () => {
  it('turns and standalone compactions sort by their first record; inputs join the next assistant turn', () => {
    const s = session()
    s.turnStart()
    s.user('first prompt')
    s.stepStart()
    s.assistant('answer one')
    s.stepEnd()
    s.turnEnd()
    s.push('compaction/start', { compactionId: 'c', turn: null })
    s.push('compaction/end', { compactionId: 'c' })
    s.user('second prompt') // before turn 2's turn/start: still turn 2 (the next assistant's)
    s.turnStart()
    s.user('runtime', { kind: 'runtime-context' })
    s.stepStart()
    s.assistant('answer two')
    s.stepEnd()
    s.turnEnd()
    s.user('trailing prompt') // no later assistant: the last assistant turn + 1
    const snapshot = trajectoryOf(s)
    expect(rows(snapshot)).toEqual([
      '1 Message USER first prompt',
      '1 Step 1 MESSAGE answer one',
      '- Compaction 6 COMPACTED layout.compacted',
      '2 Message USER second prompt',
      '2 Message CONTEXT runtime',
      '2 Step 1 MESSAGE answer two',
      '3 Message USER trailing prompt',
    ])
    expect(snapshot.sections.map((sec) => sec.turn)).toEqual([1, null, 2, 3])
  })

  it('the initial system prompt goes first, into the smallest turn; a later update into the next assistant turn', () => {
    const s = session()
    s.turnStart()
    s.turnStart() // turn 2 (turn 1 never ran)
    s.user('hello')
    s.stepStart()
    s.push('system/message', { turn: 2, step: 1, message: { role: 'system', content: [text('sys')], source: { kind: 'system-prompt' }, id: 's1' } }, { surfaceOp: 'append' })
    s.assistant('hi')
    s.stepEnd()
    s.turnEnd()
    s.push('system/message', { turn: 2, step: 1, message: { role: 'system', content: [text('sys 2')], source: { kind: 'system-prompt' }, id: 's2' } }, { surfaceOp: 'append' })
    s.turnStart()
    s.stepStart()
    s.assistant('again')
    const snapshot = trajectoryOf(s)
    expect(rows(snapshot)).toEqual([
      '2 Message SYSTEM layout.initialSystemPrompt',
      '2 Message USER hello',
      '2 Step 1 MESSAGE hi',
      '3 Message SYSTEM layout.systemPromptUpdated', // a later append is an in-history update
      '3 Step 1 MESSAGE again',
    ])
  })

  it('each system prompt update joins the turn of the first step message after it, wherever it falls', () => {
    const s = session()
    const update = (n: number) => s.push('system/message', { turn: n, step: 1, message: { role: 'system', content: [text(`sys ${n}`)], source: { kind: 'system-prompt' }, id: `s${n}` } }, { surfaceOp: 'append' })
    update(0)
    for (let turn = 1; turn <= 5; turn++) {
      s.turnStart()
      s.user(`prompt ${turn}`)
      if (turn % 2 === 0) update(turn) // an update between the user message and the step: this turn
      s.stepStart()
      s.assistant(`answer ${turn}`)
      s.stepEnd()
      s.turnEnd()
      if (turn === 3) update(30) // after turn 3's step: the next turn's
    }
    update(99) // no step message after it: turn 1
    const snapshot = trajectoryOf(s)
    const systems = snapshot.records.filter((r) => r.kind === 'system').map((r) => `${r.turn} ${r.systemText ?? ''}`)
    expect(systems).toEqual(['1 sys 0', '2 sys 2', '4 sys 30', '4 sys 4', '1 sys 99'])
  })

  it('a request-only marker opens its step group; later messages go after it', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.user('prompt after the step opened')
    s.stepEnd()
    s.turnEnd()
    expect(rows(trajectoryOf(s))).toEqual(['1 Step 1 MESSAGE (request)', '1 Message USER prompt after the step opened'])
  })
})

describe('input rows', () => {
  const add = (name: string): ContentBlock => ({ type: 'tool-addition', toolName: name })
  const remove = (name: string): ContentBlock => ({ type: 'tool-removal', toolName: name })
  it.each<[string, ContentBlock[], object]>([
    ['one tool added', [add('web')], { labels: [{ key: 'layout.toolAdded', values: { name: 'web' } }] }],
    ['one tool removed', [remove('web')], { labels: [{ key: 'layout.toolRemoved', values: { name: 'web' } }] }],
    ['several added', [add('a'), add('b')], { labels: [{ key: 'layout.toolUpdateNotice' }, { key: 'layout.toolsAddedCount', values: { count: 2 } }], inputDetailLabels: [{ key: 'layout.toolsAdded', values: { names: 'a, b' } }] }],
    ['several removed', [remove('a'), remove('b')], { labels: [{ key: 'layout.toolUpdateNotice' }, { key: 'layout.toolsRemovedCount', values: { count: 2 } }], inputDetailLabels: [{ key: 'layout.toolsRemoved', values: { names: 'a, b' } }] }],
    ['added and removed', [add('a'), remove('c')], { labels: [{ key: 'layout.toolUpdateNotice' }, { key: 'layout.toolsChanged', values: { added: 1, removed: 1 } }], inputDetailLabels: [{ key: 'layout.toolsAdded', values: { names: 'a' } }, { key: 'layout.toolsRemoved', values: { names: 'c' } }] }],
  ])('tool change: %s', (_name, content, want) => {
    const s = session()
    s.user(content, { kind: 'tool-catalog' })
    expect(trajectoryOf(s).records[0]).toMatchObject({ kind: 'context', ...want })
  })

  it('a developer/message of tool-change blocks is a CONTEXT row; any other shows nothing', () => {
    const s = session()
    s.push('developer/message', { message: { role: 'developer', content: [add('web')] } })
    s.push('developer/message', { message: { role: 'developer', content: [text('note')] } })
    const snapshot = trajectoryOf(s)
    expect(rows(snapshot)).toEqual(['1 Message CONTEXT layout.toolAdded'])
    expect(snapshot.unexplained).toEqual([])
  })

  it('attachments are counted, the first text block previewed, the source kept', () => {
    const s = session()
    s.user([{ type: 'image', attachment: {} }, { type: 'image', attachment: {} }, { type: 'file', attachment: {} }, text('look at *these*')])
    expect(trajectoryOf(s).records[0]).toMatchObject({
      kind: 'user', opensTurn: true, preview: 'look at these', inputDetail: 'look at *these*', source: { kind: 'user' }, duration: 0,
      labels: [{ key: 'layout.imageCount', values: { count: 2 } }, { key: 'layout.fileAttachments', values: { count: 1 } }],
    })
  })

  it('a user prompt is steering only while a next-step claim holds its id', () => {
    const s = session()
    s.turnStart()
    s.push('agent/inbox/spliced', { target: 'next-step', start: 0, inserted: [{ id: 'a' }, { id: 'b' }] })
    s.push('agent/inbox/spliced', { target: 'next-step', start: 0, removedCount: 1, inserted: [] }) // claims a
    s.push('user/message', { id: 'a', role: 'user', content: [text('steer')], source: { kind: 'user' } }, { surfaceOp: 'append' })
    s.push('user/message', { id: 'b', role: 'user', content: [text('not claimed')], source: { kind: 'user' } }, { surfaceOp: 'append' })
    s.push('agent/inbox/spliced', { target: 'next-step', start: 0, removedCount: 1, inserted: [], outcome: 'canceled' }) // b dropped, not claimed
    s.push('user/message', { id: 'b', role: 'user', content: [text('still not')], source: { kind: 'user' } }, { surfaceOp: 'append' })
    const kinds = trajectoryOf(s).records.map((r) => [r.preview, r.steering ?? false, r.opensTurn ?? false])
    expect(kinds).toEqual([['steer', true, false], ['not claimed', false, true], ['still not', false, true]])
  })
})
