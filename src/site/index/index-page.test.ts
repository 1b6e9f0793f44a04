import { describe, expect, it } from 'vitest'
import { assemble } from '../../conversation/builder'
import { parseLogText } from '../../log/json/parse-text'
import { session } from '../../log/testing/session'
import { sessionTitle, summarize } from '../render/chrome'
import { indexModel, pageLinks } from './render-index'
import { siteText } from '../strings'
import type { SessionSummary } from '../types'

const text = siteText('en')

const summary = (id: string, start: string | null, extra: Partial<SessionSummary> = {}): SessionSummary => ({
  id,
  slug: id,
  href: `sessions/${id}.html`,
  title: id,
  project: '/p',
  start: start === null ? null : { iso: start, label: start },
  duration: null,
  model: null,
  turns: 1,
  toolCalls: 0,
  status: 'completed',
  parentId: null,
  pages: 1,
  warnings: 0,
  ...extra,
})

describe('indexModel', () => {
  it('groups by project, most recent project first, sessions newest first', () => {
    const model = indexModel(
      [
        summary('old', '2025-01-01T00:00:00.000Z'),
        summary('new', '2025-03-01T00:00:00.000Z'),
        summary('other', '2025-02-01T00:00:00.000Z', { project: '/q' }),
        summary('undated', null, { project: null }),
      ],
      text,
      null,
    )
    expect(model.groups.map(g => [g.project, g.entries.map(e => e.title)])).toEqual([
      ['/p', ['new', 'old']],
      ['/q', ['other']],
      [text.noProject, ['undated']],
    ])
    expect(model.count).toBe('4 sessions in 3 projects')
  })

  it('nests children under their parent, oldest first, and keeps orphans at the top level', () => {
    const model = indexModel(
      [
        summary('parent', '2025-01-01T00:00:00.000Z'),
        summary('b', '2025-01-01T00:00:02.000Z', { parentId: 'parent' }),
        summary('a', '2025-01-01T00:00:01.000Z', { parentId: 'parent' }),
        summary('orphan', '2025-01-02T00:00:00.000Z', { parentId: 'missing' }),
      ],
      text,
      'My title',
    )
    expect(model.title).toBe('My title')
    const [group] = model.groups
    expect(group?.entries.map(e => [e.title, e.children.map(c => c.title)])).toEqual([['orphan', []], ['parent', ['a', 'b']]])
  })

  it('lists the pages of a paginated session, capped, with an ellipsis before the last', () => {
    const [entry] = indexModel([summary('long', null, { pages: 40 })], text, null).groups[0]?.entries ?? []
    expect(entry?.pages[0]).toEqual({ href: 'sessions/long.p2.html', label: '2' })
    expect(entry?.pages.at(-1)).toEqual({ href: 'sessions/long.p40.html', label: '40', gapBefore: true })
    expect(entry?.pages.length).toBe(24)
  })

  /** The page list as the index shows it: `…` where pages are skipped. */
  const shape = (pages: number) => pageLinks({ pages, slug: 's' }).map(l => `${l.gapBefore === true ? '… ' : ''}${l.label}`).join(' ')
  it.each<[number, string]>([
    [1, ''],
    [2, '2'],
    [5, '2 3 4 5'],
    [26, Array.from({ length: 25 }, (_, i) => i + 2).join(' ')],
    [27, `${Array.from({ length: 23 }, (_, i) => i + 2).join(' ')} … 27`],
    [72, `${Array.from({ length: 23 }, (_, i) => i + 2).join(' ')} … 72`],
  ])('a session of %i pages lists: %s', (pages, want) => expect(shape(pages)).toBe(want))

  it('survives a parent cycle without losing sessions', () => {
    const model = indexModel([summary('x', null, { parentId: 'y' }), summary('y', null, { parentId: 'x' })], text, null)
    expect(model.groups.flatMap(g => g.entries.map(e => e.title)).sort()).toEqual(['x', 'y'])
  })
})

describe('summaries', () => {
  function conversation(title: string | null, prompt: string) {
    const s = session({ id: 's1', cwd: '/w' })
    s.turnStart()
    s.user(prompt)
    s.stepStart()
    s.assistant('ok')
    s.stepEnd()
    if (title !== null) s.push('session/title', { title })
    s.turnEnd()
    return assemble(parseLogText(s.jsonl()).lines)
  }

  it.each([
    ['the logged title', 'Fix the build', 'ignored', 'Fix the build'],
    ['else the first line of the first prompt', null, '\n  Please look at x\nmore', 'Please look at x'],
    ['else the id', null, '   ', 'Session s1'],
  ])('the title is %s', (_name, title, prompt, expected) => expect(sessionTitle(conversation(title, prompt), 's1')).toBe(expected))

  it('shortens a long title to one line', () => {
    expect(sessionTitle(conversation('x'.repeat(300), ''), 's1')).toHaveLength(100)
  })

  it('carries the facts the index shows', () => {
    const s = summarize({ conversation: conversation('T', 'p'), id: 's1', stem: 's1', pages: 2, warnings: 1 })
    expect([s.href, s.project, s.turns, s.status, s.pages, s.warnings]).toEqual(['sessions/s1.html', '/w', 1, 'completed', 2, 1])
    expect(s.start?.label).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
  })
})
