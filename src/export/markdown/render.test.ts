// @vitest-environment happy-dom
/**
 * The PR summary as GitHub would show it (rendered with marked, GFM): its sections, its links, its size
 * budget on a session far too big for a comment, and hostile log text (fixtures/xss) that must stay text.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { session, toolCallBlock } from '../../log/testing/session'
import { exportSessionOf } from '../testing'
import { summaryFacts } from './facts'
import { MAX_MARKDOWN_BYTES, renderMarkdown, type TranscriptLink } from './render'

const ZWSP = '\u200b'
const pathLink: TranscriptLink = { href: 'sessions/s.html', label: 'sessions/s.html', session: stem => `sessions/${stem}.html` }
const urlLink: TranscriptLink = { href: 'https://ci.example/run/1/session.html', label: 'session.html', session: stem => `https://ci.example/run/1/session.html#session-${stem}` }

function dom(markdown: string): HTMLDivElement {
  const box = document.createElement('div')
  box.innerHTML = marked.parse(markdown, { gfm: true, async: false })
  return box
}

/** A session with every kind of fact: a failing and a passing command, an edit, a failed read. */
function smallSession() {
  const s = session({ id: 'small', cwd: '/w' })
  s.turnStart()
  s.user('Fix the tests')
  s.stepStart()
  s.assistant([toolCallBlock('c1', 'bash', { command: 'npm test', description: 'Run tests' })])
  s.call('bash', { command: 'npm test', description: 'Run tests' }, 'c1')
  s.result('c1', '1 failing\n[exit code: 1]')
  s.call('edit', { file_path: 'src/a.ts', old_string: 'a\nb', new_string: 'a\nc\nd' }, 'c2')
  s.result('c2', 'updated', { meta: { diffs: [{ path: 'src/a.ts', oldText: 'a\nb', newText: 'a\nc\nd' }] } })
  s.call('read', { file_path: 'nope.md' }, 'c3')
  s.result('c3', 'Error: not found', { isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } })
  s.call('bash', { command: 'npm test', description: 'Run tests again' }, 'c4')
  s.result('c4', 'ok')
  s.stepEnd()
  s.stepStart()
  s.assistant('All **green** now.')
  s.stepEnd()
  s.turnEnd()
  return exportSessionOf(s.jsonl())
}

describe('renderMarkdown', () => {
  it('has the prompt, the outcome, files with counts, commands with the failure first, errors and usage', () => {
    const { text, level } = renderMarkdown(summaryFacts([smallSession()]), { locale: 'en', link: urlLink })
    expect(level).toBe(0)
    const box = dom(text)
    expect([...box.querySelectorAll('h4')].map(h => h.textContent)).toEqual(['Prompt', 'Outcome', 'Files changed (1)', 'Commands (2, 1 failed)', 'Errors (1)'])
    expect(box.querySelector('blockquote')?.textContent?.trim()).toBe('Fix the tests')
    expect([...(box.querySelector('tbody tr')?.querySelectorAll('td') ?? [])].map(td => td.textContent)).toEqual(['src/a.ts', '+2', '−1'])
    const commands = [...box.querySelectorAll('ul')][0]?.querySelectorAll('li') ?? []
    expect([...commands].map(li => li.textContent)).toEqual(['❌ npm test — exit code 1', '✅ npm test'])
    expect(box.textContent).toContain('Read nope.md: Error: not found')
    const outcome = [...box.querySelectorAll('h4')].find(h => h.textContent === 'Outcome')
    expect(outcome?.nextElementSibling?.textContent).toBe('Completed.')
    // The answer is Markdown (issue 28): its emphasis renders, inside the quote.
    const answer = [...box.querySelectorAll('blockquote')].at(-1)
    expect(answer?.textContent?.trim()).toBe('All green now.')
    expect(answer?.querySelector('strong')?.textContent).toBe('green')
    expect(box.querySelector('details summary')?.textContent).toBe('Tokens and time')
    expect([...box.querySelectorAll('a')].map(a => a.getAttribute('href'))).toEqual(['https://ci.example/run/1/session.html'])
  })

  it('lists the files `present` delivered with the changed files (cards-current.md §8.3)', () => {
    const s = session({ id: 'delivered', cwd: '/w' })
    s.turnStart()
    s.user('Make a report')
    s.stepStart()
    s.call('present', { files: [{ path: 'out/report.md' }] }, 'p1')
    s.push('deliverables/presented', { turn: 1, callId: 'p1', files: [{ path: '/w/out/report.md', description: 'Report' }] })
    s.result('p1', 'Delivered')
    s.stepEnd()
    s.stepStart()
    s.assistant('Done.')
    s.stepEnd()
    s.turnEnd()
    const box = dom(renderMarkdown(summaryFacts([exportSessionOf(s.jsonl())]), { locale: 'en', link: pathLink }).text)
    expect([...box.querySelectorAll('h4')].map(h => h.textContent)).toContain('Files changed (1)')
    expect(box.querySelector('tbody tr td')?.textContent).toBe('out/report.md')
  })

  it('speaks Chinese with --locale zh', () => {
    const box = dom(renderMarkdown(summaryFacts([smallSession()], 'zh'), { locale: 'zh', link: pathLink }).text)
    expect([...box.querySelectorAll('h4')].map(h => h.textContent)).toEqual(['提示', '结果', '修改的文件（1）', '命令（2，1 个失败）', '错误（1）'])
    expect(box.querySelector('details summary')?.textContent).toBe('Token 与时间')
  })

  it('in Chinese, words its own facts in Chinese: exit code, signal, an error without words, how the last turn ended', () => {
    const s = session({ id: 'zh', cwd: '/w' })
    s.turnStart()
    s.user('跑一下')
    s.stepStart()
    s.call('bash', { command: 'make' }, 'c1')
    s.result('c1', 'boom\n[exit code: 2]')
    s.call('bash', { command: 'sleep 9' }, 'c2')
    s.result('c2', 'waiting\n[killed by signal: SIGTERM]')
    s.call('bash', { command: 'true' }, 'c3')
    s.result('c3', '', { isError: true })
    s.stepEnd()
    s.turnEnd({ kind: 'aborted', reason: { kind: 'user' } })
    const summary = (locale: 'en' | 'zh') => renderMarkdown(summaryFacts([exportSessionOf(s.jsonl())], locale), { locale, link: pathLink }).text
    const commands = (text: string) => [...([...dom(text).querySelectorAll('ul')][0]?.querySelectorAll('li') ?? [])].map(li => li.textContent?.split(' — ')[1])
    expect(commands(summary('zh'))).toEqual(['退出码 2', '信号 SIGTERM', '出错'])
    expect(commands(summary('en'))).toEqual(['exit code 2', 'signal SIGTERM', 'error'])
    expect(summary('zh')).toContain('#### 结果\n\n已中断 — 已中止。')
    expect(summary('en')).toContain('#### Outcome\n\nInterrupted — aborted.')
  })

  it('links the transcript once, relatively when there is no link base (issue 15 item 8)', () => {
    const { text } = renderMarkdown(summaryFacts([smallSession()]), { locale: 'en', link: pathLink })
    const box = dom(text)
    expect([...box.querySelectorAll('a')].map(a => [a.textContent, a.getAttribute('href')])).toEqual([['Full transcript', 'sessions/s.html']])
    expect(text.split('Full transcript')).toHaveLength(2)
  })

  it('keeps code spans of the prompt and the answer as written, backticks and all', () => {
    const s = session({ id: 'code', cwd: '/w' })
    s.turnStart()
    s.user('Run `npm test` and fix ``a `tick` here``; a lone ` stays text')
    s.stepStart()
    s.assistant('Ran `npm test`: it passes. The table cell `a|b` is code.')
    s.stepEnd()
    s.turnEnd()
    const { text } = renderMarkdown(summaryFacts([exportSessionOf(s.jsonl())]), { locale: 'en', link: pathLink })
    expect(text).toContain('> Run `npm test` and fix ``a `tick` here``; a lone \\` stays text')
    expect(text).not.toContain('\\`npm test\\`')
    const box = dom(text)
    expect([...box.querySelectorAll('blockquote code')].map(c => c.textContent)).toEqual(['npm test', 'a `tick` here', 'npm test', 'a|b'])
    expect(box.querySelector('blockquote')?.textContent).toContain('a lone ` stays text')
  })

  it('writes the final answer as Markdown inside its quote, which nothing in it can leave', () => {
    const s = session({ id: 'md', cwd: '/w' })
    s.turnStart()
    s.user('Summarise')
    s.stepStart()
    // An answer trying every way out of the summary's structure: closing and opening details, fences of
    // every length (one left open), raw HTML, a heading of the summary's own level, mentions and references.
    s.assistant(['### What changed', '', '- **a.ts**: `x`', '', '</details>', '', '<details open><summary>fake</summary>', '', '```', 'code', '```', '', '#### Files changed (99)', '', 'cc @octocat, fixes #12', '', '````sh', 'never closed'].join('\n'))
    s.stepEnd()
    s.turnEnd()
    const { text } = renderMarkdown(summaryFacts([exportSessionOf(s.jsonl())]), { locale: 'en', link: pathLink })
    const box = dom(text)
    // The summary's own sections and its one details, untouched.
    expect([...box.children].filter(e => e.tagName === 'H4').map(h => h.textContent)).toEqual(['Prompt', 'Outcome'])
    expect([...box.querySelectorAll('details')].map(d => d.querySelector('summary')?.textContent)).toEqual(['Tokens and time'])
    const answer = [...box.querySelectorAll('blockquote')].at(-1)
    expect(answer?.querySelector('h3')?.textContent).toBe('What changed')
    expect(answer?.querySelector('li strong')?.textContent).toBe('a.ts')
    expect([...(answer?.querySelectorAll('pre') ?? [])].map(p => p.textContent)).toEqual(['code\n', 'never closed\n'])
    expect(answer?.textContent).toContain('</details>')
    expect(answer?.textContent).toContain('<details open><summary>fake</summary>')
    expect(answer?.querySelector('h4')?.textContent).toBe('Files changed (99)')
    expect(answer?.textContent?.replaceAll(ZWSP, '')).toContain('cc @octocat, fixes #12')
    expect(answer?.textContent).not.toMatch(/@octocat|#12/)
    // Every line of the answer is inside the quote.
    const from = text.indexOf('Final answer:\n\n') + 'Final answer:\n\n'.length
    const quoted = text.slice(from, text.indexOf('\n\n<details>', from)).split('\n')
    expect(quoted.every(line => line.startsWith('>'))).toBe(true)
  })

  it('puts each warning (an unknown format version) under the title as a ⚠️ line', () => {
    const { text } = renderMarkdown(summaryFacts([smallSession()]), { locale: 'en', link: pathLink, warnings: ['Session x was written in log format version 99; *careful*'] })
    const box = dom(text)
    const warning = [...box.querySelectorAll('blockquote')].find(b => b.textContent?.includes('version 99'))
    expect(warning?.textContent?.trim()).toBe('⚠️ Session x was written in log format version 99; *careful*')
    expect(text.indexOf('version 99')).toBeLessThan(text.indexOf('#### Prompt'))
  })

  it('says the tree\'s total in one line: sessions, tokens counted once per request, and cost only when every session is priced', () => {
    const facts = summaryFacts([smallSession()])
    const root = facts.usage[0] as (typeof facts.usage)[number]
    const withUsage = (title: string, totalTokens: number, cost: number | null = null) => ({ ...root, title, usage: { ...root.usage, totalTokens }, cost })
    const one = { ...facts, usage: [withUsage('root', 3_200_000)] }
    expect(renderMarkdown(one, { locale: 'en', link: pathLink }).text).toContain('\nThis PR: 1 session, 3.2M tokens, cost n/a for 1 session\n')
    const four = { ...facts, usage: [withUsage('root', 3_000_000, 1.5), withUsage('a', 150_000), withUsage('b', 40_000, 0.2), withUsage('c', 10_000)] }
    expect(renderMarkdown(four, { locale: 'en', link: pathLink }).text).toContain('\nThis PR: 4 sessions, 3.2M tokens, cost n/a for 2 sessions\n')
    const priced = { ...facts, currency: 'USD', usage: [withUsage('root', 3_000_000, 1.5), withUsage('a', 150_000, 0.4), withUsage('b', 40_000, 0.02), withUsage('c', 10_000, 0.01)] }
    expect(renderMarkdown(priced, { locale: 'en', link: pathLink }).text).toContain('\nThis PR: 4 sessions, 3.2M tokens, $1.93\n')
    expect(renderMarkdown({ ...summaryFacts([smallSession()], 'zh'), usage: one.usage }, { locale: 'zh', link: pathLink }).text).toContain('本次变更：1 个会话，3.2M token，1 个会话无法计算费用')
  })

  it('is deterministic', () => {
    const facts = summaryFacts([smallSession()])
    expect(renderMarkdown(facts, { locale: 'en', link: urlLink }).text).toBe(renderMarkdown(facts, { locale: 'en', link: urlLink }).text)
  })

  it('stays within 64 KB for a session far bigger than a comment, and says it was cut', () => {
    const s = session({ id: 'huge', cwd: '/w' })
    for (let t = 1; t <= 300; t++) {
      s.turnStart()
      s.user(`Prompt ${t}: ${'please do the thing '.repeat(300)}`)
      s.stepStart()
      const command = `run-step --turn ${t} ${'--flag value '.repeat(60)}`
      s.call('bash', { command, description: 'step' }, `b${t}`)
      s.result(`b${t}`, `${'output\n'.repeat(50)}[exit code: ${t % 2}]`)
      s.call('write', { file_path: `src/deeply/nested/folder/number-${t}/${'long-name-'.repeat(10)}${t}.ts`, content: 'x\n'.repeat(t) }, `w${t}`)
      s.result(`w${t}`, 'written')
      s.call('read', { file_path: `missing-${t}.md` }, `r${t}`)
      s.result(`r${t}`, `Error: ${'cannot read '.repeat(80)}`, { isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } })
      s.stepEnd()
      s.stepStart()
      s.assistant(`Done with ${t}. ${'Explaining at length. '.repeat(400)}`)
      s.stepEnd()
      s.turnEnd()
    }
    const facts = summaryFacts([exportSessionOf(s.jsonl())])
    expect(facts.commands).toHaveLength(300)
    const out = renderMarkdown(facts, { locale: 'en', link: urlLink })
    expect(Buffer.byteLength(out.text, 'utf8')).toBeLessThanOrEqual(MAX_MARKDOWN_BYTES)
    expect(out.level).toBeGreaterThan(0)
    const box = dom(out.text)
    expect(box.textContent).toContain('Summary cut to fit a 64 KB comment')
    expect(box.textContent).toMatch(/… and [\d,]+ more commands/)
    // Failures come first when the list is cut.
    expect([...box.querySelectorAll('li')][0]?.textContent).toMatch(/^❌/)
    // Every block is whole: as many fences and details closed as opened.
    expect((out.text.match(/<details>/g) ?? []).length).toBe((out.text.match(/<\/details>/g) ?? []).length)
  })

  it('drops whole blocks from the end when even the tightest caps do not fit', () => {
    const out = renderMarkdown(summaryFacts([smallSession()]), { locale: 'en', link: urlLink, maxBytes: 700 })
    expect(Buffer.byteLength(out.text, 'utf8')).toBeLessThanOrEqual(700)
    expect(out.droppedBlocks).toBeGreaterThan(0)
    expect(out.text.startsWith('### ')).toBe(true)
    expect(out.text.trimEnd().endsWith('_')).toBe(true)
  })
})

describe('hostile log text (fixtures/xss) stays text', () => {
  // happy-dom replaces the global URL (its base is http://localhost), so the path is joined by hand.
  const root = join(fileURLToPath(import.meta.url), '../../../../fixtures/xss/sessions/--tmp-xss--/')
  const parent = exportSessionOf(readFileSync(`${root}xss-parent/session.jsonl`, 'utf8'))
  const child = exportSessionOf(readFileSync(`${root}xss-child/session.jsonl`, 'utf8'), 1)
  const { text } = renderMarkdown(summaryFacts([parent, child]), { locale: 'en', link: urlLink })
  const box = dom(text)

  it('renders no element the summary does not write itself', () => {
    const allowed = new Set(['H3', 'H4', 'P', 'STRONG', 'EM', 'CODE', 'BLOCKQUOTE', 'BR', 'UL', 'LI', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'DETAILS', 'SUMMARY', 'A', 'B'])
    expect([...box.querySelectorAll('*')].map(e => e.tagName).filter(t => !allowed.has(t))).toEqual([])
    // Payloads inside code spans are inert; anywhere else they would be markup.
    expect(marked.parse(text, { gfm: true, async: false })).not.toMatch(/<(img|script|svg|iframe)/i)
  })

  it('links only where the summary links (our URLs)', () => {
    for (const a of box.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https:\/\/ci\.example\/run\/1\/session\.html/)
  })

  it('shows the payloads as text', () => {
    const shown = (box.textContent ?? '').replaceAll(ZWSP, '')
    expect(shown).toContain("<img src=x onerror=\"alert('XSS:user-text')\">")
    expect(shown).toContain('<script>')
  })

  it('leaves nothing GitHub would turn into a mention, a reference or a link', () => {
    const shown = box.textContent ?? ''
    expect(shown).not.toMatch(/(^|[^\w])@[A-Za-z0-9]/)
    expect(shown).not.toMatch(/#[0-9]/)
    expect(shown).not.toMatch(/[a-z]+:\/\/(?!ci\.example)/)
  })

  it('fits GitHub’s limit', () => {
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(MAX_MARKDOWN_BYTES)
  })
})
