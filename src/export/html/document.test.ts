/**
 * The export document from the site's real shell and assets: everything inline, no reference to any other
 * file, the policy's hashes matching what is inlined; a shell that changed shape is refused, not guessed at.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseShell } from '../../site/html/shell'
import { testSiteAssets } from '../../../test/support/site-assets'
import { exportAssets, exportDocument } from './document'

const hash = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`

describe('exportDocument', () => {
  it('inlines the stylesheet and script, links no file, and allows exactly them', async () => {
    const assets = exportAssets(await testSiteAssets())
    // The body in pieces, one of them a style attribute's element: the policy hashes it all the same.
    const html = exportDocument(assets, { lang: 'zh-CN', head: '<title>T</title>', body: ['<main>', '<span style="color:rgb(1, 2, 3)">x</span>', '</main>'] }).join('')
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN" data-view="detailed">/i)
    expect(exportDocument(assets, { lang: 'en', view: 'classic', head: '', body: [] }).join('')).toMatch(/^<!DOCTYPE html>\n<html lang="en" data-view="classic">/i)
    expect(html).not.toMatch(/<link\b|\ssrc=/)
    expect(html.match(/<style>/g)).toHaveLength(1)
    expect(html.match(/<script>/g)).toHaveLength(1)
    const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? ''
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(policy).toContain(`script-src '${hash(script)}'`)
    expect(policy).toContain(`style-src '${hash(style)}' 'unsafe-hashes' '${hash('color:rgb(1, 2, 3)')}'`)
    expect(policy).not.toContain('unsafe-inline')
    expect(html.indexOf('<title>T</title>')).toBeLessThan(html.indexOf('</head>'))
    expect(html.indexOf('<main>')).toBeGreaterThan(html.indexOf('<body>'))
  })

  it('leaves session text that spells the shell’s slots alone', async () => {
    const assets = exportAssets(await testSiteAssets())
    const body = '<p>%DSH_LANG% %DSH_EXPORT_CSP% <!--dsh:body--></p>'
    expect(exportDocument(assets, { lang: 'en', head: '', body: [body] }).join('')).toContain(body)
  })

  it('refuses a shell without the asset links it replaces', async () => {
    const real = await testSiteAssets()
    const shell = parseShell('<html lang="%DSH_LANG%"><head><meta http-equiv="Content-Security-Policy" content="x"><!--dsh:head--></head><body>%DSH_ROOT%<!--dsh:body--></body></html>')
    expect(() => exportAssets({ ...real, shell })).toThrow(/stylesheet links/)
  })
})
