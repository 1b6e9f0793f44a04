import { describe, expect, it } from 'vitest'
import { pickTranscript, pinnedFile } from './transcript-pick'

describe('pickTranscript', () => {
  it.each<[string[], number | null, string | null]>([
    [['session.jsonl'], null, 'session.jsonl'],
    [['session.jsonl.zstd', '.lock'], null, 'session.jsonl.zstd'],
    [['session.jsonl', 'session.v1.jsonl', 'session.v3.jsonl.zstd', 'session.lock'], null, 'session.v3.jsonl.zstd'],
    [['session.v10.jsonl', 'session.v9.jsonl'], null, 'session.v10.jsonl'],
    [['session.jsonl', 'session.jsonl.zstd'], null, 'session.jsonl.zstd'],
    [['session.jsonl.zstd.0123456789ab.tmp', '.lock'], null, null],
    [['notes.txt', 'session.json'], null, null],
    [['session.jsonl', 'session.1.jsonl', 'session.2.jsonl'], 1, 'session.1.jsonl'],
    [['session.jsonl', 'session.1.jsonl'], 3, null],
  ])('%j (child %s) → %s', (names, child, expected) => {
    expect(pickTranscript(names, child)?.name ?? null).toBe(expected)
  })

  it('reads generation and encoding', () => {
    expect(pickTranscript(['session.v4.jsonl.zstd'])).toEqual({ name: 'session.v4.jsonl.zstd', generation: 4, encoding: 'zstd' })
    expect(pinnedFile('0c9f.jsonl')).toEqual({ name: '0c9f.jsonl', generation: 0, encoding: 'raw' })
    expect(pinnedFile('0c9f.jsonl.zstd').encoding).toBe('zstd')
  })
})
