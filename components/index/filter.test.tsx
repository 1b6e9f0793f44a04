// @vitest-environment happy-dom
/**
 * The index filter as a user meets it: server markup from SessionIndex, then the enhancement script on the
 * live DOM (happy-dom). Parents stay visible for a matching child, empty projects hide, the count updates.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import { siteText } from '../../src/site/strings'
import type { IndexEntry, IndexModel } from '../../src/site/types'
import { applyFilter, installFilter, matches } from './filter-client'
import { SessionIndex } from './SessionIndex'

const entry = (title: string, children: IndexEntry[] = [], status: IndexEntry['status'] = 'completed'): IndexEntry => ({
  href: `sessions/${title}.html`,
  title,
  meta: 'meta',
  status,
  statusLabel: status,
  filterText: title.toLowerCase(),
  pages: [],
  warnings: null,
  children,
})

const model: IndexModel = {
  title: 'Sessions',
  count: '4 sessions in 2 projects',
  groups: [
    { project: '/a', id: 'project-a', entries: [entry('Fix login', [entry('Child grep task', [], 'failed')]), entry('Write docs')] },
    { project: '/b', id: 'project-b', entries: [entry('Deploy app')] },
  ],
}

function render(countTemplate = '{shown} of {total}') {
  document.body.innerHTML = renderToStaticMarkup(
    <SessionIndex model={{ ...model, statuses: [{ status: 'completed', label: 'completed', count: 3 }, { status: 'failed', label: 'failed', count: 1 }], statusFilter: { label: 'Status', all: 'All', counts: 'by status' } }} filter={{ label: 'Filter', placeholder: '…', countTemplate, noMatch: 'Nothing matches.' }} skipLabel="Skip" noSessions="none" pagesLabel="Pages" footer="f" />,
  )
}

const context = () => [...document.querySelectorAll<HTMLElement>('li[data-filter-context]')].map(li => li.getAttribute('data-filter'))
const shown = () => [...document.querySelectorAll<HTMLElement>('li[data-filter]')].filter(li => !li.hidden).map(li => li.getAttribute('data-filter'))

describe('matches', () => {
  it.each([
    ['fix login', 'login', true],
    ['fix login', 'LOGIN fix', true],
    ['fix login', 'fix docs', false],
    ['fix login', '   ', true],
  ])('%s ~ %j → %s', (text, query, expected) => expect(matches(text, query)).toBe(expected))
})

describe('the filter box', () => {
  beforeEach(() => render())

  it('is hidden in the server markup and revealed by the script', () => {
    expect(document.querySelector<HTMLElement>('[data-filter-box]')?.hidden).toBe(true)
    installFilter(document)
    expect(document.querySelector<HTMLElement>('[data-filter-box]')?.hidden).toBe(false)
  })

  it('counts in correct English with the site\'s own string (1 session, 4 sessions)', () => {
    render(siteText('en').filterCount)
    installFilter(document)
    const input = document.querySelector<HTMLInputElement>('#dsh-filter')
    if (input === null) throw new Error('no filter input')
    input.value = 'docs'
    input.dispatchEvent(new Event('input'))
    expect(document.querySelector('output')?.textContent).toBe('1 of 4 sessions')
  })

  it('keeps a parent whose child matches, hides projects with no match, and counts', () => {
    installFilter(document)
    const input = document.querySelector<HTMLInputElement>('#dsh-filter')
    if (input === null) throw new Error('no filter input')
    input.value = 'grep'
    input.dispatchEvent(new Event('input'))
    expect(shown()).toEqual(['fix login', 'child grep task'])
    expect(document.querySelector<HTMLElement>('#project-b')?.closest('section')?.hidden).toBe(true)
    // The parent is there for its child: shown as context, not counted.
    expect(document.querySelector('output')?.textContent).toBe('1 of 4')
    expect(context()).toEqual(['fix login'])
    input.value = ''
    input.dispatchEvent(new Event('input'))
    expect(shown()).toHaveLength(4)
    expect(document.querySelector('output')?.textContent).toBe('')
  })

  it('applyFilter reports what matches', () => {
    expect(applyFilter(document, 'deploy')).toEqual({ shown: 1, total: 4 })
    expect(applyFilter(document, 'fix')).toEqual({ shown: 1, total: 4 })
    expect(context()).toEqual([])
  })

  it('counts only the sessions of the status picked, not the parents shown around them', () => {
    installFilter(document)
    const select = document.querySelector<HTMLSelectElement>('select#dsh-status')
    if (select === null) throw new Error('no status filter')
    select.value = 'failed'
    select.dispatchEvent(new Event('change'))
    expect(shown()).toEqual(['fix login', 'child grep task'])
    expect(context()).toEqual(['fix login'])
    expect(document.querySelector('output')?.textContent).toBe('1 of 4')
    select.value = ''
    select.dispatchEvent(new Event('change'))
    expect(context()).toEqual([])
  })

  it('says so when nothing matches, and only then', () => {
    installFilter(document)
    const input = document.querySelector<HTMLInputElement>('#dsh-filter')
    const empty = document.querySelector<HTMLElement>('[data-filter-empty]')
    if (input === null || empty === null) throw new Error('no filter input or empty state')
    expect(empty.hidden).toBe(true)
    input.value = 'nothing like this'
    input.dispatchEvent(new Event('input'))
    expect(shown()).toEqual([])
    expect(empty.hidden).toBe(false)
    expect(empty.textContent).toBe('Nothing matches.')
    input.value = 'docs'
    input.dispatchEvent(new Event('input'))
    expect(empty.hidden).toBe(true)
    input.value = ''
    input.dispatchEvent(new Event('input'))
    expect(empty.hidden).toBe(true)
  })
})

describe('facet filters (project, model, start-day range)', () => {
  const faceted: IndexModel = {
    title: 'Sessions',
    count: '3',
    groups: [
      { project: '/a', projectKey: '/a', id: 'project-a', entries: [{ ...entry('one'), model: 'p/x', day: '2026-01-01' }, { ...entry('two'), model: 'p/y', day: '2026-01-05' }] },
      { project: '/b', projectKey: '/b', id: 'project-b', entries: [{ ...entry('three'), model: 'p/x', day: '' }] },
    ],
  }
  const shown = () => [...document.querySelectorAll<HTMLElement>('li[data-filter]:not([hidden])')].map(li => li.getAttribute('data-filter'))
  beforeEach(() => {
    document.body.innerHTML = renderToStaticMarkup(<SessionIndex model={faceted} filter={{ label: 'Filter', placeholder: '…', countTemplate: '{shown}', noMatch: 'none' }} skipLabel="Skip" noSessions="none" pagesLabel="Pages" footer="f" />)
  })
  it.each([
    [{ project: '/a', model: '', since: '', until: '' }, ['one', 'two']],
    [{ project: '', model: 'p/x', since: '', until: '' }, ['one', 'three']],
    [{ project: '', model: '', since: '2026-01-02', until: '' }, ['two']],
    [{ project: '', model: '', since: '', until: '2026-01-04' }, ['one']],
    [{ project: '/b', model: 'p/x', since: '', until: '' }, ['three']],
    [{ project: '/b', model: 'p/y', since: '', until: '' }, []],
  ])('%j keeps %j', (facets, want) => {
    const { shown: n } = applyFilter(document, '', '', facets)
    expect(shown()).toEqual(want)
    expect(n).toBe(want.length)
  })
})
