/** The prompt list (./prompts.ts, ./chrome.ts promptToc): which prompts, which window a page lists, its links. */
import { describe, expect, it } from 'vitest'
import type { PageRow, PageSection, PageViewModel } from '../../cards/types'
import { promptToc } from './chrome'
import { PROMPT_CHARS, promptPages, PROMPTS_PER_PAGE, promptWindow, sessionPrompts, TOC_WINDOW, type Prompt } from './prompts'
import { siteText } from '../strings'

const user = (key: string, text: string): PageRow => ({ kind: 'user', key, text, images: [], role: 'user', time: null, copy: { label: 'Copy', text } }) as unknown as PageRow
const section = (key: string, turn: number | null, rows: PageRow[], extra: Partial<PageSection> = {}): PageSection =>
  ({ key, turn, label: turn === null ? null : `Turn ${turn}`, anchor: turn === null ? null : `turn-${turn}`, inherited: false, rows, ...extra })
const view = (sections: PageSection[]): PageViewModel => ({ locale: 'en', sections })

describe('sessionPrompts', () => {
  it('lists every prompt: a turn’s first by its turn anchor, others by their row; inherited history left out', () => {
    const prompts = sessionPrompts(view([
      section('turn@1', 1, [user('user:2', 'first'), user('user:5', '  \n second prompt\nmore')], { inherited: true }),
      section('turn@10', 3, [user('user:11', 'hello\nworld'), user('user:15', 'steer')]),
      section('between@20', null, [user('user:20', 'queued')]),
      section('turn@30', 4, [user('user:31', '')], { anchor: null }),
    ]))
    expect(prompts).toEqual([
      { number: 1, turn: 3, id: 'turn-3', label: 'hello' },
      { number: 2, turn: 3, id: 'user:15', label: 'steer' },
      { number: 3, turn: null, id: 'user:20', label: 'queued' },
      { number: 4, turn: 4, id: 'user:31', label: '' },
    ])
  })

  it('cuts a long first line to PROMPT_CHARS characters, whitespace collapsed', () => {
    const [p] = sessionPrompts(view([section('turn@1', 1, [user('user:1', `a  ${'x'.repeat(200)}`)])]))
    expect([...(p?.label ?? '')]).toHaveLength(PROMPT_CHARS)
    expect(p?.label.startsWith('a x')).toBe(true)
    expect(p?.label.endsWith('…')).toBe(true)
  })
})

describe('promptWindow', () => {
  it.each<[string, number, number | null, [number, number]]>([
    ['all fit', 12, 5, [0, 12]],
    ['exactly the window', TOC_WINDOW, 3, [0, TOC_WINDOW]],
    ['from a little before this page', 200, 50, [48, 48 + TOC_WINDOW]],
    ['clamped at the start', 200, 1, [0, TOC_WINDOW]],
    ['clamped at the end', 200, 195, [200 - TOC_WINDOW, 200]],
    ['past the last prompt: the last window', 200, null, [200 - TOC_WINDOW, 200]],
  ])('%s', (_name, count, firstHere, want) => expect(promptWindow(count, firstHere)).toEqual(want))

  it.each<[number, number]>([[0, 0], [TOC_WINDOW, 0], [TOC_WINDOW + 1, 1], [PROMPTS_PER_PAGE, 1], [PROMPTS_PER_PAGE + 1, 2], [2000, 4]])(
    '%i prompts need %i full-list pages', (count, pages) => expect(promptPages(count)).toBe(pages))
})

describe('promptToc', () => {
  const text = siteText('en')
  const prompts: Prompt[] = Array.from({ length: 100 }, (_, i) => ({ number: i + 1, turn: i + 1, id: `turn-${i + 1}`, label: `p${i + 1}` }))
  // Ten prompts a page.
  const pageOf = (id: string) => Math.floor((Number(id.slice(5)) - 1) / 10) + 1

  it('links each entry to the page that holds its turn and marks this page’s', () => {
    const toc = promptToc(prompts, prompts.map(p => pageOf(p.id)), 5, 'stem', text)
    expect(toc?.entries[0]).toEqual({ href: 'stem.p4.html#turn-39', label: 'p39', number: 39, here: false })
    expect(toc?.entries.filter(e => e.here).map(e => e.number)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50])
    expect(toc?.entries).toHaveLength(TOC_WINDOW)
    expect(toc?.note).toBe('Prompts 39–68 of 100')
    expect(toc?.all).toEqual({ href: 'stem.prompts.html', label: 'All 100 prompts' })
    expect(toc?.summary).toBe('Prompts (100)')
  })

  it('links a prompt on this page within it, and on page 1 as `<stem>.html`; a short session lists all with no link onward; none without prompts', () => {
    const short = promptToc(prompts.slice(0, 3), [1, 1, 1], 1, 'stem', text)
    expect(short?.entries.map(e => e.href)).toEqual(['#turn-1', '#turn-2', '#turn-3'])
    const elsewhere = promptToc(prompts.slice(0, 3), [1, 1, 2], 2, 'stem', text)
    expect(elsewhere?.entries.map(e => e.href)).toEqual(['stem.html#turn-1', 'stem.html#turn-2', '#turn-3'])
    expect([short?.note, short?.all]).toEqual([null, null])
    expect(promptToc([], [], 1, 'stem', text)).toBeNull()
  })

  it('names a prompt without text', () => {
    expect(promptToc([{ number: 1, turn: 1, id: 'turn-1', label: '' }], [1], 1, 's', text)?.entries[0]?.label).toBe('(no text)')
  })
})
