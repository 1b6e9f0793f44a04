/**
 * What a page written by `dsh-view live` carries beyond a static page (issue 6; architecture.md §2.12):
 * a `<meta name="dsh-live">` flag the live client (src/live/browser) reads — which session the page shows,
 * and how many log lines and which last seq it was rendered from, so a page that is already current keeps
 * its server-rendered transcript — plus the live stylesheet, and a shell whose script is `live.js` instead
 * of `site.js` (the live bundle runs the site script too, so the enhancement code exists once on the page)
 * and whose Content-Security-Policy also allows `connect-src 'self'` (the page's own EventSource and
 * fetches; static pages keep the strict policy of csp.ts). Static builds never call any of this.
 *
 * Pure (no node:*): the browser bundle imports the flag names and `parseLiveFlag` from here.
 */
import { escapeHtml } from '../../highlight/render-tokens'
import { CSP } from './csp'
import type { Shell } from './shell'

/** The policy of a page served by the live server: the static one plus its own origin for the feeds. */
export const LIVE_CSP = `${CSP}; connect-src 'self'`

export const LIVE_META = 'dsh-live'
export const LIVE_SCRIPT = 'live.js'
export const LIVE_STYLESHEET = 'live.css'
/** How the shell names the site script (after its `%DSH_ROOT%` marker). */
const SITE_SCRIPT_SRC = 'assets/site.js"'

/** Which page this is, as the live client needs it. */
export type LiveFlag =
  | { page: 'index' }
  | {
      /** A session's Chat page, or its Trajectory page (src/live/browser/trajectory-page.ts). */
      page: 'session' | 'trajectory'
      /** The session's key on the live server (`liveFeedPath(key)`). */
      key: string
      /** Log lines (`ParsedLine`s) and last event seq the server-rendered transcript was made from. */
      lines: number
      seq: number
    }

/**
 * Where a session page sits among its session's pages, for the live page to cut the growing session into
 * pages as the build does: the session's file stem, this page's number and the page count, and the room
 * the build gave each page's transcript (`MAX_PAGE_BYTES`/`MAX_PAGE_NODES` minus the chrome it reserved).
 */
export interface LivePageInfo {
  stem: string
  page: number
  pages: number
  /** Null while the renderer sizes the chrome (written as zeros of the same width, so the size is the same). */
  room: { bytes: number; nodes: number } | null
}

export const LIVE_PAGE_META = 'dsh-live-page'

/** `<page> <pages> <bytes> <nodes> <stem>`, the room zero-padded to a fixed width; the stem goes last. */
export function formatLivePage(info: LivePageInfo): string {
  const bytes = String(info.room?.bytes ?? 0).padStart(7, '0')
  const nodes = String(info.room?.nodes ?? 0).padStart(5, '0')
  return `${info.page} ${info.pages} ${bytes} ${nodes} ${info.stem}`
}

export function parseLivePage(content: string | null | undefined): LivePageInfo | null {
  if (typeof content !== 'string') return null
  const match = /^(\d{1,9}) (\d{1,9}) (\d{7,9}) (\d{5,9}) (\S+)$/.exec(content)
  if (match === null) return null
  const [page, pages, bytes, nodes] = [match[1], match[2], match[3], match[4]].map(Number) as [number, number, number, number]
  if (page < 1 || pages < page) return null
  return { page, pages, room: bytes === 0 && nodes === 0 ? null : { bytes, nodes }, stem: match[5] ?? '' }
}

/** `index` or `session|trajectory <lines> <seq> <key>`: the key goes last, so nothing in it can shift the fields. */
export function formatLiveFlag(flag: LiveFlag): string {
  return flag.page === 'index' ? 'index' : `${flag.page} ${flag.lines} ${flag.seq} ${flag.key}`
}

export function parseLiveFlag(content: string | null | undefined): LiveFlag | null {
  if (typeof content !== 'string') return null
  if (content === 'index') return { page: 'index' }
  const match = /^(session|trajectory) (\d{1,15}) (-1|\d{1,15}) (\S+)$/.exec(content)
  if (match === null) return null
  return { page: match[1] === 'trajectory' ? 'trajectory' : 'session', lines: Number(match[2]), seq: Number(match[3]), key: match[4] ?? '' }
}

/**
 * The `<head>` additions of a live page; `root` is the relative way back to the site root (`''`, `../`);
 * `page` for session pages.
 */
export function liveHead(flag: LiveFlag, root: string, page?: LivePageInfo): string {
  return [
    `<meta name="${LIVE_META}" content="${escapeHtml(formatLiveFlag(flag))}">`,
    ...(page === undefined ? [] : [`<meta name="${LIVE_PAGE_META}" content="${escapeHtml(formatLivePage(page))}">`]),
    `<link rel="stylesheet" href="${escapeHtml(root)}assets/${LIVE_STYLESHEET}">`,
  ].map((line) => `\n${line}`).join('')
}

/**
 * The shell with the live policy in place of the static one and `live.js` in place of `site.js`; throws
 * if the shell lacks either (a package build this version does not know).
 */
export function liveShell(shell: Shell): Shell {
  // Astro may or may not escape the policy's quotes; replace it in whichever spelling the shell holds.
  const spellings: [string, string][] = [
    [`content="${CSP}"`, `content="${LIVE_CSP}"`],
    [`content="${escapeHtml(CSP)}"`, `content="${escapeHtml(LIVE_CSP)}"`],
  ]
  let policy = false
  let script = false
  const parts = shell.parts.map((part) => {
    let out = part
    for (const [needle, replacement] of spellings) {
      if (!policy && out.includes(needle)) {
        policy = true
        out = out.replace(needle, replacement)
      }
    }
    if (!script && out.includes(SITE_SCRIPT_SRC)) {
      script = true
      out = out.replace(SITE_SCRIPT_SRC, `assets/${LIVE_SCRIPT}"`)
    }
    return out
  })
  if (!policy) throw new Error('page shell lacks the Content-Security-Policy of csp.ts: rebuild the package (npm run build)')
  if (!script) throw new Error('page shell lacks the assets/site.js script: rebuild the package (npm run build)')
  return { parts, markers: shell.markers }
}
