/**
 * `dsh-view export <session> [-o FILE.html] [--markdown FILE.md] [--link-base URL]` end to end: resolve the
 * session tree (resolve.ts), read it once (load.ts), then write the one-file HTML (html/render-export.tsx)
 * and/or the PR summary (markdown/). Composition root: it owns only the order and where the summary's
 * transcript link points. Both files are written atomically (src/site/write/atomic-write.ts) and only after
 * everything rendered, so a failure leaves no half file.
 */
import { realpath, stat } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { defaultSessionsRoot } from '../log/node/discover'
import type { Locale } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import type { RedactionReport } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { loadSiteAssets, type SiteAssets } from '../site/html/assets'
import { writeFileAtomic, writeTextPiecesAtomic } from '../site/write/atomic-write'
import { pageFile } from '../site/plan/slug'
import { renderHtmlExport, sessionAnchor, type HtmlExport } from './html/render-export'
import { loadFamily, type ExportSession } from './load'
import { damagedConversation, failureReason } from '../site/fold/damaged'
import { summaryFacts } from './markdown/facts'
import { renderMarkdown, type RenderedMarkdown, type TranscriptLink } from './markdown/render'
import { ResolveError, resolveFamily, type FamilyMember } from './resolve'
import { exportText } from './strings'
import { isUnknownVersion, NEWEST_KNOWN_VERSION } from '../log/events/format-version'

export interface ExportOptions {
  /** The `<session>` argument: a path or an id. */
  session: string
  /** Output paths; at least one. */
  html: string | null
  markdown: string | null
  /** Absolute http(s) URL ending in `/` under which the HTML file (or the site) is published. */
  linkBase: string | null
  /** The exact URL of the transcript (a CI artifact page); wins over `linkBase`. */
  transcriptUrl?: string | null
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
  /** `--replay`: the HTML file carries the root session's replay and plays it when framed (issue 30). */
  replay?: boolean
}

/** Something the export wants a reader to know that is not an error (shown in the summary and on stderr). */
export interface ExportWarning {
  kind: string
  /** The session id it is about. */
  session: string
  message: string
}

export interface ExportReport {
  /** Sessions in the file: the root and its descendants that could be read. */
  sessions: number
  rootId: string
  problems: { path: string; message: string }[]
  /** An unknown format version, per session. */
  warnings: ExportWarning[]
  redactions: RedactionReport | null
  html: (Omit<HtmlExport, 'html' | 'pieces'> & { path: string; bytes: number }) | null
  /** `text` only when the summary went to stdout (`--markdown -`): the caller prints it. */
  markdown: (Omit<RenderedMarkdown, 'text'> & { path: string; bytes: number; text?: string }) | null
}

/** `--markdown -`: the summary is printed, not written. */
export const STDOUT = '-'

/** The exported session itself could not be read (exit code 1; a descendant that cannot is only reported). */
export class ExportReadError extends Error {}

const toPosix = (path: string) => path.split('\\').join('/')

/**
 * Where the summary's one transcript link points: with `-o`, the HTML file (its descendants are
 * `#session-<stem>` in it); without, the session's page of a `dsh-view build` site (`sessions/<stem>.html`).
 * Under `--link-base` the link is absolute; otherwise it is relative — to the summary's folder, or to the
 * working folder when the summary goes to stdout — so it works wherever the two files are published
 * side by side (a Pages site, a folder), and never names a path of the machine that wrote it. With
 * `--transcript-url` it is exactly that URL (a CI artifact page, where no relative path can reach).
 */
export function transcriptLink(rootStem: string, options: Pick<ExportOptions, 'html' | 'markdown' | 'linkBase' | 'transcriptUrl'>): TranscriptLink {
  const exact = options.transcriptUrl ?? null
  // `--transcript-url`: one page with no known anchors (an artifact download), so subagents get no link.
  if (exact !== null) return { href: exact, label: exact, session: () => null }
  const base = options.linkBase
  if (options.html !== null) {
    const from = options.markdown === null || options.markdown === STDOUT ? process.cwd() : dirname(resolve(options.markdown))
    const file = toPosix(relative(from, resolve(options.html)))
    const name = toPosix(options.html).split('/').pop() ?? file
    const href = base === null ? encodeURI(file) : `${base}${encodeURI(name)}`
    return { href, label: file, session: stem => `${href}#${sessionAnchor(stem)}` }
  }
  const page = (stem: string) => `sessions/${pageFile(stem, 1)}`
  return {
    href: base === null ? page(rootStem) : `${base}${page(rootStem)}`,
    label: page(rootStem),
    session: stem => (base === null ? page(stem) : `${base}${page(stem)}`),
  }
}

export async function exportSession(options: ExportOptions): Promise<ExportReport> {
  if (options.html === null && options.markdown === null) throw new Error('exportSession needs an HTML or a Markdown output')
  const members = await resolveFamily(options.session, { env: options.env, homedir: options.homedir })
  await refuseUnsafeOutputs(options, members)
  const family = await loadFamily(members, options.redact ?? null, options.locale, { replay: options.replay === true && options.html !== null })
  const [root] = family.sessions
  if (root === undefined || root.id !== members[0]?.id) {
    const problem = family.problems[0]
    throw new ExportReadError(problem === undefined ? 'the session could not be read' : `${problem.path}: ${problem.message}`)
  }
  const report: ExportReport = { sessions: family.sessions.length, rootId: root.id, problems: family.problems, warnings: versionWarnings(family.sessions, options.locale), redactions: family.redactions, html: null, markdown: null }

  let html: HtmlExport | null = null
  if (options.html !== null) {
    html = await renderHtmlExport({
      sessions: family.sessions,
      assets: options.assets ?? (await loadSiteAssets()),
      locale: options.locale,
      highlight: options.highlight,
      ...(options.view === undefined ? {} : { view: options.view }),
      onDamaged: (session, reason) => report.problems.push({ path: session.id, message: reason }),
    })
  }
  let markdown: RenderedMarkdown | null = null
  if (options.markdown !== null) {
    markdown = renderMarkdown(factsOf(family.sessions, options.locale, report.problems), {
      locale: options.locale,
      link: transcriptLink(root.stem, options),
      warnings: report.warnings.map(w => w.message),
    })
  }
  if (html !== null && options.html !== null) {
    const bytes = await writeTextPiecesAtomic(options.html, html.pieces)
    const { parts, omittedParts, fullTexts, notEmbedded, overBudget } = html
    report.html = { parts, omittedParts, fullTexts, notEmbedded, overBudget, path: options.html, bytes }
  }
  if (markdown !== null && options.markdown !== null) {
    const toStdout = options.markdown === STDOUT
    if (!toStdout) await writeFileAtomic(options.markdown, markdown.text)
    const { text, ...rest } = markdown
    report.markdown = { ...rest, path: options.markdown, bytes: Buffer.byteLength(text, 'utf8'), ...(toStdout ? { text } : {}) }
  }
  return report
}

/**
 * Issue 17: an output may not be a folder, nor any log being exported (`-o session.jsonl` would replace
 * the log with its own export), nor lie inside the sessions root (dsh's own files), nor be both outputs.
 * Checked before anything is read further; a refusal is a usage error (exit 2).
 */
async function refuseUnsafeOutputs(options: ExportOptions, members: readonly FamilyMember[]): Promise<void> {
  const real = async (path: string): Promise<string> => {
    const abs = resolve(path)
    return realpath(abs).catch(async () => join(await realpath(dirname(abs)).catch(() => dirname(abs)), basename(abs)))
  }
  const inputs = new Set<string>()
  for (const m of members) {
    const where = m.source.location
    inputs.add(await real(where.kind === 'file' ? where.path : where.zip))
  }
  const root = await real(defaultSessionsRoot({ env: options.env, homedir: options.homedir }))
  const seen = new Set<string>()
  for (const [flag, path] of [['-o', options.html], ['--markdown', options.markdown]] as const) {
    if (path === null || (flag === '--markdown' && path === STDOUT)) continue
    const target = await real(path)
    const refuse = (why: string) => {
      throw new ResolveError(`${flag} ${path} ${why}`, 'Name a new file outside the sessions root, e.g. -o session.html --markdown summary.md.', 2)
    }
    if ((await stat(target).catch(() => null))?.isDirectory() === true) refuse('is a folder')
    if (inputs.has(target)) refuse('is a log being exported')
    if (target === root || target.startsWith(`${root}${sep}`)) refuse(`is inside the sessions root (${root})`)
    if (seen.has(target)) refuse('is also the other output')
    seen.add(target)
  }
}

/** One warning per session whose header names a format version newer than dsh-view knows. */
function versionWarnings(sessions: readonly ExportSession[], locale: Locale): ExportWarning[] {
  const t = exportText(locale)
  return sessions.flatMap(s => {
    const version = s.conversation.header?.version
    return isUnknownVersion(version) ? [{ kind: 'unknown format version', session: s.id, message: t.unknownVersion(version, NEWEST_KNOWN_VERSION, s.id) }] : []
  })
}

/**
 * The summary's facts; a session they fail on (a dsh-view bug) is summarised as its damaged-session
 * conversation instead, and reported, so the summary keeps every other session (issue 17).
 */
function factsOf(sessions: readonly ExportSession[], locale: Locale, problems: ExportReport['problems']): ReturnType<typeof summaryFacts> {
  try {
    return summaryFacts(sessions, locale)
  } catch {
    const safe = sessions.map(s => {
      try {
        summaryFacts([s], locale)
        return s
      } catch (error) {
        const { reason, line } = failureReason('render', error)
        if (!problems.some(p => p.path === s.id && p.message === reason)) problems.push({ path: s.id, message: reason })
        return { ...s, conversation: damagedConversation(s.conversation.header, reason, line) }
      }
    })
    return summaryFacts(safe, locale)
  }
}
