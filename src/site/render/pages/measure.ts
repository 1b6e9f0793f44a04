/**
 * Page budgets (issue 4, users.md complaint 1) and how HTML is measured against them. Elements are counted
 * from the markup string: every producer escapes `<` in text and attributes (React, src/highlight,
 * src/markdown, the anchor-map JSON), so each `<` followed by a letter opens exactly one element. The
 * browser test checks the same pages with `document.getElementsByTagName('*')`. A Copy button is written bare
 * (`<button hidden data-copy="…">`, or with `data-copy` bare, components/primitives/CopyButton) and the page
 * script gives it its one child (label `<span>` or icon `<svg>`), so each `<button` start tag holding the
 * attribute ` data-copy` (valued or bare; not `data-copy-…`) counts one element more:
 * the budget holds for the page a reader's browser ends up with, with the script on as with it off.
 * The Trajectory ledger counts its elements as it writes them instead (components/trajectory/ledger-html.ts
 * `Tally`; a test holds the count equal to `measure` on every corpus row), its rows being most of its pages.
 */

/** Bytes of HTML per page: big enough for ~1,000 cards, small enough for phones and gist previews. */
export const MAX_PAGE_BYTES = 1_000_000
/** Elements per page before anything is expanded (closed `<details>` content counts: it is in the DOM). */
export const MAX_PAGE_NODES = 5_000

export interface Size {
  bytes: number
  nodes: number
}

export const ZERO: Size = { bytes: 0, nodes: 0 }

/** The attribute of a Copy button, each of which gets one child from the page script. */
const COPY = ' data-copy'
const COPY_BYTES = new TextEncoder().encode(COPY)
/** `=`, a space or `>`: what ends the attribute's name (`data-copy-text` is another attribute). */
const endsName = (c: number): boolean => c === 61 || c === 32 || c === 62
/** `<button`: Copy buttons are the only elements with `data-copy` (CopyButton, src/markdown's code blocks). */
const BUTTON = new TextEncoder().encode('<button')

/**
 * Elements in `html`, plus one for each Copy button. The button's attribute is looked for inside its start
 * tag only: text writes quotes verbatim (src/site/html/static-markup.ts), so ` data-copy="` may be text.
 */
export function measure(html: string): Size {
  let nodes = 0
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1)
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      nodes++
      if (c === 98 && html.startsWith('<button', i)) {
        const close = html.indexOf('>', i)
        if (copyInStartTag(html.slice(i, close < 0 ? html.length : close))) nodes++
      }
    }
  }
  return { bytes: Buffer.byteLength(html, 'utf8'), nodes }
}

/**
 * `measure` of markup already encoded as UTF-8 (what the renderer keeps: a page is written as the encoded
 * pieces it was measured from, never re-joined into one big string). `<` and `>` are one byte in UTF-8 and
 * never part of a multi-byte sequence, so the count matches the string form.
 */
export function measureBytes(bytes: Uint8Array): Size {
  let nodes = 0
  const end = bytes.length - 1
  for (let i = bytes.indexOf(60); i >= 0 && i < end; i = bytes.indexOf(60, i + 1)) {
    const c = bytes[i + 1] ?? 0
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      nodes++
      if (c === 98 && startsAt(bytes, i, BUTTON) && copyInTag(bytes, i)) nodes++
    }
  }
  return { bytes: bytes.length, nodes }
}

/** Whether a start tag's text (without its `>`) holds the Copy attribute. */
function copyInStartTag(tag: string): boolean {
  for (let k = tag.indexOf(COPY); k >= 0; k = tag.indexOf(COPY, k + 1)) {
    const next = k + COPY.length
    if (next === tag.length || endsName(tag.charCodeAt(next))) return true
  }
  return false
}

/** Whether the start tag at `at` holds the Copy attribute. */
function copyInTag(bytes: Uint8Array, at: number): boolean {
  const close = bytes.indexOf(62, at)
  const end = close < 0 ? bytes.length : close
  for (let k = at; k <= end - COPY_BYTES.length; k++) {
    if (bytes[k] !== 32 || !startsAt(bytes, k, COPY_BYTES)) continue
    const next = k + COPY_BYTES.length
    if (next === end || endsName(bytes[next] as number)) return true
  }
  return false
}

function startsAt(bytes: Uint8Array, at: number, what: Uint8Array): boolean {
  if (at + what.length > bytes.length) return false
  for (let k = 0; k < what.length; k++) if (bytes[at + k] !== what[k]) return false
  return true
}

export const add = (a: Size, b: Size): Size => ({ bytes: a.bytes + b.bytes, nodes: a.nodes + b.nodes })

export const fits = (size: Size, limit: Size): boolean => size.bytes <= limit.bytes && size.nodes <= limit.nodes
