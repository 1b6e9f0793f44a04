/**
 * A live Session's Trajectory page (issue 29 point 6): follows the session as its Chat tab does. It folds the
 * session's feed into the Trajectory record model itself (the one `TrajectoryBuilder`, as the live build
 * folds the same lines, src/site/fold/fold-log.ts) and, on the animation frame after lines arrive, draws
 * the sections that changed or came since the page was built — with the build's props and components
 * (trajectory-ledger.ts) — into a copy of the built page, which it swaps in keeping the selected record,
 * its inspector tab and the scroll position (following the end when the reader was at it). What only a
 * build knows — the timing overview, page breaks, which Chat page holds a new record's row — comes with the
 * live server's next rebuild (after its quiet spell, cli/live-site.ts): the page then takes the rebuilt
 * page as its new base (`SiteClient.nextBuild`, a long-poll; no timer of its own), so a settled session's
 * page is the build's. Only the session's last Trajectory page grows (the build never moves an earlier one);
 * an earlier page, a log that was repaired or replaced (a `reset`), or a records fold that fails, wait for
 * the rebuild as before. A draw derives the records and re-parses the grown page whole, so on a long session
 * draws are paced (./pace.ts): lines that arrive sooner are drawn together once the next draw is due.
 */
import type { Locale } from '../../cards/types'
import { LIVE_META, parseLiveFlag } from '../../site/html/live'
import { installTrajectory } from '../../site/client/trajectory'
import type { ParsedLine } from '../../log/parsed-line'
import { TrajectoryBuilder } from '../../trajectory/builder'
import { trajectoryWords, type TrajectoryWords } from '../../trajectory-view'
import { builtLedger, growLedger, type BuiltLedger } from './trajectory-ledger'
import { enhance } from '../../../components/enhance/enhance'
import { FEED_EVENT_KINDS, liveFeedPath, type FeedMessage } from '../protocol'
import { LiveBadge } from './badge'
import { SiteClient, type PageWindow } from './site-client'
import { parseMessage } from './session-page'
import { Later, Pace } from './pace'
import { atBottom, scrollToBottom } from './view-state'

export interface TrajectoryPageOptions {
  key: string
  /** Log lines the server-rendered page was made from. */
  lines: number
  locale: Locale
  /** The clock draws are paced by (./pace.ts); the window's `performance.now` by default. */
  now?: () => number
}

/** Long-polls in a row that bring no newer build before the page stops waiting (as session-page.tsx). */
const IDLE_POLLS = 15
/** Wait before fetching the page again when it was missing (a site swap in progress). */
const FETCH_RETRY_MS = 200

export class LiveTrajectoryPage {
  readonly #win: PageWindow
  readonly #doc: Document
  readonly #o: TrajectoryPageOptions
  readonly #badge: LiveBadge
  readonly #site: SiteClient
  readonly #source: EventSource
  /** Whether a first `reset` came (a later one is a repaired or replaced log). */
  #received = false
  /** Lines the page on screen was made from. */
  #shown: number
  /** A `reset` (a repaired or replaced log): the page on screen no longer says what the log holds. */
  #stale = false
  #build = -1
  #following: Promise<void> | null = null
  #again = false
  /** Ends the document and window listeners of the body on screen, once a rebuilt one replaces it. */
  #installed: AbortController | null = null
  /** The feed's lines (the log now), and their records (null once the fold failed: the page then waits for rebuilds). */
  #lines: ParsedLine[] = []
  #records: TrajectoryBuilder | null = new TrajectoryBuilder()
  /** The built page the ledger on screen grows from (null: not fetched yet, or not growable). */
  #built: { ledger: BuiltLedger | null; lines: number } | null = null
  /** Lines the ledger on screen shows (the built page's, or more once drawn here). */
  #drawn: number
  #frame: number | null = null
  readonly #pace: Pace
  /** A draw waiting until it is due. */
  readonly #later: Later
  /** Draws and swaps run one at a time, in order. */
  #queue: Promise<void> = Promise.resolve()
  readonly #words: TrajectoryWords
  readonly #stem: string

  constructor(win: PageWindow, options: TrajectoryPageOptions) {
    this.#win = win
    this.#doc = win.document
    this.#o = options
    this.#pace = new Pace(options.now ?? (() => win.performance.now()))
    this.#later = new Later(win)
    this.#shown = options.lines
    this.#drawn = options.lines
    this.#words = trajectoryWords(options.locale)
    const file = decodeURIComponent(win.location.pathname.slice(win.location.pathname.lastIndexOf('/') + 1))
    this.#stem = file.replace(/\.trajectory(\.p\d+)?\.html$/, '')
    this.#badge = new LiveBadge(this.#doc, options.locale)
    this.#site = new SiteClient(win)
    void this.#site.refresh().then(() => {
      this.#build = Math.max(this.#build, this.#site.build)
    })
    this.#source = new win.EventSource(liveFeedPath(options.key))
    for (const kind of FEED_EVENT_KINDS) this.#source.addEventListener(kind, (event: Event) => this.#onFeed(parseMessage<FeedMessage>(event)))
    this.#source.addEventListener('error', () => {
      if (this.#source.readyState !== win.EventSource.OPEN) this.#badge.set('disconnected')
    })
  }

  /** Lines of the build the page on screen grew from (tests). */
  get shownLines(): number {
    return this.#shown
  }

  /** Lines the ledger on screen shows (tests). */
  get drawnLines(): number {
    return this.#drawn
  }

  close(): void {
    this.#later.cancel()
    this.#source.close()
    this.#site.close()
  }

  #onFeed(message: FeedMessage | null): void {
    if (message === null) return
    if (message.kind === 'status') {
      this.#badge.set(message.state)
      return
    }
    if (message.kind === 'reset') {
      // The first reset is the log the page was made from, or grown since; a later one (a repaired or
      // replaced log) or one shorter than the page means the page no longer says what the log holds.
      if (this.#received || message.lines.length < this.#shown) this.#stale = true
      this.#received = true
      this.#lines = [...message.lines]
      this.#records = new TrajectoryBuilder()
      this.#fold(this.#lines)
    } else {
      // One by one: a resumed feed's batch can be longer than a call's argument list may be.
      for (const line of message.lines) this.#lines.push(line)
      this.#fold(message.lines)
    }
    if (this.#behind()) {
      void this.#follow()
      this.#schedule()
    }
  }

  #fold(lines: readonly ParsedLine[]): void {
    try {
      this.#records?.append(lines)
    } catch {
      // As in the build: a Trajectory that fails takes only itself down; the rebuilt pages say why.
      this.#records = null
    }
  }

  /** A draw on the next animation frame (one per frame, however many batches arrived), or once it is due. */
  #schedule(): void {
    if (this.#frame !== null || this.#later.pending) return
    const due = this.#pace.dueIn()
    if (due > 0) {
      this.#later.call(due, () => this.#schedule())
      return
    }
    this.#frame = this.#win.requestAnimationFrame(() => {
      this.#frame = null
      void this.#serial(() => this.#draw())
    })
  }

  #serial(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }

  /** The records the feed brought since the built page, drawn into it. */
  async #draw(): Promise<void> {
    if (this.#stale || this.#records === null || this.#lines.length === this.#drawn) return
    if (this.#built === null) {
      // The page as the build wrote it (the one on screen has been enhanced since).
      const fresh = await this.#site.fetchPage(this.#win.location.pathname)
      const flag = parseLiveFlag(fresh?.querySelector(`meta[name="${LIVE_META}"]`)?.getAttribute('content'))
      if (fresh === null || flag?.page !== 'trajectory' || flag.key !== this.#o.key) return
      if (!this.#base(fresh, flag.lines)) return
    }
    this.#pace.run(() => this.#grow())
  }

  /**
   * Takes a built page (made from the first `lines` lines) as the base the ledger grows from: its records
   * are folded from those lines, as the build did. False when the feed has not brought them all yet.
   */
  #base(doc: Document, lines: number): boolean {
    if (lines > this.#lines.length) return false
    let ledger: BuiltLedger | null = null
    try {
      const records = new TrajectoryBuilder()
      records.append(this.#lines.slice(0, lines))
      ledger = builtLedger(doc, records.snapshot(), this.#words, this.#stem)
    } catch {
      ledger = null
    }
    this.#built = { ledger, lines }
    this.#shown = Math.max(this.#shown, lines)
    return true
  }

  /** The built page with the records since drawn in, swapped in; false when it cannot be grown. */
  #grow(): boolean {
    const built = this.#built
    if (built === null || built.ledger === null || this.#records === null || this.#stale) return false
    let grown: Document | null = null
    try {
      const chatPages = this.#site.pages.find((p) => p.key === this.#o.key)?.pages ?? 1
      grown = growLedger(built.ledger, this.#records.snapshot(), this.#words, this.#stem, chatPages, (html) => new this.#win.DOMParser().parseFromString(html, 'text/html'))
    } catch {
      this.#records = null
    }
    if (grown === null) return false
    this.#drawn = this.#lines.length
    this.#swap(grown)
    return true
  }

  #behind(): boolean {
    return this.#stale || this.#lines.length > this.#shown
  }

  #follow(): Promise<void> {
    if (this.#following !== null) {
      this.#again = true
      return this.#following
    }
    this.#following = (async () => {
      do {
        this.#again = false
        await this.#catchUp()
      } while (this.#again && this.#behind())
    })().finally(() => {
      this.#following = null
    })
    return this.#following
  }

  /** Takes rebuilt pages until one holds every line the feed brought. */
  async #catchUp(): Promise<void> {
    for (let idle = 0; idle < IDLE_POLLS && this.#behind(); ) {
      const build = await this.#site.nextBuild(this.#build)
      if (build === null || build <= this.#build) {
        idle++
        continue
      }
      this.#build = build
      const fresh = await this.#site.fetchPage(this.#win.location.pathname)
      if (fresh === null) {
        // Each build swaps the folder in whole (src/site/write/staging.ts): ask for the same build again.
        this.#build = build - 1
        idle++
        await new Promise((resolve) => this.#win.setTimeout(resolve, FETCH_RETRY_MS))
        continue
      }
      idle = 0
      const flag = parseLiveFlag(fresh.querySelector(`meta[name="${LIVE_META}"]`)?.getAttribute('content'))
      if (flag?.page !== 'trajectory' || flag.key !== this.#o.key) continue
      // A build from before the lines on screen brings nothing new.
      if (flag.lines === this.#shown && !this.#stale) continue
      const stale = this.#stale
      this.#stale = false
      await this.#serial(async () => {
        // The rebuilt page is the new base; the records the feed brought since are drawn into it at once,
        // so the ledger never steps back to the build's lines.
        if (!stale && this.#records !== null && this.#base(fresh, flag.lines) && this.#grow()) return
        this.#built = null
        this.#shown = flag.lines
        this.#drawn = flag.lines
        this.#swap(fresh)
      })
    }
  }

  /** The rebuilt page's body in place of this one's (the badge stays), the reader's place kept. */
  #swap(fresh: Document): void {
    const doc = this.#doc
    const follow = atBottom(this.#win)
    const selected = doc.querySelector('table[data-tj-ledger] tr[aria-selected="true"]')?.id ?? null
    const tab = doc.querySelector('[data-tj-panel] [role="tab"][aria-selected="true"]')?.id ?? null
    const meta = doc.querySelector(`meta[name="${LIVE_META}"]`)
    const freshMeta = fresh.querySelector(`meta[name="${LIVE_META}"]`)
    if (meta !== null && freshMeta !== null) meta.setAttribute('content', freshMeta.getAttribute('content') ?? '')
    doc.title = fresh.title
    const badge = this.#badge.element
    for (const child of [...doc.body.childNodes]) if (child !== badge) child.remove()
    for (const child of [...fresh.body.childNodes]) doc.body.insertBefore(doc.importNode(child, true), badge)
    enhance(doc)
    // The page script installed the first body's listeners for good; each swapped-in body's go with it.
    this.#installed?.abort()
    this.#installed = new AbortController()
    installTrajectory(doc, this.#installed.signal)
    if (selected !== null) {
      doc.getElementById(selected)?.closest('tr')?.click()
      if (tab !== null) (doc.getElementById(tab) as HTMLElement | null)?.click()
    }
    this.#doc.querySelector<HTMLElement>('main[data-trajectory]')?.setAttribute('data-live-lines', String(this.#drawn))
    if (follow) scrollToBottom(this.#win)
  }
}
