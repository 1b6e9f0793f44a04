/** The export's policy: hashes for its one script and stylesheet and for each ANSI colour, never unsafe-inline scripts. */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { exportCsp, MAX_STYLE_HASHES, styleAttributes } from './csp'

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`

describe('styleAttributes', () => {
  it('collects distinct decoded values, sorted, and ignores text that only looks like one', () => {
    const html = '<span style="color:rgb(1, 2, 3)">a</span><span style="color:rgb(1, 2, 3)">b</span><i style="background-color:rgb(0, 0, 0);font-weight:bold">c</i><p>style=&quot;x&quot;</p><b style="a&amp;b">'
    expect(styleAttributes(html)).toEqual(['a&b', 'background-color:rgb(0, 0, 0);font-weight:bold', 'color:rgb(1, 2, 3)'])
  })
})

describe('exportCsp', () => {
  it('allows the script and the stylesheet by hash, style attributes under unsafe-hashes, and nothing inline otherwise', () => {
    const policy = exportCsp('run()', 'body{}', ['color:red'])
    expect(policy).toBe(
      `default-src 'none'; script-src ${hash('run()')}; style-src ${hash('body{}')} 'unsafe-hashes' ${hash('color:red')}; img-src data:; base-uri 'none'; form-action 'none'`,
    )
    expect(policy).not.toContain('unsafe-inline')
  })

  it('needs no unsafe-hashes without style attributes', () => {
    expect(exportCsp('x', 'y', [])).not.toContain('unsafe-hashes')
  })

  it('falls back to the site’s style rule past the hash cap, scripts still by hash only', () => {
    const values = Array.from({ length: MAX_STYLE_HASHES + 1 }, (_, i) => `color:rgb(${i}, 0, 0)`)
    const policy = exportCsp('x', 'y', values)
    expect(policy).toContain("style-src 'unsafe-inline'")
    expect(policy).toContain(`script-src ${hash('x')};`)
  })
})
