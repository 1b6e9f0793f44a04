import { describe, expect, it } from 'vitest'
import { assessDamage } from '../damage/damage'
import { parseLogText } from '../json/parse-text'
import { MAX_INVALID, SessionStats } from './load'
import { pushFolded } from '../damage/invalid-runs'
import type { ParsedLine } from '../parsed-line'

const header = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}'
const ev = (seq: number, type: string, data: unknown) => JSON.stringify({ type, seq, time: seq, data })
const start = (seq: number) => ev(seq, 'turn/start', { turn: seq })
const end = (seq: number) => ev(seq, 'turn/end', { turn: seq, reason: { kind: 'completed' } })

function stats(text: string) {
  const parsed = parseLogText(text)
  const s = new SessionStats()
  for (const line of parsed.lines) s.add(line)
  return { s, lines: parsed.lines }
}

describe('SessionStats', () => {
  it.each([
    ['clean', [header, start(0), end(1)]],
    ['bad line then turn/end (corrupt)', [header, start(0), 'junk', end(1)]],
    ['turn/end then bad tail (torn)', [header, start(0), end(1), 'junk', 'more junk']],
    ['bad lines apart, then turn/end (corrupt)', [header, 'junk', start(0), 'more junk', '', end(1)]],
    ['seq gap on the turn/end line itself', [header, start(0), end(5)]],
    ['bad line between two turn/ends', [header, end(0), 'junk', end(1)]],
  ])('judges damage exactly as assessDamage over every line: %s', (_, lines) => {
    const { s, lines: parsed } = stats(`${lines.join('\n')}\n`)
    // The reader hands a run of unreadable lines out as one entry (../damage/invalid-runs.ts); so does this fold.
    const folded: ParsedLine[] = []
    for (const line of parsed) pushFolded(folded, line)
    expect(assessDamage(s.skeleton, { finalLineComplete: true })).toEqual(assessDamage(folded, { finalLineComplete: true }))
  })

  it('counts events, unknown types and the latest title (turns and tool calls are the conversation\'s)', () => {
    const { s } = stats(
      [header, start(0), ev(1, 'tool/call', { turn: 1, step: 1, callId: 'c', name: 'bash', arguments: '{}' }), ev(2, 'session/title', { title: 'a' }), ev(3, 'x/new', {}), ev(4, 'session/title', { title: 'b' })].join('\n') + '\n',
    )
    expect(s.counts).toEqual({ events: 5 })
    expect([...s.unknownTypes]).toEqual(['x/new'])
    expect(s.title).toBe('b')
  })

  it(`keeps at most ${MAX_INVALID} invalid entries, without their text, and counts them all`, () => {
    const s = new SessionStats()
    // Every other line: lines in a row would be one run.
    for (let line = 2; line < 2 * MAX_INVALID + 22; line += 2) s.add({ line, kind: 'invalid', text: 'x'.repeat(100), reason: 'not valid JSON', code: 'json' })
    expect(s.invalidCount).toBe(MAX_INVALID + 10)
    expect(s.invalid).toHaveLength(MAX_INVALID)
    expect(s.skeleton.every((l) => l.kind === 'invalid' && l.text === '')).toBe(true)
  })

  it('keeps a run of unreadable lines as one entry, also when it goes on across batches', () => {
    const s = new SessionStats()
    const first: ParsedLine[] = []
    for (let line = 2; line < 6; line++) pushFolded(first, { line, kind: 'invalid', text: '', reason: 'empty line', code: 'empty' })
    for (const entry of first) s.add(entry)
    s.add({ line: 6, kind: 'invalid', text: '', reason: 'empty line', code: 'empty' })
    expect(s.invalidCount).toBe(5)
    expect(s.invalid).toEqual([{ line: 2, reason: 'empty line', lines: 5, lastLine: 6, more: [{ line: 3, reason: 'empty line' }, { line: 4, reason: 'empty line' }] }])
  })
})
