import { describe, expect, it } from 'vitest'
import type { PageSection } from '../cards/types'
import { viewModel } from '../cards/view-model'
import { assemble } from '../conversation/builder'
import { HighlightCache } from '../highlight/cache'
import { Highlighter } from '../highlight/highlighter'
import { parseLogText } from '../log/parse-text'
import { session } from '../log/testing/session'
import { Enricher, withoutHighlight } from './enrich'

const CODE = 'export const answer: number = 42\n'

function sections(): PageSection[] {
  const s = session({ id: 'e', cwd: '/w' })
  s.turnStart()
  s.user('<b>not markdown</b>')
  s.stepStart()
  s.call('read', { file_path: 'a.ts' }, 'r1')
  s.result('r1', `<path>/w/a.ts</path>\n<type>file</type>\n<content>\n1: ${CODE.trim()}\n\n(End of file - total 1 lines)\n</content>`, {
    meta: { path: '/w/a.ts', offset: 1, lines: [{ number: 1, text: CODE.trim() }], totalLines: 1, lang: 'ts' },
  })
  s.stepEnd()
  s.stepStart()
  s.assistant(`Here:\n\n\`\`\`ts\n${CODE}\`\`\`\n\n<script>x</script>`)
  s.stepEnd()
  s.turnEnd()
  return viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' }).sections
}

const rowsOf = (list: PageSection[]) => list.flatMap(s => s.rows)

describe('Enricher', () => {
  it('renders Markdown rows to sanitized HTML and colours their code and read cards', async () => {
    const out = await Promise.all(sections().map(s => new Enricher(new Highlighter(new HighlightCache(null))).section(s)))
    const md = rowsOf(out).find(r => r.kind === 'markdown')
    expect(md?.kind === 'markdown' && md.html).toMatch(/^<p>Here:<\/p><pre class="shiki"><code>.*<\/code><\/pre><p class="md-html">&lt;script&gt;x&lt;\/script&gt;<\/p>$/s)
    const read = rowsOf(out).find(r => r.kind === 'tool')
    const body = read?.kind === 'tool' ? read.body : null
    expect(body?.kind === 'read' && body.code.html).toMatch(/^<pre class="shiki"><code><span class="t\d+/)
    // User text is never Markdown: it is untouched.
    expect(rowsOf(out).find(r => r.kind === 'user')).toEqual(rowsOf(sections()).find(r => r.kind === 'user'))
  })

  it('without a highlighter, Markdown still renders and code stays plain', async () => {
    const out = await new Enricher(null).section(sections()[0] as PageSection)
    const md = out.rows.find(r => r.kind === 'markdown')
    expect(md?.kind === 'markdown' && md.html).toContain(`<pre><code class="language-ts">${CODE.trim()}</code></pre>`)
    const tool = out.rows.find(r => r.kind === 'tool')
    expect(tool?.kind === 'tool' && tool.body?.kind === 'read' && tool.body.code.html).toBeNull()
  })

  it('withoutHighlight strips colours from a row', async () => {
    const out = await new Enricher(new Highlighter(new HighlightCache(null))).section(sections()[0] as PageSection)
    const tool = out.rows.find(r => r.kind === 'tool')
    if (tool === undefined) throw new Error('no tool row')
    const plain = withoutHighlight(tool)
    expect(plain.kind === 'tool' && plain.body?.kind === 'read' && plain.body.code.html).toBeNull()
  })
})
