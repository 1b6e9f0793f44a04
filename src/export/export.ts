/**
 * `dsh-view export <session> [-o FILE.html] [--markdown FILE.md] [--link-base URL]` end to end: resolve the
 * session tree (resolve.ts), read it once (load.ts), then write the one-file HTML (html/render-export.tsx)
 * and/or the PR summary (markdown/). Composition root: it owns only the order and where the summary's
 * transcript link points. Both files are written atomically (src/site/atomic-write.ts) and only after
 * everything rendered, so a failure leaves no half file.
 */
import { dirname, relative, resolve } from 'node:path'
import type { Locale } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import type { RedactionReport } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { loadSiteAssets, type SiteAssets } from '../site/assets'
import { writeFileAtomic } from '../site/atomic-write'
import { pageFile } from '../site/slug'
import { renderHtmlExport, sessionAnchor, type HtmlExport } from './html/render-export'
import { loadFamily } from './load'
import { summaryFacts } from './markdown/facts'
import { renderMarkdown, type RenderedMarkdown, type TranscriptLink } from './markdown/render'
import { resolveFamily } from './resolve'

export interface ExportOptions {
  /** The `<session>` argument: a path or an id. */
  session: string
  /** Output paths; at least one. */
  html: string | null
  markdown: string | null
  /** Absolute http(s) URL ending in `/` under which the HTML file (or the site) is published. */
  linkBase: string | null
  locale: Locale
  /** `--view`: the file's default view mode (default `DEFAULT_VIEW_MODE`). */
  view?: ViewMode
  env: Record<string, string | undefined>
  homedir: string
  highlight?: boolean
  /** Prebuilt shell and assets; default: dist/site of this package. */
  assets?: SiteAssets
  /** `--redact`: secrets are replaced as the logs are read, before anything is rendered or written. */
  redact?: RedactConfig | null
}

export interface ExportReport {
  /** Sessions in the file: the root and its descendants that could be read. */
  sessions: number
  rootId: string
  problems: { path: string; message: string }[]
  redactions: RedactionReport | null
  html: (Omit<HtmlExport, 'html'> & { path: string; bytes: number }) | null
  markdown: (Omit<RenderedMarkdown, 'text'> & { path: string; bytes: number }) | null
}

/** The exported session itself could not be read (exit code 1; a descendant that cannot is only reported). */
export class ExportReadError extends Error {}

const toPosix = (path: string) => path.split('\\').join('/')

/**
 * Where the summary points: with `-o`, the HTML file (its descendants are `#session-<stem>` in it); without,
 * the session's page of a `dsh-view build` site (`sessions/<stem>.html`). A bare path is shown as text (a
 * relative link in a PR comment would resolve against github.com); with `--link-base` it becomes a link.
 */
export function transcriptLink(rootStem: string, options: Pick<ExportOptions, 'html' | 'markdown' | 'linkBase'>): TranscriptLink {
  const base = options.linkBase
  if (options.html !== null) {
    const file = toPosix(relative(options.markdown === null ? process.cwd() : dirname(resolve(options.markdown)), resolve(options.html)))
    const name = toPosix(options.html).split('/').pop() ?? file
    const href = base === null ? null : `${base}${encodeURI(name)}`
    return { href, label: file, session: stem => (href === null ? null : `${href}#${sessionAnchor(stem)}`) }
  }
  const page = (stem: string) => `sessions/${pageFile(stem, 1)}`
  return {
    href: base === null ? null : `${base}${page(rootStem)}`,
    label: page(rootStem),
    session: stem => (base === null ? null : `${base}${page(stem)}`),
  }
}

export async function exportSession(options: ExportOptions): Promise<ExportReport> {
  if (options.html === null && options.markdown === null) throw new Error('exportSession needs an HTML or a Markdown output')
  const members = await resolveFamily(options.session, { env: options.env, homedir: options.homedir })
  const family = await loadFamily(members, options.redact ?? null, options.locale)
  const [root] = family.sessions
  if (root === undefined || root.id !== members[0]?.id) {
    const problem = family.problems[0]
    throw new ExportReadError(problem === undefined ? 'the session could not be read' : `${problem.path}: ${problem.message}`)
  }
  const report: ExportReport = { sessions: family.sessions.length, rootId: root.id, problems: family.problems, redactions: family.redactions, html: null, markdown: null }

  let html: HtmlExport | null = null
  if (options.html !== null) {
    html = await renderHtmlExport({ sessions: family.sessions, assets: options.assets ?? (await loadSiteAssets()), locale: options.locale, highlight: options.highlight, ...(options.view === undefined ? {} : { view: options.view }) })
  }
  let markdown: RenderedMarkdown | null = null
  if (options.markdown !== null) {
    markdown = renderMarkdown(summaryFacts(family.sessions, options.locale), { locale: options.locale, link: transcriptLink(root.stem, options) })
  }
  if (html !== null && options.html !== null) {
    await writeFileAtomic(options.html, html.html)
    const { html: text, ...rest } = html
    report.html = { ...rest, path: options.html, bytes: Buffer.byteLength(text, 'utf8') }
  }
  if (markdown !== null && options.markdown !== null) {
    await writeFileAtomic(options.markdown, markdown.text)
    const { text, ...rest } = markdown
    report.markdown = { ...rest, path: options.markdown, bytes: Buffer.byteLength(text, 'utf8') }
  }
  return report
}
