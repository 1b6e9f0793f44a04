import { describe, expect, it } from 'vitest'
import type { PageRow, PageSection } from '../../cards/types'
import { viewModel } from '../../cards/view-model'
import { assemble } from '../../conversation/builder'
import { SECTION_CHARS } from '../../highlight/budget'
import { HighlightCache } from '../../highlight/cache'
import { Highlighter } from '../../highlight/highlighter'
import type { Tokenizer } from '../../highlight/tokenize'
import { parseLogText } from '../../log/json/parse-text'
import { session } from '../../log/testing/session'
import { Enricher, waitingForColours, withoutHighlight } from './enrich'
import { EMPTY_ITEM } from '../../cards/details/types'

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
    expect(md?.kind === 'markdown' && md.html).toMatch(/^<p>Here:<\/p><div class="md-code" data-md-code=""><div class="md-code-head">.*<\/div><pre class="shiki"><code>.*<\/code><\/pre><\/div><p class="md-html">&lt;script&gt;x&lt;\/script&gt;<\/p>$/s)
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

/** One turn: tool calls given as [name, args, result (null: still running), meta], then an answer. */
function turn(calls: [string, unknown, string | null, unknown?][], answer: string): PageSection[] {
  const s = session({ id: 'e2', cwd: '/w' })
  s.turnStart()
  s.user('go')
  s.stepStart()
  calls.forEach(([name, args, result, meta], i) => {
    s.call(name, args, `c${i}`)
    if (result !== null) s.result(`c${i}`, result, meta === undefined ? {} : { meta })
  })
  s.stepEnd()
  s.stepStart()
  s.assistant(answer)
  s.stepEnd()
  s.turnEnd()
  return viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' }).sections
}

/** A read call of `lines` JSON lines (a cheap grammar), with its meta. */
function readCall(name: string, lines: string[]): [string, unknown, string, unknown] {
  const numbered = lines.map((text, i) => ({ number: i + 1, text }))
  return ['read', { file_path: name }, `<path>/w/${name}</path>\n<type>file</type>\n<content>\n${numbered.map(l => `${l.number}: ${l.text}`).join('\n')}\n</content>`,
    { path: `/w/${name}`, offset: 1, lines: numbered, totalLines: lines.length, lang: 'json' }]
}

const tools = (list: PageSection[]) => rowsOf(list).flatMap(r => (r.kind === 'tool' ? [r] : []))
const highlighter = () => new Highlighter(new HighlightCache(null))

describe('Enricher: windows, diffs, web answers', () => {
  it('colours a capped read card row by row, each fragment holding exactly its line', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `{"key${i}": [${i}, true, null, "<v${i}>"]}`)
    const [section] = turn([readCall('a.json', lines)], 'done')
    const out = await new Enricher(highlighter()).section(section as PageSection)
    const body = tools([out])[0]?.body
    if (body?.kind !== 'read') throw new Error('no read card')
    expect(body.chatWindow).not.toBeNull()
    expect(body.code.html).toBeNull()
    expect(body.lineHtml).toHaveLength(12)
    const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    expect(body.lineHtml?.map(text)).toEqual(lines)
    expect(body.lineHtml?.[0]).toMatch(/<span class="t\d+/)
  })

  it('colours both sides of a diff and lays the word marks over the colours', async () => {
    const change = { old_string: 'const mode = "debug"', new_string: 'const mode = "release"' }
    const meta = { diffs: [{ path: '/w/a.ts', oldText: change.old_string, newText: change.new_string }] }
    const [section] = turn([['edit', { file_path: 'a.ts', ...change }, 'ok', meta]], 'done')
    const out = await new Enricher(highlighter()).section(section as PageSection)
    const body = tools([out])[0]?.body
    if (body?.kind !== 'diff') throw new Error('no diff card')
    const lines = body.rows.filter(r => r.kind === 'removed' || r.kind === 'added')
    expect(lines).toHaveLength(2)
    for (const row of lines) {
      if (row.kind !== 'removed' && row.kind !== 'added') continue
      expect(row.html).toMatch(/<span class="t\d+/)
      expect(row.html).toContain('<span class="dm">')
      expect(row.html?.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"')).toBe(row.text)
    }
    const plain = withoutHighlight(tools([out])[0] as PageRow)
    expect(plain.kind === 'tool' && plain.body?.kind === 'diff' && plain.body.rows.every(r => r.kind === 'header' || r.kind === 'gap' || r.html === null)).toBe(true)
  })

  it('renders a web search answer as sanitized Markdown', async () => {
    const meta = { truncated: false, answer: 'Use **vitest** <script>x</script>', sources: [{ url: 'https://vitest.dev/', title: 'Vitest' }] }
    const [section] = turn([['web_search', { queries: ['test runner'] }, 'results', meta]], 'done')
    const out = await new Enricher(null).section(section as PageSection)
    const body = tools([out])[0]?.body
    if (body?.kind !== 'web' || body.mode !== 'search') throw new Error(`no web card: ${JSON.stringify(body)}`)
    expect(body.answerHtml).toContain('<strong>vitest</strong>')
    expect(body.answerHtml).not.toContain('<script>')
  })

  it('spends the turn budget on the answer’s code first, then on the code inside tool rows', async () => {
    // Three capped reads of ~30% of a turn's colour budget each come before an answer of the same size:
    // only three of the four blocks fit, and the one left plain must be a read, not the answer.
    const big = (seed: number) => {
      const lines: string[] = []
      for (let i = 0; lines.join('\n').length < SECTION_CHARS * 0.3; i++) lines.push(`{"k${seed}_${i}": ${i}, "v": "${'x'.repeat(30)}"}`)
      return lines
    }
    const reads = [readCall('a.json', big(1)), readCall('b.json', big(2)), readCall('c.json', big(3))]
    const fence = big(4).join('\n')
    const [section] = turn(reads, `Result:\n\n\`\`\`json\n${fence}\n\`\`\``)
    const out = await new Enricher(highlighter()).section(section as PageSection)
    const md = out.rows.find(r => r.kind === 'markdown')
    expect(md?.kind === 'markdown' && md.html).toMatch(/<pre class="shiki">/)
    const coloured = tools([out]).map(t => (t.body?.kind === 'read' ? (t.body.lineHtml ?? null) !== null : null))
    expect(coloured).toEqual([true, true, false])
  })
})

describe('waitingForColours', () => {
  it('puts off only the sections whose code is really out at shiki', async () => {
    const s = session({ id: 'w', cwd: '/w' })
    const answerTurn = (text: string) => {
      s.turnStart()
      s.user('go')
      s.stepStart()
      s.assistant(text)
      s.stepEnd()
      s.turnEnd()
    }
    answerTurn('```ts\nexport const coloured = 1\n```')
    answerTurn('no code here')
    // A block over the block cap is never tokenized, but its request still settles only after a few microtasks.
    const big = Array.from({ length: 900 }, (_, i) => `export const value${i} = ${i}`).join('\n')
    answerTurn(`\`\`\`ts\n${big}\n\`\`\``)
    const cache = new HighlightCache(null)
    const cachedCode = 'export const cached = 2'
    answerTurn(`\`\`\`ts\n${cachedCode}\n\`\`\``)
    const { sections } = viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' })
    // Warm the cache for the last block, then hold every request that reaches the tokenizer.
    await new Enricher(new Highlighter(cache)).section(sections[3] as PageSection)
    const asked: string[] = []
    const held: Tokenizer = { render: (_lang, text) => (asked.push(text), new Promise(() => {})), warm: () => {}, close: async () => {} }
    const started = new Enricher(new Highlighter(cache, held)).start(sections)
    expect(await waitingForColours(started)).toEqual(new Set([0]))
    expect(asked).toEqual(['export const coloured = 1'])
  })
})

describe('details cards (cards-current.md §11.1)', () => {
  function workflowSection(): PageSection {
    const s = session({ id: 'd', cwd: '/w' })
    s.turnStart()
    s.user('go')
    s.stepStart()
    s.call('workflow', { code: 'return { a: 1 }' }, 'w1')
    s.result('w1', 'workflow "wf" completed (0 agents).\nReturn value:\n{"a":1}')
    s.stepEnd()
    s.turnEnd()
    const [section] = viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' }).sections
    if (section === undefined) throw new Error('no section')
    // A Markdown item (lsp hover, agent reply) beside the workflow's own items.
    return {
      ...section,
      rows: section.rows.map(r => r.kind === 'tool' && r.body?.kind === 'details'
        ? { ...r, body: { ...r.body, items: [...r.body.items, { ...EMPTY_ITEM, markdown: '**bold**' }] } }
        : r),
    }
  }
  const detailsOf = (section: PageSection) => {
    const row = section.rows.find(r => r.kind === 'tool')
    return row?.kind === 'tool' && row.body?.kind === 'details' ? row.body : null
  }

  it('fills markdownHtml and colours code blocks inside groups; withoutHighlight drops only the colours', async () => {
    const out = await new Enricher(new Highlighter(new HighlightCache(null))).section(workflowSection())
    const card = detailsOf(out)
    expect(card?.items[2]?.markdownHtml).toBe('<p><strong>bold</strong></p>')
    const code = card?.items[0]?.groups[0]?.items[0]?.code
    expect(code?.block.html).toMatch(/^<pre class="shiki"><code>/)
    const row = out.rows.find(r => r.kind === 'tool')
    const plain = row === undefined ? null : withoutHighlight(row)
    const plainCard = plain?.kind === 'tool' && plain.body?.kind === 'details' ? plain.body : null
    expect(plainCard?.items[0]?.groups[0]?.items[0]?.code?.block.html).toBeNull()
    expect(plainCard?.items[2]?.markdownHtml).toBe('<p><strong>bold</strong></p>')
  })
})
