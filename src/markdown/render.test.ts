import { Window } from 'happy-dom'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { trustHtml } from '../cards/trusted'
import { collectCodeBlocks, lexMarkdown, renderMarkdown } from './render'

/** Tags and attributes the renderer may emit; anything else in the output is a sanitizer bug. */
const ALLOWED_TAGS = new Set([
  'P', 'H3', 'H4', 'H5', 'H6', 'PRE', 'CODE', 'BLOCKQUOTE', 'UL', 'OL', 'LI', 'INPUT', 'DIV', 'TABLE', 'THEAD',
  'TBODY', 'TR', 'TH', 'TD', 'HR', 'STRONG', 'EM', 'DEL', 'BR', 'A', 'SPAN',
  // A fenced block's Copy button, hidden until the page script wires it.
  'BUTTON',
])
const ALLOWED_ATTRS = new Set(['class', 'href', 'rel', 'start', 'type', 'disabled', 'checked', 'hidden', 'data-md-code', 'data-copy', 'data-copy-code'])

const window = new Window()

function parse(html: string) {
  window.document.body.innerHTML = html
  return window.document.body
}

function assertClean(html: string) {
  for (const el of parse(html).querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(el.tagName), el.tagName).toBe(true)
    for (const attr of el.getAttributeNames()) expect(ALLOWED_ATTRS.has(attr), attr).toBe(true)
    const href = el.getAttribute('href')
    if (href !== null) expect(href).toMatch(/^https?:\/\//)
  }
}

describe('renderMarkdown', () => {
  it.each([
    ['emphasis', '*a* **b** ~~c~~ `d`', '<p><em>a</em> <strong>b</strong> <del>c</del> <code>d</code></p>'],
    ['headings two levels down', '# One\n\n## Two\n\n##### Five', '<h3>One</h3><h4>Two</h4><h6>Five</h6>'],
    ['a tight list', '- a\n- b', '<ul><li>a</li><li>b</li></ul>'],
    ['an ordered list with a start', '3. c\n4. d', '<ol start="3"><li>c</li><li>d</li></ol>'],
    ['a task list', '- [x] done\n- [ ] todo', '<ul><li class="task"><input type="checkbox" disabled checked> done</li><li class="task"><input type="checkbox" disabled> todo</li></ul>'],
    ['a fenced block: language label, a Copy button for the page script, the code', '```ts\nlet a = 1 < 2\n```',
      '<div class="md-code" data-md-code=""><div class="md-code-head"><span class="md-code-lang">ts</span><button type="button" class="md-code-copy" hidden data-copy="" data-copy-code=""></button></div><pre><code class="language-ts">let a = 1 &lt; 2</code></pre></div>'],
    ['an http link', '[x](https://example.com/a?b=1&c=2)', '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">x</a></p>'],
    ['an autolink', 'see https://example.com/x.', '<p>see <a href="https://example.com/x" rel="noopener noreferrer nofollow">https://example.com/x</a>.</p>'],
    ['a javascript: link loses its href', '[x](javascript:alert(1))', '<p><span class="md-link">x</span></p>'],
    ['a data: link loses its href', '[x](data:text/html,<script>alert(1)</script>)', '<p><span class="md-link">x</span></p>'],
    ['a relative link loses its href', '[x](../etc/passwd)', '<p><span class="md-link">x</span></p>'],
    ['an image becomes a link, never an <img>', '![alt](https://e.com/i.png)', '<p><a class="md-image" href="https://e.com/i.png" rel="noopener noreferrer nofollow">alt</a></p>'],
    ['inline HTML is text', 'a <img src=x onerror=alert(1)> b', '<p>a &lt;img src=x onerror=alert(1)&gt; b</p>'],
    ['block HTML is text', '<script>alert(1)</script>', '<p class="md-html">&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['an unclosed script tag is text', 'x <script', '<p>x &lt;script</p>'],
    ['entities mean their character', 'a &amp; b &lt;i&gt; &#x41; &#0;', '<p>a &amp; b &lt;i&gt; A \ufffd</p>'],
    ['a table with alignment', '| a | b |\n|---|:-:|\n| 1 | 2 |', '<div class="md-table"><table><thead><tr><th>a</th><th class="align-center">b</th></tr></thead><tbody><tr><td>1</td><td class="align-center">2</td></tr></tbody></table></div>'],
  ])('%s', (_name, source, html) => expect(renderMarkdown(source)).toBe(html))

  it('uses the caller’s colouring for fenced code and escapes when there is none', () => {
    const html = renderMarkdown('```py\nx\n```\n\n```\n<y>\n```', {
      code: (text, lang) => (lang === 'py' ? trustHtml(`<pre class="shiki"><code><span class="t1">${text}</span></code></pre>`) : null),
    })
    const head = (label: string) => `<div class="md-code" data-md-code=""><div class="md-code-head">${label}<button type="button" class="md-code-copy" hidden data-copy="" data-copy-code=""></button></div>`
    expect(html).toBe(`${head('<span class="md-code-lang">py</span>')}<pre class="shiki"><code><span class="t1">x</span></code></pre></div>${head('')}<pre><code>&lt;y&gt;</code></pre></div>`)
  })

  it('collects code blocks in document order, nested ones included', () => {
    const tokens = lexMarkdown('```ts\na\n```\n\n> - item\n>\n>   ```\n>   b\n>   ```')
    expect(collectCodeBlocks(tokens)).toEqual([{ text: 'a', lang: 'ts' }, { text: 'b', lang: null }])
  })

  it('survives absurd nesting without throwing', () => {
    const html = renderMarkdown(`${'> '.repeat(2_000)}deep`)
    expect(html).toContain('deep')
  })

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '[a](javascript&#58;alert(1))',
    '[a](jav&#x09;ascript:alert(1))',
    '[a](<javascript:alert(1)>)',
    '[a]: javascript:alert(1)\n\n[b][a]',
    '<svg/onload=alert(1)>',
    '![x](x" onerror="alert(1))',
    '`<b>` **<i onclick=x>**',
    '| <img src=x> | b |\n|---|---|\n| [l](vbscript:x) | c |',
    // A fence (the property found it): its Copy button is allowed, nothing the fence's text says is.
    '```',
    '```js" onclick="x\n<script>x</script>\n```',
  ])('hostile input stays inert: %s', source => assertClean(renderMarkdown(source)))

  it('any input renders to allowlisted markup only (property)', () => {
    const piece = fc.constantFrom(
      '<', '>', '&', '"', "'", '[', ']', '(', ')', '!', '*', '_', '`', '~', '|', '-', '#', '\n', ' ', ':', '/',
      'javascript:', 'https://x.y/', '<script>', '<img src=x onerror=alert(1)>', '&#', ';', 'a', '1.', '> ',
    )
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), parts => assertClean(renderMarkdown(parts.join('')))), {
      numRuns: 300,
    })
  })
})

describe('file mentions (cards-current.md §8.3)', () => {
  it('a code span the caller resolves becomes a link to the row, titled with the path; others stay code', () => {
    const html = renderMarkdown('Wrote `x.ts`, see `y.ts` and **`x.ts`**.', {
      mention: span => (span === 'x.ts' ? { href: 'tool:w1', title: '/ws/x.ts' } : null),
    })
    expect(html).toBe('<p>Wrote <code><a class="md-mention" role="button" href="#tool%3Aw1" title="/ws/x.ts">x.ts</a></code>, see <code>y.ts</code> and <strong><code><a class="md-mention" role="button" href="#tool%3Aw1" title="/ws/x.ts">x.ts</a></code></strong>.</p>')
  })
  it('escapes what it writes into the link', () => {
    const html = renderMarkdown('`a"<b>`', { mention: () => ({ href: 'tool:"x"', title: '"/ws/<a>' }) })
    expect(html).toBe('<p><code><a class="md-mention" role="button" href="#tool%3A%22x%22" title="&quot;/ws/&lt;a&gt;">a&quot;&lt;b&gt;</a></code></p>')
  })
})
