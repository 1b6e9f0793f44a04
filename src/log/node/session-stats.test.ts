import { describe, expect, it } from 'vitest'
import { assessDamage } from '../damage'
import { parseLogText } from '../parse-text'
import { MAX_INVALID, SessionStats } from './load'

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
    ['seq gap on the turn/end line itself', [header, start(0), end(5)]],
    ['bad line between two turn/ends', [header, end(0), 'junk', end(1)]],
  ])('judges damage exactly as assessDamage over every line: %s', (_, lines) => {
    const { s, lines: parsed } = stats(`${lines.join('\n')}\n`)
    expect(assessDamage(s.skeleton, { finalLineComplete: true })).toEqual(assessDamage(parsed, { finalLineComplete: true }))
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
    for (let line = 2; line < MAX_INVALID + 12; line++) s.add({ line, kind: 'invalid', text: 'x'.repeat(100), reason: 'not valid JSON' })
    expect(s.invalidCount).toBe(MAX_INVALID + 10)
    expect(s.invalid).toHaveLength(MAX_INVALID)
    expect(s.skeleton.every((l) => l.kind === 'invalid' && l.text === '')).toBe(true)
  })
})
