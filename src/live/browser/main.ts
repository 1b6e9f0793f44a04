/**
 * Entry of `assets/live.js`, the script of pages written by `dsh-view live` (bundled by
 * scripts/live-assets.mjs as one classic IIFE, like site.js: no module syntax at run time). It runs the site
 * script first — the live shell loads this instead of site.js, so the enhancement code and its
 * once-per-root listeners exist once — then reads the page's live flag (src/site/html/live.ts) and starts the
 * live session page (with its place among the session's pages, src/site/html/live.ts `LIVE_PAGE_META`), a
 * session's live Trajectory page, or the live index. A page without a flag (opened from the folder as a static site)
 * stays static.
 */
import '../../site/client/site'
import type { Locale } from '../../cards/types'
import { LIVE_META, LIVE_PAGE_META, parseLiveFlag, parseLivePage } from '../../site/html/live'
import { LiveIndexPage } from './index-page'
import { LiveSessionPage } from './session-page'
import { LiveTrajectoryPage } from './trajectory-page'
import type { PageWindow } from './site-client'

function localeOf(doc: Document): Locale {
  return doc.documentElement.lang.toLowerCase().startsWith('zh') ? 'zh' : 'en'
}

function start(win: PageWindow): void {
  const doc = win.document
  const flag = parseLiveFlag(doc.querySelector(`meta[name="${LIVE_META}"]`)?.getAttribute('content'))
  // Opened from file:// the folder is a plain static site: there is no server to follow.
  if (flag === null || typeof win.EventSource !== 'function' || win.location.protocol === 'file:') return
  const locale = localeOf(doc)
  if (flag.page === 'index') {
    new LiveIndexPage(win, locale)
    return
  }
  if (flag.page === 'trajectory') {
    new LiveTrajectoryPage(win, { key: flag.key, lines: flag.lines, locale })
    return
  }
  const main = doc.getElementById('main')
  if (main === null) return
  const page = parseLivePage(doc.querySelector(`meta[name="${LIVE_PAGE_META}"]`)?.getAttribute('content'))
  new LiveSessionPage(win, main, { key: flag.key, lines: flag.lines, seq: flag.seq, locale, page })
}

start(window)
