/**
 * The document around a one-file export: the site's own page shell (dist/site/shell.html, so charset,
 * viewport, colour scheme and referrer policy stay those of every site page) with its two asset links
 * replaced by the assets themselves — the stylesheet as one `<style>` in the head, the script as one
 * `<script>` at the end of the body (a classic inline script cannot be deferred; at the end it runs once the
 * content is parsed, as the site's deferred script does) — and the policy of html/csp.ts in place of the
 * site's. A shell without the expected tags is a broken package build: it throws rather than guess.
 */
import type { SiteAssets } from '../../site/html/assets'
import { escapeHtml } from '../../highlight/render-tokens'
import { DEFAULT_VIEW_MODE, type ViewMode } from '../../cards/view-mode'
import type { Shell } from '../../site/html/shell'
import { EXPORT_CSS, EXPORT_SCRIPT } from './client'
import { exportCsp, styleAttributes } from './csp'

const STYLESHEET = /<link rel="stylesheet" href="%DSH_ROOT%assets\/site\.css">/g
const SCRIPT = /<script defer src="%DSH_ROOT%assets\/site\.js"><\/script>\n?/g
const POLICY = /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(">)/g
const STYLE_SLOT = '%DSH_EXPORT_STYLE%'
/** Stands for the policy until the body (and so the style hashes) is known. */
const POLICY_SLOT = '%DSH_EXPORT_CSP%'
const HEAD = '<!--dsh:head-->'
const BODY = '<!--dsh:body-->'

function shellText(shell: Shell): string {
  return shell.parts.reduce((out, part, i) => out + part + (shell.markers[i] ?? ''), '')
}

function replaceOnce(text: string, pattern: RegExp, by: string, what: string): string {
  const count = [...text.matchAll(pattern)].length
  if (count !== 1) throw new Error(`page shell has ${count} ${what} (expected 1): rebuild the package (npm run build)`)
  return text.replace(pattern, by)
}

/** Text that must not end or confuse the raw-text element it is inlined into. */
function inlineSafe(text: string, element: 'script' | 'style'): string {
  if (new RegExp(`</${element}`, 'i').test(text) || text.includes('<!--')) throw new Error(`an asset cannot be inlined into <${element}>: it contains a closing tag or comment`)
  return text
}

export interface ExportAssets {
  /** The shell around head and body, asset links replaced; `%DSH_LANG%`, `%DSH_VIEW%` and the policy slot still open. */
  before: string
  between: string
  after: string
  style: string
  script: string
}

/** The site's shell and assets, rearranged for inlining. */
export function exportAssets(assets: SiteAssets): ExportAssets {
  const css = assets.files.get('site.css')
  const js = assets.files.get('site.js')
  if (css === undefined || js === undefined) throw new Error('site assets lack site.css or site.js: rebuild the package (npm run build)')
  const style = inlineSafe(`${css}\n${EXPORT_CSS}`, 'style')
  const script = inlineSafe(`${js}\n${EXPORT_SCRIPT}`, 'script')
  let html = shellText(assets.shell)
  html = replaceOnce(html, STYLESHEET, STYLE_SLOT, 'stylesheet links')
  html = replaceOnce(html, SCRIPT, '', 'script tags')
  html = replaceOnce(html, POLICY, `$1${POLICY_SLOT}$2`, 'policies')
  if (html.includes('%DSH_ROOT%')) throw new Error('page shell links other files: an export cannot inline them')
  const [before, rest] = html.split(HEAD)
  const [between, after] = (rest ?? '').split(BODY)
  if (before === undefined || between === undefined || after === undefined) throw new Error('page shell lacks its head or body marker')
  // Spliced by hand: `$` sequences in the style text would be special to String.replace.
  const [open, close] = before.split(STYLE_SLOT)
  return { before: `${open ?? ''}<style>${style}</style>${close ?? ''}`, between, after, style, script }
}

export interface DocumentFill {
  lang: string
  /** The file's default view mode (`<html data-view>`); default `DEFAULT_VIEW_MODE`. */
  view?: ViewMode
  /** `<title>` and any other head markup (already escaped). */
  head: string
  /** The body markup in pieces, in order. */
  body: readonly string[]
}

/**
 * The whole file, in pieces (the body's pieces as they came: never joined). Session text only ever arrives
 * inside `head` and `body`, after the shell's slots are filled.
 */
export function exportDocument(assets: ExportAssets, fill: DocumentFill): string[] {
  // Pieces are whole elements, so no start tag spans two of them.
  const styles = new Set<string>()
  for (const piece of fill.body) for (const value of styleAttributes(piece)) styles.add(value)
  const policy = exportCsp(assets.script, assets.style, [...styles].sort())
  const before = assets.before
    .replaceAll('%DSH_LANG%', escapeHtml(fill.lang))
    .replaceAll('%DSH_VIEW%', escapeHtml(fill.view ?? DEFAULT_VIEW_MODE))
    .split(POLICY_SLOT)
    .join(policy)
  return [`${before}${fill.head}${assets.between}`, ...fill.body, `\n<script>${assets.script}</script>${assets.after}`]
}
