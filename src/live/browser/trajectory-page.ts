/**
 * A live session's Trajectory page (issue 29 point 6): follows the session by taking the live server's
 * rebuilt Trajectory page. The live build folds the Trajectory record model from the same read as the
 * Chat (src/site/fold/fold-log.ts, one `append()` path, no second read of the log) and writes the same
 * pages as a static build, with a `trajectory` live flag saying how many log lines each was made from
 * (src/site/html/live.ts). The page subscribes to the session's feed only to know how many lines the log
 * holds now and its state (the badge); while that is more than the page on screen was made from, it waits
 * for the next build (`SiteClient.nextBuild`, a long-poll), fetches its own address again and swaps the
 * rebuilt body in, keeping the selected record, its inspector tab and the scroll position (following the end
 * when the reader was at it). We chose this over drawing the ledger in the browser: the page is cut into
 * pages, its timeline drawn and its records linked to the Chat's rows by the build (src/site/render/
 * trajectory), and the pages a rebuild writes are already those; a browser copy would be a second renderer
 * of the same pages. The cost is latency: a record appears once the rebuild that holds it is done (after the
 * server's quiet spell, at most ~8 s while a session keeps growing, cli/live-site.ts).
 */
import type { Locale } from '../../cards/types'
import { LIVE_META, parseLiveFlag } from '../../site/html/live'
import { installTrajectory } from '../../site/client/trajectory'
import { enhance } from '../../../components/enhance/enhance'
import { FEED_EVENT_KINDS, liveFeedPath, type FeedMessage } from '../protocol'
import { LiveBadge } from './badge'
import { SiteClient, type PageWindow } from './site-client'
import { parseMessage } from './session-page'
import { atBottom, scrollToBottom } from './view-state'

export interface TrajectoryPageOptions {
  key: string
  /** Log lines the server-rendered page was made from. */
  lines: number
  locale: Locale
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
  /** Lines the feed has delivered (the log now). */
  #lines = -1
  /** Lines the page on screen was made from. */
  #shown: number
  /** A `reset` (a repaired or replaced log): the page on screen no longer says what the log holds. */
  #stale = false
  #build = -1
  #following: Promise<void> | null = null
  #again = false
  /** Ends the document and window listeners of the body on screen, once a rebuilt one replaces it. */
  #installed: AbortController | null = null

  constructor(win: PageWindow, options: TrajectoryPageOptions) {
    this.#win = win
    this.#doc = win.document
    this.#o = options
    this.#shown = options.lines
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

  /** Lines of the page on screen (tests). */
  get shownLines(): number {
    return this.#shown
  }

  close(): void {
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
      if (this.#lines >= 0 || message.lines.length < this.#shown) this.#stale = true
      this.#lines = message.lines.length
    } else {
      this.#lines = Math.max(0, this.#lines) + message.lines.length
    }
    if (this.#behind()) void this.#follow()
  }

  #behind(): boolean {
    return this.#stale || this.#lines > this.#shown
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
      this.#shown = flag.lines
      this.#stale = false
      this.#swap(fresh)
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
    this.#doc.querySelector<HTMLElement>('main[data-trajectory]')?.setAttribute('data-live-lines', String(this.#shown))
    if (follow) scrollToBottom(this.#win)
  }
}
