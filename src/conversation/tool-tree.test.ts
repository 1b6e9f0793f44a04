/**
 * Tool-call pairing, orphans, replacement, code-dispatch topology and interruption (cards.md §3.3), driven
 * through the whole fold with typed session builders.
 */
import { describe, expect, it } from 'vitest'
import { session, type SessionBuilder } from '../log/testing/session'
import { assemble, chatNodes, MAX_DISPATCH_DEPTH, type ChatNode, type ToolCallNode } from './index'
import { linesOf } from './testing'

const nodes = (log: SessionBuilder): ChatNode[] => chatNodes(assemble(linesOf(log)))
const tools = (log: SessionBuilder): ToolCallNode[] => nodes(log).flatMap((n) => (n.kind === 'tool' ? [n.call] : []))
const rawReasons = (log: SessionBuilder): string[] => nodes(log).flatMap((n) => (n.kind === 'raw' ? [n.reason] : []))

function openStep(): SessionBuilder {
  const log = session()
  log.turnStart()
  log.stepStart()
  return log
}

describe('pairing by callId', () => {
  it('settles a call with its result: content, isError, error, meta, raw args verbatim', () => {
    const log = openStep()
    const call = log.call('read', '{"file_path": "a.ts"}', 'c1')
    const result = log.result('c1', 'body', { isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' }, meta: { lines: 3 } })
    const [node] = tools(log)
    expect(node).toMatchObject({ callId: 'c1', name: 'read', argsRaw: '{"file_path": "a.ts"}', hasCallHead: true, seq: call.seq, parentCallId: null })
    expect(node?.result).toEqual({ seq: result.seq, time: result.time, content: [{ type: 'text', text: 'body' }], isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' }, meta: { lines: 3 }, synthetic: false })
  })

  it('keeps parallel calls apart and anchors each tree at its tool/call seq', () => {
    const log = openStep()
    const a = log.call('bash', { command: 'a' }, 'a')
    const b = log.call('bash', { command: 'b' }, 'b')
    log.result('b', 'B')
    log.result('a', 'A')
    const trees = nodes(log).filter((n) => n.kind === 'tool')
    expect(trees.map((n) => [n.key, n.anchorSeq])).toEqual([['tool:a', a.seq], ['tool:b', b.seq]])
    expect(tools(log).map((t) => t.result?.content)).toEqual([[{ type: 'text', text: 'A' }], [{ type: 'text', text: 'B' }]])
  })

  it('omits meta when the result has none', () => {
    const log = openStep()
    log.call('bash', {}, 'c1')
    log.result('c1', 'x')
    expect(Object.hasOwn(tools(log)[0]?.result ?? {}, 'meta')).toBe(false)
  })

  it('an orphan result has no call head, name "" and anchors at the result', () => {
    const log = openStep()
    const result = log.result('ghost', 'started subagent child-9')
    const [node] = nodes(log)
    expect(node).toMatchObject({ kind: 'tool', key: 'tool:ghost', anchorSeq: result.seq })
    expect(tools(log)[0]).toMatchObject({ callId: 'ghost', name: '', argsRaw: '', hasCallHead: false, seq: result.seq })
  })

  it('a second result replaces the first and drops the call head', () => {
    const log = openStep()
    const call = log.call('bash', { command: 'x' }, 'c1')
    log.result('c1', 'first')
    const second = log.result('c1', 'second')
    const [node] = tools(log)
    expect(node).toMatchObject({ name: '', argsRaw: '', hasCallHead: false, seq: call.seq })
    expect(node?.result).toMatchObject({ seq: second.seq, content: [{ type: 'text', text: 'second' }] })
  })

  it('a reused call id starts a new tree with a seq-qualified key', () => {
    const log = openStep()
    log.call('bash', {}, 'dup')
    log.result('dup', 'one')
    const again = log.call('bash', {}, 'dup')
    log.result('dup', 'two')
    expect(nodes(log).filter((n) => n.kind === 'tool').map((n) => n.key)).toEqual(['tool:dup', `tool:dup@${again.seq}`])
  })
})

describe('synthetic interruption vs running', () => {
  it.each([
    ['step closed', (log: SessionBuilder) => log.stepEnd()],
    ['turn closed without step/end', (log: SessionBuilder) => log.turnEnd({ kind: 'aborted' })],
  ])('%s: a running call settles as interrupted at boundary − 0.8', (_name, close) => {
    const log = openStep()
    log.call('bash', {}, 'c1')
    const boundary = close(log)
    expect(tools(log)[0]?.result).toEqual({ seq: boundary.seq - 0.8, time: boundary.time, content: [], isError: true, error: { name: 'Interrupted', code: 'interrupted' }, synthetic: true })
  })

  it('the step boundary wins over the turn boundary', () => {
    const log = openStep()
    log.call('bash', {}, 'c1')
    const stepEnd = log.stepEnd()
    log.turnEnd()
    expect(tools(log)[0]?.result?.seq).toBe(stepEnd.seq - 0.8)
  })

  it('an open step leaves the call running (result null)', () => {
    const log = openStep()
    log.call('bash', {}, 'c1')
    expect(tools(log)[0]?.result).toBeNull()
  })

  it('a real result is never replaced by the synthetic one', () => {
    const log = openStep()
    log.call('bash', {}, 'c1')
    log.result('c1', 'ok')
    log.stepEnd()
    expect(tools(log)[0]?.result?.synthetic).toBe(false)
  })

  it('running children of a settled root are interrupted at the root step boundary', () => {
    const log = openStep()
    log.call('run_code', { code: '…' }, 'root')
    log.dispatchStart('root', 'bash', { command: 'sleep' })
    log.result('root', 'done')
    const end = log.stepEnd()
    const child = tools(log)[0]?.subCalls[0]
    expect(child?.result).toMatchObject({ synthetic: true, seq: end.seq - 0.8, error: { code: 'interrupted' } })
  })
})

describe('code-dispatch topology', () => {
  it('nests children in dispatch order with compact re-serialised args; settle replaces the running child', () => {
    const log = openStep()
    log.call('run_code', { code: '…' }, 'root')
    const start1 = log.dispatchStart('root', 'bash', { command: 'echo 1', description: 'one' }, 1)
    log.dispatchStart('root', 'read', { file_path: 'x' }, 2)
    log.dispatchEnd('root', 'bash', { command: 'echo 1', description: 'one' }, '1\n', { n: 1 })
    const [root] = tools(log)
    expect(root?.subCalls.map((c) => [c.callId, c.name, c.argsRaw, c.parentCallId])).toEqual([
      ['root:code:1', 'bash', '{"command":"echo 1","description":"one"}', 'root'],
      ['root:code:2', 'read', '{"file_path":"x"}', 'root'],
    ])
    expect(root?.subCalls[0]).toMatchObject({ seq: start1.seq, callTime: start1.time, result: { content: [{ type: 'text', text: '1\n' }], isError: false } })
    expect(root?.subCalls[1]?.result).toBeNull()
  })

  it('supports grandchildren under a child parent', () => {
    const log = openStep()
    log.call('run_code', {}, 'root')
    log.dispatchStart('root', 'run_code', {}, 1)
    log.dispatchStart('root:code:1', 'bash', {}, 1, 'root')
    const child = tools(log)[0]?.subCalls[0]
    expect(child?.subCalls.map((c) => [c.callId, c.parentCallId])).toEqual([['root:code:1:code:1', 'root:code:1']])
  })

  it('a settle with no start appends the child; a repeated start changes nothing', () => {
    const log = openStep()
    log.call('run_code', {}, 'root')
    log.dispatchEnd('root', 'bash', { a: 1 }, 'out', { isError: true })
    log.dispatchStart('root', 'bash', { a: 2 }, 1)
    const [child] = tools(log)[0]?.subCalls ?? []
    expect(child).toMatchObject({ argsRaw: '{"a":1}', callTime: null, result: { isError: true } })
    expect(tools(log)[0]?.subCalls).toHaveLength(1)
  })

  it.each<[string, (log: SessionBuilder) => void, string]>([
    ['self edge', (log) => log.push('tool/code-dispatch-start', { rootCallId: 'root', parentCallId: 'x', subCallId: 'x', name: 'bash', arguments: {} }), 'self'],
    ['cycle through the root', (log) => log.push('tool/code-dispatch-start', { rootCallId: 'root', parentCallId: 'root:code:1', subCallId: 'root', name: 'bash', arguments: {} }), 'cycle'],
    ['unknown parent', (log) => log.push('tool/code-dispatch-start', { rootCallId: 'root', parentCallId: 'nobody', subCallId: 'root:code:9', name: 'bash', arguments: {} }), 'unknown-parent'],
    ['re-parent an id placed in another tree', (log) => {
      log.call('run_code', {}, 'other')
      log.push('tool/code-dispatch-start', { rootCallId: 'other', parentCallId: 'other', subCallId: 'root:code:1', name: 'bash', arguments: {} })
    }, 'already-placed'],
  ])('rejects a %s and keeps the event visible raw', (_name, act, reason) => {
    const log = openStep()
    log.call('run_code', {}, 'root')
    log.dispatchStart('root', 'bash', {}, 1)
    act(log)
    expect(rawReasons(log)).toEqual([`code-dispatch edge rejected: ${reason}`])
    expect(tools(log)[0]?.subCalls.map((c) => c.callId)).toEqual(['root:code:1'])
  })

  it(`caps nesting at depth ${MAX_DISPATCH_DEPTH}`, () => {
    const log = openStep()
    log.call('run_code', {}, 'd0')
    for (let depth = 1; depth <= MAX_DISPATCH_DEPTH + 1; depth++)
      log.push('tool/code-dispatch-start', { rootCallId: 'd0', parentCallId: `d${depth - 1}`, subCallId: `d${depth}`, name: 'run_code', arguments: {} })
    let deepest = tools(log)[0]
    let depth = 0
    while (deepest !== undefined && deepest.subCalls.length > 0) {
      deepest = deepest.subCalls[0]
      depth++
    }
    expect(depth).toBe(MAX_DISPATCH_DEPTH)
    expect(rawReasons(log)).toEqual(['code-dispatch edge rejected: depth'])
  })

  it('dispatch events without a root call form a head-less tree, never a guessed one', () => {
    const log = openStep()
    const start = log.dispatchStart('lost', 'bash', {}, 1)
    expect(nodes(log)).toMatchObject([{ kind: 'tool', key: 'tool:lost', anchorSeq: start.seq, call: { name: '', hasCallHead: false, subCalls: [{ name: 'bash' }] } }])
  })
})
