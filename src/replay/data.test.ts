/**
 * The replay data's format and timings (issue 30): VLQ numbers, the index and page data round-tripped
 * through their scripts, a schedule cut along pages with checkpoints, and compressed timing's squeeze.
 */
import { describe, expect, it } from 'vitest'
import { idsHash, VlqReader, VlqWriter } from './codec'
import { simplifyCurve } from './curve'
import { decodeIndex, decodePage, indexScript, pageScript } from './data'
import { IDLE_SQUEEZED_MS, idleGaps, playTimes, Squeezer, type TimedItem } from './modes'
import { replayAssets } from './pages'
import type { Schedule, ScheduleItem } from './schedule'

const scriptValue = (script: string, name: string): unknown => {
  const prefix = `window.${name}=`
  expect(script.startsWith(prefix)).toBe(true)
  return JSON.parse(script.slice(prefix.length, -2)) as unknown
}

describe('VLQ', () => {
  it.each([0, 1, 31, 32, 1023, 1024, 123_456_789, 2 ** 40])('unsigned %d round-trips', (n) => {
    const r = new VlqReader(new VlqWriter().unsigned(n).toString())
    expect(r.unsigned()).toBe(n)
    expect(r.done && !r.bad).toBe(true)
  })
  it.each([0, -1, 1, -1000, 1000, -(2 ** 40)])('signed %d round-trips', (n) => {
    expect(new VlqReader(new VlqWriter().signed(n).toString()).signed()).toBe(n)
  })
  it.each(['g', '!', 'gggggggggggggg'])('malformed %j reads as bad, never throws', (text) => {
    const r = new VlqReader(text)
    r.unsigned()
    expect(r.bad).toBe(true)
  })
  it('hashes ids in order', () => {
    expect(idsHash(['a', 'b'])).not.toBe(idsHash(['b', 'a']))
    expect(idsHash(['a', 'b'])).toMatch(/^[0-9a-f]{8}$/)
  })
})

const item = (key: string, kind: ScheduleItem['kind'], t0: number, t1: number, section: number, extra: Partial<ScheduleItem> = {}): ScheduleItem => ({ key, kind, t0, t1, units: 0, curve: null, failed: false, ends: false, section, ...extra })

/** Two turns: the second starts after a 60 s idle stretch, on page 2. */
const schedule: Schedule = {
  timed: true,
  start: 1_000,
  items: [
    item('turn@1', 'section', 0, 2_000, 0),
    item('user:1', 'row', 10, 10, 0),
    item('assistant:1:0', 'text', 100, 900, 0, { units: 40, curve: simplifyCurve([100, 500, 900], [10, 20, 40]) }),
    item('tool:a', 'work', 1_000, 1_800, 0, { failed: true }),
    item('tail:1', 'row', 2_000, 2_000, 0, { ends: true }),
    item('turn@2', 'section', 62_000, 63_000, 1),
    item('user:2', 'row', 62_000, 62_000, 1),
    item('tail:2', 'row', 63_000, 63_000, 1, { ends: true }),
  ],
  sections: [{ key: 'turn@1', turn: 1, item: 0 }, { key: 'turn@2', turn: 2, item: 5 }],
  chapters: [{ kind: 'turn', item: 0, label: null }, { kind: 'failure', item: 3, label: null }, { kind: 'turn', item: 5, label: null }, { kind: 'mark', item: 5, label: 'Second <try>' }],
}

describe('replay assets', () => {
  const pages = [
    { page: 's.html', ids: ['turn@1', 'turn-1', 'user:1', 'assistant:1:0', 'tool:a', 'tail:1'], data: 's.replay.p1.js' },
    { page: 's.p2.html', ids: ['turn@2', 'turn-2', 'user:2', 'tail:2'], data: 's.replay.p2.js' },
  ]
  const assets = replayAssets(schedule, pages)

  it('cuts items along pages, naming each by its place among the page ids', () => {
    expect(assets.pages.map(p => p.items.map(i => i.ref))).toEqual([[0, 2, 3, 4, 5], [0, 2, 3]])
    expect(assets.pages[1]?.hash).toBe(idsHash(pages[1]?.ids ?? []))
  })

  it('gives each page its checkpoint in every timing: the idle minute is squeezed to a second when compressed', () => {
    const p2 = assets.index.pages[1]?.at
    expect(p2?.[0]).toBe(62_000)
    expect(p2?.[1]).toBe(2_000 + IDLE_SQUEEZED_MS)
    expect(assets.index.turns.map(t => [t.turn, t.page])).toEqual([[1, 0], [2, 1]])
    expect(assets.index.chapters.map(c => [c.kind, c.label, c.page])).toEqual([['failure', null, 0], ['mark', 'Second <try>', 1]])
  })

  it('round-trips through its scripts, and a label cannot close the script it is inlined in', () => {
    const script = indexScript(assets.index)
    expect(script).not.toContain('<')
    const index = decodeIndex(scriptValue(script, 'dshReplay'))
    expect(index).not.toBeNull()
    expect(index?.turns).toEqual(assets.index.turns.map(t => ({ ...t, at: t.at.map(Math.round) })))
    expect(index?.chapters.map(c => c.label)).toEqual([null, 'Second <try>'])
    // Paginated: no page's rows in the index, every page (the first too) names its file.
    expect(index?.data).toBeNull()
    expect(index?.pages.map(p => p.data)).toEqual(['s.replay.p1.js', 's.replay.p2.js'])
    const page1 = decodePage(scriptValue(pageScript(assets.pages[0] as NonNullable<(typeof assets.pages)[0]>), 'dshReplayPage'))
    expect(page1?.items).toEqual(assets.pages[0]?.items)
    const page2 = decodePage(scriptValue(pageScript(assets.pages[1] as NonNullable<(typeof assets.pages)[1]>), 'dshReplayPage'))
    expect(page2?.items).toEqual(assets.pages[1]?.items)
    expect(page2?.gaps).toEqual(assets.pages[1]?.gaps)
  })

  it('keeps a page\'s arrival curves apart, each read only when first used; a malformed one reads as no curve', () => {
    const data = assets.pages[0] as NonNullable<(typeof assets.pages)[0]>
    const value = scriptValue(pageScript(data), 'dshReplayPage') as Record<string, unknown>
    const text = data.items.findIndex(i => i.curve !== null)
    expect(text).toBeGreaterThanOrEqual(0)
    // The curve's numbers are not in the rows' text: a seek that reads no curve does not read them.
    expect(typeof value['curves']).toBe('string')
    expect((value['curves'] as string).length).toBeGreaterThan(0)
    const page = decodePage(value)
    expect(Object.getOwnPropertyDescriptor(page?.items[text], 'curve')?.get).toBeTypeOf('function')
    expect(page?.items[text]?.curve).toEqual(data.items[text]?.curve)
    expect(Object.getOwnPropertyDescriptor(page?.items[text], 'curve')?.value).toEqual(data.items[text]?.curve)
    // Same length, not a curve: the row streams evenly instead; the rest of the page still plays.
    const bad = decodePage({ ...value, curves: '!'.repeat((value['curves'] as string).length) })
    expect(bad?.items[text]?.curve).toBeNull()
    expect(bad?.items.length).toBe(data.items.length)
    // Lengths that do not add up to the curves' text: not our data.
    expect(decodePage({ ...value, curves: `${value['curves'] as string}A` })).toBeNull()
    expect(decodePage({ ...value, curves: undefined })).toBeNull()
  })

  it('gives each page its own turns and the turn in progress where it starts, round-tripped', () => {
    expect(assets.pages.map(p => [p.turn0, p.turns.map(t => t.turn)])).toEqual([[null, [1]], [1, [2]]])
    for (const data of assets.pages) {
      const decoded = decodePage(scriptValue(pageScript(data), 'dshReplayPage'))
      expect(decoded?.turns).toEqual(data.turns.map(t => ({ ...t, at: t.at.map(Math.round) })))
      expect(decoded?.turn0).toBe(data.turn0)
    }
  })

  it('a one-page session carries its data in the index; another page can leave it undecoded', () => {
    const one = replayAssets(schedule, [{ page: 's.html', ids: [...(pages[0]?.ids ?? []), ...(pages[1]?.ids ?? [])], data: 's.replay.p1.js' }])
    expect(one.index.pages[0]?.data).toBeNull()
    const value = scriptValue(indexScript(one.index), 'dshReplay')
    const full = decodeIndex(value)
    const other = decodeIndex(value, { firstPage: false })
    expect(full?.data?.items).toEqual(one.pages[0]?.items)
    expect(full?.data?.turns.map(t => t.turn)).toEqual([1, 2])
    expect(other?.data).toBeNull()
    expect(other).toEqual({ ...full, data: null })
  })

  it.each([null, 1, 'x', { v: 2 }, { v: 2, total: [0, 0] }, { v: 1, total: [0, 0, 0], pages: [], labels: [], turns: '', chapters: '' }])('reads %j as no replay', (value) => {
    expect(decodeIndex(value)).toBeNull()
    expect(decodePage(value)).toBeNull()
  })
})

describe('timings', () => {
  const items: TimedItem[] = schedule.items
  it('finds the idle stretches over the threshold', () => {
    expect(idleGaps(items)).toEqual([{ from: 2_000, to: 62_000 }])
  })
  it('real plays the logged clock; compressed squeezes each gap to a second; paced ignores clocks', () => {
    const gaps = idleGaps(items)
    expect(Array.from(playTimes(items, 'real', 0, null).p0)).toEqual(items.map(i => i.t0))
    const compressed = playTimes(items, 'compressed', 0, new Squeezer(gaps, 0, 0))
    expect(compressed.p0[5]).toBe(2_000 + IDLE_SQUEEZED_MS)
    expect(compressed.end).toBe(3_000 + IDLE_SQUEEZED_MS)
    const paced = playTimes(items, 'paced', 0, null)
    expect(paced.p0[2]).toBe(600)
    expect((paced.p1[2] as number) - (paced.p0[2] as number)).toBe(1_200)
  })
})
