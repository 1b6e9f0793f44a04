/**
 * Output file names: one stem per session, derived from its id (never from build order), so a link to a
 * session survives rebuilds and other sessions coming and going. Ids are usually UUIDs (kept as they are);
 * anything else is escaped like dsh's own `encodeSegment` (log-format.md §2.3: `[A-Za-z0-9_-]` kept,
 * every other UTF-16 unit as `~XXXX`), which is injective and safe in a URL path and on every file system.
 * Unlike dsh, a dot is escaped too (issue 17): the build's own names are `<stem>.<suffix>` (`x.p2.html`,
 * `x.files/`, `x.search.js`), so a stem without dots can never be another session's page name.
 * Two logs with the same id (the same session in two inputs) get `~2`, `~3` in input order.
 *
 * Page k > 1 of a session is `<stem>.p<k>.html`; side files of cut outputs live in `<stem>.files/`. Its
 * Trajectory pages are `<stem>.trajectory.html`, `<stem>.trajectory.p<k>.html`.
 */
import { createHash } from 'node:crypto'

/** Long ids are cut and suffixed with a hash: some file systems refuse names over 255 bytes. */
const MAX_STEM = 120

export function sessionStem(id: string): string {
  let stem = ''
  for (let i = 0; i < id.length; i++) {
    const c = id[i] ?? ''
    stem += /[A-Za-z0-9_-]/.test(c) ? c : `~${id.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`
  }
  if (stem === '') stem = '~empty'
  if (stem.length > MAX_STEM) stem = `${stem.slice(0, MAX_STEM - 17)}~${createHash('sha256').update(id).digest('hex').slice(0, 16)}`
  // Windows reserves these names whatever the extension.
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(stem)) stem = `~${stem}`
  return stem
}

/** Gives every session a distinct stem; `ids` in input order. */
export function assignStems(ids: readonly string[]): string[] {
  const used = new Map<string, number>()
  return ids.map(id => {
    const base = sessionStem(id)
    const seen = used.get(base.toLowerCase()) ?? 0
    used.set(base.toLowerCase(), seen + 1)
    return seen === 0 ? base : `${base}~${seen + 1}`
  })
}

// In a module of its own so the page script (the index overview) names pages without node:crypto.
export { pageFile } from './page-file'

/** Side file of a cut text, relative to `sessions/`. */
export function sideFile(stem: string, contentHash: string): string {
  return `${stem}.files/${contentHash}.txt`
}

/** Page `page` (1-based) of a session's full prompt list (src/site/render/prompts.ts), relative to `sessions/`. */
export function promptsFile(stem: string, page: number): string {
  return page <= 1 ? `${stem}.prompts.html` : `${stem}.prompts.p${page}.html`
}

/** Page `page` (1-based) of a session's Trajectory (issue 29), relative to `sessions/`. */
export function trajectoryFile(stem: string, page: number): string {
  return page <= 1 ? `${stem}.trajectory.html` : `${stem}.trajectory.p${page}.html`
}

/** The longest Trajectory page name a session can have (pages are counted in at most six digits). */
export function longestTrajectoryFile(stem: string): string {
  return trajectoryFile(stem, 999_999)
}
