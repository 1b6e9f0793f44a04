/**
 * The page navigation of a live page that shows the tail of a paginated session (pager.ts): the build's
 * `PageNav` for "page N of N", above and below `<main>` where the static page has it, linking the earlier
 * pages the live server's rebuilds write. Markup is the component's own, rendered with the build's labels
 * (src/site/render/chrome.ts `pageNav`) and parsed into nodes — no session text is involved. One page: no navigation.
 */
import { renderStaticMarkup } from '../../site/html/static-markup'
import { PageNav } from '../../../components/layout/PageNav'
import { pageNav } from '../../site/render/chrome'
import type { SiteText } from '../../site/types'

export class LiveNav {
  #shown = ''

  constructor(
    private readonly doc: Document,
    private readonly main: HTMLElement,
    private readonly stem: string,
    private readonly text: SiteText,
  ) {}

  /** Shows page `page` of `pages` (once the same is shown, nothing is touched). */
  show(page: number, pages: number): void {
    const markup = pages > 1 ? renderStaticMarkup(<PageNav nav={pageNav(this.stem, page, pages, this.text)} />) : ''
    if (markup === this.#shown) return
    this.#shown = markup
    const body = this.main.parentElement
    if (body === null) return
    for (const nav of body.querySelectorAll(':scope > nav')) nav.remove()
    if (markup === '') return
    const parsed = new (this.doc.defaultView?.DOMParser ?? DOMParser)().parseFromString(markup, 'text/html').body.firstElementChild
    if (parsed === null) return
    this.main.before(this.doc.importNode(parsed, true))
    // Below the transcript, after the typing box when one is showing (typing.ts), as the footer of the page.
    const typing = this.main.nextElementSibling?.matches('[data-live-typing]') === true ? this.main.nextElementSibling : this.main
    typing.after(this.doc.importNode(parsed, true))
  }
}
