// @vitest-environment happy-dom
/** The page header's facts, including the session pills of cards-current.md §8.2 built from a real fold. */
import { describe, expect, it } from 'vitest'
import { assemble } from '../../src/conversation/builder'
import { parseLogText } from '../../src/log/json/parse-text'
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
  new Map([...root.querySelectorAll('dl > div')].map((div) => [div.querySelector('dt')?.textContent ?? '', div.querySelector('dd')?.textContent ?? ''] as const))
/** Each pill as [its accessible name, its visible parts, whether it is a button]. */
const pills = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-session-pills] > *')].map((el) => {
    const face = el.querySelector(':scope > summary') ?? el
    return [face.getAttribute('aria-label') ?? face.textContent, [...face.querySelectorAll(':scope > span')].map((x) => x.textContent), face !== el]
  })

describe('PageHeader facts and session pills', () => {
  it('lists the session\'s counts among the facts and draws the pills as a row of buttons (en)', () => {
    const root = header('en')
    const byLabel = facts(root)
    expect([byLabel.get('Turns'), byLabel.get('Tool calls')]).toEqual(['1', '0'])
    expect(byLabel.has('Activity')).toBe(false)
    // The log has no times: the activity pill is plain text, as dsh draws it without timing.
    expect(pills(root)).toEqual([
      ['1 turns 1 steps', ['1 turns 1 steps'], false],
      ['2.1K tok · Cache hit 75%', ['2.1K tok', 'Cache hit 75%'], true],
      ['21% of context used', ['21%'], true],
    ])
  })

  it('is localised (zh) with no English pill words', () => {
    const root = header('zh')
    expect(pills(root)).toEqual([
      ['1 轮 1 步', ['1 轮 1 步'], false],
      ['2.1K tok · 缓存命中 75%', ['2.1K tok', '缓存命中 75%'], true],
      ['上下文已用 21%', ['21%'], true],
    ])
    expect(nameOf(root.querySelector('[data-session-pills] [role="dialog"]'))).not.toMatch(/[A-Za-z]{3,}/)
  })
})
