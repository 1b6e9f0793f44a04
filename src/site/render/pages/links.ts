/**
 * Links between pages that are not cut yet (issue 29): a section is rendered before anyone knows which page
 * it, or the record it links to, lands on — the Chat's turn link to its first request on the Trajectory pages,
 * a Trajectory record's link to another record that a long turn put on the next page. Such a link is written
 * `<a data-x href="#ID">` (components/trajectory/ledger-html.ts `linkHtml`, an empty attribute written bare as
 * the page's markup writes it; `chat-N` ids point back into the Chat), and rewritten when a page is put together, once every page is known: `<a href="#ID">` when the
 * target is on the same page, `<a href="<page>#ID">` when it is on another. The marker is found in the
 * bytes as the renderer writes them: text escapes `<`, so `<a data-x` can only be our start tag, and the
 * values inside it are ours (ids the Trajectory makes, escaped like any attribute).
 *
 * A page is measured before its links are rewritten, so each deferred link is charged `growth` bytes up
 * front (the longest page name it could gain, less the marker it loses): a page never exceeds its budget
 * when its links get their page names.
 */

/** The start of a deferred link, up to its id, as the ledger writes it. */
const OPEN = Buffer.from('<a data-x href="#')
const QUOTE = 0x22

/**
 * What the scan searches for: the marker from its `x` on. The search skips ahead to each place its first byte
 * occurs, and markup has a `<` every few bytes but an `x` far less often, so searching for this tail and
 * checking the 8 bytes before it found the markers in about half the time of searching for the whole marker
 * (a page's ~96 MB on a 100 MB session: the scan was the largest single cost of resolving its links).
 */
const TAIL = OPEN.subarray(OPEN.indexOf('x'))
const HEAD = OPEN.length - TAIL.length

/** Where the next deferred link's marker starts at or after `from`, or -1. */
function nextMarker(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(TAIL, from + HEAD); at >= 0; at = bytes.indexOf(TAIL, at + 1)) {
    let k = 0
    while (k < HEAD && bytes[at - HEAD + k] === OPEN[k]) k++
    if (k === HEAD) return at - HEAD
  }
  return -1
}

/** The rewritten start of a link: `<a href="`. */
const PLAIN = Buffer.from('<a href="')

/**
 * Resolves one deferred link by the id it points at: the href it gets (`<page>#id`), or null for `#id` (the
 * target is on the same page). Most links are the latter (a record's links to its neighbours), and null lets
 * their `#id` be copied from the chunk as it is, not made into a string and encoded again.
 */
export type LinkResolver = (id: string) => string | null

/**
 * Deferred links in rendered bytes, found by scanning them. The ledger counts its links as it writes them
 * (components/trajectory/ledger-html.ts `tally`); this scan is what its tests check that count against.
 */
export function countDeferredLinks(bytes: Buffer): number {
  let n = 0
  for (let at = nextMarker(bytes, 0); at >= 0; at = nextMarker(bytes, at + OPEN.length)) n++
  return n
}

/** Bytes a deferred link may grow by when it gets a page name of at most `pageNameBytes` bytes. */
export function linkGrowth(pageNameBytes: number): number {
  // The marker, `<a data-x href="#` (16 bytes), becomes `<a href="` + name + `#` (10 + name).
  return Math.max(0, pageNameBytes - 6)
}

/**
 * A page's chunks with every deferred link pointed at its target (`resolve` gives the href: `<page>#id`, or
 * null for `#id`), as the one buffer of the page's ledger, made at its final size: the links are found and
 * resolved first, then the chunks' bytes between them and each link's new start are copied in. Kept as parts
 * (views of the chunks and a buffer per href) a page was a few hundred small buffers, each an allocation and
 * an entry of the file write's `writev` — more work for the build thread than copying ~200 KB once (issue
 * 29's time goal). A single chunk without deferred links is returned as it is.
 */
export function resolveLinks(chunks: readonly Buffer[], resolve: LinkResolver): Buffer {
  // Per link: its chunk, where its marker starts and where its id ends (where `#id` starts when it is kept);
  // and its href (null: `#id` kept).
  const where: number[] = []
  const hrefs: (string | null)[] = []
  let size = 0
  for (let c = 0; c < chunks.length; c++) {
    const bytes = chunks[c] as Buffer
    size += bytes.length
    for (let at = nextMarker(bytes, 0); at >= 0; at = nextMarker(bytes, at + OPEN.length)) {
      const idStart = at + OPEN.length
      const idEnd = bytes.indexOf(QUOTE, idStart)
      if (idEnd < 0) continue
      // Ids are ours (`rec-41`, `chat-3`): ASCII, escaped like any attribute value, so latin1 reads them.
      const href = resolve(bytes.toString('latin1', idStart, idEnd))
      if (href === null) {
        where.push(c, at, idStart - 1)
        size -= OPEN.length - 1 - PLAIN.length
      } else {
        where.push(c, at, idEnd)
        size += PLAIN.length + Buffer.byteLength(href, 'utf8') - (idEnd - at)
      }
      hrefs.push(href)
    }
  }
  if (hrefs.length === 0 && chunks.length === 1) return chunks[0] as Buffer
  const out = Buffer.allocUnsafe(size)
  let written = 0
  let link = 0
  for (let c = 0; c < chunks.length; c++) {
    const bytes = chunks[c] as Buffer
    let copied = 0
    for (; link < hrefs.length && where[3 * link] === c; link++) {
      const at = where[3 * link + 1] as number
      written += bytes.copy(out, written, copied, at)
      written += PLAIN.copy(out, written)
      const href = hrefs[link] as string | null
      if (href !== null) written += out.write(href, written, 'utf8')
      copied = where[3 * link + 2] as number
    }
    written += bytes.copy(out, written, copied)
  }
  if (written !== size) throw new Error('a page with resolved links came out at another length than counted')
  return out
}
