/**
 * A live session page (issue 6; architecture.md §2.12): subscribes to the session's feed with
 * `EventSource(liveFeedPath(key))` (the browser resumes with `Last-Event-ID` on its own), folds what arrives
 * into `LiveConversation`, and redraws the transcript in place with React on the next animation frame —
 * the same view model, cuts, code colours, page breaks and components as the static page:
 * - sections.ts cuts long texts as the build does and links the side files the rebuild writes
 *   (side-files.ts covers the moments before it has);
 * - code is coloured by the live server with the build's highlighter (src/highlight/fetch-highlighter.ts),
 *   the budgets spent in the browser in the build's order;
 * - pager.ts keeps the page within the page budget: a page that was the session's last when loaded shows
 *   the pages' tail — the last page as the build would cut it now — with navigation to the earlier pages;
 *   an earlier page of a paginated session keeps what the server rendered (later growth never moves it).
 * While the server-rendered transcript is current (the first `reset` holds exactly the lines the page was
 * built from) it is kept as it is; the first change after that switches to the client render. Also: the
 * status badge, the reader's open disclosures and scroll position (following the end when they were at
 * it), child-session links from the site feed, the header (and the page's place among the pages) taken from
 * the rebuilt page once the session settles, and with `--attach` the host's provisional events and the
 * typing overlay of a streaming answer (site-feed.ts, typing.ts).
 */
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { enhance } from '../../../components/enhance/enhance'
import { currentView, FoldFollower, syncViewSwitches } from '../../site/client/view-mode'
import type { Locale } from '../../cards/types'
import { FetchHighlighter } from '../../highlight/fetch-highlighter'
import { LIVE_META, LIVE_PAGE_META, parseLiveFlag, parseLivePage, type LivePageInfo } from '../../site/html/live'
import { pageFile } from '../../site/plan/slug'
import { siteText } from '../../site/strings'
import { trajectoryWords } from '../../trajectory-view'
import { FEED_EVENT_KINDS, HIGHLIGHT_MAX_BLOCKS, HIGHLIGHT_MAX_CHARS, LIVE_HIGHLIGHT_PATH, liveFeedPath, type FeedMessage, type FeedState } from '../protocol'
import { LiveBadge } from './badge'
import { liveHeaderFacts, syncHeaderFacts } from './header-facts'
import { LiveConversation } from './live-conversation'
import { Later } from './pace'
import { LiveTranscript } from './LiveTranscript'
import { LiveNav } from './page-nav'
import { TailPager } from './pager'
import { LiveRecordLinks } from './record-links'
import { LiveSections } from './sections'
import { SideFileLinks } from './side-files'
import { liveOverlayPath, OVERLAY_EVENT_KINDS, type OverlayMessage } from './site-feed'
import { SiteClient } from './site-client'
import type { PageWindow } from './site-client'
import { TypingOverlay } from './typing'
import { atBottom, disclosureStates, restoreDisclosures, scrollToBottom } from './view-state'

export interface SessionPageOptions {
  key: string
  /** Lines and last seq of the server-rendered transcript. */
  lines: number
  seq: number
  locale: Locale
  /** The page's place among its session's pages (null: a page without it, drawn as one page). */
  page: LivePageInfo | null
  /** The clock the record model's derivations are paced by (live-conversation.ts); the window's `performance.now` by default. */
  now?: () => number
}

/**
 * Long-polls in a row that bring no newer build before the page stops waiting for the settled build
 * (~5 minutes at the server's 20 s wait; a server that is gone fails them at once). Builds that arrive but
 * predate the page's last lines do not count: on a busy machine several such builds can be running when
 * the session settles, and one rebuild can outlast a long-poll (issue 17: the e2e suite's flake).
 */
const SETTLE_IDLE_POLLS = 15
/** Wait before fetching a page again that was missing (a site swap in progress). */
const FETCH_RETRY_MS = 200

export class LiveSessionPage {
  readonly conversation: LiveConversation
  readonly colours: FetchHighlighter
  readonly typing: TypingOverlay
  readonly #win: PageWindow
  readonly #doc: Document
  readonly #main: HTMLElement
  readonly #o: SessionPageOptions
  readonly #badge: LiveBadge
  readonly #site: SiteClient
  readonly #sections: LiveSections | null
  /** Where the Chat rows' Trajectory links point (null: the page has no Trajectory tab). */
  readonly #records: LiveRecordLinks | null
  readonly #pager: TailPager | null
  readonly #nav: LiveNav | null
  readonly #sideFiles: SideFileLinks
  readonly #sources: EventSource[] = []
  #root: Root | null = null
  #frame: number | null = null
  /** A draw waiting for the record model's next derivation to be due. */
  readonly #later: Later
  #rendering: Promise<void> | null = null
  #again = false
  #children = 0
  #chromeBuild = -1
  #overlayOpen = false
  /** The feed's last state (none before its first status message). */
  #state: FeedState | null = null
  /** Lines of the build the page last settled on (a build can already hold lines the feed brings later). */
  #settledLines = -1
  #settling: Promise<void> | null = null
  #settleAgain = false
  /** New turn folds start in the page's current view mode; folds the reader has seen keep their state. */
  readonly #folds = new FoldFollower()

  constructor(win: PageWindow, main: HTMLElement, options: SessionPageOptions) {
    this.#win = win
    this.#doc = win.document
    this.#main = main
    this.#o = options
    this.conversation = new LiveConversation({ now: options.now ?? (() => win.performance.now()) })
    this.#later = new Later(win)
    this.#badge = new LiveBadge(this.#doc, options.locale)
    this.typing = new TypingOverlay(this.#doc, main, options.locale, () => this.conversation.fileSeq + this.conversation.provisional)
    this.colours = new FetchHighlighter({ url: LIVE_HIGHLIGHT_PATH, fetch: (url, init) => win.fetch(url, init), maxBlocks: HIGHLIGHT_MAX_BLOCKS, maxChars: HIGHLIGHT_MAX_CHARS })
    this.#sideFiles = new SideFileLinks(win, main)
    const text = siteText(options.locale)
    const page = options.page
    // A page before the last keeps the server's render: the build never moves an earlier page's content.
    const tail = page === null || page.page === page.pages
    const stem = page?.stem ?? stemOf(win.location.pathname)
    this.#sections = tail ? new LiveSections(stem, text) : null
    // The build links a Chat row to its record only where the session has a Trajectory (its header tabs).
    this.#records = tail && hasTrajectoryTab(this.#doc, stem) ? new LiveRecordLinks(stem, trajectoryWords(options.locale).t('dv.openTrajectoryRecord')) : null
    this.#records?.learn(main)
    this.#nav = tail ? new LiveNav(this.#doc, main, stem, text) : null
    this.#pager = tail ? new TailPager(this.colours, text, this.#sections?.hrefFor ?? (() => ''), { page: page?.page ?? 1, section: firstPieceId(main) ?? '', part: 0 }, page?.room ?? null) : null
    this.#site = new SiteClient(win)
    this.#site.onChange = () => {
      if (this.#site.attach && !this.#overlayOpen) this.#openOverlay()
      if (this.#root !== null) this.#schedule()
      if (!tail && page !== null) {
        // An earlier page: say where the session goes on.
        const pages = this.#site.pages.find((p) => p.key === options.key)?.pages ?? page.pages
        this.#badge.latest(pages > page.page ? pages : null, pageFile(stem, pages))
      }
    }
    // The header on screen is the one of the build current at load; later builds may refresh it.
    void this.#site.refresh().then(() => {
      this.#chromeBuild = Math.max(this.#chromeBuild, this.#site.build)
    })
    const source = new win.EventSource(liveFeedPath(options.key))
    for (const kind of FEED_EVENT_KINDS) source.addEventListener(kind, (event: Event) => this.#onFeed(parseMessage<FeedMessage>(event)))
    source.addEventListener('error', () => {
      if (source.readyState !== win.EventSource.OPEN) this.#badge.set('disconnected')
    })
    this.#sources.push(source)
  }

  /** Whether the transcript is drawn by the client (false while the server-rendered one is current). */
  get clientRendered(): boolean {
    return this.#root !== null
  }

  /** Resolves once no draw is queued or running (tests). */
  async idle(): Promise<void> {
    while (this.#frame !== null || this.#rendering !== null || this.#settling !== null) {
      await (this.#rendering ?? this.#settling ?? new Promise((resolve) => setTimeout(resolve, 5)))
    }
  }

  close(): void {
    this.#later.cancel()
    for (const source of this.#sources) source.close()
    this.#site.close()
  }

  #onFeed(message: FeedMessage | null): void {
    if (message === null) return
    const changed = this.conversation.apply(message)
    if (message.kind === 'status') {
      this.#state = message.state
      this.#badge.set(message.state)
      if (settled(message.state)) void this.#settle()
    } else {
      this.typing.seen(message.lines)
      // A reset (a repaired or replaced log) may hold fewer lines than the build last taken: that build no
      // longer says what the page shows.
      if (message.kind === 'reset') this.#settledLines = -1
      // The server says a state only when it changes: a batch that ends a turn as the one before did keeps
      // it `finished`. Lines that arrive while settled need a settle of their own, or the page stays on the
      // build it took before them (issue 17: the e2e suite's flake, on the timing of builds versus writes).
      if (changed && settled(this.#state) && this.conversation.lineCount > this.#settledLines) void this.#settle()
    }
    if (!changed) return
    const facts = this.conversation.snapshot().facts
    if (facts.children.length !== this.#children) {
      // A new child session: its page (and link) exists once the server has rebuilt the folder.
      this.#children = facts.children.length
      void this.#site.refresh(true)
    }
    if (this.#root === null) {
      const current = message.kind === 'reset' && this.conversation.lineCount === this.#o.lines && this.conversation.fileSeq === this.#o.seq
      if (current || message.kind === 'status') return
    }
    this.#schedule()
  }

  #onOverlay(message: OverlayMessage | null): void {
    if (message === null || message.kind === 'overlay-status') return
    if (message.kind === 'overlay-typing') return this.typing.apply(message.frame)
    if (message.kind === 'overlay-reset') this.typing.clear()
    else this.typing.seen(message.lines)
    const changed = message.kind === 'overlay-reset' ? this.conversation.clearOverlay() : this.conversation.overlay(message.lines)
    if (changed) this.#schedule()
  }

  #openOverlay(): void {
    this.#overlayOpen = true
    const source = new this.#win.EventSource(liveOverlayPath(this.#o.key))
    for (const kind of OVERLAY_EVENT_KINDS) source.addEventListener(kind, (event: Event) => this.#onOverlay(parseMessage<OverlayMessage>(event)))
    this.#sources.push(source)
  }

  #schedule(): void {
    if (this.#frame !== null || this.#pager === null) return
    this.#frame = this.#win.requestAnimationFrame(() => {
      this.#frame = null
      void this.#render()
    })
  }

  async #render(): Promise<void> {
    if (this.#rendering !== null) {
      this.#again = true
      return
    }
    this.#rendering = (async () => {
      do {
        this.#again = false
        await this.#draw()
      } while (this.#again)
    })().finally(() => {
      this.#rendering = null
    })
    await this.#rendering
  }

  async #draw(): Promise<void> {
    const sections = this.#sections
    const pager = this.#pager
    if (sections === null || pager === null) return
    const conversation = this.conversation.snapshot()
    const trajectory = this.#records === null ? null : this.conversation.trajectory()
    const records = trajectory === null || this.#records === null ? null : this.#records.links(trajectory)
    // A growing session's records are derived at a pace (live-conversation.ts): draw again once the next
    // derivation is due, so the rows just written get their record links without waiting for more lines.
    const due = this.#records === null ? 0 : this.conversation.trajectoryDueIn()
    if (due > 0) this.#later.call(due, () => this.#schedule())
    const view = sections.view(conversation, this.#o.locale, this.#site.pages, records)
    const coloured = this.colours.stats.fragments
    const tail = await pager.tail(view)
    this.#sideFiles.texts = new Map([...view.sideTexts, ...tail.sideTexts])
    const text = siteText(this.#o.locale)
    const follow = atBottom(this.#win)
    let states: Map<string, boolean> | null = null
    if (this.#root === null) {
      states = disclosureStates(this.#main)
      this.#root = createRoot(this.#main)
    }
    const root = this.#root
    const mode = currentView(this.#doc)
    flushSync(() => root.render(<LiveTranscript sections={tail.pieces} label={text.transcript} extras={tail.extras} view={mode} />))
    if (states !== null) {
      restoreDisclosures(this.#main, states)
      // The server's folds, as the reader left them, are now these elements: seen, not new.
      this.#folds.follow(this.#main, mode)
    }
    // Folds that appeared since the last draw (a turn that closed, a new activity group) take the mode's state.
    this.#folds.follow(this.#main, mode)
    this.#nav?.show(tail.page, tail.page)
    // The header's counts and status from the same snapshot: never a step behind the transcript.
    syncHeaderFacts(this.#doc, liveHeaderFacts(conversation.facts, text))
    enhance(this.#doc)
    this.#main.dataset['liveLines'] = String(this.conversation.lineCount)
    this.#main.dataset['liveSeq'] = String(this.conversation.fileSeq)
    this.#main.dataset['livePage'] = String(tail.page)
    this.#badge.ahead(this.conversation.provisional)
    if (follow) scrollToBottom(this.#win)
    // Colours that came back after the draw: draw again with them (only if any did, so a failing server
    // does not make the page redraw in a loop).
    tail.late?.then(() => {
      if (this.colours.stats.fragments !== coloured) this.#schedule()
    })
  }

  /**
   * Once the session settles, the rebuilt page has the final title and facts: take its header. On the
   * pages' tail, the build's last page also says where that page starts and the room the build gave it,
   * which the page takes as its new base, so its last draw packs exactly as the build did.
   */
  #settle(): Promise<void> {
    // Settling again while a settle runs (the session grew and settled again): run once more after it,
    // so the page ends on a build that holds its last lines.
    if (this.#settling !== null) {
      this.#settleAgain = true
      return this.#settling
    }
    this.#settling = (async () => {
      do {
        this.#settleAgain = false
        await this.#settleOnce()
      } while (this.#settleAgain)
    })().finally(() => {
      this.#settling = null
    })
    return this.#settling
  }

  async #settleOnce(): Promise<void> {
    for (let idle = 0; idle < SETTLE_IDLE_POLLS; ) {
      const build = await this.#site.nextBuild(this.#chromeBuild)
      if (build === null || build <= this.#chromeBuild) {
        idle++
        continue
      }
      const before = this.#chromeBuild
      this.#chromeBuild = build
      const pages = this.#site.pages.find((p) => p.key === this.#o.key)?.pages ?? 1
      const stem = this.#o.page?.stem ?? stemOf(this.#win.location.pathname)
      const own = this.#o.page
      const path = this.#pager === null || own === null ? this.#win.location.pathname : siblingPath(this.#win.location.pathname, pageFile(stem, pages))
      const fresh = await this.#site.fetchPage(path)
      if (fresh === null) {
        // Missed: each build swaps the site folder in whole (src/site/write/staging.ts), and a fetch can land in
        // that instant. Ask for the same build again shortly rather than give up on settling.
        this.#chromeBuild = before
        idle++
        await new Promise((resolve) => this.#win.setTimeout(resolve, FETCH_RETRY_MS))
        continue
      }
      idle = 0
      const flag = parseLiveFlag(fresh.querySelector(`meta[name="${LIVE_META}"]`)?.getAttribute('content'))
      // A build from before the last lines: the next one will have them.
      if (flag?.page === 'session' && flag.lines < this.conversation.lineCount) continue
      if (flag?.page === 'session') this.#settledLines = flag.lines
      const header = fresh.querySelector('body > header')
      const mine = this.#doc.querySelector('body > header')
      if (header !== null && mine !== null) {
        mine.replaceWith(this.#doc.importNode(header, true))
        // The rebuilt header's view-mode control: shown, on the current mode.
        syncViewSwitches(this.#doc)
      }
      if (this.#pager === null) {
        // An earlier page: take the rebuilt navigation (the page count may have grown).
        const navs = [...fresh.querySelectorAll('body > nav')]
        const myNavs = [...this.#doc.querySelectorAll('body > nav')]
        if (navs.length === myNavs.length) myNavs.forEach((nav, i) => nav.replaceWith(this.#doc.importNode(navs[i] as Element, true)))
        return
      }
      // The rebuilt page's record links say where the build put its records.
      this.#records?.learn(fresh)
      const info = parseLivePage(fresh.querySelector(`meta[name="${LIVE_PAGE_META}"]`)?.getAttribute('content'))
      const first = firstPieceId(fresh.querySelector<HTMLElement>('main#main'))
      if (info !== null && first !== null) {
        this.#pager.base = { page: info.page, section: first, part: 0 }
        if (info.room !== null) this.#pager.room = info.room
        // The tail's own address, so a reload shows this page.
        if (info.page > 1 && path !== this.#win.location.pathname) this.#win.history.replaceState(this.#win.history.state, '', path)
      }
      if (this.#root !== null) this.#schedule()
      return
    }
  }
}

/** States in which the session no longer grows: the page then takes the build that holds its lines. */
function settled(state: FeedState | null): boolean {
  return state === 'finished' || state === 'idle'
}

/** Whether the page's header has the `Chat | Trajectory` tabs (the build made Trajectory pages for it). */
function hasTrajectoryTab(doc: Document, stem: string): boolean {
  const first = `${stem}.trajectory.html`
  return [...doc.querySelectorAll('body > header a[href]')].some((a) => a.getAttribute('href') === first)
}

/** Id of the first piece (section or part) of a transcript: where its page starts. */
function firstPieceId(main: HTMLElement | null): string | null {
  const first = main?.querySelector('[data-transcript] > [id]')
  return first === null || first === undefined || first.id === '' ? null : first.id
}

/** `…/sessions/<stem>.html` or `…/<stem>.p<n>.html` → the stem (pages without the page meta). */
function stemOf(pathname: string): string {
  const file = decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1))
  return file.replace(/(\.p\d+)?\.html$/, '')
}

/** A page beside the current one (same folder). */
function siblingPath(pathname: string, file: string): string {
  return `${pathname.slice(0, pathname.lastIndexOf('/') + 1)}${encodeURIComponent(file)}`
}

/** Our own server's JSON (not session text); a frame that does not parse is dropped. */
export function parseMessage<T>(event: Event): T | null {
  const data: unknown = (event as MessageEvent).data
  if (typeof data !== 'string') return null
  try {
    return JSON.parse(data) as T
  } catch {
    return null
  }
}
