// @vitest-environment happy-dom
/**
 * The overview's page script loads only a data asset named like ours (`overview.data.js` beside the page),
 * as the anchor-map and search-shard loaders check their file names: a `data-overview-src` edited to a path
 * or an address (a page from an untrusted copy of a site) loads nothing.
 */
import { describe, expect, it } from 'vitest'
import { OVERVIEW_DATA_FILE } from '../../src/site/index/overview-data'
import { FILTER_EVENT } from './filter-client'
import { installOverviewFilter, overviewDataSrc } from './overview-client'

const sectionWith = (src: string | null): Element => {
  const el = document.createElement('section')
  if (src !== null) el.setAttribute('data-overview-src', src)
  return el
}

describe('overviewDataSrc', () => {
  it.each<[string | null, string | null]>([
    [OVERVIEW_DATA_FILE, OVERVIEW_DATA_FILE],
    ['project-x.data.js', 'project-x.data.js'],
    [null, null],
    ['', null],
    ['https://evil.example/overview.data.js', null],
    ['//evil.example/overview.data.js', null],
    ['../overview.data.js', null],
    ['sessions/overview.data.js', null],
    ['javascript:alert(1)//.data.js', null],
    ['data:text/javascript,alert(1)', null],
    ['overview.js', null],
    ['overview.data.js?x=1', null],
  ])('%j → %j', (src, want) => {
    expect(overviewDataSrc(sectionWith(src))).toBe(want)
  })
})

describe('installOverviewFilter', () => {
  it.each([['https://evil.example/overview.data.js', 0], ['../overview.data.js', 0], [OVERVIEW_DATA_FILE, 1]])('with data-overview-src %j injects %i script(s) on a filter change', (src, scripts) => {
    document.head.innerHTML = ''
    // The test loads no file: an injected script counts as loaded (without an error printed) and sets nothing.
    ;(window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true
    document.body.innerHTML = `<section data-overview="" data-overview-src="${src}"><div data-overview-totals=""></div><div data-overview-charts=""></div></section>`
    installOverviewFilter(document)
    document.dispatchEvent(new CustomEvent(FILTER_EVENT, { detail: { status: 'failed', project: '', model: '', since: '', until: '' } }))
    const injected = [...document.head.querySelectorAll('script')].map(s => s.getAttribute('src'))
    expect(injected).toEqual(scripts === 0 ? [] : [src])
  })
})
