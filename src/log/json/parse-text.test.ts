import { describe, expect, it } from 'vitest'
import { parseLogBytes, parseLogText } from './parse-text'
import { session } from '../testing/session'

describe('parseLogText', () => {
  const s = session()
  s.turnStart()
  s.user('hello')
  s.turnEnd()
  const text = s.jsonl()

  it('parses every complete line with 1-based line numbers', () => {
    const { lines, tornTail } = parseLogText(text)
    expect(lines.map((l) => [l.line, l.kind])).toEqual([[1, 'header'], [2, 'event'], [3, 'event'], [4, 'event']])
    expect(tornTail).toBe(false)
  })

  it('a partial last line is a torn tail and is not parsed', () => {
    const cut = text.slice(0, text.length - 10)
    const { lines, tornTail } = parseLogText(cut)
    expect(tornTail).toBe(true)
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3])
  })

  it('truncating at every offset never throws and never loses a complete line', () => {
    const completeLines = text.split('\n').length - 1
    for (let cut = 0; cut <= text.length; cut++) {
      const { lines, tornTail } = parseLogText(text.slice(0, cut))
      const complete = text.slice(0, cut).split('\n').length - 1
      expect(new Set(lines.map((l) => l.line)).size).toBe(complete)
      expect(lines.every((l) => l.kind !== 'invalid')).toBe(true)
      expect(tornTail).toBe(cut > 0 && text[cut - 1] !== '\n')
      expect(complete).toBeLessThanOrEqual(completeLines)
    }
  })

  it('CRLF line endings still parse (JSON allows the trailing \\r)', () => {
    const { lines } = parseLogText(text.split('\n').join('\r\n'))
    expect(lines.map((l) => l.kind)).toEqual(['header', 'event', 'event', 'event'])
  })

  it('the empty text is no lines, no tail', () => {
    expect(parseLogText('')).toMatchObject({ lines: [], tornTail: false })
  })
})

describe('parseLogBytes', () => {
  const enc = new TextEncoder()
  const s = session()
  s.turnStart()
  s.stepStart()
  s.chunkRow('reasoning-chunks', ['think', 'ing', ' hard'])
  s.chunkRow('text-chunks', ['', 'Hel', 'lo'], { index: 1 })
  s.assistant('Hello')
  s.stepEnd()
  s.turnEnd()
  const text = s.jsonl()

  it.each(['expand', 'skip-superseded'] as const)('gives what parseLogText gives for the same log cut at every offset (%s)', (chunks) => {
    for (let cut = 0; cut <= text.length; cut++) {
      const want = parseLogText(text.slice(0, cut), { chunks })
      const got = parseLogBytes(enc.encode(text.slice(0, cut)), { chunks })
      expect(got.lines).toEqual(want.lines)
      expect(got.tornTail).toBe(want.tornTail)
    }
  })

  it('reads invalid UTF-8 as U+FFFD, inside a packed row too', () => {
    const bytes = enc.encode(text.replace('"ing"', '"i?g"'))
    bytes[bytes.indexOf(0x3f)] = 0xff
    const { lines } = parseLogBytes(bytes)
    const pieces = lines.flatMap((l) => (l.kind === 'event' && l.event.type === 'assistant/chunk' && l.event.data.chunk.type === 'reasoning-delta' ? [l.event.data.chunk['text']] : []))
    expect(pieces).toEqual(['think', 'i\ufffdg', ' hard'])
  })
})
