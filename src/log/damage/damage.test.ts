import { describe, expect, it } from 'vitest'
import { assessDamage } from './damage'
import type { ParsedLine } from '../parsed-line'
import { parseLogText } from '../json/parse-text'
import { session } from '../testing/session'

/** A complete two-turn log; `lines[k]` is stored line k+1. */
function twoTurns(): string[] {
  const s = session()
  s.turnStart()
  s.user('one')
  s.turnEnd()
  s.turnStart()
  s.user('two')
  s.turnEnd()
  return s.jsonl().trimEnd().split('\n')
}

function assess(lines: string[], finalLineComplete = true) {
  const parsed = parseLogText(`${lines.join('\n')}\n`).lines
  return assessDamage(parsed, { finalLineComplete })
}

describe('assessDamage (log-format §6.1)', () => {
  it('a clean log has no issues', () => {
    expect(assess(twoTurns())).toEqual({ tornTail: false, corrupt: false, issues: [] })
  })

  it('a bad line with no later turn/end is a torn tail', () => {
    const lines = twoTurns()
    lines.splice(6, 0, 'garbage')
    expect(assess(lines.slice(0, 7))).toEqual({ tornTail: true, corrupt: false, issues: [{ line: 7, reason: expect.stringContaining('not valid JSON') }] })
  })

  it('a bad line before a later turn/end is corruption', () => {
    const lines = twoTurns()
    lines.splice(3, 0, '{"type":"plan/mode"')
    const report = assess(lines)
    expect(report.corrupt).toBe(true)
    expect(report.tornTail).toBe(false)
    // The gap that follows the bad line is reported too, at the line where it shows.
    expect(report.issues.map((i) => i.line)).toEqual([4])
  })

  it('a seq gap before a later turn/end is corruption; after the last turn/end it is a tail', () => {
    const lines = twoTurns()
    const early = [...lines.slice(0, 2), ...lines.slice(3)]
    expect(assess(early)).toMatchObject({ corrupt: true, tornTail: false, issues: [{ line: 3, reason: 'seq gap: expected seq 1, got 2' }] })
    const late = [...lines, lines[6] ?? '']
    expect(assess(late)).toMatchObject({ corrupt: false, tornTail: true, issues: [{ line: 8, reason: expect.stringContaining('duplicate') }] })
  })

  it('a seq gap on the turn/end line itself is not "later" history', () => {
    const lines = twoTurns()
    const gapOnEnd = [...lines.slice(0, 6), lines[7] ?? '']
    expect(assess(gapOnEnd)).toMatchObject({ corrupt: false, tornTail: true })
  })

  it('a bad header is corruption even without later turns', () => {
    expect(assess(['{"type":"session"}'])).toMatchObject({ corrupt: true, issues: [{ line: 1, reason: expect.stringContaining('invalid session header') }] })
  })

  it('a dropped partial last line is a torn tail on its own', () => {
    expect(assess(twoTurns(), false)).toEqual({ tornTail: true, corrupt: false, issues: [{ line: 8, reason: 'torn tail: partial last line (no trailing newline) dropped' }] })
  })

  it('zstd: a defect inside a complete frame is corruption, inside the torn frame a tail', () => {
    const parsed = parseLogText(`${twoTurns().join('\n')}\ngarbage\n`).lines
    const inFrame = (frame: number): ParsedLine[] => parsed.map((l) => ({ ...l, frame: l.line === 8 ? frame : 0 }))
    expect(assessDamage(inFrame(1), { finalLineComplete: true, tornFrame: 1 })).toMatchObject({ corrupt: false, tornTail: true, issues: [{ line: 8, frame: 1 }] })
    expect(assessDamage(inFrame(1), { finalLineComplete: true, tornFrame: null })).toMatchObject({ corrupt: true, tornTail: false })
  })
})
