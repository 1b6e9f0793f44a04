/**
 * The prebuilt page shell (dist/site/shell.html, rendered once by Astro from src/pages/shell.astro) and how
 * a page is spliced into it: `%DSH_LANG%`, `%DSH_ROOT%` (the relative way back to the site root, so assets
 * resolve from file:// and from any folder of a static host), `%DSH_VIEW%` (the page's default view mode,
 * `<html data-view>`; optional, so a shell from before view modes still parses), `<!--dsh:head-->` and
 * `<!--dsh:body-->`.
 * Splicing is string work on markers the shell owns; what goes in was rendered by React or escaped here.
 */
import { escapeHtml } from '../../highlight/render-tokens'
import { DEFAULT_VIEW_MODE, type ViewMode } from '../../cards/view-mode'

const REQUIRED = ['%DSH_LANG%', '%DSH_ROOT%', '<!--dsh:head-->', '<!--dsh:body-->'] as const
const MARKERS = [...REQUIRED, '%DSH_VIEW%'] as const

export interface Shell {
  /** The shell cut at its markers: text, marker, text, marker, … */
  parts: string[]
  markers: (typeof MARKERS)[number][]
}

/** Parses shell.html; throws when a marker is missing (a broken package build, not user input). */
export function parseShell(html: string): Shell {
  for (const m of REQUIRED) if (!html.includes(m)) throw new Error(`page shell lacks ${m}: rebuild the package (npm run build)`)
  const pattern = new RegExp(MARKERS.map(m => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  const parts: string[] = []
  const markers: Shell['markers'] = []
  let last = 0
  for (const match of html.matchAll(pattern)) {
    parts.push(html.slice(last, match.index))
    markers.push(match[0] as Shell['markers'][number])
    last = match.index + match[0].length
  }
  parts.push(html.slice(last))
  return { parts, markers }
}

export interface PageFill {
  lang: string
  /** `''` for pages at the root, `../` one level down. */
  root: string
  /** Head markup: title, canonical link, extra scripts (already safe: built here from escaped values). */
  head: string
  body: string
  /** The page's default view mode (`<html data-view>`); default `DEFAULT_VIEW_MODE`. */
  view?: ViewMode
}

/**
 * A `<head>` fragment: the title, an optional canonical link, and the session's anchor map when it has one
 * (named, not loaded: the page script loads it when a link needs it, components/layout/anchors-client.ts).
 */
export function headMarkup(title: string, canonical: string | null, anchors: string | null = null, replay: { src: string; page: number; autoplay?: boolean; data?: string; hold?: boolean } | null = null): string {
  let head = `<title>${escapeHtml(title)}</title>`
  if (canonical !== null) head += `\n<link rel="canonical" href="${escapeHtml(canonical)}">`
  if (anchors !== null) head += `\n<meta name="dsh-anchors" content="${escapeHtml(anchors)}">`
  // `src` is a script file beside the page, or `#<id>` of a JSON data block in it (the one-file export,
  // whose `data-autoplay` asks to play at once when framed). The page's player (src/site/client/replay)
  // decodes the data only when the reader plays or arrives at a replay position.
  if (replay !== null) {
    head += `\n<meta name="dsh-replay" content="${escapeHtml(replay.src)}" data-page="${replay.page}"${replay.autoplay === true ? ' data-autoplay=""' : ''}>`
    // The index and this page's data file (`data`, a paginated session's) are loaded by the page itself,
    // deferred, after site.js: the parser fetches them while it reads the page, so a page turn of a replay
    // finds them in when the player starts instead of asking for them then (a few hundred bytes of script
    // run on every open of the page, ~0.1 ms each; nothing is decoded until the player needs it).
    // On a long session's light pages (src/site/render/pages/paginate.ts `packSession`), the data file, the
    // last deferred script, holds the page's first frame (`blocking="render"`) until it has run, and with it
    // site.js and the player: a page turn then draws one frame, at the position, not frames of the
    // half-parsed page at its top first (their style, layout, paint and raster were a fifth of a page turn's
    // CPU: bench/README.md, replay-seek). A plain open of such a page draws its first frame once the page is
    // parsed, a little later but finished sooner (less is drawn twice). Full-size pages are not held: a
    // ~1 MB page held until parsed doubled its first paint. With scripts off, nothing is held.
    if (!replay.src.startsWith('#')) head += `\n<script defer src="${escapeHtml(replay.src)}"></script>`
    if (replay.data !== undefined) head += `\n<script defer${replay.hold === true ? ' blocking="render"' : ''} src="${escapeHtml(replay.data)}"></script>`
  }
  return head
}

export function fillShell(shell: Shell, fill: PageFill): string {
  const value = {
    '%DSH_LANG%': escapeHtml(fill.lang),
    '%DSH_ROOT%': escapeHtml(fill.root),
    '%DSH_VIEW%': escapeHtml(fill.view ?? DEFAULT_VIEW_MODE),
    '<!--dsh:head-->': fill.head,
    '<!--dsh:body-->': fill.body,
  }
  let out = shell.parts[0] ?? ''
  shell.markers.forEach((m, i) => {
    out += value[m] + (shell.parts[i + 1] ?? '')
  })
  return out
}
