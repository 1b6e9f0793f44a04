/**
 * The index overview follows the filters (issue 31, browser, progressive enhancement): on each filter
 * change (`dsh-filter` from ./filter-client.ts) it loads the overview's data asset once
 * (`overview.data.js`, src/site/index/overview-data.ts: every session's archive facts) by injecting its
 * script — it works from file:// — keeps the sessions the status and facets keep, and draws the totals
 * (the root's figure and the filter's under it) and the charts again with the same code the build used
 * (src/site/index/overview.ts, ./Overview.tsx made into DOM nodes by src/site/client/element-dom.ts). With every filter open, the
 * overview the build drew comes back. Without scripts the build's overview (the whole root) stays.
 */
import { elementToDom } from '../../src/site/client/element-dom'
import { decodeOverview } from '../../src/site/index/overview-data'
import { overviewFigures } from '../../src/site/index/overview'
import { keepsSession } from '../../src/stats/aggregate'
import { FILTER_EVENT, type FilterState } from './filter-client'
import { OverviewCharts, OverviewTotals } from './Overview'

declare global {
  interface Window {
    dshOverview?: unknown
  }
}

type Decoded = NonNullable<ReturnType<typeof decodeOverview>>

function load(doc: Document, src: string): Promise<Decoded | null> {
  const win = doc.defaultView as Window
  return new Promise((resolve) => {
    if (win.dshOverview !== undefined) return resolve(decodeOverview(win.dshOverview))
    const script = doc.createElement('script')
    script.src = src
    script.addEventListener('load', () => resolve(decodeOverview(win.dshOverview)))
    script.addEventListener('error', () => resolve(null))
    doc.head.append(script)
  })
}

/** Our data asset's names only: a file beside the page (no path, no scheme), as the other loaders check theirs. */
const OVERVIEW_DATA = /^[A-Za-z0-9._~-]+\.data\.js$/

/** The data asset the overview section names (`data-overview-src`), or null when it names none or not one of ours. */
export function overviewDataSrc(section: Element | null): string | null {
  const src = section?.getAttribute('data-overview-src') ?? null
  return src !== null && OVERVIEW_DATA.test(src) ? src : null
}

const isOpen = (s: FilterState): boolean => s.status === '' && s.project === '' && s.model === '' && s.since === '' && s.until === ''

export function installOverviewFilter(doc: Document): void {
  const section = doc.querySelector<HTMLElement>('[data-overview][data-overview-src]')
  const src = overviewDataSrc(section)
  if (!section || src === null) return
  const built = { totals: section.querySelector('[data-overview-totals]')?.cloneNode(true) ?? null, charts: section.querySelector('[data-overview-charts]')?.cloneNode(true) ?? null }
  const totalsLabel = section.querySelector('[data-overview-totals]')?.getAttribute('aria-label') ?? ''
  let data: Promise<Decoded | null> | null = null
  // Only the latest change draws: a slow load must not paint an older filter over a newer one.
  let latest = 0
  const replace = (selector: string, nodes: Node[] | Node | null) => {
    const el = section.querySelector(selector)
    if (el !== null && nodes !== null) el.replaceWith(...(Array.isArray(nodes) ? nodes : [nodes.cloneNode(true)]))
  }
  doc.addEventListener(FILTER_EVENT, (event) => {
    const state = (event as CustomEvent<FilterState>).detail
    const run = ++latest
    if (isOpen(state)) {
      replace('[data-overview-totals]', built.totals)
      replace('[data-overview-charts]', built.charts)
      section.removeAttribute('data-overview-filtered')
      return
    }
    data ??= load(doc, src)
    void data.then((d) => {
      if (d === null || run !== latest) return
      // A project's page sums that project's sessions only.
      const project = section.getAttribute('data-overview-project')
      const root = project === null ? d.records : d.records.filter((r) => r.project === project)
      const kept = root.filter((r) => keepsSession(r, state))
      const figures = overviewFigures(root, kept, d.text, d.locale, d.price)
      replace('[data-overview-totals]', elementToDom(doc, <OverviewTotals model={{ ...figures, totalsLabel }} />))
      replace('[data-overview-charts]', elementToDom(doc, <OverviewCharts charts={figures.charts} />))
      section.setAttribute('data-overview-filtered', '')
    })
  })
}
