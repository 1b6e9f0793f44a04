/**
 * The page's view of the site state (site-feed.ts `LIVE_SITE_PATH`): which sessions have pages, the build
 * counter and whether `--attach` is on, fetched on load and again — as a long-poll for the next build —
 * when the page saw something change that a rebuild will reflect. Also fetches a rebuilt page of the site
 * and parses it (our own output: escaped session text, no scripts run by `DOMParser`).
 */
import { LIVE_SITE_PATH, type SiteMessage, type SitePage } from './site-feed'

/** The window with its constructors (`EventSource`, `DOMParser`), so tests can hand in another one. */
export type PageWindow = Window & typeof globalThis

export class SiteClient {
  pages: SitePage[] = []
  build = -1
  attach = false
  onChange: (() => void) | null = null
  readonly #win: PageWindow
  #pending: Promise<void> | null = null
  #closed = false

  constructor(win: PageWindow) {
    this.#win = win
  }

  /** Fetches the state; `waitForNext` waits for a build newer than the one held. Calls share a request. */
  refresh(waitForNext = false): Promise<void> {
    if (this.#pending !== null) return this.#pending
    this.#pending = this.#fetch(waitForNext ? this.build : null).finally(() => {
      this.#pending = null
    })
    return this.#pending
  }

  /** The first build newer than `after` (waits for it), or null when the server could not be asked. */
  async nextBuild(after: number): Promise<number | null> {
    if (this.build > after) return this.build
    await this.#fetch(after)
    return this.build > after ? this.build : null
  }

  async fetchPage(path: string): Promise<Document | null> {
    try {
      const response = await this.#win.fetch(path, { cache: 'no-store' })
      if (!response.ok) return null
      return new this.#win.DOMParser().parseFromString(await response.text(), 'text/html')
    } catch {
      return null
    }
  }

  close(): void {
    this.#closed = true
  }

  async #fetch(after: number | null): Promise<void> {
    if (this.#closed) return
    try {
      const response = await this.#win.fetch(after === null ? LIVE_SITE_PATH : `${LIVE_SITE_PATH}?after=${after}`, { cache: 'no-store' })
      if (!response.ok) return
      const message = (await response.json()) as SiteMessage
      if (message.kind !== 'site' || !Array.isArray(message.pages) || message.build < this.build) return
      const changed = message.build !== this.build || message.attach !== this.attach
      this.pages = message.pages
      this.build = message.build
      this.attach = message.attach === true
      if (changed && !this.#closed) this.onChange?.()
    } catch {
      // The server went away: the feeds reconnect on their own, and the next change asks again.
    }
  }
}
