/**
 * One family of sessions (a parent and the children it links to, rendered together) from logs to written
 * pages: load and fold each log, build its view model, render its pages and queue their writes. What it
 * returns is what the manifest and the build report keep of it. The same function runs in the build's own
 * thread or in a worker of src/site/pool.ts (sessions of different families never depend on each other),
 * so everything it needs arrives as plain data plus the per-thread services (highlighter, writer).
 */
import { join } from 'node:path'
import type { Locale } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import { viewModel } from '../cards/view-model'
import type { Conversation } from '../conversation/model'
import type { Highlighter } from '../highlight/highlighter'
import type { DiscoveryProblem } from '../log/node/discover'
import type { LogSource } from '../log/node/source'
import { Redactor, type RedactionReport } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { childAnchor, headerFacts, summarize, type Family } from './chrome'
import { Enricher } from './enrich'
import { foldLog } from './fold-log'
import type { SessionRecord, Warning } from './manifest'
import { SessionRenderer } from './render-session'
import type { Shell } from './shell'
import type { SessionSummary, SiteText } from './types'
import type { FileWriter } from './writer'

export type Stage = 'scan' | 'decode' | 'viewModel' | 'render' | 'highlight' | 'write'
export type Timings = Record<Stage, number>

export const noTimings = (): Timings => ({ scan: 0, decode: 0, viewModel: 0, render: 0, highlight: 0, write: 0 })

export interface FamilyMember {
  source: LogSource
  /** Header id (or the display path when there is none). */
  id: string
  stem: string
  bytes: number
  /** The session's key on the live server (live builds only). */
  liveKey: string
}

/** What rendering needs besides the family: build options as data, and this thread's services. */
export interface FamilyContext {
  outDir: string
  shell: Shell
  text: SiteText
  locale: Locale
  baseUrl: string | null
  /** The pages' default view mode (`--view`). */
  viewMode: ViewMode
  live: boolean
  redact: RedactConfig | null
  highlighter: Highlighter | null
  writer: FileWriter
  /** Called once per session handled (rendered or failed), for progress. */
  advance: (bytes: number) => void
}

export interface FamilyResult {
  /** Manifest records of the sessions rendered, in family order. */
  sessions: { stem: string; record: SessionRecord }[]
  /** Logs that could not be folded (header gone, unreadable), in family order. */
  problems: DiscoveryProblem[]
  /** Pages over a budget after every cut. */
  overBudget: string[]
  timings: Timings
}

interface Loaded {
  member: FamilyMember
  conversation: Conversation
  summary: SessionSummary
  warnings: Warning[]
  lines: number
  lastSeq: number
  redactions: RedactionReport | null
}

export async function renderFamily(family: readonly FamilyMember[], ctx: FamilyContext): Promise<FamilyResult> {
  const result: FamilyResult = { sessions: [], problems: [], overBudget: [], timings: noTimings() }
  const timed = async <T>(stage: Stage, work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      result.timings[stage] += performance.now() - started
    }
  }
  const { text, highlighter } = ctx
  const lang = ctx.locale === 'zh' ? 'zh-CN' : 'en'

  const loaded: Loaded[] = []
  for (const member of family) {
    // Reading, parsing and folding interleave batch by batch; the split is timed as one "decode+fold".
    const redactor = ctx.redact ? new Redactor(ctx.redact) : null
    // A live page resumes its feed where the fold stopped, from the expanded events: read those in full.
    const chunks = ctx.live ? 'expand' : 'skip-superseded'
    const folded = await timed('decode', () => foldLog(member.source, redactor, { chunks, bytes: member.bytes }))
    if (!folded.ok) {
      result.problems.push({ path: member.source.display, message: folded.error })
      ctx.advance(member.bytes)
      continue
    }
    const { conversation, warnings, lines, lastSeq } = folded
    loaded.push({ member, conversation, warnings, lines, lastSeq, redactions: redactor?.report() ?? null, summary: summarize({ conversation, id: member.id, stem: member.stem, pages: 1, warnings: folded.warningCount, locale: ctx.locale }) })
  }
  const byId = new Map(loaded.map(l => [l.member.id, l]))
  for (const l of loaded) {
    const renderer = new SessionRenderer(ctx.shell, text, new Enricher(highlighter))
    const parent = l.summary.parentId === null ? undefined : byId.get(l.summary.parentId)
    const children = loaded.filter(c => c !== l && c.summary.parentId === l.member.id)
    // Which call spawned each child, as the parent's log tells it.
    const childByCall = new Map<string, SessionSummary[]>()
    for (const link of l.conversation.facts.children) {
      const child = byId.get(link.sessionId)
      if (child === undefined || link.callId === null || child === l) continue
      childByCall.set(link.callId, [...(childByCall.get(link.callId) ?? []), child.summary])
    }
    const spawnedHere = parent?.conversation.facts.children.some(c => c.sessionId === l.member.id && c.callId !== null) === true
    const familyContext: Family = {
      parent: parent === undefined ? null : { summary: parent.summary, anchor: spawnedHere ? childAnchor(l.member.stem) : null },
      children: children.map(c => c.summary),
    }
    const view = await timed('viewModel', () => viewModel(l.conversation, { cwd: l.conversation.facts.cwd, home: null, locale: ctx.locale }))
    const rendered = await timed('render', () => renderer.render({
      view,
      summary: l.summary,
      facts: headerFacts(l.summary, l.conversation, text),
      family: familyContext,
      childByCall,
      lang,
      baseUrl: ctx.baseUrl,
      viewMode: ctx.viewMode,
      ...(ctx.live ? { live: { page: 'session' as const, key: l.member.liveKey, lines: l.lines, seq: l.lastSeq } } : {}),
    }))
    // What colouring cost this thread: the time it waited for colours (all of shiki's time when shiki runs
    // here; only what did not overlap rendering when a highlight worker runs it).
    result.timings.render -= renderer.highlightWaitMs
    result.timings.highlight += renderer.highlightWaitMs
    const summary = { ...l.summary, pages: rendered.pages }
    await timed('write', async () => {
      for (const file of rendered.files) await ctx.writer.write(join(ctx.outDir, file.path), file.content)
    })
    for (const page of rendered.overBudget) result.overBudget.push(`sessions/${summary.slug}${page > 1 ? `.p${page}` : ''}.html`)
    result.sessions.push({
      stem: l.member.stem,
      record: {
        summary,
        warnings: l.warnings,
        files: rendered.files.map(f => f.path).sort(),
        bytes: l.member.bytes,
        ...(l.redactions === null ? {} : { redactions: rememberedReport(l.redactions) }),
      },
    })
    ctx.advance(l.member.bytes)
  }
  return result
}

/** Places a session's manifest record keeps of its redaction report (the counts stay whole). */
const REMEMBERED_PLACES = 100

function rememberedReport(r: RedactionReport): RedactionReport {
  const places = r.places.slice(0, REMEMBERED_PLACES)
  return { ...r, places, omittedPlaces: r.omittedPlaces + (r.places.length - places.length) }
}
