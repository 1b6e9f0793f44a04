import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { renderStaticMarkup } from '../../src/site/html/static-markup'
import { countDeferredLinks } from '../../src/site/render/pages/links'
import { measure } from '../../src/site/render/pages/measure'
import { parseLogText } from '../../src/log/json/parse-text'
import { assembleTrajectory } from '../../src/trajectory'
import { ledgerSection } from '../../src/trajectory-view'
import { testContext } from '../../src/trajectory-view/testing'
import type { Block, InspectorModel, LedgerRow } from '../../src/trajectory-view/types'
import { inspectorHtml, linkHtml, rowHtml, sectionFrame, tally } from './ledger-html'
import styles from './Trajectory.module.css'

const HOSTILE = `<script>alert("x")</script> & 'q' \u202Eevil`

function row(over: Partial<LedgerRow> = {}): LedgerRow {
  return {
    id: 'rec-1',
    kind: 'user',
    tag: 'USER',
    aria: 'USER, hi',
    requestOnly: false,
    request: null,
    status: 'complete',
    turnLabel: null,
    marker: null,
    content: { kind: 'text', text: 'hi' },
    result: null,
    title: 'hi',
    inert: false,
    chat: null,
    inspectors: [],
    ...over,
  }
}

const inspector = (blocks: Block[]): InspectorModel => ({ of: 'rec', title: 'USER', where: 'Turn 1', tabs: [{ id: 'summary', label: 'Summary', blocks }] })
const body = (blocks: Block[]) => inspectorHtml(inspector(blocks)).replace('<h3 data-of="rec" data-at="4">USER · Turn 1</h3><h4 data-tab="summary">Summary</h4>', '')

describe('ledger markup', () => {
  it('writes a plain row: both cells, the fold, no attribute it has no value for', () => {
    expect(rowHtml(row())).toBe('<tr id="rec-1" data-k="user" tabindex="0"><td><span>USER</span></td><td><details><summary><span>hi</span></summary></details></td></tr>')
  })

  it('writes the marker, turn label, request, status, request-only name and inert rows', () => {
    const html = rowHtml(row({
      kind: 'message',
      tag: '',
      requestOnly: true,
      aria: 'Request 3, no content',
      request: 3,
      status: 'error',
      inert: true,
      turnLabel: { turn: 2, text: 'Turn 2', compact: '#2' },
      marker: { number: 3, id: 'req-3', label: 'Request #3', status: 'error' },
      content: { kind: 'empty' },
    }))
    expect(html).toBe(
      '<tr id="rec-1" data-k="message" data-r="3" data-s="error" tabindex="-1" aria-label="Request 3, no content" data-ro>' +
        '<td id="req-3"><button type="button" hidden aria-label="Request #3" aria-pressed="false" data-q="error"></button><b data-n="#2">Turn 2</b></td>' +
        '<td><details><summary></summary></details></td></tr>',
    )
    expect(rowHtml(row({ turnLabel: { turn: null, text: 'Between turns' } }))).toContain('<b>Between turns</b>')
  })

  it('escapes session text as text and attribute values as attributes', () => {
    const html = rowHtml(row({ id: `rec-"1"`, requestOnly: true, aria: HOSTILE, content: { kind: 'tool', name: HOSTILE, text: HOSTILE, program: true }, result: { text: HOSTILE, tone: 'error', verbatim: true } }))
    const text = `&lt;script&gt;alert("x")&lt;/script&gt; &amp; 'q' \u202Eevil`
    const attribute = `&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;q&#x27; \u202Eevil`
    expect(html).toContain(`id="rec-&quot;1&quot;"`)
    expect(html).toContain(`aria-label="${attribute}"`)
    expect(html).toContain(`<summary><span data-p><code>${text}</code> <code data-a>${text}</code></span><span data-t="e"><code data-a>${text}</code></span></summary>`)
    expect(html).not.toContain('<script')
  })

  it('writes each content and result tone', () => {
    expect(rowHtml(row({ content: { kind: 'muted', text: '(empty)' }, result: { text: 'No output', tone: 'muted', verbatim: false } }))).toContain('<summary><span data-t="m">(empty)</span><span data-t="m">No output</span></summary>')
    expect(rowHtml(row({ content: { kind: 'tool', name: 'read', text: '', program: false }, result: { text: 'ok', tone: null, verbatim: false } }))).toContain('<summary><span><code>read</code></span><span>ok</span></summary>')
  })

  it('links: deferred to a record, a file, a tab; a javascript: URL is blocked as React blocks it', () => {
    expect(linkHtml({ kind: 'link', label: 'Request #1', to: { target: 'req-1' } })).toBe('<a data-x href="#req-1">Request #1</a>')
    expect(linkHtml({ kind: 'link', label: 'a<b', to: { href: 'x.p2.html#rec-4' }, verbatim: true })).toBe('<a href="x.p2.html#rec-4"><code>a&lt;b</code></a>')
    expect(linkHtml({ kind: 'link', label: 'Payload', to: { tab: 'payload' } })).toBe('<span data-open="payload">Payload</span>')
    expect(linkHtml({ kind: 'link', label: 'x', to: { href: ' javascript:alert(1)' } })).toBe(renderStaticMarkup({ $$typeof: Symbol.for('react.transitional.element'), type: 'a', key: null, props: { href: ' javascript:alert(1)', children: 'x' } }))
    expect(linkHtml({ kind: 'link', label: 'x', to: { href: '' } })).toBe('<a href>x</a>')
  })

  it('writes the Chat link after the inspectors, with its class', () => {
    const html = rowHtml(row({ chat: { kind: 'link', label: 'Open in Chat', to: { target: 'chat-1' } }, inspectors: [inspector([])] }))
    expect(html).toContain(`<h3 data-of="rec" data-at="4">USER · Turn 1</h3><h4 data-tab="summary">Summary</h4><p class="${styles.chat}"><a data-x href="#chat-1">Open in Chat</a></p></details>`)
  })

  it('writes every block kind', () => {
    expect(body([{ kind: 'terms', terms: [{ term: 'Input', value: '10 tok' }, { term: 'Cached', value: '2 tok', indent: true, tone: 'muted' }, { term: 'Error', value: HOSTILE, tone: 'error' }] }])).toBe(
      `<dl><dt>Input</dt><dd>10 tok</dd><dt data-i>Cached</dt><dd data-t="m">2 tok</dd><dt>Error</dt><dd data-t="e">&lt;script&gt;alert("x")&lt;/script&gt; &amp; 'q' \u202Eevil</dd></dl>`,
    )
    expect(body([{ kind: 'terms', terms: [{ term: 'Started', value: { kind: 'time', ms: 1700000000000, text: '2023-11-14 22:13:20.000 UTC' } }, { term: 'Calls', value: [{ kind: 'link', label: 'a', to: { target: 'rec-2' } }, { kind: 'link', label: 'b', to: { target: 'rec-3' } }] }] }])).toBe(
      '<dl><dt>Started</dt><dd><time data-ms="1700000000000">2023-11-14 22:13:20.000 UTC</time></dd><dt>Calls</dt><dd><a data-x href="#rec-2">a</a> <a data-x href="#rec-3">b</a></dd></dl>',
    )
    // A <pre> doubles a leading newline (the parser drops one); prose does not.
    expect(body([{ kind: 'text', text: '\n{"a": 1}', pre: true }, { kind: 'text', text: '\nprose', tone: 'muted' }])).toBe('<pre>\n\n{"a": 1}</pre><p data-t="m">\nprose</p>')
    expect(body([{ kind: 'text', text: 'head', pre: true, cut: { note: 'Showing 4 of 9 characters.', href: 'x.files/ab.txt', label: 'Full text' } }])).toBe(
      `<pre>head</pre><p class="${styles.cut}">Showing 4 of 9 characters. <a href="x.files/ab.txt">Full text</a></p>`,
    )
    expect(body([{ kind: 'section', heading: 'This request', blocks: [{ kind: 'fold', summary: 'Thinking', open: true, blocks: [{ kind: 'text', text: 't' }] }, { kind: 'fold', summary: 'Raw', open: false, blocks: [] }] }])).toBe(
      '<h5>This request</h5><details open><summary>Thinking</summary><p>t</p></details><details><summary>Raw</summary></details>',
    )
    expect(body([{ kind: 'links', links: [{ kind: 'link', label: 'x', to: { target: 'rec-9' } }] }, { kind: 'catalog', items: [{ name: 'read', href: 'x.files/s.txt', description: 'Reads <a> file' }, { name: 'ls', href: 'x.files/t.txt', description: '' }] }])).toBe(
      '<ul><li><a data-x href="#rec-9">x</a></li></ul><ul><li><a href="x.files/s.txt">read</a> Reads &lt;a&gt; file</li><li><a href="x.files/t.txt">ls</a></li></ul>',
    )
    // Diff runs are an array child: no doubled newline, even when the first run starts with one.
    expect(body([{ kind: 'diff', heading: 'System prompt', runs: [{ sign: ' ', text: '\n same\n' }, { sign: '-', text: '-old<\n' }, { sign: '+', text: '+new&\n' }] }])).toBe(
      `<h5>System prompt</h5><pre class="${styles.diff}">\n same\n<del>-old&lt;\n</del><ins>+new&amp;\n</ins></pre>`,
    )
  })

  it('frames a section: a turn anchor and number, or neither between turns', () => {
    expect(sectionFrame({ anchor: 'turn-3', turn: 3 })).toEqual({ open: '<tbody id="turn-3" data-turn="3">', close: '</tbody>' })
    expect(sectionFrame({ anchor: null, turn: null })).toEqual({ open: '<tbody>', close: '</tbody>' })
  })

  it('counts, as it writes, the elements measure() finds and the deferred links the page resolves', () => {
    // Every block kind and row shape above, then every row of the corpus's plain-text logs (texts cut small,
    // so cut notes and their links are written too), in both locales.
    const rows: LedgerRow[] = [
      row(),
      row({ kind: 'message', tag: '', requestOnly: true, aria: HOSTILE, request: 3, status: 'error', inert: true, turnLabel: { turn: 2, text: 'Turn 2', compact: '#2' }, marker: { number: 3, id: 'req-3', label: 'Request #3', status: 'error' }, content: { kind: 'empty' } }),
      row({ turnLabel: { turn: null, text: 'Between turns' }, content: { kind: 'tool', name: HOSTILE, text: HOSTILE, program: true }, result: { text: HOSTILE, tone: 'error', verbatim: true } }),
      row({ content: { kind: 'tool', name: 'read', text: '', program: false }, result: { text: 'ok', tone: null, verbatim: false } }),
      row({ content: { kind: 'muted', text: '(empty)' }, chat: { kind: 'link', label: 'Open in Chat', to: { target: 'chat-1' } } }),
      row({
        inspectors: [inspector([
          { kind: 'terms', terms: [{ term: 'Started', value: { kind: 'time', ms: 1, text: 'x' } }, { term: 'Calls', value: [{ kind: 'link', label: 'a', to: { target: 'rec-2' }, verbatim: true }, { kind: 'link', label: 'b', to: { href: 'x.html' } }] }, { term: 'Source', value: { kind: 'link', label: 'User', to: { tab: 'source' } } }, { term: 'In', value: '1', indent: true, tone: 'muted' }] },
          { kind: 'text', text: '\n<x>', pre: true, tone: 'error', cut: { note: 'cut', href: 'a.txt', label: 'Full text' } },
          { kind: 'section', heading: 'h', blocks: [{ kind: 'fold', summary: 's', open: true, blocks: [{ kind: 'text', text: 't' }] }] },
          { kind: 'links', links: [{ kind: 'link', label: 'x', to: { target: 'rec-9' } }] },
          { kind: 'catalog', items: [{ name: 'read', href: 's.txt', description: 'd' }, { name: 'ls', href: 't.txt', description: '' }] },
          { kind: 'diff', heading: 'd', runs: [{ sign: ' ', text: ' a\n' }, { sign: '-', text: '-b\n' }, { sign: '+', text: '+c\n' }], cut: { note: 'n', href: 'd.txt', label: 'Full text' } },
        ])],
      }),
    ]
    const corpus = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url))
    const logs = (readdirSync(corpus, { recursive: true }) as string[]).filter((p) => p.endsWith('.jsonl')).sort()
    expect(logs.length).toBeGreaterThan(50)
    for (const path of logs) {
      const snapshot = assembleTrajectory(parseLogText(readFileSync(join(corpus, path), 'utf8')).lines)
      for (const locale of ['en', 'zh'] as const) {
        const ctx = { ...testContext(snapshot, locale, 40), chatLink: (r: { index: number }) => ({ target: `chat-${r.index}` }) }
        for (const section of snapshot.sections) rows.push(...ledgerSection(section, ctx).rows)
      }
    }
    expect(rows.length).toBeGreaterThan(1_000)
    for (const r of rows) {
      const n = tally()
      const html = rowHtml(r, n)
      expect(html).toBe(rowHtml(r))
      expect(n, r.id).toEqual({ nodes: measure(html).nodes, links: countDeferredLinks(Buffer.from(html, 'utf8')) })
    }
  })
})
