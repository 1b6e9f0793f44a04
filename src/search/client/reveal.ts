/**
 * Showing a match (browser): open every closed `<details>` around it — a row's own disclosure, a card's
 * windowed rows, the Inspect panel — scroll it into view, and mark the words found with `<mark>`s made
 * from text nodes (never HTML: the page's text is session text). Marks are removed by unwrapping, so the
 * page returns to its exact text.
 */
import { highlightParts } from './match'

export const MARK_ATTR = 'data-find-mark'

/** Opens every closed `<details>` that contains `el` (and `el` itself when it is one). */
export function openAncestors(el: Element): void {
  for (let node: Element | null = el; node !== null; node = node.parentElement) {
    if (node.tagName === 'DETAILS' && !(node as HTMLDetailsElement).open) (node as HTMLDetailsElement).open = true
  }
}

/** A row's own disclosure: its first `<details>` that is not inside another row. */
export function openRow(row: Element): void {
  openAncestors(row)
  const own = row.querySelector(':scope > details')
  if (own !== null) (own as HTMLDetailsElement).open = true
}

/** Removes every mark under `root`, restoring the text nodes. */
export function clearMarks(root: ParentNode): void {
  const parents = new Set<Node>()
  for (const mark of root.querySelectorAll(`mark[${MARK_ATTR}]`)) {
    const parent = mark.parentNode
    if (parent === null) continue
    parent.replaceChild(mark.ownerDocument.createTextNode(mark.textContent ?? ''), mark)
    parents.add(parent)
  }
  for (const p of parents) p.normalize()
}

/** Wraps each occurrence of `words` in the text under `root`; returns the marks, at most `limit`. */
export function markWords(root: Element, words: readonly string[], limit: number): HTMLElement[] {
  if (words.length === 0 || limit <= 0) return []
  const doc = root.ownerDocument
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */)
  const nodes: Text[] = []
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    const parent = n.parentElement
    if (parent === null || parent.closest('script, style, button, [data-find-box]') !== null) continue
    nodes.push(n as Text)
  }
  const marks: HTMLElement[] = []
  for (const node of nodes) {
    if (marks.length >= limit) break
    const parts = highlightParts(node.data, words)
    if (!parts.some(p => p.match)) continue
    const fragment = doc.createDocumentFragment()
    for (const part of parts) {
      if (!part.match || marks.length >= limit) {
        fragment.append(doc.createTextNode(part.text))
        continue
      }
      const mark = doc.createElement('mark')
      mark.setAttribute(MARK_ATTR, '')
      mark.textContent = part.text
      marks.push(mark)
      fragment.append(mark)
    }
    node.replaceWith(fragment)
  }
  return marks
}

/** Brings a row to the reader: its first mark (or the row) with everything around it opened. */
export function reveal(row: HTMLElement, marks: readonly HTMLElement[]): void {
  const first = marks[0]
  if (first !== undefined) openAncestors(first)
  else openRow(row)
  const target = first ?? row
  // Reduced motion is the browser's default for `scrollIntoView` without `behavior`.
  if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' })
}
