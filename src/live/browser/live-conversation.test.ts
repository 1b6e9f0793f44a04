/**
 * The live page's fold and its merge with an attached host (live.md §10.2 step 4): file lines fold like
 * the static build's; provisional host events show past the file's end, become durable when the file
 * delivers the same event, and give way when it delivers a different one or resets.
 */
import { describe, expect, it } from 'vitest'
import { assemble } from '../../conversation/builder'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import { session, type SessionBuilder } from '../../log/testing/session'
import { TrajectoryBuilder } from '../../trajectory/builder'
import { LiveConversation } from './live-conversation'

function parse(s: SessionBuilder): ParsedLine[] {
  const parser = new LogParser()
  return s.jsonl().trimEnd().split('\n').flatMap((text, i) => parser.line(text, { line: i + 1 }))
}

const texts = (live: LiveConversation) => JSON.stringify(live.snapshot().sections)

function twoTurns(final: string): SessionBuilder {
  const s = session({ id: 'merge' })
  s.turnStart()
  s.user('first')
  s.stepStart()
  s.assistant('one')
  s.stepEnd()
  s.turnEnd()
  s.turnStart()
  s.user('second')
  s.stepStart()
  s.assistant(final)
  s.stepEnd()
  s.turnEnd()
  return s
}

describe('LiveConversation', () => {
  it('folds resets and appends to what the static assembler makes of the whole log', () => {
    const lines = parse(twoTurns('two'))
    const live = new LiveConversation()
    live.apply({ kind: 'reset', lines: lines.slice(0, 3) })
    for (const line of lines.slice(3)) live.apply({ kind: 'append', lines: [line] })
    expect(live.snapshot().sections).toEqual(assemble(lines, { live: true }).sections)
    expect(live.fileSeq).toBe(lines.length - 2)
  })

  it('shows host events ahead of the file and lets them become durable when the file agrees', () => {
    const lines = parse(twoTurns('two'))
    const live = new LiveConversation()
    live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
    expect(live.overlay(lines.slice(5))).toBe(true) // overlapping seqs are ignored, the rest drawn
    expect(live.provisional).toBe(lines.length - 7)
    expect(texts(live)).toContain('"two"')
    const before = live.version
    live.apply({ kind: 'append', lines: lines.slice(7) })
    expect(live.provisional).toBe(0)
    expect(live.version).toBe(before + 1)
    expect(live.snapshot().sections).toEqual(assemble(lines, { live: true }).sections)
  })

  it('lets the file win when it holds a different event at a seq the host showed', () => {
    const host = parse(twoTurns('what the host said'))
    const file = parse(twoTurns('what the file kept'))
    const live = new LiveConversation()
    live.apply({ kind: 'reset', lines: file.slice(0, 9) })
    live.overlay(host.slice(9))
    expect(texts(live)).toContain('what the host said')
    live.apply({ kind: 'append', lines: file.slice(9) })
    expect(texts(live)).not.toContain('what the host said')
    expect(live.snapshot().sections).toEqual(assemble(file, { live: true }).sections)
  })

  it('drops provisional events on a file reset and on an overlay reset', () => {
    const lines = parse(twoTurns('two'))
    const live = new LiveConversation()
    live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
    live.overlay(lines.slice(7))
    live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
    expect(live.provisional).toBe(0)
    live.overlay(lines.slice(7))
    expect(live.clearOverlay()).toBe(true)
    expect(live.snapshot().sections).toEqual(assemble(lines.slice(0, 7), { live: true }).sections)
  })

  it('holds a provisional event back until the gap before it is filled', () => {
    const lines = parse(twoTurns('two'))
    const live = new LiveConversation()
    live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
    live.overlay(lines.slice(9))
    expect(live.provisional).toBe(0)
    live.overlay(lines.slice(7, 9))
    expect(live.provisional).toBe(lines.length - 7)
  })

  describe('the record model, paced by a clock', () => {
    /** A clock that moves `step` ms each time it is read (a derivation reads it twice: its cost is `step`). */
    const clock = () => {
      const c = { t: 0, step: 0, now: () => (c.t += c.step) }
      return c
    }
    const records = (lines: readonly ParsedLine[]) => {
      const b = new TrajectoryBuilder()
      b.append(lines)
      return b.snapshot().records.length
    }

    it('derives again only once the last derivation is a fifth of the time since it; the earlier records stand in', () => {
      const lines = parse(twoTurns('two'))
      const c = clock()
      const live = new LiveConversation({ now: c.now })
      live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
      c.step = 50
      const first = live.trajectory() // started at 50, took 50: the next is due at 50 + 250
      expect(first?.records.length).toBe(records(lines.slice(0, 7)))
      c.step = 0
      live.apply({ kind: 'append', lines: lines.slice(7) })
      expect(live.trajectoryDueIn()).toBe(200)
      expect(live.trajectory()).toBe(first)
      c.t = 299
      expect(live.trajectoryDueIn()).toBe(1)
      c.t = 300
      expect(live.trajectoryDueIn()).toBe(0)
      const fresh = live.trajectory()
      expect(fresh?.records.length).toBe(records(lines))
      expect(fresh?.records.length).toBeGreaterThan(first?.records.length ?? 0)
      // Nothing new to derive: due now, and the same snapshot again.
      expect(live.trajectoryDueIn()).toBe(0)
      expect(live.trajectory()).toBe(fresh)
    })

    it('a reset is derived at once: no records of another log stand in', () => {
      const lines = parse(twoTurns('two'))
      const c = clock()
      const live = new LiveConversation({ now: c.now })
      live.apply({ kind: 'reset', lines })
      c.step = 1000
      live.trajectory()
      c.step = 0
      live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
      expect(live.trajectory()?.records.length).toBe(records(lines.slice(0, 7)))
    })

    it('without a clock every growth is derived at once', () => {
      const lines = parse(twoTurns('two'))
      const live = new LiveConversation()
      live.apply({ kind: 'reset', lines: lines.slice(0, 7) })
      expect(live.trajectory()?.records.length).toBe(records(lines.slice(0, 7)))
      live.apply({ kind: 'append', lines: lines.slice(7) })
      expect(live.trajectoryDueIn()).toBe(0)
      expect(live.trajectory()?.records.length).toBe(records(lines))
    })
  })
})
