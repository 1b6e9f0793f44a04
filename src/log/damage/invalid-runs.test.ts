/**
 * Runs of unreadable lines (issue 32): which consecutive `invalid` entries fold into one, what the run keeps
 * (a count, its end, the first RUN_SAMPLES positions) and that a run of any length is one entry of bounded
 * size. Table-driven: each case is the entries pushed and the entries that come out.
 */
import { describe, expect, it } from 'vitest'
import { pushFolded, RUN_SAMPLES, runEnd, runLength } from './invalid-runs'
import type { InvalidCode, ParsedLine } from '../parsed-line'

const bad = (line: number, code: InvalidCode = 'empty', reason = code === 'empty' ? 'empty line' : `bad ${code}`): ParsedLine => ({ kind: 'invalid', line, text: '', reason, code })
const event = (line: number, seq: number): ParsedLine => ({ kind: 'event', line, event: { type: 'turn/start', seq, time: 0, data: { turn: 1 } } } as ParsedLine)

const fold = (entries: ParsedLine[]): ParsedLine[] => {
  const out: ParsedLine[] = []
  for (const e of entries) pushFolded(out, e)
  return out
}
/** [first line, lines in the run] of each entry that comes out ('e' for an event). */
const shape = (entries: ParsedLine[]) => entries.map(e => (e.kind === 'invalid' ? [e.line, runLength(e)] : 'e'))

describe('pushFolded', () => {
  const cases: { name: string; in: ParsedLine[]; out: unknown[] }[] = [
    { name: 'consecutive blank lines are one run', in: [bad(2), bad(3), bad(4)], out: [[2, 3]] },
    { name: 'kinds of damage mix in a run', in: [bad(2), bad(3, 'json'), bad(4, 'envelope'), bad(5, 'not-object')], out: [[2, 4]] },
    { name: 'an event ends a run', in: [bad(2), bad(3), event(4, 0), bad(5)], out: [[2, 2], 'e', [5, 1]] },
    { name: 'a gap in the line numbers ends a run', in: [bad(2), bad(4)], out: [[2, 1], [4, 1]] },
    { name: 'a seq gap is never part of a run', in: [bad(2), bad(3, 'seq-gap'), bad(4)], out: [[2, 1], [3, 1], [4, 1]] },
    { name: 'a header problem is never part of a run', in: [bad(1, 'header'), bad(2)], out: [[1, 1], [2, 1]] },
    { name: 'a UTF-8 report and its line’s own damage are one entry', in: [bad(2, 'utf8'), bad(2, 'json'), bad(3, 'utf8'), bad(3, 'json')], out: [[2, 2]] },
    { name: 'UTF-8 reports on readable lines run together, apart from damage', in: [bad(2, 'utf8'), bad(3, 'utf8'), bad(4)], out: [[2, 2], [4, 1]] },
  ]
  for (const c of cases) it(c.name, () => expect(shape(fold(c.in))).toEqual(c.out))

  it('keeps the first lines’ positions and reasons, the end and the count, at a size that does not grow', () => {
    const entries: ParsedLine[] = []
    for (let line = 10; line < 100_010; line++) entries.push(line === 11 ? bad(line, 'json') : bad(line))
    const [run, ...rest] = fold(entries)
    expect(rest).toEqual([])
    if (run?.kind !== 'invalid' || run.run === undefined) throw new Error('no run')
    expect(runLength(run)).toBe(100_000)
    expect(runEnd(run)).toBe(100_009)
    expect(run.run.more.map(m => [m.line, m.reason])).toEqual([[11, 'bad json'], [12, 'empty line']])
    expect(run.run.more.length).toBe(RUN_SAMPLES - 1)
  })

  it('joins a run that goes on in a later batch (the fold of the model does the same)', () => {
    const first = fold([bad(5), bad(6)])
    const second = fold([bad(7), bad(8)])
    const out = [...first]
    for (const e of second) pushFolded(out, e)
    expect(shape(out)).toEqual([[5, 4]])
  })
})
