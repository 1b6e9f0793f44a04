/**
 * What the snapshot owns and what it shares (bench/README.md, trajectory-site "Fourth pass"): a site holds
 * the snapshot beside the conversation model of the same read (the same parsed events), so its blocks must
 * be the events' own values — one copy for both models — and what every record would repeat (an empty label list)
 * one shared value. The JSON a snapshot serialises to is the same either way.
 */
import { describe, expect, it } from 'vitest'
import { linesOf } from '../conversation/testing'
import type { ContentBlock, EventOf } from '../log/events/schema'
import { session, text } from '../log/testing/session'
import { TrajectoryBuilder } from './builder'
import { NO_LABELS } from './derive/results'

function folded() {
  const s = session()
  s.turnStart()
  const user = s.user([text('a question'), text('in two blocks')])
  s.stepStart()
  const assistant = s.assistant([text('an answer'), { type: 'tool-call', id: 'c1', name: 'read', arguments: { path: 'a.txt' } } as ContentBlock])
  s.stepEnd()
  s.call('read', { path: 'a.txt' }, 'c1')
  const result = s.result('c1', 'file body')
  s.user([text('look'), { type: 'image', data: 'AAAA', mediaType: 'image/png' } as ContentBlock])
  s.turnEnd()
  const lines = linesOf(s)
  const trajectory = new TrajectoryBuilder()
  trajectory.append(lines)
  return { snapshot: trajectory.snapshot(), user, assistant, result }
}

describe('the snapshot shares the log’s values', () => {
  it('a record’s blocks are the event’s own content, not a copy', () => {
    const { snapshot, user, assistant, result } = folded()
    const byKind = (kind: string) => snapshot.records.filter((r) => r.kind === kind)
    const message = byKind('message').find((r) => !r.requestOnly)
    expect(message?.blocks).toBe((assistant as EventOf<'assistant/message'>).data.message.content)
    expect(byKind('user')[0]?.blocks).toBe(user.data.content)
    const tool = byKind('tool')[0]
    const toolResult = (result.data as { message?: { content?: { content?: unknown }[] } }).message?.content?.[0]?.content
    expect(tool?.result?.blocks).toBe(toolResult)
    // A single text block's detail is the block's own text (a join of one part is that part).
    expect(message?.outputDetail).toBe('an answer')
  })

  it('records and results without labels share one frozen empty list; a record with labels has its own', () => {
    const { snapshot } = folded()
    const unlabelled = snapshot.records.filter((r) => r.labels.length === 0)
    expect(unlabelled.length).toBeGreaterThan(1)
    for (const record of unlabelled) expect(record.labels).toBe(NO_LABELS)
    expect(Object.isFrozen(NO_LABELS)).toBe(true)
    const image = snapshot.records.find((r) => r.kind === 'user' && r.labels.length > 0)
    expect(image?.labels).toEqual([{ key: 'layout.imageCount', values: { count: 1 } }])
    expect(image?.labels).not.toBe(NO_LABELS)
    const tool = snapshot.records.find((r) => r.kind === 'tool')
    expect(tool?.result?.detailLabels).toBe(NO_LABELS)
    // Serialised, a shared empty list is an empty list like any other.
    expect(JSON.parse(JSON.stringify(snapshot.records[0])).labels).toEqual([])
  })

  it('record ids read as before: kind, key and number', () => {
    const { snapshot } = folded()
    expect(snapshot.records.map((r) => r.id)).toEqual(['user:seq:1', 'assistant:1:1', 'tool:call:c1', 'user:seq:7'])
  })
})
