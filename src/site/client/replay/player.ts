/**
 * The replay player of a session page (issue 30; browser, progressive enhancement). A page whose session
 * has replay data names it in `<meta name="dsh-replay">`; the player adds a control bar and, when the reader
 * presses Play (or arrives with `#turn=N` or `#replay=…`), loads the data (src/replay/data.ts) and plays
 * the page's own rows back — the same cards, hidden until their logged time, text growing along its logged
 * arrival curve, tool rows marked running until their result. It never draws a row itself. A page plays on
 * its own from its checkpoint; reaching its end, or seeking past it, opens the page that holds the position
 * (`page.html#replay=…`), so the DOM only ever holds one page of the session. Exit shows everything again.
 *
 * Keys (while the player is active): Space or K play/pause, ←/→ an item, Shift+←/→ a turn.
 * `prefers-reduced-motion`: text appears whole at its time instead of streaming, and nothing scrolls smoothly.
 */
import { decodeIndex, decodePage, type PageData, type ReplayIndex } from '../../../replay/data'
import { idsHash } from '../../../replay/codec'
import { replayDataFile } from '../../render/replay-files'
import { DEFAULT_TIMING, TIMING_MODES, type TimingMode } from '../../../replay/modes'
import { progressCount } from '../../../replay/progress'
import { Timeline } from './timeline'
import { clock, duration, replayText, type ReplayText } from './strings'
import { TextReveal } from './text-reveal'
import { installEmbed } from './embed'
import type { PlayerEvent, PlayerEventType, PlayerState } from './events'

export type { PlayerEvent, PlayerEventType, PlayerState } from './events'

declare global {
  interface Window {
    dshReplay?: unknown
    dshReplayPage?: unknown
    /** The active player, for the embed API (src/export) and tests. */
    dshPlayer?: Player
  }
}

export const SPEEDS = [0.5, 1, 2, 4, 10] as const
const INDEX_SUFFIX = '.replay.js'
const INDEX_FILE = /^[A-Za-z0-9._~-]+\.replay\.js$/
/** An in-page JSON data block holding the index (the one-file export, src/export/html/render-export.tsx). */
const INDEX_BLOCK = /^#[A-Za-z][A-Za-z0-9_-]*$/
const DATA_FILE = /^[A-Za-z0-9._~-]+\.replay\.p\d+\.js$/
const PAGE_FILE = /^[A-Za-z0-9._~-]+\.html$/

interface Options {
  mode: TimingMode
  speed: number
  at: number | null
  play: boolean
  turn: number | null
}

/**
 * `#replay=<ms>,<mode>,<speed>,<1|0>` (our own page turns), `#turn=N` (claude-replay's deep link) or
 * `#autoplay` (play from the start).
 */
export function parseHash(hash: string): Partial<Options> | null {
  if (hash === '#autoplay') return { play: true }
  const turn = /^#turn=(\d{1,9})$/.exec(hash)
  if (turn !== null) return { turn: Number(turn[1]) }
  const replay = /^#replay=(\d{1,12}(?:\.\d+)?),(real|compressed|paced),(\d{1,2}(?:\.\d+)?),([01])$/.exec(hash)
  if (replay === null) return null
  const speed = Number(replay[3])
  return { at: Number(replay[1]), mode: replay[2] as TimingMode, speed: (SPEEDS as readonly number[]).includes(speed) ? speed : 1, play: replay[4] === '1' }
}

/** Whether the document's deferred scripts are still to run (site.js runs first of them: see `loadScript`). */
let deferredPending = false

/**
 * What the script `src` sets (`read`), loading it when it has not run. A session page names its replay
 * scripts in its head, deferred after site.js (src/site/html/shell.ts): until DOMContentLoaded they are
 * still to run, and the player waits for the page's own tag rather than asking for the file again.
 */
function loadScript(doc: Document, src: string, read: () => unknown): Promise<unknown> {
  const already = read()
  if (already !== undefined) return Promise.resolve(already)
  const own = deferredPending ? [...doc.querySelectorAll<HTMLScriptElement>('head > script[defer][src]')].find(s => s.getAttribute('src') === src) : undefined
  return new Promise(resolve => {
    const script = own ?? doc.createElement('script')
    script.addEventListener('load', () => resolve(read()))
    script.addEventListener('error', () => resolve(undefined))
    // Every deferred script has run (or failed) by DOMContentLoaded.
    if (own !== undefined) return void doc.addEventListener('DOMContentLoaded', () => resolve(read()), { once: true })
    script.src = src
    doc.head.append(script)
  })
}

/** The JSON of an in-page data block (`<script type="application/json" id=…>`); undefined when absent or unreadable. */
function readBlock(doc: Document, id: string): unknown {
  const block = doc.getElementById(id)
  if (block === null || block.tagName !== 'SCRIPT' || block.getAttribute('type') !== 'application/json') return undefined
  try {
    return JSON.parse(block.textContent ?? '') as unknown
  } catch {
    return undefined
  }
}

interface Bar {
  root: HTMLElement
  play: HTMLButtonElement
  exit: HTMLButtonElement
  scrub: HTMLInputElement
  ticks: HTMLDataListElement
  time: HTMLElement
  mode: HTMLSelectElement
  speed: HTMLSelectElement
  chapters: HTMLSelectElement
  status: HTMLElement
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v)
  if (text !== '') e.textContent = text
  return e
}

function buildBar(doc: Document, t: ReplayText): Bar {
  const root = el(doc, 'div', { role: 'toolbar', 'aria-label': t.bar, 'data-replay-bar': '' })
  const play = el(doc, 'button', { type: 'button', 'data-replay-play': '' }, `▶ ${t.play}`)
  const exit = el(doc, 'button', { type: 'button', 'data-replay-exit': '', hidden: '' }, t.exit)
  const scrub = el(doc, 'input', { type: 'range', min: '0', max: '0', step: '1', value: '0', 'aria-label': t.position, list: 'dsh-replay-ticks', 'data-replay-scrub': '' })
  const ticks = el(doc, 'datalist', { id: 'dsh-replay-ticks' })
  const time = el(doc, 'span', { 'data-replay-time': '', 'aria-live': 'off' }, '0:00 / 0:00')
  const mode = el(doc, 'select', { 'aria-label': t.timing, 'data-replay-mode': '' })
  for (const m of TIMING_MODES) mode.append(el(doc, 'option', { value: m }, t.modes[m]))
  mode.value = DEFAULT_TIMING
  const speed = el(doc, 'select', { 'aria-label': t.speed, 'data-replay-speed': '' })
  for (const s of SPEEDS) speed.append(el(doc, 'option', { value: String(s) }, `${s}×`))
  speed.value = '1'
  const chapters = el(doc, 'select', { 'aria-label': t.chapters, 'data-replay-chapters': '' })
  const status = el(doc, 'span', { 'data-replay-status': '', role: 'status' })
  root.append(play, scrub, ticks, time, mode, speed, chapters, status, exit)
  return { root, play, exit, scrub, ticks, time, mode, speed, chapters, status }
}

export class Player {
  readonly #doc: Document
  readonly #win: Window
  readonly #t: ReplayText
  readonly #bar: Bar
  readonly #src: string
  readonly #pageNo: number
  readonly #reduced: boolean
  #index: ReplayIndex | null = null
  #page: PageData | null = null
  #els: Element[] = []
  /** The transcripts played (an export's descendants' are not). */
  #transcripts: Element[] = []
  #timeline: Timeline | null = null
  #mode: TimingMode = DEFAULT_TIMING
  #speed = 1
  #position = 0
  #playing = false
  #active = false
  #anchorPos = 0
  #anchorNow = 0
  #frame = 0
  /** Per item: 0 hidden, 1 running or streaming, 2 settled (what the DOM shows now). */
  #state: Uint8Array = new Uint8Array(0)
  readonly #reveals = new Map<number, TextReveal>()
  #opened: HTMLDetailsElement[] = []
  #listeners: ((event: PlayerEvent) => void)[] = []
  /** The timeline whose turns and chapters the bar's lists show. */
  #listsFor: Timeline | null = null
  #loading: Promise<boolean> | null = null
  /** The turn last shown (for `turn` events). */
  #turn: number | null = null
  /**
   * The start the page was opened for (`#replay=…`, `#turn=N`, autoplay), settled once its position is
   * applied or the data failed; null when the page opened at no position (./installReplay).
   */
  arrival: Promise<void> | null = null

  constructor(win: Window, src: string, pageNo: number) {
    this.#win = win
    this.#doc = win.document
    this.#src = src
    this.#pageNo = pageNo
    this.#t = replayText(this.#doc.documentElement.lang)
    this.#reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
    this.#bar = buildBar(this.#doc, this.#t)
    this.#doc.body.append(this.#bar.root)
    this.#doc.documentElement.setAttribute('data-replay', '')
    this.#wire()
  }

  get position(): number {
    return this.#position
  }
  get playing(): boolean {
    return this.#playing
  }
  get mode(): TimingMode {
    return this.#mode
  }

  /** The session's length and turn starts in the current timing (after `load`); for the recorder and embeds. */
  info(): { timed: boolean; mode: TimingMode; total: number; turns: { turn: number; at: number }[] } | null {
    const tl = this.#timeline
    if (tl === null || this.#index === null) return null
    return { timed: this.#index.timed, mode: this.#mode, total: tl.total, turns: tl.allTurns().map(t => ({ turn: t.turn, at: t.at })) }
  }

  onEvent(listener: (event: PlayerEvent) => void): void {
    this.#listeners.push(listener)
  }

  /** Loads the data (once); false when there is none for this page, and the bar says why. */
  load(): Promise<boolean> {
    this.#loading ??= this.#load()
    return this.#loading
  }

  async #load(): Promise<boolean> {
    // This page's data file, by the build's naming rule (src/site/render/replay-files.ts), is fetched beside
    // the index rather than after it (a page turn waited for the two one after the other); it is used only
    // when the index names that very file.
    const inBlock = this.#src.startsWith('#')
    const guess = !inBlock && this.#pageNo > 1 ? replayDataFile(this.#src.slice(0, -INDEX_SUFFIX.length), this.#pageNo) : null
    const early = guess !== null && DATA_FILE.test(guess) ? loadScript(this.#doc, guess, () => this.#win.dshReplayPage) : null
    const index = decodeIndex(inBlock ? readBlock(this.#doc, this.#src.slice(1)) : await loadScript(this.#doc, this.#src, () => this.#win.dshReplay), { firstPage: this.#pageNo === 1 })
    if (index === null) return this.#fail(this.#t.unavailable)
    const entry = index.pages[this.#pageNo - 1]
    let page: PageData | null = null
    // A one-page session's data is in the index; a paginated one's first page loads its file once the
    // index has said so (its file name is the same rule's, but a one-page session has none to guess at).
    if (entry !== undefined && entry.data === null) page = this.#pageNo === 1 ? index.data : null
    else if (entry !== undefined && entry.data !== null && DATA_FILE.test(entry.data)) {
      if (early !== null && entry.data === guess) page = decodePage(await early)
      else {
        // Another file after all: what the guessed one set is not this page's.
        await early
        this.#win.dshReplayPage = undefined
        page = decodePage(await loadScript(this.#doc, entry.data, () => this.#win.dshReplayPage))
      }
    }
    if (page === null) return this.#fail(this.#t.unavailable)
    // The page's transcript; in a one-file export, every part of the root session's (its descendants'
    // sections hold their own sessions).
    const transcripts = [...this.#doc.querySelectorAll('section[data-transcript]')].filter(t => t.closest('[data-export-session]') === null)
    const els = transcripts.flatMap(t => [...t.querySelectorAll('[id]')])
    if (els.length !== page.ids || idsHash(els.map(e => e.id)) !== page.hash) return this.#fail(this.#t.mismatch)
    this.#index = index
    this.#page = page
    this.#els = els
    this.#transcripts = transcripts
    this.#state = new Uint8Array(page.items.length).fill(2)
    if (!index.timed) {
      this.#mode = 'paced'
      this.#bar.mode.value = 'paced'
      this.#bar.mode.disabled = true
    }
    this.#rebuild()
    // Ready at this page's start (a page turn's `start` moves on from there), not at the session's.
    this.#position = (this.#timeline as Timeline).start
    this.#emit('ready')
    return true
  }

  #fail(message: string): false {
    this.#bar.status.textContent = message
    this.#bar.play.disabled = true
    return false
  }

  #rebuild(): void {
    if (this.#index === null || this.#page === null) return
    this.#timeline = new Timeline(this.#index, this.#page, this.#mode)
    const tl = this.#timeline
    this.#bar.scrub.max = String(Math.ceil(tl.total))
    // The scrubber's ticks and the chapter list (hundreds of options on a long session) are filled when the
    // page is idle, after the frame that shows the position, or at once when the reader reaches for them.
    this.#listsFor = null
    const idle = this.#win.requestIdleCallback?.bind(this.#win) ?? ((f: () => void) => this.#win.setTimeout(f, 0))
    idle(() => this.#fillLists(), { timeout: 1000 })
  }

  /** Fills the scrubber's ticks and the chapter list for the current timeline (once per timeline). */
  #fillLists(): void {
    const tl = this.#timeline
    if (tl === null || this.#index === null || this.#listsFor === tl) return
    this.#listsFor = tl
    const listed = tl.listed
    this.#bar.ticks.replaceChildren(...listed.map(turn => el(this.#doc, 'option', { value: String(Math.round(turn.at)), label: this.#t.turn(turn.turn) })))
    // Chapters: turns, then compactions, failures, goal rounds and --mark labels, in play order.
    const m = TIMING_MODES.indexOf(this.#mode)
    const entries: { at: number; label: string }[] = listed.map(turn => ({ at: turn.at, label: this.#t.turn(turn.turn) }))
    for (const c of this.#index.chapters) {
      const label = c.kind === 'mark' ? `★ ${c.label ?? ''}` : c.kind === 'goal' ? this.#t.chapter.goal(c.label ?? '') : c.kind === 'compaction' ? this.#t.chapter.compaction : c.kind === 'failure' ? this.#t.chapter.failure : null
      if (label !== null) entries.push({ at: c.at[m] as number, label })
    }
    entries.sort((a, b) => a.at - b.at)
    this.#bar.chapters.replaceChildren(el(this.#doc, 'option', { value: '' }, this.#t.jump), ...entries.map(e => el(this.#doc, 'option', { value: String(Math.round(e.at)) }, `${clock(e.at)} ${e.label}`)))
  }

  /** Starts replaying at `at` (default: this page's start): every row of the page hidden until its time. */
  async start(options: Partial<Options> = {}): Promise<void> {
    if (!(await this.load())) return
    if (options.mode !== undefined && (this.#index?.timed === true || options.mode === 'paced')) this.setMode(options.mode, false)
    if (options.speed !== undefined) this.setSpeed(options.speed)
    if (!this.#active) this.#activate()
    const tl = this.#timeline as Timeline
    let at = options.at ?? tl.start
    if (options.turn !== undefined && options.turn !== null) at = tl.turnStart(options.turn) ?? at
    this.seek(at)
    if (options.play === true) this.play()
  }

  #activate(): void {
    this.#active = true
    this.#doc.documentElement.setAttribute('data-replaying', '')
    this.#bar.exit.hidden = false
    // Folds open while replaying: a row inside a closed group could not be seen arriving.
    this.#opened = this.#transcripts.flatMap(t => [...t.querySelectorAll<HTMLDetailsElement>('details[data-turn-process]:not([open]), details[data-process-activity]:not([open])')])
    for (const d of this.#opened) d.open = true
  }

  /** Leaves replay: every row as the page draws it, folds as they were. */
  exit(): void {
    this.pause()
    this.#active = false
    this.#doc.documentElement.removeAttribute('data-replaying')
    this.#bar.exit.hidden = true
    for (const r of this.#reveals.values()) r.restore()
    this.#reveals.clear()
    for (const e of this.#els) {
      e.removeAttribute('data-rp-hidden')
      e.removeAttribute('data-rp-run')
    }
    this.#state.fill(2)
    for (const d of this.#opened) d.open = false
    this.#opened = []
    this.#bar.status.textContent = ''
  }

  play(): void {
    if (!this.#active || this.#timeline === null) return void this.start({ play: true })
    if (this.#position >= this.#timeline.total) this.seek(0)
    if (this.#position < this.#timeline.start || this.#position > this.#timeline.end) return this.#goTo(this.#position, true)
    const was = this.#playing
    this.#playing = true
    this.#anchorPos = this.#position
    this.#anchorNow = this.#win.performance.now()
    this.#bar.play.textContent = `⏸ ${this.#t.pause}`
    this.#schedule()
    if (!was) this.#emit('play')
  }

  pause(): void {
    const was = this.#playing
    this.#playing = false
    this.#bar.play.textContent = `▶ ${this.#t.play}`
    if (this.#frame !== 0) this.#win.cancelAnimationFrame(this.#frame)
    this.#frame = 0
    if (was) this.#emit('pause')
  }

  toggle(): void {
    if (this.#playing) this.pause()
    else this.play()
  }

  setSpeed(speed: number): void {
    if (!(SPEEDS as readonly number[]).includes(speed)) return
    this.#anchorPos = this.#position
    this.#anchorNow = this.#win.performance.now()
    this.#speed = speed
    this.#bar.speed.value = String(speed)
    this.#emit('speed')
  }

  /** Another timing: the position moves to the same item's place in it. */
  setMode(mode: TimingMode, keepPlace = true): void {
    if (!TIMING_MODES.includes(mode) || (this.#index !== null && !this.#index.timed && mode !== 'paced')) return
    const before = this.#timeline
    const item = before === null ? -1 : this.#itemAt(this.#position)
    // The same timing again (a page turn's address names the one in use) keeps the timeline it has.
    const same = mode === this.#mode && before !== null
    this.#mode = mode
    this.#bar.mode.value = mode
    if (!same) this.#rebuild()
    if (keepPlace && this.#timeline !== null) {
      this.#position = item < 0 ? this.#timeline.start : (this.#timeline.p0[item] as number)
      this.#anchorPos = this.#position
      this.#anchorNow = this.#win.performance.now()
      if (this.#active) this.#apply(this.#position)
    }
    this.#emit('mode')
  }

  /** To play position `p` of the session (another page's position opens that page). */
  seek(p: number): void {
    const tl = this.#timeline
    if (tl === null) return
    const at = Math.max(0, Math.min(tl.total, p))
    if (tl.pageAt(at) !== (this.#page?.page ?? 0) && !(at >= tl.start && at <= tl.end)) return this.#goTo(at, this.#playing)
    this.#position = at
    this.#anchorPos = at
    this.#anchorNow = this.#win.performance.now()
    if (!this.#active) this.#activate()
    this.#apply(at)
    this.#bringIntoView(at)
    this.#emit('seek')
  }

  /**
   * A seek lands where it was asked to: the newest row shown at `p` is scrolled into view (paused too, and on
   * the page a page turn opened, which starts at its top). While playing, `#apply` follows new rows itself.
   */
  #bringIntoView(p: number): void {
    const tl = this.#timeline
    const i = this.#itemAt(p)
    const item = i < 0 || tl === null ? undefined : tl.items[i]
    const e = item === undefined ? undefined : this.#els[item.ref]
    e?.scrollIntoView({ block: 'nearest', behavior: 'auto' })
  }

  /** The last item that has started at `p` (-1: none). */
  #itemAt(p: number): number {
    const tl = this.#timeline
    if (tl === null) return -1
    let found = -1
    for (let i = 0; i < tl.p0.length; i++) if ((tl.p0[i] as number) <= p) found = i
    return found
  }

  stepItem(direction: 1 | -1): void {
    const tl = this.#timeline
    if (tl === null) return
    this.pause()
    const starts = [...new Set(Array.from(tl.p0))].sort((a, b) => a - b)
    const target = direction > 0 ? starts.find(s => s > this.#position + 0.5) : [...starts].reverse().find(s => s < this.#position - 0.5)
    this.seek(target ?? (direction > 0 ? tl.total : 0))
  }

  stepTurn(direction: 1 | -1): void {
    const tl = this.#timeline
    if (tl === null) return
    this.seek(tl.stepTarget(this.#position, direction) ?? (direction > 0 ? tl.total : 0))
  }

  #goTo(p: number, play: boolean): void {
    const tl = this.#timeline
    const index = this.#index
    if (tl === null || index === null) return
    const target = index.pages[tl.pageAt(p)]?.page
    if (target === undefined || !PAGE_FILE.test(target)) return
    this.#win.location.href = `${target}#replay=${Math.round(p)},${this.#mode},${this.#speed},${play ? 1 : 0}`
  }

  #schedule(): void {
    if (this.#frame !== 0) return
    this.#frame = this.#win.requestAnimationFrame(() => {
      this.#frame = 0
      this.#tick()
    })
  }

  #tick(): void {
    const tl = this.#timeline
    if (!this.#playing || tl === null) return
    const p = this.#anchorPos + (this.#win.performance.now() - this.#anchorNow) * this.#speed
    if (p >= tl.end) {
      if (tl.end < tl.total) return this.#goTo(tl.end, true)
      this.#position = tl.total
      this.#apply(tl.total)
      this.pause()
      this.#emit('ended')
      return
    }
    this.#position = p
    this.#apply(p)
    this.#schedule()
  }

  /** The page as it was at play position `p`. */
  #apply(p: number): void {
    const tl = this.#timeline
    if (tl === null) return
    let newest: Element | null = null
    tl.items.forEach((item, i) => {
      const e = this.#els[item.ref]
      if (e === undefined) return
      const p0 = tl.p0[i] as number
      const p1 = tl.p1[i] as number
      const state = p < p0 ? 0 : p < p1 && (item.kind === 'work' || (item.kind === 'text' && !this.#reduced)) ? 1 : 2
      const was = this.#state[i] as number
      if (state !== was) {
        if (state === 0) e.setAttribute('data-rp-hidden', '')
        else e.removeAttribute('data-rp-hidden')
        if (item.kind === 'work' && state === 1) e.setAttribute('data-rp-run', this.#t.running)
        else e.removeAttribute('data-rp-run')
        if (was === 0 && state > 0 && item.kind !== 'section') newest = e
        this.#state[i] = state
      }
      // A subagent card's child progress, as text in the running label (set only when it changes).
      if (state === 1 && item.ticks !== undefined) {
        const n = tl.ticked(i, p)
        const count = progressCount(item.ticks, n)
        const label = n === 0 ? this.#t.running : `${this.#t.running} · ${this.#t.progress(count.steps, count.calls, count.last)}`
        if (e.getAttribute('data-rp-run') !== label) e.setAttribute('data-rp-run', label)
      }
      if (item.kind === 'text') {
        let reveal = this.#reveals.get(i)
        if (state === 1) {
          if (reveal === undefined) this.#reveals.set(i, (reveal = new TextReveal(e)))
          reveal.show(tl.shown(i, p))
        } else if (reveal !== undefined) {
          reveal.restore()
          this.#reveals.delete(i)
        }
      }
    })
    if (newest !== null && this.#playing) (newest as Element).scrollIntoView({ block: 'nearest', behavior: 'auto' })
    const skip = tl.skipAt(p)
    const label = this.#index?.timed === false ? this.#t.untimed : ''
    this.#bar.status.textContent = skip !== null ? this.#t.skipped(duration(skip.skipped)) : label
    this.#bar.time.textContent = `${clock(p)} / ${clock(tl.total)}`
    this.#bar.scrub.value = String(Math.round(p))
    const turn = this.#turnAt(p)
    if (turn !== this.#turn) {
      this.#turn = turn
      this.#emit('turn')
    }
  }

  /** The turn started last at `p` (./timeline.ts: from the page's own turns while `p` is on this page). */
  #turnAt(p: number): number | null {
    return this.#timeline?.turnAt(p) ?? null
  }

  /** Where the player is now (what its events carry). */
  state(): PlayerState {
    return { playing: this.#playing, position: this.#position, total: this.#timeline?.total ?? 0, mode: this.#mode, speed: this.#speed, turn: this.#turnAt(this.#position) }
  }

  #emit(type: PlayerEventType): void {
    if (this.#listeners.length === 0) return
    const event: PlayerEvent = { type, state: this.state() }
    for (const l of this.#listeners) l(event)
  }

  #wire(): void {
    const bar = this.#bar
    // The data loads when the reader comes near the bar, so the chapter list is there before Play.
    for (const type of ['pointerover', 'focusin']) bar.root.addEventListener(type, () => void this.load(), { once: true })
    bar.play.addEventListener('click', () => this.toggle())
    bar.exit.addEventListener('click', () => this.exit())
    bar.scrub.addEventListener('input', () => void this.start({ at: Number(bar.scrub.value), play: this.#playing }))
    bar.mode.addEventListener('change', () => this.setMode(bar.mode.value as TimingMode))
    bar.speed.addEventListener('change', () => this.setSpeed(Number(bar.speed.value)))
    for (const [control, type] of [[bar.chapters, 'pointerdown'], [bar.chapters, 'focus'], [bar.scrub, 'pointerdown'], [bar.scrub, 'focus']] as const) control.addEventListener(type, () => this.#fillLists())
    bar.chapters.addEventListener('change', () => {
      const at = bar.chapters.value
      bar.chapters.value = ''
      if (at !== '') void this.start({ at: Number(at), play: this.#playing })
    })
    this.#doc.addEventListener('keydown', e => {
      if (!this.#active || e.ctrlKey || e.metaKey || e.altKey) return
      const target = e.target as Element | null
      if (target !== null && target.closest('input, textarea, select, [contenteditable]') !== null && target !== bar.scrub) return
      const key = e.key
      if (key === ' ' || key === 'k' || key === 'K') {
        // A focused button takes Space itself.
        if (key === ' ' && target instanceof HTMLButtonElement) return
        this.toggle()
      } else if (key === 'ArrowRight') e.shiftKey ? this.stepTurn(1) : this.stepItem(1)
      else if (key === 'ArrowLeft') e.shiftKey ? this.stepTurn(-1) : this.stepItem(-1)
      else return
      e.preventDefault()
    })
  }
}

/** Whether `hash` is one of the player's own fragments on this page (it has replay data): not a row's address. */
export function ownsFragment(doc: Document, hash: string): boolean {
  return replaySource(doc) !== null && parseHash(hash) !== null
}

/** The page's replay data (`<meta name="dsh-replay">`): its index (a file beside the page or an in-page block) and page; null when none or not ours. */
function replaySource(doc: Document): { meta: Element; src: string; page: number } | null {
  const meta = doc.querySelector('meta[name="dsh-replay"]')
  const src = meta?.getAttribute('content') ?? null
  const page = Number(meta?.getAttribute('data-page') ?? '1')
  if (meta === null || src === null || !(INDEX_FILE.test(src) || INDEX_BLOCK.test(src)) || !Number.isInteger(page) || page < 1) return null
  return { meta, src, page }
}

/**
 * The player of this page, when its session has replay data (`<meta name="dsh-replay">`); else null. It
 * starts at once for `#turn=N` / `#replay=…`, and plays for `#autoplay` — or, in a file whose meta says
 * `data-autoplay` (`export --replay`), when framed — unless the reader prefers reduced motion. Framed, it
 * also takes the embed API's messages (./embed.ts).
 */
export function installReplay(win: Window): Player | null {
  const source = replaySource(win.document)
  if (source === null) return null
  // site.js is a deferred script: run before DOMContentLoaded, the page's later deferred scripts have not.
  if (win.document.readyState !== 'complete') {
    deferredPending = true
    win.document.addEventListener('DOMContentLoaded', () => (deferredPending = false), { once: true })
  }
  const { meta, src, page } = source
  const player = new Player(win, src, page)
  win.dshPlayer = player
  const framed = isFramed(win)
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  if (framed) installEmbed(win, player)
  /** Starts the player at the address's position; the start (null: nothing to show). */
  const arrive = (): Promise<void> | null => {
    const options = parseHash(win.location.hash)
    if (options === null) return null
    // Reduced motion: nothing starts moving on its own (a page turn of a replay the reader started does).
    if (win.location.hash === '#autoplay' && reduced) return void player.load(), null
    return player.start(options)
  }
  let arrival = arrive()
  win.addEventListener('hashchange', () => void arrive())
  if (framed && parseHash(win.location.hash) === null && meta.hasAttribute('data-autoplay')) {
    if (reduced) void player.load()
    else arrival = player.start({ play: true })
  }
  player.arrival = arrival
  return player
}

function isFramed(win: Window): boolean {
  try {
    return win.parent !== win
  } catch {
    return true
  }
}
