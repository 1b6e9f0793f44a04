// @vitest-environment happy-dom
/**
 * `dsh-view export --markdown` on a real dsh run (issue 28): the demo weather-cli session (demo/README.md),
 * whose final answer is Markdown — a `### What changed` heading, a list of `**src/format.js**`-style bold
 * paths and a ```sh fence. The summary keeps that Markdown, so a PR comment shows a heading, bold text and a
 * code block, not `\###` and `\*\*`; rendered through a GFM renderer (marked), the answer's quote holds
 * exactly those elements. The Chinese summary writes its own punctuation full-width.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { loadFamily } from '../../src/export/load'
import { summaryFacts } from '../../src/export/markdown/facts'
import { renderMarkdown } from '../../src/export/markdown/render'
import { resolveFamily } from '../../src/export/resolve'

// happy-dom replaces the global URL (its base is http://localhost), so the path is joined by hand.
const WEATHER = join(fileURLToPath(import.meta.url), '../../../demo/sessions/--home-dev-weather-cli--/session-f291f702-2c12-41f9-a12a-3c25fa581eed/session.jsonl.zstd')

/** The summary as `dsh-view export --markdown` writes it (src/export/export.ts, without the file). */
async function summary(locale: 'en' | 'zh'): Promise<string> {
  const family = await loadFamily(await resolveFamily(WEATHER, { env: {}, homedir: '/nonexistent-home' }), null, locale)
  const link = { href: 'transcript.html', label: 'transcript.html', session: (stem: string) => `transcript.html#session-${stem}` }
  return renderMarkdown(summaryFacts(family.sessions, locale), { locale, link }).text
}

function dom(markdown: string): HTMLDivElement {
  const box = document.createElement('div')
  box.innerHTML = marked.parse(markdown, { gfm: true, async: false })
  return box
}

/** The quote under "Final answer": the answer itself. */
function answerOf(box: HTMLElement): HTMLQuoteElement {
  const quotes = [...box.querySelectorAll('blockquote')]
  const answer = quotes.find(q => q.querySelector('h3') !== null)
  if (answer === undefined) throw new Error('no answer quote with a heading')
  return answer
}

describe('export --markdown of the demo weather-cli session (a real dsh run)', () => {
  it('keeps the answer’s Markdown: a heading, bold paths, inline code and an sh fence', async () => {
    const md = await summary('en')
    expect(md).toContain('> ### What changed\n')
    expect(md).toContain('> - **src/format.js**: a `UNITS` table')
    expect(md).toContain('> ```sh\n> weather Oslo -3 --units imperial   # Oslo: 26.6 °F\n')
    expect(md).not.toMatch(/\\#|\\\*|\\`/)

    const answer = answerOf(dom(md))
    expect(answer.querySelector('h3')?.textContent).toBe('What changed')
    expect([...answer.querySelectorAll('li > strong')].map(s => s.textContent)).toEqual(['src/format.js', 'src/cli.js'])
    const pre = answer.querySelector('pre > code')
    expect(pre?.className).toBe('language-sh')
    expect(pre?.textContent).toBe('weather Oslo -3 --units imperial   # Oslo: 26.6 °F\nweather Lisbon 24                  # Lisbon: 24.0 °C\n')
    expect([...answer.querySelectorAll('p > code')].map(c => c.textContent)).toContain('--units kelvin')
    // Nothing in the answer links or mentions (it holds neither).
    expect(answer.querySelectorAll('a')).toHaveLength(0)
  })

  it('the prompt stays quoted text, as before', async () => {
    const box = dom(await summary('en'))
    const prompt = box.querySelector('h4 + blockquote')
    expect(prompt?.textContent?.trim()).toBe('Add a --units flag (metric or imperial) to the weather CLI. The tests in test/format.test.js already describe it; make them pass.')
  })

  it('in Chinese, the summary’s own punctuation is full-width', async () => {
    const md = await summary('zh')
    expect(md).toContain('**状态**：已完成 · **时长**：7.6秒 · **轮次**：1 · **工具调用**：9 · **模型**：`deepseek-official/deepseek-v4-flash` · **Token**：80,546')
    expect(md).toContain('#### 结果\n\n已完成。\n\n最终回答：\n\n> Done.')
    // Every line the exporter writes itself (not the quoted session text): no ASCII `:` or `.` after a Chinese character.
    const own = md.split('\n').filter(line => !line.startsWith('>') && !line.startsWith('|'))
    expect(own.filter(line => /[\u3400-\u9fff][:.]/.test(line))).toEqual([])
    const box = dom(md)
    expect([...box.querySelectorAll('strong')].slice(0, 6).map(s => s.textContent)).toEqual(['状态', '时长', '轮次', '工具调用', '模型', 'Token'])
    expect(answerOf(box).querySelector('h3')?.textContent).toBe('What changed')
  })
})
