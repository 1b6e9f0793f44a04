/**
 * Deep links across the pages of one session (browser, progressive enhancement). A row's `#id` is stable,
 * but pagination decides which page holds it, so a paginated session ships an anchor map as a classic
 * script beside its pages (`<stem>.anchors.js`, written by src/site/render/pages/anchors.ts, setting
 * `window.dshAnchors`), which its pages name in `<meta name="dsh-anchors">`. The map is loaded only when
 * something needs it — a fragment this page lacks, which is then forwarded to the page that has it, or the
 * find box listing matches on other pages — not with every page: on a long session it is the biggest file
 * a page would load (1.6 MB for a 100 MB log), and most page views never need it. Without scripts the link
 * opens the page it names — and the index lists every page. Only page file names from the map, checked
 * against the pattern our names follow, are ever navigated to, and only a map file named like ours is loaded.
 *
 * A fragment that no page of the session holds (`#turn-999` of a 430-turn session, a row of another
 * session) is said so in the page's notice (`[data-missing-anchor]`, components/layout/SessionPage), as an
 * alert, rather than leaving the reader on this page with no word. Only when that is known: the page has no
 * map (one page) or its map lacks the id; not on a live page, where the session may still grow to it.
 */

declare global {
  interface Window {
    dshAnchors?: unknown
  }
}

/** Our page file names only: a map entry that is anything else is ignored. */
const PAGE_FILE = /^[A-Za-z0-9._~-]+\.html$/

/** The element id a fragment names (`#…`, percent-decoded), or null: no fragment, or a malformed escape. */
export function fragmentId(hash: string): string | null {
  if (hash.length < 2) return null
  try {
    return decodeURIComponent(hash.slice(1))
  } catch {
    return null
  }
}

/**
 * The page file that holds anchor `id` per an anchor map as its script set it (`{pages, anchors}`, checked
 * here: it is a file beside the page), or null: no map, an unknown id, or an entry that is not one of our names.
 */
export function mapPage(mapValue: unknown, id: string): string | null {
  if (typeof mapValue !== 'object' || mapValue === null) return null
  const { pages, anchors } = mapValue as { pages?: unknown; anchors?: unknown }
  if (!Array.isArray(pages) || typeof anchors !== 'object' || anchors === null || !Object.hasOwn(anchors, id)) return null
  const index: unknown = (anchors as Record<string, unknown>)[id]
  const page: unknown = typeof index === 'number' ? pages[index] : undefined
  return typeof page === 'string' && PAGE_FILE.test(page) ? page : null
}

/** Where a fragment this page lacks lives (`page.html#id`), or null to stay. */
export function anchorTarget(mapValue: unknown, doc: Document, hash: string, currentFile: string): string | null {
  const id = fragmentId(hash)
  if (id === null || doc.getElementById(id) !== null) return null
  const page = mapPage(mapValue, id)
  return page === null || page === currentFile ? null : `${page}#${encodeURIComponent(id)}`
}

/** Our anchor map names only: a file beside the page (no path, no scheme). */
const ANCHORS_FILE = /^[A-Za-z0-9._~-]+\.anchors\.js$/

/** The anchor map script this page names (`<meta name="dsh-anchors" content>`), or null: one page, or not ours. */
export function anchorMapSrc(doc: Document): string | null {
  const src = doc.querySelector('meta[name="dsh-anchors"]')?.getAttribute('content') ?? null
  return src !== null && ANCHORS_FILE.test(src) ? src : null
}

const loading = new WeakMap<Document, Promise<unknown>>()

/**
 * The session's anchor map, loaded on first call (once per document) by injecting its script; resolves to
 * what the script set (each user checks it), or undefined when the page names none or it cannot be loaded.
 */
export function loadAnchorMap(doc: Document): Promise<unknown> {
  const win = doc.defaultView
  if (win === null) return Promise.resolve(undefined)
  if (win.dshAnchors !== undefined) return Promise.resolve(win.dshAnchors)
  let promise = loading.get(doc)
  if (promise !== undefined) return promise
  const src = anchorMapSrc(doc)
  if (src === null) return Promise.resolve(undefined)
  promise = new Promise<unknown>(resolve => {
    const script = doc.createElement('script')
    script.src = src
    script.addEventListener('load', () => resolve(win.dshAnchors))
    script.addEventListener('error', () => resolve(undefined))
    doc.head.append(script)
  })
  loading.set(doc, promise)
  return promise
}

/** Ids of a session's turn headings (`turn-N`, src/site/README.md): the notice names the turn. */
const TURN_ID = /^turn-(\d+)$/
/** Characters of an address the notice repeats; the rest is left out (it is URL text, shown as text). */
const MAX_NAMED = 100

/** The notice's text for a fragment naming nothing in the session, from the page's two templates. */
export function missingText(id: string, templates: { turn: string; other: string }): string {
  const turn = TURN_ID.exec(id)?.[1]
  if (turn !== undefined) return templates.turn.replace('{n}', () => turn)
  const named = id.length > MAX_NAMED ? `${id.slice(0, MAX_NAMED - 1)}…` : id
  return templates.other.replace('{id}', () => named)
}

/** Shows (`id`: the missing address) or hides (null) the page's notice; the notice is session chrome, not log text. */
function showMissing(doc: Document, id: string | null): void {
  const notice = doc.querySelector<HTMLElement>('[data-missing-anchor]')
  if (notice === null) return
  if (id === null) {
    notice.hidden = true
    notice.textContent = ''
    return
  }
  notice.textContent = missingText(id, { turn: notice.getAttribute('data-turn') ?? '', other: notice.getAttribute('data-other') ?? '' })
  notice.hidden = false
  notice.scrollIntoView({ block: 'nearest' })
}

/** A live page (`dsh-view live`): its session may still grow to hold the fragment. */
const isLive = (doc: Document) => doc.querySelector('meta[name="dsh-live"]') !== null

/**
 * Forwards the current fragment if it belongs to another page, and again whenever it changes; says so when
 * no page holds it. Runs once the document is parsed; the map is loaded only for a fragment this page lacks.
 * `ownedElsewhere` names fragments that are not addresses but another script's commands (the replay
 * player's `#replay=…`, `#turn=N`): those neither load the map (the biggest file of a long session, on
 * every replay page turn) nor say that no page holds them.
 */
export function installAnchorRedirect(win: Window, ownedElsewhere: (hash: string) => boolean = () => false): void {
  const go = () => {
    const hash = win.location.hash
    // Only a fragment naming an element this page lacks is worth loading the map for.
    const id = fragmentId(hash)
    if (id === null || win.document.getElementById(id) !== null || ownedElsewhere(hash)) {
      showMissing(win.document, null)
      return
    }
    const named = anchorMapSrc(win.document) !== null
    void loadAnchorMap(win.document).then(map => {
      // The reader may have moved on while the map loaded.
      if (win.location.hash !== hash) return
      const path = win.location.pathname
      const current = path.slice(path.lastIndexOf('/') + 1)
      const target = anchorTarget(map, win.document, hash, current)
      if (target !== null) return win.location.replace(target)
      // Nowhere in the session: known when there is no map (one page) or the map loaded and lacks the id.
      const known = !named || (map !== undefined && mapPage(map, id) === null)
      if (known && !isLive(win.document)) showMissing(win.document, id)
    })
  }
  let done = false
  const once = () => {
    if (done) return
    done = true
    go()
  }
  if (win.document.readyState === 'complete') once()
  else {
    win.document.addEventListener('DOMContentLoaded', once)
    win.addEventListener('load', once)
  }
  win.addEventListener('hashchange', go)
}
