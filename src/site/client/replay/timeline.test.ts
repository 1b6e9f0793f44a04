/**
 * A page's timeline answers turn questions from the page's own turns (src/replay/data.ts: a page's data
 * carries them, the index only the listed ones and a lazily decoded whole list): which turn plays at a
 * position, where turn N starts, where Shift+←/→ goes — the same answers as the session's whole turn list,
 * on every page of a long session cut mid-turn, in every timing, without decoding the whole list for a
 * position on the page.
 */
import { describe, expect, it } from 'vitest'
import { decodeIndex, decodePage, indexScript, MAX_LISTED_TURNS, pageScript, type ReplayIndex } from '../../../replay/data'
import { TIMING_MODES } from '../../../replay/modes'
import { replayAssets } from '../../../replay/pages'
import type { Schedule, ScheduleItem } from '../../../replay/schedule'
import { Timeline } from './timeline'

const TURNS = 450
const ITEMS_PER_PAGE = 7

/** 450 turns of three items each (a 4 s idle stretch before every 5th), pages of 7 items: most pages start mid-turn. */
function longSession(): { schedule: Schedule; pages: { page: string; ids: string[]; data: string }[] } {
  const items: ScheduleItem[] = []
  const sections: Schedule['sections'] = []
  let t = 0
  for (let k = 1; k <= TURNS; k++) {
    if (k % 5 === 0) t += 4_000
    const section = sections.length
    sections.push({ key: `turn@${k}`, turn: k, item: items.length })
    items.push({ key: `turn@${k}`, kind: 'section', t0: t, t1: t + 900, units: 0, curve: null, failed: false, ends: false, section })
    items.push({ key: `user:${k}`, kind: 'row', t0: t + 10, t1: t + 10, units: 0, curve: null, failed: false, ends: false, section })
    items.push({ key: `tail:${k}`, kind: 'row', t0: t + 900, t1: t + 900, units: 0, curve: null, failed: false, ends: true, section })
    t += 1_000
  }
  const pages: { page: string; ids: string[]; data: string }[] = []
  for (let i = 0; i < items.length; i += ITEMS_PER_PAGE) {
    const n = pages.length + 1
    pages.push({ page: n === 1 ? 's.html' : `s.p${n}.html`, ids: items.slice(i, i + ITEMS_PER_PAGE).map(item => item.key), data: `s.replay.p${n}.js` })
  }
  return { schedule: { timed: true, start: 0, items, sections, chapters: sections.map(s => ({ kind: 'turn' as const, item: s.item, label: null })) }, pages }
}

const value = (script: string, name: string): unknown => JSON.parse(script.slice(`window.${name}=`.length, -2)) as unknown

/** The index as a page reads it, counting reads of its whole turn list. */
function readIndex(index: ReplayIndex): { index: ReplayIndex; wholeListReads: () => number } {
  const decoded = decodeIndex(value(indexScript(index), 'dshReplay')) as ReplayIndex
  let reads = 0
  const counted = new Proxy(decoded, { get: (target, key, receiver) => (key === 'turns' && reads++, Reflect.get(target, key, receiver)) })
  return { index: counted, wholeListReads: () => reads }
}

describe('Timeline turns on a long paginated session', () => {
  const { schedule, pages } = longSession()
  const assets = replayAssets(schedule, pages)
  const all = assets.index.turns

  it('keeps the index small: listed turns only, every page its own file', () => {
    const text = value(indexScript(assets.index), 'dshReplay') as Record<string, unknown>
    expect(text['data']).toBeNull()
    const index = decodeIndex(text) as ReplayIndex
    expect(index.listed.length).toBeLessThanOrEqual(MAX_LISTED_TURNS)
    expect(index.listed[0]?.turn).toBe(1)
    expect(index.turns.map(t => t.turn)).toEqual(all.map(t => t.turn))
  })

  for (const mode of TIMING_MODES) {
    const m = TIMING_MODES.indexOf(mode)
    const reference = (p: number) => {
      let found: number | null = null
      for (const t of all) if (Math.round(t.at[m] as number) <= p) found = t.turn
      return found
    }
    const starts = all.map(t => Math.round(t.at[m] as number))

    it(`${mode}: the turn at every turn's start (and just before it) on its own page, without the whole list`, () => {
      for (const data of assets.pages) {
        const { index, wholeListReads } = readIndex(assets.index)
        const tl = new Timeline(index, decodePage(value(pageScript(data), 'dshReplayPage')) as NonNullable<ReturnType<typeof decodePage>>, mode)
        const onPage = starts.filter(p => p >= tl.start && p < tl.next)
        for (const p of [tl.start, ...onPage, ...onPage.map(p => p - 1).filter(p => p >= tl.start)]) expect(tl.turnAt(p), `page ${data.page + 1} at ${p}`).toBe(reference(p))
        for (const t of data.turns) expect(tl.turnStart(t.turn)).toBe(Math.round(t.at[m] as number))
        expect(wholeListReads(), `page ${data.page + 1}`).toBe(0)
      }
    })

    it(`${mode}: turn N from any page finds its start, first, middle and last; off-page positions too`, () => {
      for (const pageNo of [0, Math.floor(assets.pages.length / 2), assets.pages.length - 1]) {
        const { index } = readIndex(assets.index)
        const tl = new Timeline(index, decodePage(value(pageScript(assets.pages[pageNo] as NonNullable<(typeof assets.pages)[number]>), 'dshReplayPage')) as NonNullable<ReturnType<typeof decodePage>>, mode)
        for (const k of [0, Math.floor(TURNS / 2), TURNS - 1]) {
          expect(tl.turnStart(k + 1)).toBe(starts[k])
          expect(tl.turnAt(starts[k] as number)).toBe(k + 1)
          expect(index.pages[tl.pageAt(starts[k] as number)]?.page).toBe(pages[all[k]?.page as number]?.page)
        }
        expect(tl.turnStart(TURNS + 1)).toBeNull()
      }
    })

    it(`${mode}: Shift+←/→ targets are the neighbouring turns' starts, across page ends`, () => {
      for (const data of assets.pages) {
        const { index } = readIndex(assets.index)
        const tl = new Timeline(index, decodePage(value(pageScript(data), 'dshReplayPage')) as NonNullable<ReturnType<typeof decodePage>>, mode)
        for (const p of [tl.start, ...starts.filter(p => p >= tl.start && p < tl.next)]) {
          expect(tl.stepTarget(p, 1)).toBe(starts.find(s => s > p + 0.5) ?? null)
          expect(tl.stepTarget(p, -1)).toBe(starts.findLast(s => s < p - 0.5) ?? null)
        }
      }
    })
  }
})
