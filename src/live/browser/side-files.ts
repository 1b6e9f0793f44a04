/**
 * The full-text links of a live page (sections.ts): they name the side files the live server's rebuild
 * writes (`<stem>.files/<hash>.txt`), as a static page does. A text cut on the live page a moment ago may
 * not have been rebuilt yet; a plain click on such a link checks the file first and, while it is missing,
 * opens the text the page holds instead — as a `text/plain` blob, so it is shown as text, never parsed.
 * Clicks with a modifier (new tab, download) are left to the browser.
 */

const SIDE_FILE = /\.files\/([0-9a-f]{20})\.txt$/

export class SideFileLinks {
  /** Hash → full text, as the page last cut it. */
  texts: ReadonlyMap<string, string> = new Map()

  constructor(private readonly win: Window & typeof globalThis, root: HTMLElement) {
    root.addEventListener('click', (event) => void this.#click(event))
  }

  async #click(event: MouseEvent): Promise<void> {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('[data-row-extras] [data-kind="full-text"] a')
    const href = link?.getAttribute('href') ?? null
    const hash = href === null ? undefined : SIDE_FILE.exec(href)?.[1]
    const text = hash === undefined ? undefined : this.texts.get(hash)
    if (href === null || text === undefined) return
    event.preventDefault()
    const url = new URL(href, this.win.location.href).href
    const written = await this.win.fetch(url, { method: 'HEAD', cache: 'no-store' }).then((r) => r.ok, () => false)
    if (written) return void this.win.location.assign(url)
    // A BOM, as the build writes: the browser then reads the text as UTF-8.
    const blob = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/plain;charset=utf-8' }))
    if (this.win.open(blob, '_blank') === null) this.win.location.assign(blob)
    // The new tab has read it by then; the page may hold many such texts over a long session.
    setTimeout(() => URL.revokeObjectURL(blob), 60_000)
  }
}
