/**
 * A text row shown in part while it streams: its text nodes cut to a share of their characters, in
 * document order, then put back whole. The row's markup is the page's (Markdown, code colours): only text
 * node contents change, so the partial row is the same card, shorter.
 */
export class TextReveal {
  readonly #nodes: Text[] = []
  readonly #texts: string[] = []
  readonly #total: number
  #shown = -1

  constructor(root: Element) {
    const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */)
    let total = 0
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const text = n as Text
      this.#nodes.push(text)
      this.#texts.push(text.data)
      total += text.data.length
    }
    this.#total = total
  }

  /** Shows `fraction` (0…1) of the characters. */
  show(fraction: number): void {
    const shown = Math.round(Math.max(0, Math.min(1, fraction)) * this.#total)
    if (shown === this.#shown) return
    this.#shown = shown
    let left = shown
    this.#nodes.forEach((node, i) => {
      const text = this.#texts[i] as string
      const next = left >= text.length ? text : text.slice(0, left)
      left = Math.max(0, left - text.length)
      if (node.data !== next) node.data = next
    })
  }

  restore(): void {
    this.#nodes.forEach((node, i) => {
      const text = this.#texts[i] as string
      if (node.data !== text) node.data = text
    })
    this.#shown = -1
  }
}
