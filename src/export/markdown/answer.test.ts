// @vitest-environment happy-dom
/**
 * The answer written back as Markdown (./answer.ts), checked the way GitHub would show it: rendered by a
 * GFM renderer (marked). Markdown the answer holds renders to the same elements and text as the answer
 * itself would; what must not come alive — raw HTML, links that are not http(s), images, mentions and
 * issue references — comes back as text.
 */
import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { answerMarkdown } from './answer'

const ZWSP = '\u200b'

function dom(markdown: string): HTMLDivElement {
  const box = document.createElement('div')
  box.innerHTML = marked.parse(markdown, { gfm: true, async: false })
  return box
}

/** Elements and text as a reader meets them: `tag[attr](children)`, text with whitespace collapsed. */
function shape(node: Node): string {
  if (node.nodeType === 3) return (node.textContent ?? '').replaceAll(ZWSP, '').replace(/\s+/g, ' ')
  if (!(node instanceof Element)) return ''
  const attrs = ['href', 'start', 'checked', 'class', 'align'].filter(a => node.hasAttribute(a)).map(a => `${a}=${node.getAttribute(a)}`)
  const inner = [...node.childNodes].map(shape).join('').replace(/^ | $/g, '')
  return `${node.tagName.toLowerCase()}${attrs.length > 0 ? `[${attrs.join(',')}]` : ''}(${inner})`
}
const shapeOf = (markdown: string) => [...dom(markdown).childNodes].map(shape).join('').replace(/\s+/g, ' ').trim()

describe('answerMarkdown keeps the answer’s Markdown', () => {
  it.each([
    ['a heading', '### What changed'],
    ['a setext heading', 'Title\n====='],
    ['emphasis', '**bold**, *em*, _also em_, ~~gone~~ and snake**case**word'],
    ['a bullet list with a nested list', '- a\n- b\n  - nested\n  - more\n- c'],
    ['an ordered list from 3', '3. three\n4. four'],
    ['a loose list', '- a\n\n- b'],
    ['a task list', '- [x] done\n- [ ] todo'],
    ['two lists in a row', '- a\n- b\n\n* c\n* d'],
    ['a table with alignment', '| file | + |\n|:--|--:|\n| **src/a.ts** | `x \\| y` |'],
    ['inline code with backticks', 'use ``a `b` c`` and `<b>` here'],
    ['a fenced block with its info string', '```ts title="a.ts"\nconst a = 1 // <b>\n```'],
    ['a fence holding a shorter fence', '````md\n```js\nx\n```\n````'],
    ['an indented code block', '    indented code'],
    ['a code block in a list item', '- item\n\n  ```sh\n  ls -la\n  ```'],
    ['a blockquote', '> quoted\n> more\n>\n> - list in quote'],
    ['an http link', 'see [the docs](https://example.com/a_(b)?q=1&r=2) now'],
    ['autolinks', '<https://example.com> and https://example.com/x and www.example.com'],
    ['a thematic break', 'a\n\n---\n\nb'],
    ['hard breaks', 'a  \nb\\\nc'],
    ['escaped markers in a paragraph', 'a\n\\# not a heading\n\\- not a list\n1\\. not ordered\n\\=\\=\\='],
    ['characters Markdown would read', 'a * b _ c [d] e | f ~ g $h$ i\\j 2 < 3 & 4 > 1 !'],
  ])('%s', (_name, source) => {
    expect(shapeOf(answerMarkdown(source))).toBe(shapeOf(source))
  })

  it('keeps a fence’s info string only when it is plain', () => {
    expect(answerMarkdown('```js onload=alert(1)\nx\n```').split('\n')[0]).toBe('```js')
  })

  it('a fence never closes early: the answer’s own fences are shorter than ours', () => {
    const source = '`````\n````\n```\n`````\n\nafter'
    const box = dom(answerMarkdown(source))
    expect(box.querySelectorAll('pre')).toHaveLength(1)
    expect(box.querySelector('pre')?.textContent).toBe('````\n```\n')
    expect(box.querySelector('p')?.textContent).toBe('after')
  })
})

/** Tags the answer may render to: Markdown's own, nothing raw HTML could add. */
const MARKDOWN_TAGS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'EM', 'DEL', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'INPUT', 'BLOCKQUOTE', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'A', 'BR', 'HR'])

/** Text GitHub's mention and reference filters read: outside code and links. */
function filteredText(box: HTMLElement): string {
  const copy = box.cloneNode(true) as HTMLElement
  for (const el of copy.querySelectorAll('code, pre, a')) el.remove()
  return copy.textContent ?? ''
}

describe('answerMarkdown neutralises what must not come alive', () => {
  it.each<[string, string, string]>([
    // name, answer, text a reader must see (zero-width spaces removed)
    ['an inline image tag', 'see <img src=x onerror=alert(1)> here', 'see <img src=x onerror=alert(1)> here'],
    ['a script', '<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['a details block', '<details open>\n<summary>x</summary>\n\ny\n\n</details>', '<details open><summary>x</summary> y </details>'],
    ['a closing details', 'text </details> more\n\n</details>', 'text </details> more </details>'],
    ['a comment', 'a <!-- hidden --> b', 'a <!-- hidden --> b'],
    ['HTML in emphasis, headings, lists, tables and quotes', '# <b>h</b>\n\n**<i>x</i>**\n\n- <iframe src=x></iframe>\n\n| a |\n|---|\n| <img src=y> |\n\n> <svg onload=alert(1)>', '<b>h</b> <i>x</i> <iframe src=x></iframe> a <img src=y> <svg onload=alert(1)>'],
    ['a javascript: link', '[click](javascript:alert(1))', 'click'],
    ['a javascript: autolink', '<javascript:alert(1)>', 'javascript:alert(1)'],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)', 'x'],
    ['a relative link', '[notes](../secret.md)', 'notes'],
    ['a reference link to javascript:', '[x][r]\n\n[r]: javascript:alert(1)', 'x'],
    ['a remote image', '![pixel](https://evil.example/p.png)', 'pixel (https://evil.example/p.png)'],
    ['an image without alt text', '![](https://evil.example/p.png)', '(https://evil.example/p.png)'],
    ['a mention', 'ping @octocat and @github/security', 'ping @octocat and @github/security'],
    ['an escaped mention', 'ping \\@octocat', 'ping @octocat'],
    ['a mention by character reference', 'ping &#64;octocat and &#x40;hubot', 'ping @octocat and @hubot'],
    ['a mention split by emphasis', 'ping @*octocat*', 'ping @octocat'],
    ['issue references', 'fixes #123, owner/repo#12, GH-45 and \\#9', 'fixes #123, owner/repo#12, GH-45 and #9'],
    ['a reference by character reference', 'see &#35;77', 'see #77'],
    ['other schemes as text', 'ftp://evil.example and file:///etc/passwd', 'ftp://evil.example and file:///etc/passwd'],
  ])('%s', (_name, source, shown) => {
    const markdown = answerMarkdown(source)
    const box = dom(markdown)
    expect([...box.querySelectorAll('*')].map(e => e.tagName).filter(t => !MARKDOWN_TAGS.has(t))).toEqual([])
    for (const a of box.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https?:\/\//)
    expect((box.textContent ?? '').replaceAll(ZWSP, '').replace(/\s+/g, ' ').trim()).toBe(shown)
    const filtered = filteredText(box)
    expect(filtered).not.toMatch(/(^|[^\w])@[A-Za-z0-9]/)
    expect(filtered).not.toMatch(/#[0-9]/)
    expect(filtered).not.toMatch(/GH-[0-9]/i)
    expect(filtered).not.toMatch(/[a-z]+:\/\//)
  })

  it('links a remote image’s link but still embeds no image', () => {
    const box = dom(answerMarkdown('[![badge](https://img.example/b.svg)](https://ci.example/run)'))
    expect(box.querySelectorAll('img')).toHaveLength(0)
    expect([...box.querySelectorAll('a')].map(a => a.getAttribute('href'))).toEqual(['https://ci.example/run'])
  })

  it('survives nesting past its depth bound as text', () => {
    for (const source of [`${'> '.repeat(300)}deep`, `${Array.from({ length: 120 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')}`, `${'*'.repeat(5000)}x`]) {
      const markdown = answerMarkdown(source)
      const box = dom(markdown)
      expect([...box.querySelectorAll('*')].map(e => e.tagName).filter(t => !MARKDOWN_TAGS.has(t))).toEqual([])
      expect(box.textContent).toMatch(/deep|level 119|x/)
    }
  })

  it('strips terminal escapes and replaces bidi controls, as for the rest of the summary', () => {
    expect(answerMarkdown('\x1b[31mred\x1b[0m a\u202Eb')).toBe('red a\uFFFDb')
  })
})
