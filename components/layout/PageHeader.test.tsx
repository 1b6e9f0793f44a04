// @vitest-environment happy-dom
/** The page header's facts, including the session pills of cards-current.md §8.2 built from a real fold. */
import { describe, expect, it } from 'vitest'
import { assemble } from '../../src/conversation/builder'
import { parseLogText } from '../../src/log/parse-text'
import { session } from '../../src/log/testing/session'
import { headerFacts, sessionChrome, summarize } from '../../src/site/render/chrome'
import { siteText } from '../../src/site/strings'
import { mount, nameOf } from '../testing/render'
import { PageHeader } from './PageHeader'

function header(locale: 'en' | 'zh') {
  const s = session({ id: 'p1', cwd: '/w' })
  s.turnStart()
  s.user('hi')
  s.push('request/context', { provider: 'p', model: 'm', contextWindow: 10_000 })
  s.stepStart()
  s.assistant('ok', { usage: { inputTokens: 500, cacheReadTokens: 1_500, outputTokens: 100 } })
  s.stepEnd()
  s.turnEnd()
  const conversation = assemble(parseLogText(s.jsonl()).lines)
  const text = siteText(locale)
  const summary = summarize({ conversation, id: 'p1', stem: 'p1', pages: 1, warnings: 0 })
  const chrome = sessionChrome(summary, headerFacts(summary, conversation.facts, text), { parent: null, children: [] }, 1, 1, text)
  return mount(<PageHeader chrome={chrome} allSessions={text.allSessions} />)
}

const facts = (root: HTMLElement) =>
  [...root.querySelectorAll('dl > div')].map((div) => [div.querySelector('dt')?.textContent ?? '', div.querySelector('dd')] as const)

describe('PageHeader session pills', () => {
  it('shows activity, usage and the context meter among the facts (en)', () => {
    const rows = facts(header('en'))
    const byLabel = new Map(rows.map(([label, dd]) => [label, dd]))
    expect(byLabel.get('Activity')?.textContent).toBe('1 turns 1 steps')
    expect(byLabel.get('Usage')?.textContent).toBe('2.1K tok · Cache hit 75%')
    const context = byLabel.get('Context') ?? null
    // Visible `21%`, read as `21% of context used`.
    expect(context?.querySelector('[aria-hidden="true"]')?.textContent).toBe('21%')
    expect(nameOf(context)).toBe('21% of context used')
    expect(byLabel.has('Turns')).toBe(false)
  })

  it('is localised (zh) with no English pill words', () => {
    const rows = facts(header('zh'))
    const byLabel = new Map(rows.map(([label, dd]) => [label, dd]))
    expect(byLabel.get('活动')?.textContent).toBe('1 轮 1 步')
    expect(byLabel.get('用量')?.textContent).toBe('2.1K tok · 缓存命中 75%')
    expect(nameOf(byLabel.get('上下文') ?? null)).toBe('上下文已用 21%')
  })
})
