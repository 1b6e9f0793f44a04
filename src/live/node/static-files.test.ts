import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveUnder } from './static-files'

const ROOT = join('/srv', 'site')

describe('resolveUnder', () => {
  it.each([
    ['/', ROOT],
    ['/index.html', join(ROOT, 'index.html')],
    ['/a/b.js', join(ROOT, 'a', 'b.js')],
    ['/a//b.js', join(ROOT, 'a', 'b.js')],
    ['/sessions/a~002Fb/', join(ROOT, 'sessions', 'a~002Fb')],
    ['/sp%20ace.html', join(ROOT, 'sp ace.html')],
    ['/_astro/x.css', join(ROOT, '_astro', 'x.css')],
  ])('%s → inside the root', (url, path) => {
    expect(resolveUnder(ROOT, url)).toBe(path)
  })

  it.each(['/..', '/../etc/passwd', '/a/../../etc', '/%2e%2e/x', '/%2E%2E/x', '/a%2f..%2f..%2fx', '/..%5cx', '/a%5c..%5cx', '/.env', '/a/.git/config', '/%00', '/x%00.html', '/%E0%A4%A', '/C:/x', 'relative', ''])(
    '%j → refused',
    (url) => {
      expect(resolveUnder(ROOT, url)).toBeNull()
    },
  )
})
