// @vitest-environment happy-dom
/**
 * The index's cross-session search (happy-dom): real index markup with each entry naming its shard, real
 * shard scripts already pushed (happy-dom does not load script files; the Chromium test does). Results come
 * grouped by session in index order with links to `page#row` and marked snippets; clicking one carries the
 * query to the page.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionIndex } from '../../../components/index/SessionIndex'
import { session } from '../../log/testing/session'
import type { IndexEntry } from '../../site/types'
import { searchShard } from '../shard'
import { searchText } from '../strings'
import { LABELS, sampleSession, viewOf } from '../testing'
import { PENDING_PREFIX } from './find'
import { installSiteSearch } from './site-search'

const other = session({ id: 'other' })
other.turnStart()
other.user('Deploy the timed out service again')
other.turnEnd()

const entry = (stem: string, title: string): IndexEntry => ({
  href: `sessions/${stem}.html`,
  title,
  meta: '',
  status: 'completed',
  statusLabel: 'completed',
  filterText: title.toLowerCase(),
  pages: [],
  warnings: null,
  children: [],
  shard: `sessions/${stem}.search.js`,
})

function mount() {
  document.body.innerHTML = renderToStaticMarkup(
    <SessionIndex
      model={{ title: 'Sessions', count: '3', groups: [{ project: '/p', id: 'project-p', entries: [entry('a', 'Flaky tests'), entry('b', 'Deploy'), entry('c', 'Lost')] }] }}
      filter={{ label: 'Filter', placeholder: '', countTemplate: '{shown} of {total}', noMatch: 'No match.' }}
      skipLabel="Skip"
      noSessions="none"
      pagesLabel="Pages"
      footer="f"
      search={searchText('en').site}
    />,
  )
  for (const [stem, log] of [['a', sampleSession()], ['b', other]] as const) new Function('window', searchShard(viewOf(log), { stem, title: stem, labels: LABELS }))(window)
}

const settle = () => new Promise(resolve => setTimeout(resolve, 300))

afterEach(() => {
  delete window.dshSearch
  window.name = ''
})

describe('search all sessions', () => {
  it('is hidden without the script and lists matching cards of every session with links into them', async () => {
    mount()
    expect(document.querySelector<HTMLElement>('[data-site-search]')?.hidden).toBe(true)
    installSiteSearch(document)
    const input = document.querySelector<HTMLInputElement>('#dsh-search') as HTMLInputElement
    input.value = 'timed out'
    input.dispatchEvent(new Event('input'))
    // Session c has no shard: happy-dom cannot load it, and it is reported as not searchable.
    await settle()
    await settle()
    const groups = [...document.querySelectorAll('[data-search-results] > li')]
    expect(groups.map(g => g.querySelector(':scope > a')?.textContent)).toEqual(['Flaky tests', 'Deploy'])
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-search-results] ul a')].map(a => a.getAttribute('href'))
    expect(links).toEqual(['sessions/a.html#tool%3Ac-bash', expect.stringMatching(/^sessions\/a\.html#assistant%3A/), expect.stringMatching(/^sessions\/b\.html#user%3A/)])
    const marks = [...document.querySelectorAll('[data-search-results] mark')].map(m => m.textContent?.toLowerCase())
    expect(new Set(marks)).toEqual(new Set(['timed', 'out']))
    const status = document.querySelector('[data-search-status]')?.textContent
    expect(status).toMatch(/3 matches in 2 sessions/)
    expect(status).toMatch(/1 session could not be searched/)
    document.querySelector<HTMLAnchorElement>('[data-search-results] ul a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    expect(window.name).toBe(`${PENDING_PREFIX}timed out`)
  })
})
