/**
 * Deep links across the pages of one session (browser, progressive enhancement). A row's `#id` is stable,
 * but pagination decides which page holds it, so a paginated session ships an anchor map as a classic
 * script beside its pages (`<stem>.anchors.js`, written by src/site/anchors.ts, setting
 * `window.dshAnchors`). A fragment this page lacks is forwarded to the page that has it. Without scripts the
 * link opens the page it names — and the index lists every page. Only page file names from the map, checked
 * against the pattern our names follow, are ever navigated to.
 */

export interface AnchorMap {
  /** Page file names, index 0 = page 1. */
  pages: string[]
  /** Anchor id → page index. */
  anchors: Record<string, number>
}

declare global {
  interface Window {
    dshAnchors?: unknown
  }
}

/** Our page file names only: a map entry that is anything else is ignored. */
const PAGE_FILE = /^[A-Za-z0-9._~-]+\.html$/

function asMap(value: unknown): AnchorMap | null {
  if (typeof value !== 'object' || value === null) return null
  const { pages, anchors } = value as Partial<AnchorMap>
  if (!Array.isArray(pages) || typeof anchors !== 'object' || anchors === null) return null
  return { pages: pages.filter((p): p is string => typeof p === 'string'), anchors }
}

/** Where a fragment this page lacks lives (`page.html#id`), or null to stay. */
export function anchorTarget(mapValue: unknown, doc: Document, hash: string, currentFile: string): string | null {
  if (hash.length < 2) return null
  let id: string
  try {
    id = decodeURIComponent(hash.slice(1))
  } catch {
    return null
  }
  if (doc.getElementById(id) !== null) return null
  const map = asMap(mapValue)
  if (map === null) return null
  const index = Object.hasOwn(map.anchors, id) ? map.anchors[id] : undefined
  const page = typeof index === 'number' ? map.pages[index] : undefined
  if (page === undefined || page === currentFile || !PAGE_FILE.test(page)) return null
  return `${page}#${encodeURIComponent(id)}`
}

/**
 * Forwards the current fragment if it belongs to another page, and again whenever it changes. Runs once
 * the document is parsed: deferred scripts (the map among them) have all run by DOMContentLoaded.
 */
export function installAnchorRedirect(win: Window): void {
  const go = () => {
    const path = win.location.pathname
    const target = anchorTarget(win.dshAnchors, win.document, win.location.hash, path.slice(path.lastIndexOf('/') + 1))
    if (target !== null) win.location.replace(target)
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
