/**
 * The replay data a page loads (issue 30), and its compact text form. Written by the build (./pages.ts),
 * read by the player (src/site/client/replay): both ends of the format live here.
 *
 * A session's **index** (`<stem>.replay.js`, `window.dshReplay`) says which pages it has, where each page
 * starts in every timing (its checkpoint: a page plays on its own, and seeking to any turn starts at its
 * page's checkpoint, never at the session's start), the session's length in every timing, its turns and
 * chapters. Every page of a long session loads the index, so it holds only what every page uses at once:
 * the turns the scrubber lists (`listed`, at most MAX_LISTED_TURNS spread over the session) and the
 * chapters; the whole turn list stays a compact string that the player decodes only when it needs a turn
 * on another page (`turns`, a lazy property once decoded). A **page's data** (`window.dshReplayPage`; the
 * index's `data` for a one-page session, else its own file, the first page's too) holds the page's own
 * turns and the turn in progress where it starts, and lists the page's timed rows in play order: each names its element by its position among the ids of the page's
 * transcript (the page renders them; `hash` checks that the page and the data agree), with its kind, raw
 * times (ms from the session's first row), a text row's length and arrival curve, and the idle gaps that
 * compressed timing squeezes there. The curves, nearly all of a page's data, sit apart (`curves`, each
 * item giving its curve's length there) and are decoded only when the player first reads one: a seek that
 * shows a position needs none of them (a text row streaming at that very moment needs its own). Numbers
 * are VLQ-coded deltas (./codec.ts). A page with subagent cards
 * also carries their children's progress (./progress.ts) in two more fields, `sub` (per card: its item, its
 * ticks' raw times and which tool each names) and `tools` (the names); a page without has neither field, so
 * its data is as before.
 */
import type { Curve } from './curve'
import { VlqReader, VlqWriter } from './codec'
import type { Gap, TimedItem } from './modes'
import type { Tick } from './progress'
import type { ChapterKind, ItemKind } from './schedule'

/**
 * 2: the first page's data left the index of a paginated session; page data carries its turns.
 * 3: text rows' arrival curves moved out of `items` into `curves`, each decoded on first use.
 */
export const REPLAY_DATA_VERSION = 3

/**
 * Past this many turns the scrubber's ticks and the chapter list name every k-th turn and this page's
 * own: thousands of options cost every page of a long session a measurable part of its seek time
 * (bench/replay-seek.bench.ts), and nobody picks turn 1,733 from a list of 3,000. Shift+←/→ still step
 * through every turn.
 */
export const MAX_LISTED_TURNS = 200

/** The turns listed on page `page` (0-based): every turn up to the limit; past it, every k-th one and the page's own. */
export function listedTurns<T extends { page: number }>(turns: readonly T[], page: number): T[] {
  if (turns.length <= MAX_LISTED_TURNS) return [...turns]
  const stride = Math.ceil(turns.length / MAX_LISTED_TURNS)
  return turns.filter((t, i) => i % stride === 0 || t.page === page)
}

/** Where a page starts (or an item is) in each timing: real, compressed, paced (play ms). */
export type Checkpoint = [real: number, compressed: number, paced: number]

export interface IndexPage {
  /** The page file (`<stem>.html`, `<stem>.p2.html`) beside the index; for an export part, its anchor. */
  page: string
  /** Its data's file; null in a one-page session, whose data is in the index itself (`ReplayIndex.data`). */
  data: string | null
  at: Checkpoint
}

export interface IndexTurn {
  turn: number
  /** 0-based page. */
  page: number
  at: Checkpoint
}

export interface IndexChapter {
  kind: ChapterKind
  label: string | null
  page: number
  at: Checkpoint
}

export interface ReplayIndex {
  v: number
  /** The log had clocks (else only paced timing). */
  timed: boolean
  pages: IndexPage[]
  /** The session's length in each timing. */
  total: Checkpoint
  /** Every turn, in play order (decoded from the index on first use: only a seek off the page needs it). */
  turns: IndexTurn[]
  /** The turns every page lists (`listedTurns(turns, -1)`), decoded at once. */
  listed: IndexTurn[]
  chapters: IndexChapter[]
  /** A one-page session's data (null when the session has page files). */
  data: PageData | null
}

export interface PageItem extends TimedItem {
  /** Position of its element among the ids of the page's transcript, in document order. */
  ref: number
  failed: boolean
  ends: boolean
  /** A subagent card's child progress (raw times inside [t0, t1]). */
  ticks?: Tick[]
}

export interface PageData {
  v: number
  /** 0-based page. */
  page: number
  /** How many ids the page's transcript holds, and their hash (./codec.ts `idsHash`). */
  ids: number
  hash: string
  /** The first item's raw start, where it plays in each timing, and the gaps after it. */
  base: number
  at: Checkpoint
  gaps: Gap[]
  items: PageItem[]
  /** The turns starting on this page (their section is here), in play order, and the turn in progress where it starts. */
  turns: IndexTurn[]
  turn0: number | null
}

const KINDS: readonly ItemKind[] = ['section', 'row', 'text', 'work']
const CHAPTER_KINDS: readonly ChapterKind[] = ['turn', 'compaction', 'failure', 'goal', 'mark']

/** The JSON-safe form written into the scripts. */
interface PageText {
  v: number
  page: number
  ids: number
  hash: string
  base: number
  at: Checkpoint
  gaps: string
  items: string
  /** The text rows' arrival curves, back to back (each item with a curve gives its length here). */
  curves: string
  turns: string
  turn0: number | null
  /** Subagent progress, only when the page has some. */
  sub?: string
  tools?: string[]
}

interface IndexText {
  v: number
  timed: boolean
  pages: [string, string | null, number, number, number][]
  total: Checkpoint
  turns: string
  /** Absent when every turn is listed. */
  listed?: string
  chapters: string
  labels: (string | null)[]
  data: PageText | null
}

const round = (c: Checkpoint): Checkpoint => [Math.round(c[0]), Math.round(c[1]), Math.round(c[2])]

function encodePage(data: PageData): PageText {
  const gaps = new VlqWriter()
  let last = data.base
  for (const gap of data.gaps) {
    gaps.signed(gap.from - last).unsigned(gap.to - gap.from)
    last = gap.to
  }
  const items = new VlqWriter()
  let curves = ''
  let ref = -1
  let t0 = data.base
  for (const item of data.items) {
    const curve = item.kind === 'text' && item.curve !== null && item.curve.times.length > 0 ? item.curve : null
    items.signed(item.ref - ref)
    items.unsigned(KINDS.indexOf(item.kind) | (item.failed ? 4 : 0) | (item.ends ? 8 : 0) | (curve !== null ? 16 : 0))
    items.unsigned(item.t0 - t0)
    if (item.kind !== 'row') items.unsigned(item.t1 - item.t0)
    if (item.kind === 'text') items.unsigned(item.units)
    if (curve !== null) {
      const c = new VlqWriter().unsigned(curve.times.length).unsigned(curve.units[0] ?? 0)
      for (let k = 1; k < curve.times.length; k++) c.unsigned((curve.times[k] as number) - (curve.times[k - 1] as number)).unsigned((curve.units[k] as number) - (curve.units[k - 1] as number))
      const text = c.toString()
      items.unsigned(text.length)
      curves += text
    }
    ref = item.ref
    t0 = item.t0
  }
  const text: PageText = { v: data.v, page: data.page, ids: data.ids, hash: data.hash, base: data.base, at: round(data.at), gaps: gaps.toString(), items: items.toString(), curves, turns: encodeTurns(data.turns, data.turn0 ?? 0, data.page, round(data.at)), turn0: data.turn0 }
  return withProgress(text, data.items)
}

/**
 * Per card with ticks: its item's index (delta from the previous such card's, less one), its tick count, then
 * per tick its time (delta from the one before, the first from the card's start) and its tool (0: a step;
 * k: `tools[k-1]`). Tool names are listed once each, in order of first use (a Map: they come from logs).
 */
function withProgress(text: PageText, items: readonly PageItem[]): PageText {
  const sub = new VlqWriter()
  const tools = new Map<string, number>()
  let previous = -1
  items.forEach((item, i) => {
    if (item.ticks === undefined || item.ticks.length === 0) return
    sub.unsigned(i - previous - 1).unsigned(item.ticks.length)
    let t = item.t0
    for (const tick of item.ticks) {
      let tool = 0
      if (tick.tool !== null) {
        if (!tools.has(tick.tool)) tools.set(tick.tool, tools.size + 1)
        tool = tools.get(tick.tool) as number
      }
      sub.unsigned(Math.max(0, Math.round(tick.t - t))).unsigned(tool)
      t += Math.max(0, Math.round(tick.t - t))
    }
    previous = i
  })
  if (previous === -1) return text
  return { ...text, sub: sub.toString(), tools: [...tools.keys()] }
}

/** The ticks `sub` and `tools` give the items (in place); false when they are malformed. */
function readProgress(value: Record<string, unknown>, items: PageItem[]): boolean {
  const sub = value['sub']
  const tools = value['tools']
  if (sub === undefined && tools === undefined) return true
  if (typeof sub !== 'string' || !Array.isArray(tools) || !tools.every(t => typeof t === 'string')) return false
  const r = new VlqReader(sub)
  let i = -1
  while (!r.done && !r.bad) {
    i += r.unsigned() + 1
    const item = items[i]
    const n = r.unsigned()
    if (item === undefined || item.kind !== 'work') return false
    const ticks: Tick[] = []
    let t = item.t0
    for (let k = 0; k < n && !r.bad; k++) {
      t += r.unsigned()
      const tool = r.unsigned()
      if (tool > tools.length) return false
      ticks.push({ t, tool: tool === 0 ? null : (tools[tool - 1] as string) })
    }
    item.ticks = ticks
  }
  return !r.bad
}

/** Play positions as deltas from the one before (`at` in place). */
function moveTo(w: VlqWriter, at: Checkpoint, next: Checkpoint): void {
  // Play times only grow through a session, so their deltas are ≥ 0 (signed all the same: never trust order).
  w.signed(Math.round(next[0] - at[0])).signed(Math.round(next[1] - at[1])).signed(Math.round(next[2] - at[2]))
  const r = round(next)
  at[0] = r[0]
  at[1] = r[1]
  at[2] = r[2]
}

/** Turns as (turn, page, position) deltas from `turn`, `page` and `at`. */
function encodeTurns(list: readonly IndexTurn[], turn: number, page: number, at: Checkpoint): string {
  const w = new VlqWriter()
  const pos: Checkpoint = [...at]
  for (const t of list) {
    w.signed(t.turn - turn).unsigned(t.page - page)
    moveTo(w, pos, t.at)
    turn = t.turn
    page = t.page
  }
  return w.toString()
}

/** The play position `moveTo` wrote after `at`. */
const readCheckpoint = (r: VlqReader, at: Checkpoint): Checkpoint => [at[0] + r.signed(), at[1] + r.signed(), at[2] + r.signed()]

function decodeTurns(text: string, turn: number, page: number, at: Checkpoint): IndexTurn[] | null {
  const turns: IndexTurn[] = []
  const r = new VlqReader(text)
  let pos: Checkpoint = at
  while (!r.done && !r.bad) {
    turn += r.signed()
    page += r.unsigned()
    pos = readCheckpoint(r, pos)
    turns.push({ turn, page, at: pos })
  }
  return r.bad ? null : turns
}

export function encodeIndex(index: ReplayIndex): IndexText {
  const chapters = new VlqWriter()
  let page = 0
  const at: Checkpoint = [0, 0, 0]
  for (const c of index.chapters) {
    chapters.unsigned(CHAPTER_KINDS.indexOf(c.kind)).unsigned(c.page - page)
    moveTo(chapters, at, c.at)
    page = c.page
  }
  return {
    v: index.v,
    timed: index.timed,
    pages: index.pages.map(p => [p.page, p.data, ...round(p.at)]),
    total: round(index.total),
    turns: encodeTurns(index.turns, 0, 0, [0, 0, 0]),
    ...(index.listed.length === index.turns.length ? {} : { listed: encodeTurns(index.listed, 0, 0, [0, 0, 0]) }),
    chapters: chapters.toString(),
    labels: index.chapters.map(c => c.label),
    data: index.data === null ? null : encodePage(index.data),
  }
}

/**
 * A classic script that sets `window.<name>` to `value`. JSON is a JavaScript literal (U+2028/9 are legal in
 * strings since ES2019); labels come from the command line (`--mark`), so `<` is escaped for a script
 * inlined in HTML (the export) and `--` never ends a comment it sits in.
 */
export function dataScript(name: 'dshReplay' | 'dshReplayPage', value: unknown): string {
  return `window.${name}=${JSON.stringify(value).replace(/</g, '\\u003c')};\n`
}

export const indexScript = (index: ReplayIndex): string => dataScript('dshReplay', encodeIndex(index))
export const pageScript = (data: PageData): string => dataScript('dshReplayPage', encodePage(data))

// ---------------------------------------------------------------------------------------------------
// Reading (the player): anything malformed reads as null, never as an exception.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const checkpoint = (v: unknown): Checkpoint | null => {
  if (!Array.isArray(v) || v.length !== 3) return null
  const [a, b, c] = v.map(num)
  return a == null || b == null || c == null ? null : [a, b, c]
}

/**
 * The curve at `text` (a curve's own characters in `curves`) of a text row starting at raw time `t0`; null
 * when malformed (the row then streams evenly from its start to its end).
 */
function decodeCurve(text: string, t0: number): Curve | null {
  const r = new VlqReader(text)
  const n = r.unsigned()
  const times = [t0]
  const counts = [r.unsigned()]
  for (let k = 1; k < n && !r.bad; k++) {
    times.push((times[k - 1] as number) + r.unsigned())
    counts.push((counts[k - 1] as number) + r.unsigned())
  }
  return r.bad || !r.done || n === 0 ? null : { times, units: counts }
}

/** Gives `item` its curve, read from `curves` on first use (then kept as a plain property). */
function lazyCurve(item: PageItem, curves: string, from: number, to: number): void {
  const t0 = item.t0
  Object.defineProperty(item, 'curve', {
    configurable: true,
    enumerable: true,
    get(this: PageItem): Curve | null {
      const curve = decodeCurve(curves.slice(from, to), t0)
      Object.defineProperty(this, 'curve', { value: curve, writable: true, configurable: true, enumerable: true })
      return curve
    },
  })
}

export function decodePage(value: unknown): PageData | null {
  if (!isObject(value) || value['v'] !== REPLAY_DATA_VERSION) return null
  const page = num(value['page'])
  const ids = num(value['ids'])
  const base = num(value['base'])
  const at = checkpoint(value['at'])
  const hash = value['hash']
  const turn0 = value['turn0'] === null ? null : num(value['turn0'])
  const curves = value['curves']
  if (page === null || ids === null || base === null || at === null || typeof hash !== 'string' || typeof value['gaps'] !== 'string' || typeof value['items'] !== 'string' || typeof curves !== 'string' || typeof value['turns'] !== 'string' || (turn0 === null && value['turn0'] !== null)) return null
  const turns = decodeTurns(value['turns'], turn0 ?? 0, page, at)
  const gaps: Gap[] = []
  const g = new VlqReader(value['gaps'])
  let last = base
  while (!g.done && !g.bad) {
    const from = last + g.signed()
    const to = from + g.unsigned()
    gaps.push({ from, to })
    last = to
  }
  const items: PageItem[] = []
  const r = new VlqReader(value['items'])
  let ref = -1
  let t0 = base
  // Where the next curve starts in `curves`: each is only measured here, and read when first needed.
  let c = 0
  while (!r.done && !r.bad) {
    ref += r.signed()
    const head = r.unsigned()
    const kind = KINDS[head & 3] as ItemKind
    t0 += r.unsigned()
    const t1 = kind === 'row' ? t0 : t0 + r.unsigned()
    const units = kind === 'text' ? r.unsigned() : 0
    const item: PageItem = { ref, kind, t0, t1, units, curve: null, failed: (head & 4) !== 0, ends: (head & 8) !== 0 }
    if ((head & 16) !== 0) {
      const length = r.unsigned()
      lazyCurve(item, curves, c, c + length)
      c += length
    }
    items.push(item)
  }
  // The curves' lengths must add up to their text: anything else is not our data.
  if (g.bad || r.bad || c !== curves.length || turns === null || !readProgress(value, items)) return null
  return { v: REPLAY_DATA_VERSION, page, ids, hash, base, at, gaps, items, turns, turn0 }
}

/**
 * The index. `firstPage: false` leaves a one-page session's data undecoded (`data` null). The whole turn
 * list is decoded on first use of `turns` (a malformed one then reads as no turns); `listed` at once.
 */
export function decodeIndex(value: unknown, { firstPage = true }: { firstPage?: boolean } = {}): ReplayIndex | null {
  if (!isObject(value) || value['v'] !== REPLAY_DATA_VERSION) return null
  const total = checkpoint(value['total'])
  const rawPages = value['pages']
  const labels = value['labels']
  const turnsText = value['turns']
  const listedText = value['listed']
  if (total === null || !Array.isArray(rawPages) || !Array.isArray(labels) || typeof turnsText !== 'string' || typeof value['chapters'] !== 'string' || (listedText !== undefined && typeof listedText !== 'string')) return null
  const pages: IndexPage[] = []
  for (const p of rawPages) {
    if (!Array.isArray(p) || typeof p[0] !== 'string' || (p[1] !== null && typeof p[1] !== 'string')) return null
    const at = checkpoint(p.slice(2))
    if (at === null) return null
    pages.push({ page: p[0], data: p[1] as string | null, at })
  }
  const listed = decodeTurns(listedText ?? turnsText, 0, 0, [0, 0, 0])
  if (listed === null) return null
  const chapters: IndexChapter[] = []
  const c = new VlqReader(value['chapters'])
  let page = 0
  let at: Checkpoint = [0, 0, 0]
  while (!c.done && !c.bad) {
    const kind = CHAPTER_KINDS[c.unsigned()] ?? 'turn'
    page += c.unsigned()
    const label = labels[chapters.length]
    at = readCheckpoint(c, at)
    chapters.push({ kind, label: typeof label === 'string' ? label : null, page, at })
  }
  if (c.bad) return null
  const data = !firstPage || value['data'] === null || value['data'] === undefined ? null : decodePage(value['data'])
  let turns: IndexTurn[] | null = listedText === undefined ? listed : null
  return {
    v: REPLAY_DATA_VERSION,
    timed: value['timed'] === true,
    pages,
    total,
    get turns(): IndexTurn[] {
      return (turns ??= decodeTurns(turnsText, 0, 0, [0, 0, 0]) ?? [])
    },
    listed,
    chapters,
    data,
  }
}
