/**
 * Classic-only rows that repeat on a page, written once (issue 14, lean pages). A page holds every view mode's
 * content, and the rows only `classic` shows — the newer client hides context injections (cards-current.md
 * §4.2), wrapped by TurnRows in `<div data-m="c">` — repeat almost verbatim from turn to turn: dsh injects the
 * same runtime context, hook reminder or job notice before every prompt (on the 100 MB bench session, 16% of
 * the HTML is classic-only and more than half of that repeats a row on the same page). When a page is put
 * together, each such row whose markup, but for its id, equals an earlier one on the same page becomes a
 * placeholder `<div data-m="c" id="ID" data-same="FIRST"></div>`: it keeps the row's id (deep links, the
 * anchor map), and the page script (src/site/client/view-mode.ts `fillRepeats`) puts a copy of the first row
 * in it when the reader switches to classic, the only mode that shows it. A page built for `classic` keeps
 * every row (it must read fully without scripts). Runs on a page's bytes, after packing: sections render
 * before anyone knows which sections share a page.
 *
 * It reads what the renderer writes: text and attribute values have `<` escaped, so `<div` and `</div>` in
 * the bytes are tags, and every injected HTML fragment (shiki, sanitized Markdown) is balanced. Only rows
 * with no other id inside are folded, so a copy never duplicates an id.
 */

/** Where TurnRows' classic-only wrapper holds a row whose root carries its id first. */
const WRAPPER = Buffer.from('<div data-m="c"><div id="')
const OPEN_DIV = Buffer.from('<div')
const CLOSE_DIV = Buffer.from('</div>')
const ID_ATTRIBUTE = Buffer.from(' id="')
const QUOTE = 0x22
/** The placeholder a repeat becomes, in three parts around its id and the first row's. */
const HOLDER_OPEN = Buffer.from('<div data-m="c" id="')
const HOLDER_SAME = Buffer.from('" data-same="')
const HOLDER_CLOSE = Buffer.from('"></div>')

/** A classic-only row found in a chunk: byte offsets of the wrapper, and of its id's value. */
interface Span {
  start: number
  end: number
  idStart: number
  idEnd: number
}

/** The byte after `<div` opens a tag (a space or `>`), not a longer name. */
function opensDiv(bytes: Buffer, at: number): boolean {
  const next = bytes[at + OPEN_DIV.length]
  return next === 0x20 || next === 0x3e
}

/** The end (exclusive) of the `<div` element starting at `start`, by balancing divs; -1 if it never closes. */
function divEnd(bytes: Buffer, start: number): number {
  let depth = 0
  let at = start
  for (;;) {
    const open = bytes.indexOf(OPEN_DIV, at)
    const close = bytes.indexOf(CLOSE_DIV, at)
    if (close < 0) return -1
    if (open >= 0 && open < close) {
      if (opensDiv(bytes, open)) depth++
      at = open + OPEN_DIV.length
      continue
    }
    depth--
    at = close + CLOSE_DIV.length
    if (depth === 0) return at
  }
}

/** The classic-only rows of one chunk of rendered sections, in order. */
function spansOf(bytes: Buffer): Span[] {
  const spans: Span[] = []
  for (let at = bytes.indexOf(WRAPPER); at >= 0; ) {
    const idStart = at + WRAPPER.length
    const idEnd = bytes.indexOf(QUOTE, idStart)
    const end = idEnd < 0 ? -1 : divEnd(bytes, at)
    if (end < 0) break
    spans.push({ start: at, end, idStart, idEnd })
    at = bytes.indexOf(WRAPPER, end)
  }
  return spans
}

/**
 * A page's transcript chunks (whole rendered pieces, in order) with every classic-only row that repeats an
 * earlier one of the same chunks replaced by its placeholder. Chunks without repeats come back as they were.
 */
export function foldClassicRepeats(chunks: readonly Buffer[]): Buffer[] {
  // The first row of each markup on this page (the markup after its id, as a latin1 key: a page is ≤ 1 MB).
  const first = new Map<string, Buffer>()
  return chunks.map((bytes) => {
    const parts: Buffer[] = []
    let copied = 0
    for (const span of spansOf(bytes)) {
      const rest = bytes.subarray(span.idEnd, span.end)
      if (rest.indexOf(ID_ATTRIBUTE) >= 0) continue
      const key = rest.toString('latin1')
      const id = bytes.subarray(span.idStart, span.idEnd)
      const earlier = first.get(key)
      if (earlier === undefined) {
        first.set(key, id)
        continue
      }
      // `<div data-m="c" id="ID" data-same="FIRST"></div>`: both ids as the page already escaped them.
      parts.push(bytes.subarray(copied, span.start), HOLDER_OPEN, id, HOLDER_SAME, earlier, HOLDER_CLOSE)
      copied = span.end
    }
    if (copied === 0) return bytes
    parts.push(bytes.subarray(copied))
    return Buffer.concat(parts)
  })
}
