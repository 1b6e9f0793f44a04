/**
 * A live session page (issue 6; architecture.md §2.12): subscribes to the session's feed with
 * `EventSource(liveFeedPath(key))` (the browser resumes with `Last-Event-ID` on its own), folds what arrives
 * into `LiveConversation`, and redraws the transcript in place with React on the next animation frame —
 * the same view model and components as the static page. While the server-rendered transcript is current
 * (the first `reset` holds exactly the lines the page was built from) it is kept as it is, with its syntax
 * colours; the first change after that switches to the client render. Also: the status badge, the
 * reader's open disclosures and scroll position (following the end when they were at it), child-session
 * links from the site feed, the page header refreshed from the rebuilt page once the session settles, and
 * with `--attach` the host's provisional events (site-feed.ts).
 */
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { enhance } from '../../../components/enhance/enhance'
import type { Locale } from '../../cards/types'
import { siteText } from '../../site/strings'
import { FEED_EVENT_KINDS, liveFeedPath, type FeedMessage } from '../protocol'
import { LiveBadge } from './badge'
import { LiveConversation } from './live-conversation'
import { LiveTranscript } from './LiveTranscript'
import { childExtras, SectionCache } from './sections'
import { liveOverlayPath, OVERLAY_EVENT_KINDS, type OverlayMessage } from './site-feed'
import { SiteClient } from './site-client'
import type { PageWindow } from './site-client'
import { atBottom, disclosureStates, restoreDisclosures, scrollToBottom } from './view-state'

export interface SessionPageOptions {
  key: string
  /** Lines and last seq of the server-rendered transcript. */
  lines: number
  seq: number
  locale: Locale
}

export class LiveSessionPage {
  readonly conversation = new LiveConversation()
  readonly #win: PageWindow
  readonly #doc: Document
  readonly #main: HTMLElement
  readonly #o: SessionPageOptions
  readonly #badge: LiveBadge
  readonly #cache = new SectionCache()
  readonly #site: SiteClient
  readonly #sources: EventSource[] = []
  #root: Root | null = null
  #frame: number | null = null
  #rendering: Promise<void> | null = null
  #again = false
  #children = 0
  #chromeBuild = -1
  #overlayOpen = false

  constructor(win: PageWindow, main: HTMLElement, options: SessionPageOptions) {
    this.#win = win
    this.#doc = win.document
    this.#main = main
    this.#o = options
    this.#badge = new LiveBadge(this.#doc, options.locale)
    this.#site = new SiteClient(win)
    this.#site.onChange = () => {
      if (this.#site.attach && !this.#overlayOpen) this.#openOverlay()
      if (this.#root !== null) this.#schedule()
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

  close(): void {
    for (const source of this.#sources) source.close()
    this.#site.close()
  }

  #onFeed(message: FeedMessage | null): void {
    if (message === null) return
    const changed = this.conversation.apply(message)
    if (message.kind === 'status') {
      this.#badge.set(message.state)
      if (message.state === 'finished' || message.state === 'idle') void this.#refreshChrome()
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
    if (this.#frame !== null) return
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
    const conversation = this.conversation.snapshot()
    const sections = await this.#cache.sections(conversation, this.#o.locale)
    const text = siteText(this.#o.locale)
    const extras = childExtras(sections, conversation, this.#site.pages, text)
    const follow = atBottom(this.#win)
    let states: Map<string, boolean> | null = null
    if (this.#root === null) {
      states = disclosureStates(this.#main)
      this.#root = createRoot(this.#main)
      // The client draws the whole session on one page: the static page links would cut it short.
      for (const nav of this.#doc.querySelectorAll<HTMLElement>('body > nav')) nav.hidden = true
    }
    const root = this.#root
    flushSync(() => root.render(<LiveTranscript sections={sections} label={text.transcript} extras={extras} />))
    if (states !== null) restoreDisclosures(this.#main, states)
    enhance(this.#doc)
    this.#main.dataset['liveLines'] = String(this.conversation.lineCount)
    this.#main.dataset['liveSeq'] = String(this.conversation.fileSeq)
    this.#badge.ahead(this.conversation.provisional)
    if (follow) scrollToBottom(this.#win)
  }

  /** Once the session settles, the rebuilt page has the final title and facts: take its header. */
  async #refreshChrome(): Promise<void> {
    const build = await this.#site.nextBuild(this.#chromeBuild)
    if (build === null || build <= this.#chromeBuild) return
    this.#chromeBuild = build
    const fresh = await this.#site.fetchPage(this.#win.location.pathname)
    const header = fresh?.querySelector('body > header')
    const mine = this.#doc.querySelector('body > header')
    if (header !== null && header !== undefined && mine !== null) mine.replaceWith(this.#doc.importNode(header, true))
  }
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
