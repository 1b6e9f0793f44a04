import { describe, expect, it } from 'vitest'
import { collectIds, anchorScript } from '../render/pages/anchors'
import { fillShell, headMarkup, parseShell } from './shell'

const SHELL = '<html lang="%DSH_LANG%"><head><link href="%DSH_ROOT%assets/site.css"><!--dsh:head--></head><body><!--dsh:body--></body></html>'

describe('the page shell', () => {
  it('fills every marker, escaping the values that are not markup', () => {
    const html = fillShell(parseShell(SHELL), { lang: 'en"', root: '../', head: headMarkup('A <b> & "c"', 'https://x.test/s.html', 's.anchors.js'), body: '<main>x</main>' })
    expect(html).toBe(
      '<html lang="en&quot;"><head><link href="../assets/site.css"><title>A &lt;b&gt; &amp; &quot;c&quot;</title>\n<link rel="canonical" href="https://x.test/s.html">\n<meta name="dsh-anchors" content="s.anchors.js"></head><body><main>x</main></body></html>',
    )
  })

  it('fills the page default view mode into <html data-view> (detailed unless told)', () => {
    const shell = parseShell(SHELL.replace('<html lang="%DSH_LANG%">', '<html lang="%DSH_LANG%" data-view="%DSH_VIEW%">'))
    expect(fillShell(shell, { lang: 'en', root: '', head: '', body: '' })).toContain('<html lang="en" data-view="detailed">')
    expect(fillShell(shell, { lang: 'en', root: '', head: '', body: '', view: 'classic' })).toContain('<html lang="en" data-view="classic">')
  })

  it('refuses a shell without its markers (a broken package build)', () => {
    expect(() => parseShell('<html><body></body></html>')).toThrow(/lacks %DSH_LANG%/)
  })

  it('names the replay data and loads its files deferred: the index, and a paginated page its own data file, which holds the first frame on a light page', () => {
    expect(headMarkup('T', null, null, { src: 's.replay.js', page: 2, data: 's.replay.p2.js', hold: true })).toBe(
      '<title>T</title>\n<meta name="dsh-replay" content="s.replay.js" data-page="2">\n<script defer src="s.replay.js"></script>\n<script defer blocking="render" src="s.replay.p2.js"></script>',
    )
    expect(headMarkup('T', null, null, { src: 's.replay.js', page: 2, data: 's.replay.p2.js', hold: false })).toBe(
      '<title>T</title>\n<meta name="dsh-replay" content="s.replay.js" data-page="2">\n<script defer src="s.replay.js"></script>\n<script defer src="s.replay.p2.js"></script>',
    )
    // A one-page session's data rides in its index; the one-file export's is a block in the page.
    expect(headMarkup('T', null, null, { src: 's.replay.js', page: 1 })).toBe('<title>T</title>\n<meta name="dsh-replay" content="s.replay.js" data-page="1">\n<script defer src="s.replay.js"></script>')
    expect(headMarkup('T', null, null, { src: '#dsh-replay-data', page: 1, autoplay: true })).not.toContain('<script')
  })

  it('does not re-expand markers that appear inside the filled body', () => {
    const html = fillShell(parseShell(SHELL), { lang: 'en', root: '', head: '', body: '%DSH_ROOT% <!--dsh:head-->' })
    expect(html).toContain('<body>%DSH_ROOT% <!--dsh:head--></body>')
  })
})

describe('anchors', () => {
  it('collects ids in order, attribute escapes undone', () => {
    expect(collectIds('<div id="a"><p id="tool:c&quot;1&amp;"></p><x data-id="no"></x></div>')).toEqual(['a', 'tool:c"1&'])
  })

  it('writes the map as a script that only assigns data', () => {
    const script = anchorScript({ pages: ['s.html'], anchors: { '</script><script>alert(1)</script>': 0 } })
    expect(script).toBe('window.dshAnchors={"pages":["s.html"],"anchors":{"</script><script>alert(1)</script>":0}};\n')
    const seen: { dshAnchors?: unknown } = {}
    new Function('window', script)(seen)
    expect(seen.dshAnchors).toEqual({ pages: ['s.html'], anchors: { '</script><script>alert(1)</script>': 0 } })
  })
})
