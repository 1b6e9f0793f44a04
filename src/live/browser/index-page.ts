/**
 * The live index page (issue 6: "new sessions and child sessions appear in the index while it is open"):
 * subscribes to the index feed (`LIVE_INDEX_PATH`). A session the page has not seen is listed at once in a
 * "new sessions" box (its id and project from the header); whenever the feed reports a change, the page
 * waits for the server's next rebuild of the folder and swaps in the rebuilt index's list, so titles,
 * counts, statuses and the nesting of child sessions are exactly what a static build shows. The filter
 * query is kept and re-applied.
 */
import type { Locale } from '../../cards/types'
import { INDEX_EVENT_KINDS, LIVE_INDEX_PATH, type IndexEntry, type IndexMessage } from '../protocol'
import { LiveBadge } from './badge'
import { parseMessage } from './session-page'
import { SiteClient } from './site-client'
import type { PageWindow } from './site-client'

export const PENDING_LABEL: Record<Locale, string> = { en: 'New sessions (page being written…)', zh: '新会话（页面生成中…）' }

export class LiveIndexPage {
  readonly entries = new Map<string, IndexEntry>()
  readonly #win: PageWindow
  readonly #doc: Document
  readonly #locale: Locale
  readonly #site: SiteClient
  readonly #badge: LiveBadge
  readonly #source: EventSource
  #shownBuild = -1
  #swapping: Promise<void> | null = null

  constructor(win: PageWindow, locale: Locale) {
    this.#win = win
    this.#doc = win.document
    this.#locale = locale
    this.#badge = new LiveBadge(this.#doc, locale)
    this.#site = new SiteClient(win)
    this.#site.onChange = () => void this.#swap()
    void this.#site.refresh().then(() => {
      // The page on screen is the build current when it loaded.
      this.#shownBuild = this.#site.build
      this.#renderPending()
    })
    this.#source = new win.EventSource(LIVE_INDEX_PATH)
    for (const kind of INDEX_EVENT_KINDS) this.#source.addEventListener(kind, (event) => this.#onMessage(parseMessage<IndexMessage>(event)))
    this.#source.addEventListener('open', () => this.#badge.set('live'))
    this.#source.addEventListener('error', () => {
      if (this.#source.readyState !== win.EventSource.OPEN) this.#badge.set('disconnected')
    })
  }

  close(): void {
    this.#source.close()
    this.#site.close()
  }

  #onMessage(message: IndexMessage | null): void {
    if (message === null) return
    const before = [...this.entries.keys()].join('\0')
    if (message.kind === 'index-reset') {
      this.entries.clear()
      for (const entry of message.sessions) this.entries.set(entry.key, entry)
      if ([...this.entries.keys()].join('\0') === before) return
    } else if (message.kind === 'index-upsert') {
      this.entries.set(message.session.key, message.session)
    } else {
      this.entries.delete(message.key)
    }
    this.#renderPending()
    void this.#site.refresh(true)
  }

  /** Swaps in the rebuilt index when the server reports a build newer than the one shown. */
  async #swap(): Promise<void> {
    if (this.#swapping !== null) return this.#swapping
    this.#swapping = (async () => {
      const build = this.#site.build
      if (build <= this.#shownBuild) return this.#renderPending()
      const fresh = await this.#site.fetchPage(this.#win.location.pathname)
      const main = fresh?.querySelector('main#main')
      const mine = this.#doc.querySelector('main#main')
      if (main === null || main === undefined || mine === null) return
      mine.replaceWith(this.#doc.importNode(main, true))
      const count = fresh?.querySelector('body > header > p')
      const myCount = this.#doc.querySelector('body > header > p')
      if (count !== null && count !== undefined && myCount !== null) myCount.textContent = count.textContent
      this.#shownBuild = build
      const input = this.#doc.querySelector<HTMLInputElement>('[data-filter-box] input')
      if (input !== null && input.value !== '') input.dispatchEvent(new Event('input'))
      this.#renderPending()
    })().finally(() => {
      this.#swapping = null
    })
    return this.#swapping
  }

  /** Sessions the feed knows and the shown build has no page for yet. */
  #renderPending(): void {
    const main = this.#doc.querySelector('main#main')
    if (main === null) return
    main.querySelector(':scope > [data-live-pending]')?.remove()
    // Until the shown list is the newest build, a swap is on its way and will call this again.
    if (this.#site.build < 0 || this.#shownBuild !== this.#site.build) return
    const paged = new Set(this.#site.pages.map((p) => p.key))
    const pending = [...this.entries.values()].filter((e) => !paged.has(e.key) && e.header !== null)
    if (pending.length === 0) return
    const box = this.#doc.createElement('section')
    box.setAttribute('data-live-pending', '')
    box.className = 'dsh-live-pending'
    const heading = this.#doc.createElement('h2')
    heading.textContent = PENDING_LABEL[this.#locale]
    const list = this.#doc.createElement('ul')
    for (const entry of pending) {
      const item = this.#doc.createElement('li')
      item.textContent = [entry.header?.id ?? entry.key, entry.header?.cwd].filter((x) => typeof x === 'string' && x !== '').join(' · ')
      list.append(item)
    }
    box.append(heading, list)
    main.prepend(box)
  }
}
