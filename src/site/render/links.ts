/**
 * Links between pages that are not cut yet (issue 29): a section is rendered before anyone knows which page
 * it, or the record it links to, lands on — the Chat's turn link to its first request on the Trajectory pages,
 * a Trajectory record's link to another record that a long turn put on the next page. Such a link is written
 * `<a data-x href="#ID">` (a Trajectory id, same tab) or `<a data-x="t" href="#KEY">` (from the Chat to the
 * Trajectory), and rewritten when a page is put together, once every page is known: `<a href="#ID">` when the
 * target is on the same page, `<a href="<page>#ID">` when it is on another. The marker is found in the
 * bytes as the renderer writes them: text escapes `<`, so `<a data-x` can only be our start tag, and the
 * values inside it are ours (ids the Trajectory makes, escaped like any attribute).
 *
 * A page is measured before its links are rewritten, so each deferred link is charged `growth` bytes up
 * front (the longest page name it could gain, less the marker it loses): a page never exceeds its budget
 * when its links get their page names.
 */

const OPEN = Buffer.from('<a data-x')
const HREF = Buffer.from(' href="#')
const TAB = Buffer.from('="')
const QUOTE = 0x22

/** The rewritten start of a link: `<a href="`. */
const PLAIN = Buffer.from('<a href="')

/** Resolves one deferred link: the tab it points into (`''` same tab, `t` the Trajectory) and its id. */
export type LinkResolver = (tab: string, id: string) => string

/** Deferred links in rendered bytes (for the size charge). */
export function countDeferredLinks(bytes: Buffer): number {
  let n = 0
  for (let at = bytes.indexOf(OPEN); at >= 0; at = bytes.indexOf(OPEN, at + OPEN.length)) n++
  return n
}

/** Bytes a deferred link may grow by when it gets a page name of at most `pageNameBytes` bytes. */
export function linkGrowth(pageNameBytes: number): number {
  // The shortest marker, `<a data-x href="#` (16 bytes), becomes `<a href="` + name + `#` (10 + name).
  return Math.max(0, pageNameBytes - 6)
}

/** Parses the deferred link at `at`: its tab, the id's bounds, and where its start tag's href ends. */
function parse(bytes: Buffer, at: number): { tab: string; idStart: number; idEnd: number } | null {
  let p = at + OPEN.length
  let tab = ''
  if (bytes.subarray(p, p + TAB.length).equals(TAB)) {
    const close = bytes.indexOf(QUOTE, p + TAB.length)
    if (close < 0) return null
    tab = bytes.toString('latin1', p + TAB.length, close)
    p = close + 1
  }
  if (!bytes.subarray(p, p + HREF.length).equals(HREF)) return null
  const idStart = p + HREF.length
  const idEnd = bytes.indexOf(QUOTE, idStart)
  return idEnd < 0 ? null : { tab, idStart, idEnd }
}

/**
 * A page's chunks with every deferred link pointed at its target (`resolve` gives the href: `#id` or
 * `<page>#id`). Chunks without deferred links come back as they were.
 */
export function resolveLinks(chunks: readonly Buffer[], resolve: LinkResolver): Buffer[] {
  return chunks.map((bytes) => {
    let at = bytes.indexOf(OPEN)
    if (at < 0) return bytes
    const parts: Buffer[] = []
    let copied = 0
    for (; at >= 0; at = bytes.indexOf(OPEN, at + OPEN.length)) {
      const link = parse(bytes, at)
      if (link === null) continue
      // Ids are ours (`rec-41`, `turn-3`): ASCII, escaped like any attribute value, so latin1 reads them.
      const id = bytes.toString('latin1', link.idStart, link.idEnd)
      parts.push(bytes.subarray(copied, at), PLAIN, Buffer.from(resolve(link.tab, id), 'utf8'))
      copied = link.idEnd
    }
    if (copied === 0) return bytes
    parts.push(bytes.subarray(copied))
    return Buffer.concat(parts)
  })
}
