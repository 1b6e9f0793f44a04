import { describe, expect, it } from 'vitest'
import { snapshotName, snapshotNames } from './names'

describe('snapshotName', () => {
  it.each([
    ['539aa64c-7f37-40ff-abd8-ed45b717be1b', '539aa64c-7f37-40ff-abd8-ed45b717be1b'],
    ['session-c1b30693', 'session-c1b30693'],
    ['{{session:1}}', 'session_1'],
    ['{{sessionId}}', 'sessionId'],
    ['../../etc/passwd', 'etc_passwd'],
    ['a b/c\\d', 'a_b_c_d'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
  ])('%j → %s', (id, name) => {
    expect(snapshotName(id)).toBe(name)
  })

  it('names an id with nothing file-safe by a hash of it', () => {
    expect(snapshotName('会话')).toMatch(/^session_[0-9a-f]{8}$/)
    expect(snapshotName('会话')).not.toBe(snapshotName('对话'))
    expect(snapshotName('')).toMatch(/^session_[0-9a-f]{8}$/)
  })

  it('cuts long ids and keeps them distinct with a hash', () => {
    const a = snapshotName('x'.repeat(300))
    const b = snapshotName(`${'x'.repeat(299)}y`)
    expect(a.length).toBeLessThanOrEqual(100)
    expect(a).not.toBe(b)
  })
})

describe('snapshotNames', () => {
  it('numbers repeats in input order, ignoring letter case', () => {
    expect(snapshotNames(['{{session:1}}', 'a', '{{session:1}}', 'A', '{session:1}'])).toEqual(['session_1', 'a', 'session_1~2', 'A~2', 'session_1~3'])
  })
})
