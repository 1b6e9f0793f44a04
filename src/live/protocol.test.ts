import { describe, expect, it } from 'vitest'
import { formatEventId, liveFeedPath, parseEventId, sessionKey } from './protocol'

describe('event ids', () => {
  it('round-trips a cursor', () => {
    const cursor = { epoch: '9f2c01ab-3', lines: 120, seq: 117 }
    expect(formatEventId(cursor)).toBe('9f2c01ab-3:120:117')
    expect(parseEventId(formatEventId(cursor))).toEqual(cursor)
    expect(parseEventId('e-1:0:-1')).toEqual({ epoch: 'e-1', lines: 0, seq: -1 })
  })

  it.each([null, undefined, '', '5', 'a:b:c', 'e:1', 'e:1:2:3', 'e:-1:0', 'e:1:-2', 'e:1.5:0', 'é:1:0', 'e:99999999999999999:0', `${'x'.repeat(65)}:1:1`])(
    'refuses %j (the server then sends a reset)',
    (text) => {
      expect(parseEventId(text)).toBeNull()
    },
  )
})

describe('sessionKey', () => {
  // log-format.md §2.3: dsh's directory-name escape.
  it.each([
    ['0c9f7a3e-1b2d-4e5f-8a9b-0c1d2e3f4a5b', '0c9f7a3e-1b2d-4e5f-8a9b-0c1d2e3f4a5b'],
    ['a/b', 'a~002Fb'],
    ['sess 1', 'sess~00201'],
    ['x~y', 'x~007Ey'],
    ['日本', '~65E5~672C'],
    ['.', '~002E'],
    ['..', '~002E~002E'],
    ['a.b_c-d', 'a.b_c-d'],
  ])('%j → %s', (id, key) => {
    expect(sessionKey(id)).toBe(key)
    expect(encodeURIComponent(key)).toBe(key)
  })

  it('builds feed URLs from keys', () => {
    expect(liveFeedPath(sessionKey('a/b'))).toBe('/live/session/a~002Fb/events')
  })
})
