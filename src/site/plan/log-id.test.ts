import { describe, expect, it } from 'vitest'
import { idFromLogPath } from './log-id'

describe('idFromLogPath', () => {
  it.each([
    ['a session folder', '/r/--home-a--/abc-123/session.jsonl', 'abc-123'],
    ['zstd, a part number and a format', 'r/--p--/.hidden/session.1.v4.jsonl.zstd', '.hidden'],
    ['Windows separators', 'C:\\r\\--p--\\s1\\session.jsonl', 's1'],
    ['a legacy log named by its id', '/r/--p--/abc-123.jsonl', 'abc-123'],
    ['a legacy v4 zstd log', 'abc.v4.jsonl.zstd', 'abc'],
    ['an entry of an export ZIP', 'x.zip!sessions/--p--/s9/session.jsonl', 's9'],
    ['a bare session.jsonl', 'session.jsonl', 'session'],
  ])('%s', (_name, path, id) => {
    expect(idFromLogPath(path)).toBe(id)
  })
})
