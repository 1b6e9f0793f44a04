/** Turn tails and Deliverables (cards.md §3.6, §12). */
import { describe, expect, it } from 'vitest'
import { session, type SessionBuilder } from '../log/testing/session'
import { assemble, chatNodes, type TurnTailNode } from './index'
import { linesOf } from './testing'

const tails = (log: SessionBuilder): TurnTailNode[] => chatNodes(assemble(linesOf(log))).flatMap((n) => (n.kind === 'turn-tail' ? [n] : []))

function turn(body: (log: SessionBuilder) => void, closing = 'All done.'): SessionBuilder {
  const log = session()
  log.turnStart()
  log.stepStart()
  body(log)
  log.stepEnd()
  log.stepStart()
  if (closing !== '') log.assistant(closing)
  log.stepEnd()
  log.turnEnd()
  return log
}

const ok = (name: string, args: unknown) => (log: SessionBuilder) => log.result(log.call(name, args).data.callId, 'ok')

describe('Deliverables', () => {
  it.each<[string, (log: SessionBuilder) => void, string[]]>([
    ['write', ok('write', { file_path: '/p/a.ts', content: 'x' }), ['/p/a.ts']],
    ['edit', ok('edit', { file_path: '/p/b.ts', old_string: 'a', new_string: 'b' }), ['/p/b.ts']],
    ['str_replace_editor create', ok('str_replace_editor', { command: 'create', path: '/p/c.ts' }), ['/p/c.ts']],
    ['str_replace_editor str_replace', ok('str_replace_editor', { command: 'str_replace', path: '/p/d.ts' }), ['/p/d.ts']],
    ['str_replace_editor insert', ok('str_replace_editor', { command: 'insert', path: '/p/e.ts' }), ['/p/e.ts']],
    ['str_replace_editor view', ok('str_replace_editor', { command: 'view', path: '/p/f.ts' }), []],
    ['another tool', ok('bash', { command: 'touch x', file_path: '/p/x' }), []],
    ['a failed write', (log) => log.result(log.call('write', { file_path: '/p/a' }).data.callId, 'no', { isError: true }), []],
    ['an interrupted write (no result)', (log) => log.call('write', { file_path: '/p/a' }), []],
    ['an orphan result', (log) => log.result('ghost', 'ok'), []],
    ['a missing path', ok('write', { content: 'x' }), []],
    ['unparsable arguments', ok('write', '{"file_path": "/p/a"'), []],
    ['a code-dispatch child write', (log) => {
      log.call('run_code', {}, 'root')
      log.dispatchEnd('root', 'write', { file_path: '/p/child' }, 'ok')
      log.result('root', 'ok')
    }, []],
    ['results in result order, deduplicated first-seen', (log) => {
      const a = log.call('write', { file_path: '/p/a' })
      const b = log.call('edit', { file_path: '/p/b', old_string: '', new_string: '' })
      log.result(b.data.callId, 'ok')
      log.result(a.data.callId, 'ok')
      ok('edit', { file_path: '/p/b' })(log)
    }, ['/p/b', '/p/a']],
  ])('%s', (_name, body, expected) => {
    expect(tails(turn(body))[0]?.deliverables).toEqual(expected)
  })

  it('excludes results after the closing text-bearing message', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    ok('write', { file_path: '/p/before' })(log)
    log.assistant('Wrote it.')
    ok('write', { file_path: '/p/after' })(log)
    log.stepEnd()
    log.turnEnd()
    expect(tails(log)[0]?.deliverables).toEqual(['/p/before'])
  })

  it('without a closing message the turn/end is the cut-off and the anchor', () => {
    const log = turn(ok('write', { file_path: '/p/a' }), '')
    const [tail] = tails(log)
    expect(tail).toMatchObject({ closingMessageSeq: null, deliverables: ['/p/a'], anchorSeq: log.events[log.events.length - 1]?.seq })
  })
})

describe('turn tail', () => {
  it('sits just after the closing message, with duration, usage and end reason', () => {
    const log = session()
    const start = log.turnStart()
    log.stepStart()
    log.assistant('one', { usage: { inputTokens: 10, outputTokens: 2, cacheReadTokens: 30 } })
    log.stepEnd()
    log.stepStart()
    const closing = log.assistant('two', { usage: { inputTokens: 5, outputTokens: 1 } })
    log.stepEnd()
    const end = log.turnEnd({ kind: 'error', error: { message: 'rate limited', code: '429' } })
    expect(tails(log)).toEqual([expect.objectContaining({
      key: `tail:${start.seq}`, anchorSeq: closing.seq + 0.1, turn: 1, endSeq: end.seq, endReason: 'error', error: { message: 'rate limited', code: '429' },
      closingMessageSeq: closing.seq, durationMs: log.timeOf(end.seq) - log.timeOf(start.seq), steps: 2,
      usage: { inputTokens: 15, outputTokens: 3, cacheReadTokens: 30, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 48 },
    })])
  })

  it('an open turn has no tail yet', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.assistant('working')
    expect(tails(log)).toEqual([])
  })
})
