/**
 * The preview a first build publishes while it runs (issue 14, "first view"). A big session takes seconds
 * to fold and render whole, and a page cannot be written before its session is done (its navigation names
 * the page count). So when the site folder holds nothing yet, the build first reads only the start of each
 * of its biggest new sessions, renders the first page of what that start holds, and puts those pages with
 * an index in the folder (src/site/write/staging.ts `publishPreview`); the reader starts on the first turns
 * within a second, and the finished site replaces the preview as a rebuild replaces an old site. A rebuild
 * never previews: the folder already holds a whole site, better than a partial one.
 *
 * The preview is the same components and the same renderer as the site, fed a shorter log: a preview page
 * shows the first turns as the finished page will (unless a later event rewrites them), without colours
 * (shiki may still be loading), page navigation, search or session counts, and says it is a preview. It is
 * cut at the full page budget: it cannot know whether the session is long (render/pages/paginate.ts
 * `packSession`), so the finished first page of a long session holds fewer of those turns.
 */
import { open } from 'node:fs/promises'
import type { Locale } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import { sectionFeed } from '../cards/view-model'
import type { Conversation } from '../conversation/model'
import type { LogSource } from '../log/node/source'
import { Redactor } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { assetFiles, type SiteAssets } from './html/assets'
import { headerFacts, summarize } from './render/chrome'
import { Enricher } from './render/enrich'
import { foldLog } from './fold/fold-log'
import { emptyManifest, MANIFEST_FILE, manifestText } from './write/manifest'
import { digestOf } from './render/digest'
import { indexModel, renderIndex } from './index/render-index'
import { SessionRenderer, type RenderedFile } from './render/render-session'
import type { IndexEntry, IndexModel, SessionSummary, SiteText } from './types'

/** Sessions of at least this much log get a preview: below it the whole session renders in about a second. */
export const PREVIEW_MIN_BYTES = 8 * 1024 * 1024
/** At most this many sessions are previewed (the first in build order): each costs a fold and a render. */
export const PREVIEW_SESSIONS = 4
/**
 * Bytes of log read for a preview, tried in turn until the first page is full (or the log is read whole):
 * a first page (at most 1 MB of HTML and 5,000 elements) usually needs a few hundred KB of a real log, and
 * reading and folding cold code costs ~0.1 s a MB. A zstd log holds ~3× more per byte.
 */
export const PREVIEW_HEADS = { jsonl: [1, 4, 16].map(mib => mib * 1024 * 1024), zstd: [384, 1536, 6144].map(kib => kib * 1024) } as const

export interface PreviewCandidate {
  source: LogSource
  id: string
  stem: string
  bytes: number
}

export interface PreviewContext {
  text: SiteText
  locale: Locale
  lang: string
  baseUrl: string | null
  viewMode: ViewMode
  title: string | null
  redact: RedactConfig | null
  /** The site's shell and assets (`assets/…`, written with the preview so its pages look as the site's do). */
  assets: SiteAssets
  /** Sessions the whole build lists (for the index's note). */
  total: number
}

/**
 * A zstd log's bytes count this many times toward PREVIEW_MIN_BYTES: dsh's zstd logs hold about three times
 * their size in text (more when repetitive), and the build's time follows the text.
 */
const ZSTD_TEXT_PER_BYTE = 3

/** Which of the sessions to render get a preview: big ones from log files, the first PREVIEW_SESSIONS. */
export function previewCandidates<T extends PreviewCandidate>(members: readonly T[], minBytes = PREVIEW_MIN_BYTES): T[] {
  const weight = (m: T) => (m.source.encoding === 'zstd' ? m.bytes * ZSTD_TEXT_PER_BYTE : m.bytes)
  return members.filter(m => weight(m) >= minBytes && m.source.location.kind === 'file').slice(0, PREVIEW_SESSIONS)
}

/**
 * The preview's files: each candidate's first page (with the side texts it links), an index listing them,
 * the assets and a manifest that marks the folder as a dsh-view site. Empty when no candidate could be
 * read (the build then publishes nothing and goes on).
 */
export async function previewFiles(candidates: readonly PreviewCandidate[], ctx: PreviewContext): Promise<RenderedFile[]> {
  const files: RenderedFile[] = []
  const summaries: SessionSummary[] = []
  for (const candidate of candidates) {
    // A log the preview cannot read is left to the build, which reports it properly.
    const session = await previewSession(candidate, ctx).catch(() => null)
    if (session === null) continue
    summaries.push(session.summary)
    files.push(...session.files)
  }
  if (summaries.length === 0) return []
  const model = previewIndexModel(indexModel(summaries, ctx.text, ctx.title), summaries, ctx.text, ctx.total)
  files.push({ path: 'index.html', content: renderIndex(ctx.assets.shell, model, ctx.text, ctx.lang, ctx.baseUrl, false, 'index.html', false) })
  files.push(...assetFiles(ctx.assets))
  const manifest = emptyManifest()
  manifest.files = files.map(f => f.path)
  files.push({ path: MANIFEST_FILE, content: manifestText(manifest) })
  return files
}

/** One session's preview page and side texts, from the start of its log; null when that start holds no turn. */
async function previewSession(candidate: PreviewCandidate, ctx: PreviewContext): Promise<{ summary: SessionSummary; files: RenderedFile[] } | null> {
  if (candidate.source.location.kind !== 'file') return null
  const heads = PREVIEW_HEADS[candidate.source.encoding]
  for (let i = 0; i < heads.length; i++) {
    const head = await readHead(candidate.source, heads[i] as number)
    if (head === null) continue
    const page = await previewPage(candidate, head.bytes, ctx)
    // Done when the page is full, the whole log was read, or there is no larger start to try.
    if (page?.full === true || head.whole || i === heads.length - 1) return page
  }
  return null
}

/** The first page of what `prefix` (the start of the log) holds, and whether it is full. */
async function previewPage(candidate: PreviewCandidate, prefix: Uint8Array, ctx: PreviewContext): Promise<{ summary: SessionSummary; files: RenderedFile[]; full: boolean } | null> {
  const redactor = ctx.redact === null ? null : new Redactor(ctx.redact)
  const folded = await foldLog(candidate.source, redactor, { chunks: 'skip-superseded', prefix })
  if (!folded.ok) return null
  const conversation = withoutOpenEnd(folded.conversation)
  if (conversation.sections.length === 0) return null
  const summary: SessionSummary = { ...summarize({ conversation, id: candidate.id, stem: candidate.stem, pages: 1, warnings: 0, locale: ctx.locale }), warnings: 0 }
  const feed = sectionFeed(conversation, { cwd: conversation.facts.cwd, home: null, locale: ctx.locale })
  const digest = digestOf(conversation.sections)
  // No colours: the preview must not wait for shiki, nor touch the highlight cache the build fills.
  const renderer = new SessionRenderer(ctx.assets.shell, ctx.text, new Enricher(null))
  const rendered = await renderer.render({
    view: { ...feed, tools: digest.tools, prompts: digest.prompts },
    summary,
    facts: previewFacts(headerFacts(summary, conversation.facts, ctx.text), ctx.text),
    family: { parent: null, children: [] },
    childByCall: new Map(),
    lang: ctx.lang,
    baseUrl: ctx.baseUrl,
    viewMode: ctx.viewMode,
    preview: true,
  })
  return { summary, files: rendered.files, full: rendered.pages > 1 }
}

/**
 * The first `limit` bytes of the log (a JSONL log's up to its last whole line) and whether that is all of
 * it; null when they hold no whole line.
 */
async function readHead(source: LogSource, limit: number): Promise<{ bytes: Uint8Array; whole: boolean } | null> {
  if (source.location.kind !== 'file') return null
  const handle = await open(source.location.path, 'r')
  try {
    // One byte more than asked: whether the log goes on.
    const buffer = new Uint8Array(limit + 1)
    let filled = 0
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    const whole = filled <= limit
    const end = Math.min(filled, limit)
    if (source.encoding === 'zstd') return { bytes: buffer.subarray(0, end), whole }
    const last = buffer.lastIndexOf(0x0a, end - 1)
    return last < 0 ? null : { bytes: buffer.subarray(0, last + 1), whole }
  } finally {
    await handle.close()
  }
}

/**
 * The conversation without the turn the log's start cuts off, when an earlier one is there: its end is
 * beyond what was read, and the finished site shows it whole.
 */
function withoutOpenEnd(conversation: Conversation): Conversation {
  const last = conversation.sections[conversation.sections.length - 1]
  if (conversation.sections.length < 2 || last === undefined || last.turn === null || last.endSeq !== null) return conversation
  return { ...conversation, sections: conversation.sections.slice(0, -1) }
}

/**
 * The header facts a session's start tells truly: where, when, which model, which session. Counts, length
 * and status are the whole session's, so a preview leaves them to the finished page.
 */
function previewFacts(facts: ReturnType<typeof headerFacts>, text: SiteText): ReturnType<typeof headerFacts> {
  const kept = new Set([text.factProject, text.factStarted, text.factModel, text.factSession])
  return facts.filter(f => kept.has(f.label))
}

/**
 * The index of a preview: its note, and entries that say "building" where the site's show counts and a
 * status the preview does not know yet. No status counts, no search (a preview has no search shards).
 */
function previewIndexModel(model: IndexModel, summaries: readonly SessionSummary[], text: SiteText, total: number): IndexModel {
  const byHref = new Map(summaries.map(s => [s.href, s]))
  // Children nest at most PREVIEW_SESSIONS deep: every entry is a previewed session.
  const entryOf = ({ shard: _shard, ...entry }: IndexEntry): IndexEntry => {
    const summary = byHref.get(entry.href)
    return {
      ...entry,
      meta: [summary?.start?.label, summary?.model].filter((x): x is string => !!x).join(' · '),
      status: 'running',
      statusLabel: text.previewStatus,
      pages: [],
      warnings: null,
      children: entry.children.map(entryOf),
    }
  }
  const { statuses: _statuses, statusFilter: _filter, ...rest } = model
  return { ...rest, notice: text.previewIndex(summaries.length, total), groups: model.groups.map(g => ({ ...g, entries: g.entries.map(entryOf) })) }
}
