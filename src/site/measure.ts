/**
 * Page budgets (issue 4, users.md complaint 1) and how HTML is measured against them. Elements are counted
 * from the markup string: every producer escapes `<` in text and attributes (React, src/highlight,
 * src/markdown, the anchor-map JSON), so each `<` followed by a letter opens exactly one element. The
 * browser test checks the same pages with `document.getElementsByTagName('*')`. A Copy button is written bare
 * (`<button hidden data-copy="…">`, components/primitives/CopyButton) and the page script gives it its one child
 * (label `<span>` or icon `<svg>`), so each `data-copy="` counts one element more: the budget holds for the page
 * a reader's browser ends up with, with the script on as with it off.
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
const COPY = ' data-copy="'
const COPY_BYTES = new TextEncoder().encode(COPY)

export function measure(html: string): Size {
  let nodes = 0
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1)
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) nodes++
  }
  for (let i = html.indexOf(COPY); i >= 0; i = html.indexOf(COPY, i + COPY.length)) nodes++
  return { bytes: Buffer.byteLength(html, 'utf8'), nodes }
}

/**
 * `measure` of markup already encoded as UTF-8 (what the renderer keeps: a page is written as the encoded
 * pieces it was measured from, never re-joined into one big string). `<` is one byte in UTF-8 and never
 * part of a multi-byte sequence, so the element count matches the string form.
 */
export function measureBytes(bytes: Uint8Array): Size {
  let nodes = 0
  const end = bytes.length - 1
  for (let i = bytes.indexOf(60); i >= 0 && i < end; i = bytes.indexOf(60, i + 1)) {
    const c = bytes[i + 1] ?? 0
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) nodes++
  }
  for (let i = bytes.indexOf(32); i >= 0; i = bytes.indexOf(32, i + 1)) if (startsAt(bytes, i, COPY_BYTES)) nodes++
  return { bytes: bytes.length, nodes }
}

function startsAt(bytes: Uint8Array, at: number, what: Uint8Array): boolean {
  if (at + what.length > bytes.length) return false
  for (let k = 0; k < what.length; k++) if (bytes[at + k] !== what[k]) return false
  return true
}

export const add = (a: Size, b: Size): Size => ({ bytes: a.bytes + b.bytes, nodes: a.nodes + b.nodes })

export const fits = (size: Size, limit: Size): boolean => size.bytes <= limit.bytes && size.nodes <= limit.nodes
