// @vitest-environment happy-dom
/**
 * Session text in a GitHub comment stays text: every escaped string is rendered with a real GFM renderer
 * (marked, the one src/markdown uses) and must come back as exactly its own text, inside only the elements
 * the shape allows — no link, image, heading, list, table, code block or HTML from the log — with mentions,
 * issue references and URLs broken by a zero-width space.
 */
import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { clean, code, fenced, inline, link, quote } from './escape'

const ZWSP = '\u200b'

/** GFM → HTML → (tag names, visible text without zero-width spaces). */
function rendered(markdown: string): { tags: string[]; text: string } {
  const html = marked.parse(markdown, { gfm: true, async: false })
  const tags = [...new Set([...html.matchAll(/<([a-z][a-z0-9]*)/g)].map(m => m[1] ?? ''))].sort()
  const box = document.createElement('div')
  // Line breaks and paragraph ends as the newlines a reader sees.
  box.innerHTML = html.replace(/<br>/g, '\n').replace(/<\/p>/g, '\n</p>')
  return { tags, text: (box.textContent ?? '').replaceAll(ZWSP, '').replaceAll('\u00a0', ' ').trim() }
}

const HOSTILE: [string, string][] = [
  ['script', '<script>alert(1)</script>'],
  ['image tag', '<img src=x onerror=alert(1)>'],
  ['comment', 'before <!-- hidden --> after'],
  ['details', '<details open><summary>x</summary>y</details>'],
  ['entity', 'AT&amp;T &lt;b&gt; &#64;octocat'],
  ['link', '[click](javascript:alert(1))'],
  ['image', '![pixel](https://evil.example/p.png)'],
  ['reference', '[ref]: https://evil.example'],
  ['footnote', 'note[^1]'],
  ['emphasis', '**bold** _it_ *em* __b__'],
  ['strike', '~~gone~~ ~one~'],
  ['math', 'cost $x^2$ and $$y$$'],
  ['lone backticks', 'a ` b and `` c'],
  ['heading', '# Big heading'],
  ['list', '- item'],
  ['plus list', '+ item'],
  ['ordered', '1. first'],
  ['ordered paren', '2) second'],
  ['quote', '> quoted'],
  ['setext', '==='],
  ['rule', '---'],
  ['table', '| a | b |'],
  ['autolink', '<https://evil.example>'],
  ['bare url', 'see https://evil.example/x and www.evil.example'],
  ['backslash', 'C:\\path\\to\\ end \\'],
  ['html entity trick', '&#x3C;script&#x3E;'],
  ['task list', '[ ] todo'],
  ['emoji', ':rocket: launch'],
]

describe('inline', () => {
  it.each(HOSTILE)('%s renders as its own text in one paragraph', (_name, text) => {
    const out = rendered(inline(text))
    expect(out.tags).toEqual(['p'])
    expect(out.text).toBe(text)
  })

  it.each([
    ['a code span', 'run `rm -rf /` now', ['rm -rf /']],
    ['a longer fence around backticks', 'use ``a `b` c`` here', ['a `b` c']],
    ['HTML and a mention inside code', 'see `<img src=x> @me #1`', ['<img src=x> @me #1']],
    ['two spans', '`a` and `b`', ['a', 'b']],
  ])('keeps %s as written (issue 15: no escaped backticks)', (_name, text, codes) => {
    const markdown = inline(text)
    expect(markdown).not.toContain('\\`')
    const html = marked.parse(markdown, { gfm: true, async: false })
    const box = document.createElement('div')
    box.innerHTML = html
    expect([...box.querySelectorAll('code')].map(c => c.textContent)).toEqual(codes)
    expect(box.querySelectorAll('img, a, script')).toHaveLength(0)
  })

  it('escapes | inside a code span only in a table cell', () => {
    expect(inline('`a|b`')).toBe('`a|b`')
    expect(inline('`a|b`', { table: true })).toBe('`a\\|b`')
  })

  it('joins lines and never lets a line start a block', () => {
    const out = rendered(inline('first\n# second\n\n- third'))
    expect(out.tags).toEqual(['p'])
    expect(out.text).toBe('first # second - third')
  })

  it.each([
    ['a mention', 'ping @octocat now', /(^|[^\w])@[A-Za-z0-9]/],
    ['a team mention', 'cc @github/security', /(^|[^\w])@[A-Za-z0-9]/],
    ['an issue reference', 'fixes #123', /#[0-9]/],
    ['a cross-repo reference', 'see owner/repo#9', /#[0-9]/],
    ['a GH- reference', 'GH-45 again', /GH-[0-9]/],
    ['a URL', 'https://evil.example', /https:\/\//],
    ['a www link', 'www.evil.example', /www\.e/],
  ])('breaks %s with a zero-width space', (_name, text, pattern) => {
    const markdown = inline(text)
    const html = marked.parse(markdown, { gfm: true, async: false })
    const box = document.createElement('div')
    box.innerHTML = html
    const shown = (box.textContent ?? '').trim()
    // What GitHub's text filters see: the pattern is broken; what a reader sees: the same characters.
    expect(shown).not.toMatch(pattern)
    expect(shown.replaceAll(ZWSP, '')).toBe(text)
    expect(html).not.toContain('<a ')
  })

  it('leaves e-mail addresses and mid-word @ alone', () => {
    expect(inline('me@example.com')).toBe('me@example.com')
  })
})

describe('quote', () => {
  it('keeps lines and blank lines, escaped, inside one blockquote', () => {
    const text = '# not a heading\n- not a list\n\n<b>not bold</b>\n    not code'
    const markdown = quote(text)
    const out = rendered(markdown)
    expect(out.tags.filter(t => !['blockquote', 'p', 'br'].includes(t))).toEqual([])
    expect(out.text.replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '))
    expect(markdown.split('\n').every(line => line.startsWith('>'))).toBe(true)
  })

  it.each(HOSTILE)('%s stays text', (_name, text) => {
    const out = rendered(quote(`intro\n${text}\noutro`))
    expect(out.tags.filter(t => !['blockquote', 'p', 'br'].includes(t))).toEqual([])
    expect(out.text.replace(/\s+/g, ' ')).toBe(`intro ${text} outro`.replace(/\s+/g, ' '))
  })
})

describe('code', () => {
  it.each([
    ['plain', 'npm test'],
    ['backticks inside', 'echo `date` and ``two``'],
    ['starts with a backtick', '`x'],
    ['html', '<script>alert(1)</script>'],
    ['mention', '@octocat #1'],
  ])('%s: one code element holding exactly the text', (_name, text) => {
    const html = marked.parse(code(text), { gfm: true, async: false })
    expect([...html.matchAll(/<([a-z]+)/g)].map(m => m[1])).toEqual(['p', 'code'])
    const box = document.createElement('div')
    box.innerHTML = html
    expect(box.querySelector('code')?.textContent).toBe(text)
  })

  it('makes one line of a multi-line text (a blank line would end the span)', () => {
    const html = marked.parse(code('a\n\n# b'), { gfm: true, async: false })
    expect(html).not.toContain('<h1')
    expect(html.match(/<code>/g)).toHaveLength(1)
  })

  it('escapes pipes for a table cell, and the cell keeps them', () => {
    const table = `| a | b |\n|---|---|\n| ${code('x | y', { table: true })} | 2 |`
    const box = document.createElement('div')
    box.innerHTML = marked.parse(table, { gfm: true, async: false })
    expect([...box.querySelectorAll('tbody td')].map(td => td.textContent)).toEqual(['x | y', '2'])
  })
})

describe('fenced', () => {
  it('uses a fence longer than any backtick run inside', () => {
    const text = 'before\n````\nnot the end\n````\nafter'
    const markdown = fenced(text, 'sh')
    expect(markdown.startsWith('`````sh\n')).toBe(true)
    const box = document.createElement('div')
    box.innerHTML = marked.parse(markdown, { gfm: true, async: false })
    expect(box.querySelectorAll('pre')).toHaveLength(1)
    expect(box.querySelector('code')?.textContent).toBe(`${text}\n`)
  })

  it('drops an info string that is not a plain language name', () => {
    expect(fenced('x', 'js onload=alert(1)').split('\n')[0]).toBe('```')
  })
})

describe('clean', () => {
  it('replaces bidi controls and other control characters, keeps tabs and newlines', () => {
    expect(clean('a\u202Eb\u2066c\u0007d\te\r\nf')).toBe('a\uFFFDb\uFFFDcd\te\nf')
  })

  it('strips terminal escapes (src/cards/plain-text.ts) rather than showing them', () => {
    expect(clean('\x1b[31mred\x1b[0m \x1b]0;title\x07done')).toBe('red done')
  })
})

describe('link', () => {
  it('escapes the label and keeps the destination ours', () => {
    const html = marked.parse(link('[x](javascript:1) @me', 'https://ci.example/a b.html'), { gfm: true, async: false })
    const box = document.createElement('div')
    box.innerHTML = html
    const anchors = box.querySelectorAll('a')
    expect(anchors).toHaveLength(1)
    expect(anchors[0]?.getAttribute('href')).toBe('https://ci.example/a%20b.html')
    expect(anchors[0]?.textContent?.replaceAll(ZWSP, '')).toBe('[x](javascript:1) @me')
  })
})
