/**
 * The frame of a session's Trajectory pages: the document around the ledger — shell, header with the
 * `Chat | Trajectory` tabs, page navigation, toolbar, timing overview, details panel, footer. Of all that
 * only three things change from one page to the next: the `<head>` (title with the page number, canonical
 * link), the page navigation (written above and below the ledger), and the timing overview of the page's
 * records. A long session has hundreds of pages of a few thousand elements each, and rendering the whole
 * frame for every page was over a third of the pages' write (issue 29's time goal). So the frame is rendered
 * once per session by the components themselves, with a stand-in navigation and a stand-in overview, and
 * cut where those stand-ins were written; each page then renders only its navigation and overview (the same
 * components) and puts them between the constant parts. That is byte for byte the whole render, because
 * static markup is context-free at those places: a fragment renders as its children's markup one after the
 * other, and neither stand-in sits inside an `<svg>` or a `<select>`, the only places that change how an
 * element is written (src/site/html/static-markup.ts). Each stand-in's markup starts with a tag, which
 * escaped text and attribute values can never hold, and the cut checks it found each as many times as the
 * page writes it (the navigation twice, the rest once).
 */
import { renderStaticMarkup } from '../../html/static-markup'
import { fillShell, headMarkup, type Shell } from '../../html/shell'
import { liveHead, type LiveFlag } from '../../html/live'
import { add, measure, ZERO, type Size } from '../pages/measure'
import { pagerNav } from '../pages/pager'
import { sessionChrome, type Family } from '../chrome'
import { pageFile, trajectoryFile } from '../../plan/slug'
import type { Fact, PageNav as PageNavModel, SessionChrome, SessionSummary, SiteText, ViewTabs } from '../../types'
import type { Locale } from '../../../cards/types'
import type { ViewMode } from '../../../cards/view-mode'
import type { TrajectorySection } from '../../../trajectory/model'
import { OVERVIEW_MODES, overviews, panelModel, toolbarModel, trajectoryDictionary, type TrajectoryWords } from '../../../trajectory-view'
import { PageNav } from '../../../../components/layout/PageNav'
import { LEDGER_SLOT, TrajectoryPage } from '../../../../components/trajectory/TrajectoryPage'
import { TimelineOverview, type TimelineModel } from '../../../../components/trajectory/TimelineOverview'
import type { PagedSnapshot } from './paged'

/** What the frames read of a session (./render-trajectory.tsx's input, the record model as its paged copy). */
export interface FrameInput {
  snapshot: PagedSnapshot
  summary: SessionSummary
  facts: Fact[]
  family: Family
  locale: Locale
  lang: string
  baseUrl: string | null
  viewMode: ViewMode
  /**
   * Set only by `dsh-view live`: the pages carry a `trajectory` live flag (src/site/html/live.ts), and the
   * live script follows the session by taking each rebuilt page (src/live/browser/trajectory-page.ts).
   */
  live?: Exclude<LiveFlag, { page: 'index' }> & { page: 'trajectory' }
}

/** A page's frame: the encoded document before and after the ledger slot, and its measure. */
export interface PageFrame {
  head: Buffer[]
  tail: Buffer[]
  size: Size
}

/** Stand-ins whose markup marks where a page's own parts go (a label no page writes). */
const STAND_IN = 'dsh-view frame slot'
const NAV_STAND_IN: PageNavModel = { label: STAND_IN, position: '', previous: null, next: null, pages: [] }
/** Where the page's `<head>` and `<body>` markup go in the shell: comments the shell does not hold. */
const HEAD_MARK = '<!--dsh-view frame head-->'
const BODY_MARK = '<!--dsh-view frame body-->'

/** The Chat | Trajectory tabs of a session's pages; `current` is the view the page shows. */
export function viewTabs(words: TrajectoryWords, current: 'chat' | 'trajectory', chatHref: string, trajectoryHref: string): ViewTabs {
  return {
    label: words.t('dv.views'),
    items: [
      { label: words.t('dv.chat'), href: current === 'chat' ? null : chatHref },
      { label: words.t('dv.openTrajectory'), href: current === 'trajectory' ? null : trajectoryHref },
    ],
  }
}

/** `text` cut at every `mark`, checking it holds exactly `count` of them. */
function cut(text: string, mark: string, count: number, what: string): string[] {
  const parts = text.split(mark)
  if (parts.length !== count + 1) throw new Error(`the Trajectory frame must hold ${count} ${what}, not ${parts.length - 1}`)
  return parts
}

/** A constant part, encoded and measured once. */
interface Part {
  bytes: Buffer
  size: Size
}
const part = (text: string): Part => ({ bytes: Buffer.from(text, 'utf8'), size: measure(text) })

/** The frames of one session's Trajectory pages. */
export class TrajectoryFrames {
  /** The document cut at its page-dependent parts: shell, head, shell, body start, nav, …, nav, body end, shell. */
  readonly #shell: [Part, Part, Part]
  /** The body: before the first nav, between it and the overview, overview to ledger slot, slot to nav, after nav. */
  readonly #body: [Part, Part, Part, Part, Part]
  readonly #timeline: Omit<TimelineModel, 'drawings'>

  constructor(
    shell: Shell,
    private readonly text: SiteText,
    private readonly input: FrameInput,
    private readonly words: TrajectoryWords,
  ) {
    const { summary, family } = input
    const t = words.t
    const base = sessionChrome(summary, input.facts, family, 1, 1, text, input.viewMode)
    const chrome: SessionChrome = {
      ...base,
      // A subagent's and a parent's Trajectory link to each other's Trajectory.
      parent: base.parent === null || family.parent === null ? null : { ...base.parent, link: { ...base.parent.link, href: trajectoryFile(family.parent.summary.slug, 1) } },
      children: family.children.map((c) => ({ href: trajectoryFile(c.slug, 1), label: c.title })),
      nav: NAV_STAND_IN,
      viewSwitch: null,
      tabs: viewTabs(words, 'trajectory', pageFile(summary.slug, 1), trajectoryFile(summary.slug, 1)),
    }
    this.#timeline = { label: t('timeline.aria'), lanes: [t('column.input'), t('column.model'), t('column.tools')], legend: t('dv.legend') }
    const dictionary = trajectoryDictionary(input.locale)
    const body = renderStaticMarkup(
      <TrajectoryPage
        chrome={chrome}
        skipLabel={text.skipToTranscript}
        allSessions={text.allSessions}
        footer={text.generatedBy}
        toolbar={toolbarModel(words)}
        timeline={{ ...this.#timeline, label: STAND_IN, drawings: [] }}
        panel={panelModel(words)}
        ledger={{ aria: dictionary['request.rowAria'], prefix: dictionary['request.rowPrefix'], none: dictionary['request.noContent'], unix: dictionary['timing.showUnixTimestamp'], local: dictionary['timing.showLocalTime'], empty: input.snapshot.records.length === 0 ? t('dv.noRecords') : null }}
      />,
    )
    const [beforeNav, middle, afterNav] = cut(body, renderStaticMarkup(<PageNav nav={NAV_STAND_IN} />), 2, 'page navigations') as [string, string, string]
    const [toTimeline, fromTimeline] = cut(middle, renderStaticMarkup(<TimelineOverview model={{ ...this.#timeline, label: STAND_IN, drawings: [] }} />), 1, 'timing overviews') as [string, string]
    const [toSlot, fromSlot] = cut(fromTimeline, LEDGER_SLOT, 1, 'ledger slots') as [string, string]
    this.#body = [part(beforeNav), part(toTimeline), part(toSlot), part(fromSlot), part(afterNav)]
    const html = fillShell(shell, { lang: input.lang, root: '../', head: HEAD_MARK, body: BODY_MARK, view: input.viewMode })
    const [toHead, fromHead] = cut(html, HEAD_MARK, 1, 'heads') as [string, string]
    const [toBody, fromBody] = cut(fromHead, BODY_MARK, 1, 'bodies') as [string, string]
    this.#shell = [part(toHead), part(toBody), part(fromBody)]
  }

  /** Page `page` of `pages` without its ledger sections (`sections`: what its overview draws). */
  page(page: number, pages: number, sections: readonly TrajectorySection[]): PageFrame {
    const { input, words } = this
    const stem = input.summary.slug
    const nav = pages > 1 ? renderStaticMarkup(<PageNav nav={pagerNav(page, pages, (p) => trajectoryFile(stem, p), this.text.pagesNav, this.text)} />) : ''
    const retried = input.snapshot.retried
    const timeline = renderStaticMarkup(<TimelineOverview model={{ ...this.#timeline, drawings: overviews(input.snapshot, sections, OVERVIEW_MODES, words, retried) }} />)
    const canonical = input.baseUrl === null ? null : `${input.baseUrl}sessions/${trajectoryFile(stem, page)}`
    const name = `${input.summary.title} · ${words.t('dv.openTrajectory')}`
    const title = pages > 1 ? `${name} (${this.text.pageOf(page, pages)})` : name
    const head = headMarkup(title, canonical) + (input.live === undefined ? '' : liveHead(input.live, '../'))
    const [toHead, toBody, fromBody] = this.#shell
    const [beforeNav, toTimeline, toSlot, fromSlot, afterNav] = this.#body
    const navPart = part(nav)
    const headPart = part(head)
    const timelinePart = part(timeline)
    const size = [toHead, headPart, toBody, beforeNav, navPart, toTimeline, timelinePart, toSlot, fromSlot, navPart, afterNav, fromBody].reduce((sum, p) => add(sum, p.size), ZERO)
    return {
      head: [toHead.bytes, headPart.bytes, toBody.bytes, beforeNav.bytes, navPart.bytes, toTimeline.bytes, timelinePart.bytes, toSlot.bytes],
      tail: [fromSlot.bytes, navPart.bytes, afterNav.bytes, fromBody.bytes],
      size,
    }
  }
}
