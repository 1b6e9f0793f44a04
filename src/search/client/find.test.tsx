// @vitest-environment happy-dom
/**
 * The find box as a reader meets it (happy-dom): the real page markup (FindBox + Transcript from a real
 * view model), the real shard script, and the script driving them. Typing a word that only a folded output
 * holds shows that card alone, marks the word, opens the folds around it and counts; tool and status
 * filters narrow; matches on another page are listed as links; Escape restores the page exactly. Arrival
 * from a search result opens and marks the row.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FindBox } from '../../../components/layout/FindBox'
import { Transcript } from '../../../components/layout/Transcript'
import { findBoxModel } from '../chrome'
import { searchShard } from '../shard'
import { LABELS, sampleSession, viewOf } from '../testing'
import { installArrival } from './arrival'
import { installFind, PENDING_PREFIX } from './find'

const view = viewOf(sampleSession())
const shard = searchShard(view, { stem: 'search-sample', title: 'Flaky', labels: LABELS })

function mount(options: { otherPage?: boolean } = {}) {
  document.body.innerHTML = renderToStaticMarkup(
    <>
      <FindBox model={findBoxModel(view, 'search-sample', 'en')} />
      <main>
        <Transcript sections={view.sections} label="Transcript" />
      </main>
    </>,
  )
  // The read row alone (it sits in its turn's fold, beside the bash row).
  if (options.otherPage) document.getElementById('tool:c-read')?.remove()
  // The shard as its script would leave it (happy-dom does not load script files).
  new Function('window', shard)(window)
}

const input = () => document.querySelector<HTMLInputElement>('#dsh-find') as HTMLInputElement
const status = () => document.querySelector('[data-find-status]')?.textContent ?? ''
const visibleRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-transcript] [id^="tool:"], [data-transcript] [id^="user:"], [data-transcript] [id^="assistant:"]')]
    .filter(el => el.closest('[data-find-hidden]') === null && !el.id.endsWith('-out') && !el.id.endsWith('-text'))
    .map(el => (el.id.startsWith('tool:') ? el.id : `${el.id.split(':')[0]}:`))
const settle = () => new Promise(resolve => setTimeout(resolve, 250))

async function type(text: string) {
  input().value = text
  input().dispatchEvent(new Event('input'))
  await settle()
}

beforeEach(() => {
  window.name = ''
})
afterEach(() => {
  delete window.dshSearch
})

describe('the find box', () => {
  it('is hidden in the markup and revealed by the script', () => {
    mount()
    expect(document.querySelector<HTMLElement>('[data-find-box]')?.hidden).toBe(true)
    installFind(document)
    expect(document.querySelector<HTMLElement>('[data-find-box]')?.hidden).toBe(false)
  })

  it('finds text inside a folded output, shows only that card, marks it and opens the folds around it', async () => {
    mount()
    installFind(document)
    const bash = document.getElementById('tool:c-bash') as HTMLElement
    expect(bash.querySelector('details')?.open).toBe(false)
    await type('needle-42')
    expect(visibleRows()).toEqual(['tool:c-bash'])
    const marks = [...bash.querySelectorAll('mark[data-find-mark]')]
    expect(marks.map(m => m.textContent)).toEqual(['NEEDLE-42'])
    for (let el = marks[0]?.parentElement; el && el !== bash; el = el.parentElement) if (el.tagName === 'DETAILS') expect((el as HTMLDetailsElement).open).toBe(true)
    expect(bash.hasAttribute('data-find-current')).toBe(true)
    expect(status()).toBe('1 of 1 matching card on this page')
  })

  it('filters by tool and by status, alone or with words', async () => {
    mount()
    installFind(document)
    const tool = document.querySelector<HTMLSelectElement>('#dsh-find-tool') as HTMLSelectElement
    const state = document.querySelector<HTMLSelectElement>('#dsh-find-status') as HTMLSelectElement
    state.value = 'error'
    state.dispatchEvent(new Event('change'))
    await settle()
    expect(visibleRows()).toEqual(['tool:c-read'])
    state.value = ''
    tool.value = 'bash'
    tool.dispatchEvent(new Event('change'))
    await settle()
    expect(visibleRows()).toEqual(['tool:c-bash'])
    await type('missing')
    expect(visibleRows()).toEqual([])
    expect(status()).toBe('No matching cards')
  })

  it('lists matches on other pages as links, and steps through matches here with Enter', async () => {
    mount({ otherPage: true })
    installFind(document)
    // Every row holds a "t"; the read row is on "another page" (removed from this one).
    await type('t')
    expect(visibleRows()).toEqual(['user:', 'tool:c-bash', 'assistant:'])
    expect(status()).toBe('1 of 3 matching cards on this page · 1 more on other pages')
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-find-elsewhere] a')]
    expect(links.map(a => a.getAttribute('href'))).toEqual(['search-sample.html#tool%3Ac-read'])
    const fold = document.querySelector<HTMLDetailsElement>('[data-find-elsewhere]')
    expect(fold?.hidden).toBe(false)
    // Folded under the sticky bar while this page has matches of its own; open when it has none.
    expect(fold?.open).toBe(false)
    await type('missing.ts')
    expect(visibleRows()).toEqual([])
    expect(fold?.open).toBe(true)
    await type('t')
    input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))
    expect(status()).toBe('2 of 3 matching cards on this page · 1 more on other pages')
    input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true }))
    input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true }))
    expect(status()).toMatch(/^3 of 3/)
  })

  it('Escape restores the page to its exact markup (folds opened by find stay open)', async () => {
    mount()
    installFind(document)
    const transcript = document.querySelector('[data-transcript]') as HTMLElement
    await type('flaky')
    expect(transcript.querySelectorAll('mark').length).toBeGreaterThan(0)
    input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await settle()
    expect(transcript.querySelectorAll('mark, [data-find-hidden], [data-find-current]')).toHaveLength(0)
    expect(status()).toBe('')
    expect(transcript.textContent).toContain('FAIL NEEDLE-42 timed out')
  })
})

describe('arriving from a search result', () => {
  it('opens the row and its folds and marks the query carried in window.name (used once)', async () => {
    mount()
    window.name = `${PENDING_PREFIX}needle-42`
    window.location.hash = '#tool%3Ac-bash'
    installArrival(window, () => null)
    const bash = document.getElementById('tool:c-bash') as HTMLElement
    expect(bash.querySelector('details')?.open).toBe(true)
    expect([...bash.querySelectorAll('mark')].map(m => m.textContent)).toEqual(['NEEDLE-42'])
    expect(window.name).toBe('')
  })

  it('a result without a row fills the find box instead', async () => {
    mount()
    window.location.hash = ''
    window.name = `${PENDING_PREFIX}flaky`
    const find = installFind(document)
    installArrival(window, () => find)
    await settle()
    expect(input().value).toBe('flaky')
    expect(visibleRows()).toEqual(['user:', 'assistant:'])
  })
})
