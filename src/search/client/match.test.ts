import { describe, expect, it } from 'vitest'
import { asShard, highlightParts, queryWords, rowMatches, snippet, type IndexedRow } from './match'

const row = (text: string, tool = '', state = ''): IndexedRow => ({ id: 'r', kind: 'tool', tool, state, label: 'Bash', text, lower: `bash\n${text}`.toLowerCase() })

describe('matching', () => {
  it.each<[string, string, string, string, boolean]>([
    ['every word, any order, any case', 'Timed OUT after 5s', 'out timed', '', true],
    ['a missing word', 'timed out', 'timed in', '', false],
    ['the label counts', 'ok', 'bash', '', true],
    ['tool filter', 'ok', '', 'read', false],
    ['blank query matches', 'ok', '  ', '', true],
  ])('%s', (_name, text, query, tool, expected) => {
    expect(rowMatches(row(text, 'bash'), { words: queryWords(query), tool, state: '' })).toBe(expected)
  })

  it('snippet centres on the first hit and marks cuts', () => {
    const text = `${'a'.repeat(200)} needle ${'b'.repeat(200)}`
    const s = snippet(text, ['needle'], 40)
    expect(s.startsWith('…') && s.endsWith('…') && s.includes('needle')).toBe(true)
    expect(snippet('short needle', ['needle'])).toBe('short needle')
  })

  it('highlightParts splits around every hit, overlaps merged', () => {
    expect(highlightParts('Foo bar foobar', ['foo', 'oob'])).toEqual([
      { text: 'Foo', match: true },
      { text: ' bar ', match: false },
      { text: 'foob', match: true },
      { text: 'ar', match: false },
    ])
  })

  it('asShard drops what is not a shard or not a row', () => {
    expect(asShard({ v: 2, session: 's', title: 't', rows: [] })).toBeNull()
    expect(asShard('x')).toBeNull()
    expect(asShard({ v: 1, session: 's', title: 't', rows: [['a', 'b', 'c', 'd', 'e', 'f'], ['short'], [1, 2, 3, 4, 5, 6]] })?.rows).toEqual([['a', 'b', 'c', 'd', 'e', 'f']])
  })
})
