/**
 * The event role table (trajectory.md §4.1): it covers exactly the reader's known types; events dsh's
 * Trajectory draws nothing from fold to nothing, silently; unknown events are reported with their line.
 */
import { describe, expect, it } from 'vitest'
import { payloadSchemas, type KnownEvent, type KnownType } from '../log/events/schema'
import type { ParsedLine } from '../log/parsed-line'
import { EVENT_ROLES } from './events'
import { assembleTrajectory } from './index'

const types = Object.keys(payloadSchemas) as KnownType[]
const nothingVisible = types.filter((type) => EVENT_ROLES[type] === 'nothing-visible')

describe('EVENT_ROLES', () => {
  it('lists every known event type, and only those', () => {
    expect(Object.keys(EVENT_ROLES).sort()).toEqual([...types].sort())
  })

  it.each(nothingVisible)('%s folds to nothing and is not reported', (type) => {
    const event = { type, seq: 0, time: 1_000, data: {} } as unknown as KnownEvent
    const snapshot = assembleTrajectory([{ kind: 'event', line: 1, event }])
    expect(snapshot.records).toEqual([])
    expect(snapshot.requests).toEqual([])
    expect(snapshot.unexplained).toEqual([])
  })

  it('reports an unknown event with its line, seq and reason, and counts unreadable lines', () => {
    const lines: ParsedLine[] = [
      { kind: 'unknown', line: 4, event: { type: 'agent/harness', seq: 2, time: 5, data: {} }, reason: 'unknown event type "agent/harness"' },
      { kind: 'invalid', line: 5, text: '{oops', reason: 'not JSON', code: 'json' },
    ]
    const snapshot = assembleTrajectory(lines)
    expect(snapshot.unexplained).toEqual([{ line: 4, seq: 2, type: 'agent/harness', reason: 'unknown event type "agent/harness"' }])
    expect(snapshot.invalidLines).toBe(1)
  })
})
