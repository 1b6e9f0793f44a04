// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { DiffBlock } from './DiffBlock'
import { ReadBlock } from './ReadBlock'
import { SearchBlock } from './SearchBlock'
import { WebBlock } from './WebBlock'
import { GenericToolBody } from './GenericToolBody'
import { SkillBody } from './SkillBody'
import { CodeBlock } from './CodeBlock'
import { RowBodyView } from './RowBodyView'
import { mount, textOf, withScript } from '../testing/render'
import { diffCard, ioBody, readCard, rowWindow, searchCard, skillBody, terminalCard, webFetchCard, webSearchCard } from '../testing/builders'
import { trustHtml } from '../../src/cards/trusted'

/** A literal we wrote, standing in for the highlighter's output (tests may mint SafeHtml). */
const html = trustHtml

describe('DiffBlock', () => {
  test('header, numbered rows with kinds and prefixes, word marks, footer, copy before the body', () => {
    const root = withScript(mount(<DiffBlock model={diffCard()} place="chat" />), 'zh')
    const rows = [...root.querySelectorAll('[data-line]')]
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['header', 'context', 'removed', 'added'])
    expect(rows.map((r) => r.getAttribute('data-prefix'))).toEqual([null, '  ', '- ', '+ '])
    expect([...(rows[2]?.querySelectorAll('span') ?? [])].slice(0, 2).map((s) => s.textContent)).toEqual(['2', ''])
    expect([...(rows[3]?.querySelectorAll('span') ?? [])].slice(0, 2).map((s) => s.textContent)).toEqual(['', '2'])
    const marks = rows[3]?.querySelectorAll('span > span')
    expect([...(marks ?? [])].map((m) => m.textContent)).toEqual(['const b = ', '3'])
    expect(marks?.[1]?.className).not.toBe(marks?.[0]?.className)
    expect(textOf(root.querySelector('[data-diff] > :last-child'))).toBe('└ +1 -1 · 1 file')
    const copy = root.querySelector('button[data-copy]')
    // It copies the body after its header by place (no id on either).
    expect(copy?.getAttribute('data-copy')).toBe('+')
    expect(root.querySelector('[data-diff] [id]')).toBeNull()
    expect(textOf(copy)).toBe('复制')
    // The +/- prefixes are CSS, not text.
    expect(rows[2]?.textContent).toBe('2const b = 2')
  })

  test('a gap row between hunks reads ⋯', () => {
    const model = diffCard({ rows: [{ kind: 'header', path: 'a' }, { kind: 'added', text: 'x', oldLine: null, newLine: 1, marks: null }, { kind: 'gap', text: '⋯' }] })
    expect(mount(<DiffBlock model={model} place="chat" />).querySelector('[data-kind="gap"]')?.textContent).toBe('⋯')
  })

  test('a row coloured by the highlight pass draws its fragment (word marks inside); others keep marks or text', () => {
    const base = diffCard()
    const rows = base.rows.map((r) =>
      r.kind === 'added' ? { ...r, html: html('<span class="t1">const</span> b = <span class="dm"><span class="t2">3</span></span>') } : r,
    )
    const root = mount(<DiffBlock model={{ ...base, rows }} place="chat" />)
    const lines = [...root.querySelectorAll('[data-line]')]
    const added = lines[3]?.lastElementChild
    expect(added?.innerHTML).toBe('<span class="t1">const</span> b = <span class="dm"><span class="t2">3</span></span>')
    expect(added?.textContent).toBe('const b = 3')
    // The removed row has no fragment: its marks are drawn as before.
    expect([...(lines[2]?.querySelectorAll('span > span') ?? [])].map((m) => m.textContent)).toEqual(['const b = ', '2'])
  })
})

describe('ReadBlock', () => {
  test('banner with label, range and language; numbered rows', () => {
    const model = readCard({ range: '显示 2 / 10 行', lang: 'ts', totalLines: 10 })
    const root = withScript(mount(<ReadBlock model={model} place="chat" />), 'zh')
    expect(textOf(root.querySelector('[data-read] > div'))).toBe('a.txt 显示 2 / 10 行 ts 复制')
    expect(root.querySelector('[data-read] > div > span')?.getAttribute('title')).toBe('/home/dev/project/a.txt')
    const rows = [...root.querySelectorAll('[data-line]')]
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([['1', 'alpha'], ['2', 'beta']])
    expect(rows[0]?.firstElementChild?.hasAttribute('data-copy-skip')).toBe(true)
  })

  test('highlighted HTML is drawn when no window applies, beside an aria-hidden gutter', () => {
    const model = readCard({ code: { text: 'alpha\nbeta', lang: 'txt', html: html('<pre class="shiki"><code><span class="line">alpha</span></code></pre>') } })
    const root = mount(<ReadBlock model={model} place="chat" />)
    expect(root.querySelector('pre.shiki')).not.toBeNull()
    expect(root.querySelector('[aria-hidden="true"]')?.textContent).toBe('12')
    const windowed = readCard({ code: model.code, chatWindow: rowWindow([0], [1], 0) })
    const plain = mount(<ReadBlock model={windowed} place="chat" />)
    expect(plain.querySelector('pre.shiki')).toBeNull()
  })

  test('a capped card draws each row coloured by its own fragment, numbers still outside the copy', () => {
    const model = readCard({
      chatWindow: rowWindow([0], [1], 0),
      lineHtml: [html('<span class="t1">alpha</span>'), html('be<span class="t2">ta</span>')],
    })
    const rows = [...mount(<ReadBlock model={model} place="chat" />).querySelectorAll('[data-line]')]
    expect(rows.map((r) => r.lastElementChild?.innerHTML)).toEqual(['<span class="t1">alpha</span>', 'be<span class="t2">ta</span>'])
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([['1', 'alpha'], ['2', 'beta']])
    expect(rows[0]?.firstElementChild?.hasAttribute('data-copy-skip')).toBe(true)
  })
})

describe('SearchBlock', () => {
  test('count banner, file headers with counts, match rows', () => {
    const root = withScript(mount(<SearchBlock model={searchCard()} place="chat" />), 'zh')
    expect(textOf(root.querySelector('[data-search] > div'))).toBe('3 处匹配 · 2 个文件 复制')
    expect([...root.querySelectorAll('[data-line]')].map((r) => `${r.getAttribute('data-kind')}:${textOf(r)}`)).toEqual([
      'file:src/a.ts 2', 'match:3: foo()', 'match:9: foo(1)', 'file:src/b.ts 1', 'match:1: foo',
    ])
  })

  test('empty: placeholder and no copy; truncated: recovery text below', () => {
    const empty = mount(<SearchBlock model={searchCard({ rows: [], placeholder: '无结果', copy: null, countText: '0 个路径', shape: 'paths' })} place="chat" />)
    expect(textOf(empty)).toBe('0 个路径 无结果')
    const recovered = mount(<SearchBlock model={searchCard({ truncated: true, recovery: 'Found 3 of 42 matches\n(Full grep result stored at: /x.)' })} place="chat" />)
    expect(recovered.querySelector('pre')?.textContent).toBe('Found 3 of 42 matches\n(Full grep result stored at: /x.)')
  })
})

describe('WebBlock', () => {
  test('search: answer, ordered sources with explicit ordinals, safe links only, notices; raw only in Details', () => {
    const root = mount(<WebBlock model={webSearchCard()} place="chat" />)
    const items = root.querySelectorAll('ol > li')
    expect([...items].map((li) => li.getAttribute('value'))).toEqual(['1', '2'])
    const links = root.querySelectorAll('a')
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toBe('https://vitest.dev/')
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(links[0]?.getAttribute('target')).toBe('_blank')
    expect(textOf(items[1] ?? null)).toBe('javascript:alert(1)')
    expect(textOf(root)).toContain('来源列表已截断')
    expect(textOf(root)).not.toContain('raw search result')
    expect(textOf(mount(<WebBlock model={webSearchCard()} place="details" />))).toContain('raw search result')
  })

  test('search: the answer as the site rendered it when it did, else the Markdown source as text', () => {
    const model = webSearchCard()
    if (model.mode !== 'search') throw new Error('not a search card')
    const rendered = { ...model, answer: 'Vitest *runs* tests.', answerHtml: html('<p>Vitest <em>runs</em> tests.</p>') }
    const root = mount(<WebBlock model={rendered} place="chat" />)
    expect(root.querySelector('[data-web] em')?.textContent).toBe('runs')
    expect(textOf(root)).not.toContain('*runs*')
    const plain = mount(<WebBlock model={{ ...rendered, answerHtml: null }} place="chat" />)
    expect(plain.querySelector('em')).toBeNull()
    expect(textOf(plain)).toContain('Vitest *runs* tests.')
  })

  test('fetch: URL link and HTTP status', () => {
    const root = mount(<WebBlock model={webFetchCard()} place="chat" />)
    expect(root.querySelector('a')?.getAttribute('href')).toBe('http://127.0.0.1:43117/menu.html')
    expect(textOf(root)).toBe('http://127.0.0.1:43117/menu.html HTTP 200')
  })

  test('a model href that is not http(s) never becomes an anchor', () => {
    const model = webFetchCard()
    const bad = model.mode === 'fetch' ? { ...model, href: 'javascript:alert(1)' } : model
    const root = mount(<WebBlock model={bad} place="chat" />)
    expect(root.querySelector('a')).toBeNull()
  })
})

describe('Generic, Skill and Code bodies', () => {
  test('IN/OUT card reads as one text; OUT is error-marked on an error row; program is a code block', () => {
    const root = mount(<GenericToolBody body={ioBody({ program: { text: 'return 1', lang: 'ts', html: null } })} />)
    expect(textOf(root.querySelector('[data-io]'))).toBe('IN { "command": "sleep 10", "description": "Wait until cancellation" } OUT Error: tool call aborted')
    expect(root.querySelector('[data-io] pre[data-error]')?.textContent).toBe('Error: tool call aborted')
    expect(root.querySelector('[data-io] code')).toBeNull()
    expect(root.querySelector('pre[data-lang="ts"] > code')?.textContent).toBe('return 1')
  })

  test('IN only (running) and no card at all when neither side exists', () => {
    expect(textOf(mount(<GenericToolBody body={ioBody({ output: null })} />))).toMatch(/^IN /)
    expect(mount(<GenericToolBody body={ioBody({ input: null, output: null })} />).querySelector('[data-io]')).toBeNull()
  })

  test('Skill body is a region named by its label', () => {
    const root = mount(<SkillBody body={skillBody()} />)
    const region = root.querySelector('section')
    expect(region?.getAttribute('aria-label')).toBe('Instructions')
    expect(textOf(region)).toBe('Instructions <skill_content name="x"> # Skill </skill_content>')
  })

  test('CodeBlock: highlighted html or escaped text', () => {
    expect(mount(<CodeBlock block={{ text: '<b>x</b>', lang: null, html: null }} />).querySelector('b')).toBeNull()
    expect(mount(<CodeBlock block={{ text: 'x', lang: 'ts', html: html('<pre class="shiki"><code>x</code></pre>') }} />).querySelector('pre.shiki')).not.toBeNull()
  })

  test('RowBodyView puts the terminal description above the card only in Details', () => {
    expect(textOf(mount(<RowBodyView body={terminalCard()} place="chat" />))).not.toContain('Fail deliberately')
    expect(textOf(mount(<RowBodyView body={terminalCard()} place="details" />))).toMatch(/^Fail deliberately /)
  })
})
