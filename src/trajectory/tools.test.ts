/**
 * Tools (trajectory.md §4.6, §3.1): one TOOL record per tool-call block filled by its result, result text and
 * detail rules, PTC sub-calls nested depth first, interruption at a closed step or turn, orphan results in
 * turn 0 "Step 1" folded into Turn 1, refused edges reported, the depth guard, and tool counts per request.
 */
import { describe, expect, it } from 'vitest'
import type { ContentBlock } from '../log/events/schema'
import { session, text, toolCallBlock, type SessionBuilder } from '../log/testing/session'
import { MAX_CALL_DEPTH } from './fold/tools'
import { ledger, rows, trajectoryOf } from './testing'

function withCall(name: string, args: unknown, finish: (s: SessionBuilder, callId: string) => void): SessionBuilder {
  const s = session()
  s.turnStart()
  s.stepStart()
  s.assistant([toolCallBlock('c1', name, args)])
  s.call(name, args, 'c1')
  finish(s, 'c1')
  return s
}

describe('result text and detail (§4.6)', () => {
  const image: ContentBlock = { type: 'image', attachment: { attachmentId: 'a' } }
  it.each<[string, { content: ContentBlock[]; isError?: boolean; error?: { name: string; code: string } }, object]>([
    ['an error: its code; detail name: code', { content: [text('Error: not found')], isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } }, { text: 'FS_NOT_FOUND', labels: [], detail: 'FsError: FS_NOT_FOUND', isError: true }],
    ['an error without its error object', { content: [text('x')], isError: true }, { text: 'error', detail: 'error' }],
    ['the first non-empty text block, as a preview; detail joins every text block', { content: [text(''), text('**one**'), text('two')] }, { text: '', preview: 'one', detail: '\n**one**\ntwo' }],
    ['images only', { content: [image, image] }, { labels: [{ key: 'layout.imageCount', values: { count: 2 } }], detailLabels: [{ key: 'layout.imageCount', values: { count: 2 } }] }],
    ['no content: No output', { content: [] }, { labels: [{ key: 'record.noOutput' }], detailLabels: [{ key: 'record.noOutput' }] }],
    ['only empty text: No output', { content: [text('')] }, { labels: [{ key: 'record.noOutput' }], detailLabels: [{ key: 'record.noOutput' }] }],
    ['other blocks: the detail is their JSON', { content: [{ type: 'resource', uri: 'x' }] }, { labels: [{ key: 'record.noOutput' }], detail: JSON.stringify([{ type: 'resource', uri: 'x' }], null, 2) }],
  ])('%s', (_name, result, want) => {
    const s = withCall('bash', { command: 'ls' }, (b, id) => b.result(id, '', { content: result.content, ...(result.isError === undefined ? {} : { isError: result.isError }), ...(result.error === undefined ? {} : { error: result.error }) }))
    const tool = trajectoryOf(s).records.find((r) => r.kind === 'tool')
    expect(tool?.result).toMatchObject(want)
    expect(tool).toMatchObject({ text: 'bash', preview: '{"command":"ls"}', inputDetail: '{"command":"ls"}', status: result.isError === true ? 'error' : 'complete' })
  })
})

describe('a tool call', () => {
  it('starts at its tool/call and lasts until its result', () => {
    const s = withCall('bash', {}, (b, id) => b.result(id, 'ok'))
    const tool = trajectoryOf(s).records.find((r) => r.kind === 'tool')
    expect(tool).toMatchObject({ startedAt: s.timeOf(3), duration: 1000, seq: 3, callId: 'c1', toolName: 'bash', request: 1 })
  })

  it('is running while it has no result and its step is open', () => {
    const tool = trajectoryOf(withCall('bash', {}, () => {})).records.find((r) => r.kind === 'tool')
    expect(tool).toMatchObject({ status: 'running', duration: null })
    expect(tool?.result).toBeUndefined()
  })

  it.each<[string, (s: SessionBuilder) => void, number]>([
    ['its step closed', (s) => s.stepEnd(), 4],
    ['its turn closed', (s) => s.turnEnd(), 4],
  ])('is interrupted when %s without a result, with its running sub-calls', (_name, close, closeSeq) => {
    const s = withCall('run_code', { code: 'x' }, (b, id) => {
      b.dispatchStart(id, 'bash', { command: 'sleep' })
      close(b)
    })
    const records = trajectoryOf(s).records
    for (const kind of ['tool', 'subtool'] as const) {
      const record = records.find((r) => r.kind === kind)
      expect(record?.result).toMatchObject({ isError: true, interrupted: true, text: 'interrupted', error: { name: 'Interrupted', code: 'interrupted' }, blocks: [] })
      expect(record?.status).toBe('error')
    }
    expect(records.find((r) => r.kind === 'tool')?.duration).toBe(s.timeOf(closeSeq + 1) - s.timeOf(3))
  })
})

describe('PTC sub-calls', () => {
  it('nest depth first under their parent, in first-seen order, and count per request', () => {
    const s = withCall('run_code', { code: 'x' }, (b, id) => {
      b.dispatchStart(id, 'bash', { a: 1 }, 1)
      b.dispatchStart(`${id}:code:1`, 'read', { b: 2 }, 1, id) // nested under the first sub-call
      b.dispatchEnd(`${id}:code:1`, 'read', { b: 2 }, 'r', { n: 1, rootCallId: id })
      b.dispatchEnd(id, 'bash', { a: 1 }, 'done', { n: 1 })
      b.dispatchEnd(id, 'grep', { c: 3 }, 'g', { n: 2 }) // a settle with no start
      b.result(id, '{}')
      b.stepEnd()
    })
    const snapshot = trajectoryOf(s)
    expect(rows(snapshot).slice(-4)).toEqual(['1 Step 1 TOOL run_code {"code":"x"}', '1 Step 1 SUBTOOL bash {"a":1}', '1 Step 1 SUBTOOL read {"b":2}', '1 Step 1 SUBTOOL grep {"c":3}'])
    const subs = snapshot.records.filter((r) => r.kind === 'subtool')
    expect(subs.map((r) => [r.parentCallId, r.startedAt, r.duration])).toEqual([
      ['c1', s.timeOf(4), 3000],
      ['c1:code:1', s.timeOf(5), 1000],
      ['c1', null, null],
    ])
    expect(snapshot.requests[0]).toMatchObject({ toolCalls: 1, subtoolCalls: 3 })
    expect(snapshot.totals).toMatchObject({ toolCalls: 1, subtoolCalls: 3 })
  })

  it('reports refused edges and sub-calls no loaded call owns, never dropping them silently', () => {
    const s = withCall('run_code', { code: 'x' }, (b, id) => {
      b.push('tool/code-dispatch-start', { rootCallId: id, parentCallId: 'x1', subCallId: 'x1', name: 'bash', arguments: {} }) // its own parent
      b.push('tool/code-dispatch-start', { rootCallId: id, parentCallId: 'ghost', subCallId: 'lost', name: 'bash', arguments: {} }) // parent never loaded
      b.push('tool/code-dispatch-start', { rootCallId: 'nobody', parentCallId: 'nobody', subCallId: 'orphan', name: 'bash', arguments: {} }) // no root call
    })
    const unexplained = trajectoryOf(s).unexplained
    expect(unexplained.map((u) => u.reason)).toEqual([
      'sub-call x1 is its own parent',
      'sub-call lost: its parent is not a loaded call of c1',
      'sub-call orphan of call nobody, which no loaded tool/call or tool/result names',
    ])
  })

  it(`guards nesting at ${MAX_CALL_DEPTH} (the root counts), without recursion`, () => {
    const s = withCall('run_code', { code: 'x' }, (b, id) => {
      let parent = id
      for (let depth = 1; depth <= MAX_CALL_DEPTH; depth++) {
        const child = `${id}/${depth}`
        b.push('tool/code-dispatch-start', { rootCallId: id, parentCallId: parent, subCallId: child, name: 'bash', arguments: {} })
        parent = child
      }
    })
    const snapshot = trajectoryOf(s)
    expect(snapshot.records.filter((r) => r.kind === 'subtool')).toHaveLength(MAX_CALL_DEPTH - 1)
    expect(snapshot.unexplained.map((u) => u.reason)).toEqual([`sub-call c1/${MAX_CALL_DEPTH} under c1/${MAX_CALL_DEPTH - 1} nests deeper than ${MAX_CALL_DEPTH}`])
  })
})

describe('placement (§3.1)', () => {
  it('a result whose call is in no loaded message becomes a TOOL row in turn 0 "Step 1", folded into Turn 1', () => {
    const s = session()
    s.turnStart()
    s.call('bash', { x: 1 }, 'c9') // no assistant message names it
    s.result('c9', 'orphaned')
    s.stepStart()
    s.assistant('hello')
    s.stepEnd()
    s.turnEnd()
    const snapshot = trajectoryOf(s)
    expect(rows(snapshot)).toEqual(['1 Step 1 TOOL bash {"x":1}', '1 Step 1 MESSAGE hello'])
    expect(snapshot.sections[0]?.groups.map((g) => g.key)).toEqual([{ kind: 'step', step: 1 }, { kind: 'step', step: 1 }])
  })

  it('an orphan result with no call reads as its result', () => {
    const s = session()
    s.turnStart()
    s.result('c7', 'late output')
    const record = ledger(trajectoryOf(s))[0]
    expect(record).toMatchObject({ kind: 'tool', text: '', preview: 'late output', turn: 1, group: { kind: 'step', step: 1 } })
    expect(record?.toolName).toBeUndefined()
  })

  it('a run_code row carries its program; a tool-call-only assistant row its label', () => {
    const s = withCall('run_code', { description: 'Echo it', code: 'echo' }, (b, id) => b.result(id, 'ok'))
    const snapshot = trajectoryOf(s)
    expect(snapshot.records.find((r) => r.kind === 'tool')?.program).toEqual({ code: 'echo', description: 'Echo it', language: null })
    expect(snapshot.records.find((r) => r.kind === 'message')).toMatchObject({ labels: [{ key: 'layout.toolCallOnly' }], text: '' })
  })
})
