/**
 * Page budgets (issue 4, users.md complaint 1) and how HTML is measured against them. Elements are counted
 * from the markup string: every producer escapes `<` in text and attributes (React, src/highlight,
 * src/markdown, the anchor-map JSON), so each `<` followed by a letter opens exactly one element. The
 * browser test checks the same pages with `document.getElementsByTagName('*')`.
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

export function measure(html: string): Size {
  let nodes = 0
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1)
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) nodes++
  }
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
  return { bytes: bytes.length, nodes }
}

export const add = (a: Size, b: Size): Size => ({ bytes: a.bytes + b.bytes, nodes: a.nodes + b.nodes })

export const fits = (size: Size, limit: Size): boolean => size.bytes <= limit.bytes && size.nodes <= limit.nodes
