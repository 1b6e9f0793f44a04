import { describe, expect, it } from 'vitest'
import { assignStems, pageFile, sessionStem, sideFile } from './slug'

describe('sessionStem', () => {
  it.each([
    ['14dda109-5728-45ba-a002-7db9543fe50e', '14dda109-5728-45ba-a002-7db9543fe50e'],
    ['a/b', 'a~002Fb'],
    ['x~y', 'x~007Ey'],
    ['.hidden', '~002Ehidden'],
    // Dots are escaped: an id can never take a page name of another session (x.p2.html, x.files/).
    ['x.p2', 'x~002Ep2'],
    ['x.files', 'x~002Efiles'],
    ['NUL.txt', 'NUL~002Etxt'],
    ['日本', '~65E5~672C'],
    ['"><script>', '~0022~003E~003Cscript~003E'],
    ['', '~empty'],
    ['con', '~con'],
  ])('%j → %s', (id, stem) => expect(sessionStem(id)).toBe(stem))

  it('cuts very long ids and keeps them distinct with a hash', () => {
    const a = sessionStem('x'.repeat(300))
    const b = sessionStem(`${'x'.repeat(299)}y`)
    expect(a.length).toBeLessThanOrEqual(120)
    expect(a).not.toBe(b)
  })

  it('only ever yields URL- and file-safe names', () => {
    for (const id of ['a b', 'é', '../../etc', 'a\\b', 'a?b#c', 'NUL.txt']) expect(sessionStem(id)).toMatch(/^[A-Za-z0-9_~-]+$/)
  })
})

describe('assignStems', () => {
  it('numbers repeated ids in input order, case-insensitively', () => {
    expect(assignStems(['a', 'b', 'a', 'A'])).toEqual(['a', 'b', 'a~2', 'A~3'])
  })
})

describe('file names', () => {
  it('page 1 is the session stem, later pages are numbered, side files live in a folder', () => {
    expect([pageFile('s', 1), pageFile('s', 2), sideFile('s', 'abc')]).toEqual(['s.html', 's.p2.html', 's.files/abc.txt'])
  })
})
