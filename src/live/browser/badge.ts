/**
 * The live status badge (issue 6: "a session that stops growing and ends with `turn/end` shows as
 * finished"): one small `role="status"` element fixed in a corner of a live page, saying whether the
 * followed session is live, finished, idle or stopped on a torn tail (src/live/protocol.ts `FeedState`),
 * whether the page is still connected, how many events an attached host has shown ahead of the file, and on
 * an earlier page of a paginated session a link to the last one, where the session grows. Styles are
 * assets/live.css (src/live/browser/live.css). Text only, set with `textContent`.
 */
import type { Locale } from '../../cards/types'
import type { FeedState } from '../protocol'

export type BadgeState = FeedState | 'connecting' | 'disconnected'

export const LABELS: Record<Locale, Record<BadgeState, string> & { ahead: (n: number) => string; title: string; latest: (page: number) => string }> = {
  en: {
    live: 'Live',
    finished: 'Finished',
    idle: 'Idle',
    'crashed-tail': 'Stopped (torn tail)',
    connecting: 'Connecting…',
    disconnected: 'Reconnecting…',
    ahead: (n) => `+${n} from host`,
    title: 'dsh-view live',
    latest: (page) => `continues on page ${page}`,
  },
  zh: {
    live: '实时',
    finished: '已结束',
    idle: '空闲',
    'crashed-tail': '已中断（尾部不完整）',
    connecting: '连接中…',
    disconnected: '重新连接中…',
    ahead: (n) => `主机领先 ${n} 条`,
    title: 'dsh-view 实时',
    latest: (page) => `接续于第 ${page} 页`,
  },
}

export class LiveBadge {
  readonly element: HTMLElement
  readonly #label: HTMLElement
  readonly #extra: HTMLElement
  readonly #latest: HTMLAnchorElement
  readonly #locale: Locale
  #state: BadgeState = 'connecting'

  constructor(doc: Document, locale: Locale) {
    this.#locale = locale
    this.element = doc.createElement('div')
    this.element.className = 'dsh-live-badge'
    this.element.setAttribute('role', 'status')
    this.element.setAttribute('aria-live', 'polite')
    this.element.title = LABELS[locale].title
    const dot = doc.createElement('span')
    dot.className = 'dsh-live-dot'
    dot.setAttribute('aria-hidden', 'true')
    this.#label = doc.createElement('span')
    this.#extra = doc.createElement('span')
    this.#extra.className = 'dsh-live-extra'
    this.#latest = doc.createElement('a')
    this.#latest.className = 'dsh-live-extra'
    this.#latest.hidden = true
    this.element.append(dot, this.#label, this.#extra, this.#latest)
    this.set('connecting')
    doc.body.append(this.element)
  }

  get state(): BadgeState {
    return this.#state
  }

  set(state: BadgeState): void {
    this.#state = state
    this.element.dataset['state'] = state
    this.#label.textContent = LABELS[this.#locale][state]
  }

  /** A link to the page where the session goes on (`href` a page file of ours), or null for none. */
  latest(page: number | null, href: string): void {
    this.#latest.hidden = page === null
    if (page === null) return
    this.#latest.href = href
    this.#latest.textContent = ` · ${LABELS[this.#locale].latest(page)}`
  }

  /** Events an attached host has shown beyond the file (0 hides the note). */
  ahead(n: number): void {
    this.#extra.textContent = n > 0 ? ` · ${LABELS[this.#locale].ahead(n)}` : ''
  }
}
