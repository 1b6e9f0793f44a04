/** The timing overview's projections (trajectory.md §7): sequence slots, idle-gap compression, wall clock. */
import { describe, expect, it } from 'vitest'
import { session, toolCallBlock } from '../log/testing/session'
import { trajectoryOf } from './testing'
import { laneOf, trajectoryTimeline, trajectoryTimelines, type TimelineMode } from './timeline'

/** Turn 1: a prompt, a step that calls a tool; a long idle gap; turn 2: a prompt and an answer. */
function log() {
  const s = session({ tick: 100 })
  s.turnStart() // 0
  s.user('go') // 1
  s.stepStart() // 2
  s.assistant([toolCallBlock('c1', 'bash', {})]) // 3: assistant span [200, 300]
  s.call('bash', {}, 'c1') // 4
  s.result('c1', 'ok') // 5: tool span [400, 500]
  s.stepEnd() // 6
  s.turnEnd() // 7
  for (let i = 0; i < 100; i++) s.push('session/title', { title: 't' }) // 8–107: idle
  s.turnStart() // 108
  s.user('again') // 109
  s.stepStart() // 110
  s.push('session/title', { title: 't' }) // 111
  s.assistant('done') // 112
  return s
}

describe('trajectoryTimeline', () => {
  const s = log()
  const snapshot = trajectoryOf(s)
  const at = (seq: number) => s.timeOf(seq)

  it('sequence: one slot per record in ledger order, turn boundaries at each turn\'s first record', () => {
    const timeline = trajectoryTimeline(snapshot, 'sequence')
    expect(timeline?.spans.map((span) => [span.kind, span.lane, span.start, span.end])).toEqual([
      ['user', 0, 0, 1], ['message', 1, 1, 2], ['tool', 2, 2, 3], ['user', 0, 3, 4], ['message', 1, 4, 5],
    ])
    expect(timeline?.turnBoundaries).toEqual([{ turn: 1, at: 0 }, { turn: 2, at: 3 }])
    expect([timeline?.start, timeline?.end]).toEqual([0, 5])
  })

  it('actual: wall clock spans; duration: the same with idle gaps removed', () => {
    const actual = trajectoryTimeline(snapshot, 'actual')
    expect(actual?.spans.map((span) => [span.kind, span.start, span.end])).toEqual([
      ['user', at(1), at(1)], ['message', at(2), at(3)], ['tool', at(4), at(5)], ['user', at(109), at(109)], ['message', at(110), at(112)],
    ])
    const duration = trajectoryTimeline(snapshot, 'duration')
    // Gaps: 1→2 (100), 3→4 (100), 5→109 (10,400), 109→110 (100): each later span moves left by all gaps before it.
    expect(duration?.spans.map((span) => [span.kind, span.start - at(1), span.end - at(1)])).toEqual([
      ['user', 0, 0], ['message', 0, 100], ['tool', 100, 200], ['user', 200, 200], ['message', 200, 400],
    ])
    expect(duration?.turnBoundaries.map((b) => b.at - at(1))).toEqual([0, 200])
    // Each removed gap is reported where it was taken out (projected) with its length; actual removes none.
    expect(duration?.gaps.map((g) => [g.at - at(1), g.ms])).toEqual([[0, 100], [100, 100], [200, 10_400], [200, 100]])
    expect(actual?.gaps).toEqual([])
  })

  it('time: wall clock, zero-width spans', () => {
    const time = trajectoryTimeline(snapshot, 'time')
    expect(time?.spans.every((span) => span.start === span.end)).toBe(true)
    expect(time?.spans.map((span) => span.start)).toEqual([at(1), at(2), at(4), at(109), at(110)])
  })

  it('no timed records: null outside sequence mode ("No timing data")', () => {
    const stripped = log()
    for (const event of stripped.events) event.time = null
    const untimed = trajectoryOf(stripped)
    expect(trajectoryTimeline(untimed, 'duration')).toBeNull()
    expect(trajectoryTimeline(untimed, 'sequence')?.spans).toHaveLength(5)
    expect(trajectoryTimeline(trajectoryOf(session()), 'sequence')).toBeNull()
  })

  it.each([['system', 0], ['user', 0], ['context', 0], ['message', 1], ['compacted', 1], ['tool', 2], ['subtool', 2]] as const)('%s is in lane %i', (kind, lane) => {
    expect(laneOf(kind)).toBe(lane)
  })
})

describe('trajectoryTimelines (the shared work done once)', () => {
  const untimed = log()
  for (const event of untimed.events) event.time = null
  const all: TimelineMode[] = ['sequence', 'duration', 'actual', 'time']
  it.each([
    ['timed', trajectoryOf(log())],
    ['untimed', trajectoryOf(untimed)],
    ['empty', trajectoryOf(session())],
  ])('%s: each mode, in any order and repeated, is what that mode gives alone', (_what, snapshot) => {
    for (const modes of [all, [...all].reverse(), ['duration', 'actual', 'duration', 'sequence'] as TimelineMode[], []]) {
      expect(trajectoryTimelines(snapshot, modes)).toEqual(modes.map((mode) => trajectoryTimeline(snapshot, mode)))
    }
  })

  it('a page\'s sections only: the projection of just those sections', () => {
    const snapshot = trajectoryOf(log())
    const second = { records: snapshot.records, sections: snapshot.sections.slice(1) }
    const [sequence, duration] = trajectoryTimelines(second, ['sequence', 'duration'])
    expect(sequence?.spans.map((span) => span.kind)).toEqual(['user', 'message'])
    expect(duration?.gaps).toEqual(trajectoryTimeline(second, 'duration')?.gaps)
  })
})
