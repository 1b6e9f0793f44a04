/** `todo/write` history and delivered files in the fold (cards-current.md §8.3, §11.9). */
import { describe, expect, it } from 'vitest'
import { session, type SessionBuilder } from '../log/testing/session'
import { assemble, chatNodes, ConversationBuilder, type TurnTailNode } from './index'
import { deliveredFiles } from './tail'
import { batches, linesOf } from './testing'

const tails = (log: SessionBuilder): TurnTailNode[] => chatNodes(assemble(linesOf(log))).flatMap((n) => (n.kind === 'turn-tail' ? [n] : []))
const present = (log: SessionBuilder, files: unknown[]) => log.push('deliverables/presented', { turn: log.turn, callId: 'p', files })

describe('todo/write history (Conversation.todoWrites)', () => {
  const log = session()
  log.turnStart()
  log.stepStart()
  log.call('todo_write', { todos: [{ content: 'a', status: 'pending' }] }, 't1')
  log.push('todo/write', { todos: [{ content: 'a', status: 'pending' }] })
  log.result('t1', 'ok')
  log.push('todo/write', { todos: [] })
  log.stepEnd()
  log.turnEnd()

  it('keeps every write in seq order', () => {
    const c = assemble(linesOf(log))
    expect(c.todoWrites).toEqual([{ seq: 3, todos: [{ content: 'a', status: 'pending' }] }, { seq: 5, todos: [] }])
  })
  it('is absent without any write (goldens of other sessions unchanged)', () => {
    const plain = session()
    plain.turnStart()
    plain.turnEnd()
    expect('todoWrites' in assemble(linesOf(plain))).toBe(false)
  })
  it('live appends in any batch size give the same history', () => {
    const whole = assemble(linesOf(log)).todoWrites
    for (const size of [1, 2, 3]) {
      const b = new ConversationBuilder({ live: true })
      const seen: unknown[] = []
      for (const batch of batches(linesOf(log), size)) {
        b.append(batch)
        seen.push(b.snapshot().todoWrites?.length ?? 0)
      }
      expect(b.snapshot().todoWrites).toEqual(whole)
      expect(seen[seen.length - 1]).toBe(2)
    }
  })
  it('a snapshot is not mutated by later appends', () => {
    const b = new ConversationBuilder()
    const lines = linesOf(log)
    b.append(lines.slice(0, 6))
    const first = b.snapshot().todoWrites
    b.append(lines.slice(6))
    expect(first).toHaveLength(1)
    expect(b.snapshot().todoWrites).toHaveLength(2)
  })
})

describe('delivered files of a turn (§8.3)', () => {
  function turn(body: (log: SessionBuilder) => void, closing = 'Done.'): SessionBuilder {
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
  it.each<[string, (log: SessionBuilder) => void, { path: string; description: string | null }[] | undefined]>([
    ['one event', (l) => present(l, [{ path: '/ws/a.txt', description: 'Report (draft)' }, { path: '/ws/b.svg' }]),
      [{ path: '/ws/a.txt', description: 'Report (draft)' }, { path: '/ws/b.svg', description: null }]],
    ['entries without a non-blank string path are skipped', (l) => present(l, [{ path: ' ' }, { description: 'x' }, 'y', { path: 3 }, { path: '/ws/c' }]),
      [{ path: '/ws/c', description: null }]],
    ['the latest declaration wins, order = first appearance', (l) => {
      present(l, [{ path: '/ws/a', description: 'old' }, { path: '/ws/b' }])
      present(l, [{ path: '/ws/c' }, { path: '/ws/a', description: 'new' }])
    }, [{ path: '/ws/a', description: 'new' }, { path: '/ws/b', description: null }, { path: '/ws/c', description: null }]],
    ['none: no field', () => {}, undefined],
  ])('%s', (_name, body, expected) => {
    const [tail] = tails(turn(body))
    expect(tail?.delivered).toEqual(expected)
  })
  it('events after the closing reply are not the turn\'s', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    present(log, [{ path: '/ws/before' }])
    log.assistant('Done.')
    present(log, [{ path: '/ws/after' }])
    log.stepEnd()
    log.turnEnd()
    expect(tails(log)[0]?.delivered).toEqual([{ path: '/ws/before', description: null }])
  })
  it('a turn without a closing reply keeps everything up to its end', () => {
    expect(tails(turn((l) => present(l, [{ path: '/ws/x' }]), ''))[0]?.delivered).toEqual([{ path: '/ws/x', description: null }])
  })
  it('deliveredFiles cuts strictly below the cutoff', () => {
    expect(deliveredFiles([{ seq: 5, files: [{ path: 'a' }] }], 5)).toEqual([])
    expect(deliveredFiles([{ seq: 4, files: [{ path: 'a' }] }], 5)).toEqual([{ path: 'a', description: null }])
  })
  it('the event is known (not a raw row)', () => {
    const nodes = chatNodes(assemble(linesOf(turn((l) => present(l, [{ path: '/ws/a' }])))))
    expect(nodes.some((n) => n.kind === 'raw')).toBe(false)
  })
})
