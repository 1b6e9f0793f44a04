/**
 * A Trajectory page's frame, filled page by page from one render cut at its stand-ins (./frame.tsx), is byte
 * for byte the frame rendered whole for that page — the components given the page's own navigation and
 * overview — and measures as that whole does. The oracle here is the whole render; the cases cover one page
 * and many (first, middle, last: navigation with and without its ends), a subagent, a live page, a canonical
 * link, titles that escape, a session with no record, and both locales.
 */
import { describe, expect, it } from 'vitest'
import { session, toolCallBlock } from '../../../log/testing/session'
import { trajectoryOf } from '../../../trajectory/testing'
import { fillShell, headMarkup, parseShell } from '../../html/shell'
import { liveHead } from '../../html/live'
import { renderStaticMarkup } from '../../html/static-markup'
import { measure } from '../pages/measure'
import { pagerNav } from '../pages/pager'
import { sessionChrome, type Family } from '../chrome'
import { siteText } from '../../strings'
import { pageFile, trajectoryFile } from '../../plan/slug'
import type { SessionSummary } from '../../types'
import { OVERVIEW_MODES, overview, panelModel, toolbarModel, trajectoryDictionary, trajectoryWords } from '../../../trajectory-view'
import { LEDGER_SLOT, TrajectoryPage } from '../../../../components/trajectory/TrajectoryPage'
import { pagedSnapshot } from './paged'
import { TrajectoryFrames, viewTabs, type FrameInput } from './frame'
import type { Locale } from '../../../cards/types'

const SHELL = parseShell('<!doctype html>\n<html lang="%DSH_LANG%" data-view="%DSH_VIEW%"><head><meta charset="utf-8"><!--dsh:head--><link rel="stylesheet" href="%DSH_ROOT%assets/site.css"></head><body><!--dsh:body--><script src="%DSH_ROOT%assets/site.js"></script></body></html>')

function log(turns: number) {
  const s = session({ id: 'frame-test', cwd: '/home/dev/frame' })
  for (let t = 1; t <= turns; t++) {
    const args = { command: `ls dir${t}` }
    s.turnStart()
    s.user(`Turn ${t}`)
    s.stepStart()
    s.assistant([toolCallBlock(`call-${t}`, 'bash', args)])
    s.call('bash', args, `call-${t}`)
    s.result(`call-${t}`, `out ${t}`)
    s.stepEnd()
    s.turnEnd()
  }
  return s
}

const summary = (title: string): SessionSummary => ({
  id: 'frame-test', slug: 'frame-test', href: 'sessions/frame-test.html', title, project: null, start: null, duration: null, model: null,
  turns: 3, toolCalls: 3, status: 'completed', parentId: null, pages: 1, warnings: 0,
})

/** The frame of page `page` rendered whole, as a page was put together before the frames were cut. */
function whole(input: FrameInput, page: number, pages: number, sectionIndices: number[]): string {
  const text = siteText(input.locale)
  const words = trajectoryWords(input.locale)
  const { summary, family } = input
  const stem = summary.slug
  const base = sessionChrome(summary, input.facts, family, page, pages, text, input.viewMode)
  const t = words.t
  const sections = sectionIndices.map((i) => input.snapshot.sections[i]!)
  const dictionary = trajectoryDictionary(input.locale)
  const body = renderStaticMarkup(
    <TrajectoryPage
      chrome={{
        ...base,
        parent: base.parent === null || family.parent === null ? null : { ...base.parent, link: { ...base.parent.link, href: trajectoryFile(family.parent.summary.slug, 1) } },
        children: family.children.map((c) => ({ href: trajectoryFile(c.slug, 1), label: c.title })),
        nav: pages > 1 ? pagerNav(page, pages, (p) => trajectoryFile(stem, p), text.pagesNav, text) : null,
        viewSwitch: null,
        tabs: viewTabs(words, 'trajectory', pageFile(stem, 1), trajectoryFile(stem, page)),
      }}
      skipLabel={text.skipToTranscript}
      allSessions={text.allSessions}
      footer={text.generatedBy}
      toolbar={toolbarModel(words)}
      timeline={{ label: t('timeline.aria'), lanes: [t('column.input'), t('column.model'), t('column.tools')], legend: t('dv.legend'), drawings: OVERVIEW_MODES.map((mode) => overview(input.snapshot, sections, mode, words, input.snapshot.retried)) }}
      panel={panelModel(words)}
      ledger={{ aria: dictionary['request.rowAria'], prefix: dictionary['request.rowPrefix'], none: dictionary['request.noContent'], unix: dictionary['timing.showUnixTimestamp'], local: dictionary['timing.showLocalTime'], empty: input.snapshot.records.length === 0 ? t('dv.noRecords') : null }}
    />,
  )
  const canonical = input.baseUrl === null ? null : `${input.baseUrl}sessions/${trajectoryFile(stem, page)}`
  const name = `${summary.title} · ${t('dv.openTrajectory')}`
  const title = pages > 1 ? `${name} (${text.pageOf(page, pages)})` : name
  return fillShell(SHELL, { lang: input.lang, root: '../', head: headMarkup(title, canonical) + (input.live === undefined ? '' : liveHead(input.live, '../')), body, view: input.viewMode })
}

const parent: Family = { parent: { summary: { ...summary('The parent'), slug: 'parent' }, anchor: 'child-frame-test' }, children: [{ ...summary('A <kid> & "friend"'), slug: 'kid' }] }

function inputOf(locale: Locale, over: Partial<FrameInput> = {}, turns = 3): FrameInput {
  return {
    snapshot: pagedSnapshot(trajectoryOf(log(turns))),
    summary: summary('Fix <b>"quotes"</b> & ampersands'),
    facts: [],
    family: { parent: null, children: [] },
    locale,
    lang: locale === 'zh' ? 'zh-CN' : 'en',
    baseUrl: null,
    viewMode: 'verbose',
    ...over,
  }
}

const cases: [string, FrameInput][] = [
  ['en', inputOf('en')],
  ['zh', inputOf('zh')],
  ['a subagent with a child, published under a base URL', inputOf('en', { family: parent, baseUrl: 'https://example.test/site/' })],
  ['a live page', inputOf('en', { live: { page: 'trajectory', key: 'k', lines: 3, seq: 9 } })],
  ['no records', inputOf('en', {}, 0)],
]

describe('a Trajectory page frame', () => {
  for (const [name, input] of cases) {
    it(`is the whole render of its page, cut at the ledger slot: ${name}`, () => {
      const frames = new TrajectoryFrames(SHELL, siteText(input.locale), input, trajectoryWords(input.locale))
      const all = input.snapshot.sections.map((_, i) => i)
      for (const [page, pages, sections] of [[1, 1, all], [1, 7, all.slice(0, 1)], [4, 7, all.slice(1, 2)], [7, 7, all.slice(2)], [2, 3, []]] as [number, number, number[]][]) {
        const frame = frames.page(page, pages, sections.map((i) => input.snapshot.sections[i]!))
        const expected = whole(input, page, pages, sections)
        const at = expected.indexOf(LEDGER_SLOT)
        const before = expected.slice(0, at)
        const after = expected.slice(at + LEDGER_SLOT.length)
        expect(Buffer.concat(frame.head).toString('utf8'), `${page}/${pages}`).toBe(before)
        expect(Buffer.concat(frame.tail).toString('utf8'), `${page}/${pages}`).toBe(after)
        expect(frame.size).toEqual(measure(before + after))
      }
    })
  }
})
