/**
 * One family of sessions (a parent and the children it links to, rendered together) from logs to written
 * pages: load and fold each log, build its view model, render its pages and queue their writes. What it
 * returns is what the manifest and the build report keep of it. Sessions of different families never depend
 * on each other: everything it needs arrives as the build's options plus its services (highlighter, writer).
 */
import type { Locale } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import { sectionFeed } from '../cards/view-model'
import { digestOf, firstPromptOf } from './render/digest'
import { linkFamilyByPrompt, spawnCalls, type SpawnCall } from '../conversation/spawn-links'
import type { Conversation } from '../conversation/model'
import type { Highlighter } from '../highlight/highlighter'
import type { DiscoveryProblem } from '../log/node/discover'
import type { LogSource } from '../log/node/source'
import type { SessionHeader } from '../log/events/schema'
import { Redactor, type RedactionReport } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { childAnchor, headerFacts, summarize, type Family } from './render/chrome'
import { AttemptOutput } from './write/attempt-output'
import { Enricher } from './render/enrich'
import { foldLog, type CountedDetail, type FoldResult } from './fold/fold-log'
import type { SessionInsight } from '../stats/insight'
import { insightOf } from './fold/insight'
import type { PriceTable } from '../stats/prices'
import { buildSchedule, type Mark, type ReplayTiming } from '../replay'
import { childTicks, type ChildTick } from '../replay/progress'
import { damagedConversation, failureReason, type FailedStage } from './fold/damaged'
import type { SessionRecord, Warning } from './write/manifest'
import { SessionRenderer, type RenderedSession } from './render/render-session'
import type { Shell } from './html/shell'
import type { Fact, SessionSummary, SiteText } from './types'
import type { FileWriter } from './write/writer'
import { TrajectoryRenderer, viewTabs } from './render/trajectory/render-trajectory'
import { pageFile, trajectoryFile } from './plan/slug'
import { trajectoryWords } from '../trajectory-view'
import type { TrajectorySnapshot } from '../trajectory/model'

/**
 * Log bytes of a family up to which every member's model is held from its fold to its render; a bigger
 * family folds each member twice (once for the links and summaries, once to render) so that memory stays a
 * multiple of its largest session, not of the family (issue 17).
 */
export const HOLD_FAMILY_BYTES = 64 * 1024 * 1024

export type Stage = 'scan' | 'decode' | 'viewModel' | 'render' | 'highlight' | 'write'
export type Timings = Record<Stage, number>

export const noTimings = (): Timings => ({ scan: 0, decode: 0, viewModel: 0, render: 0, highlight: 0, write: 0 })

export interface FamilyMember {
  source: LogSource
  /** The header the scan read (for a damaged page's facts); null when unknown. */
  header: SessionHeader | null
  /** Header id (or the display path when there is none). */
  id: string
  stem: string
  bytes: number
  /** The session's key on the live server (live builds only). */
  liveKey: string
}

/** What rendering needs besides the family: build options as data, and this thread's services. */
export interface FamilyContext {
  /** The price table each session's record is costed with. */
  prices?: PriceTable | null
  outDir: string
  shell: Shell
  text: SiteText
  locale: Locale
  baseUrl: string | null
  /** The pages' default view mode (`--view`). */
  viewMode: ViewMode
  live: boolean
  /**
   * Whether sessions get Trajectory pages (default true). Off only for benchmarks (`DSH_VIEW_TRAJECTORY=0`,
   * cli/build.ts): the build's cost with and without the tab (bench/site.bench.ts).
   */
  trajectory?: boolean
  /** `--mark "N:Label"`: replay chapters at turn N (src/replay). */
  marks?: readonly Mark[]
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
  /** The fold, until the session renders; null when a big family let it go (folded again to render). */
  conversation: Conversation | null
  /** The Trajectory record model of the same fold, held and let go with the conversation. */
  trajectory: TrajectorySnapshot | null
  /** The replay timing fold, while the model is held (null for a live build, or when let go with it). */
  timing: ReplayTiming | null
  /** What the family links need of the fold (kept when the conversation is let go). */
  children: Conversation['facts']['children']
  /** Its subagent calls with their prompts, its first own prompt and its start: for links its logs do not name. */
  spawns: SpawnCall[]
  opening: string | null
  createdAt: number | null
  /**
   * Its steps and tool calls with their clocks (src/replay/progress.ts), for the replay of the call that
   * spawned it: kept when the model is let go, as the parent may render after it. Empty for a live build.
   */
  ticks: ChildTick[]
  summary: SessionSummary
  warnings: Warning[]
  /** Its log ends in a partial line (see SessionRenderInput.tornTail). */
  tornTail: boolean
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

  // Folded in a function of its own: an async function's suspended frame keeps what its locals last held,
  // and the render below must not keep a model the feed lets go.
  const loaded = await foldFamily(family, ctx, result, timed)
  linkByPrompt(loaded)
  const byId = new Map(loaded.map(l => [l.member.id, l]))
  for (const l of loaded) {
    const renderer = new SessionRenderer(ctx.shell, text, new Enricher(highlighter))
    const trajectoryRenderer = new TrajectoryRenderer(ctx.shell, text)
    const parent = l.summary.parentId === null ? undefined : byId.get(l.summary.parentId)
    const children = loaded.filter(c => c !== l && c.summary.parentId === l.member.id)
    // Which call spawned each child, as the parent's log tells it.
    const childByCall = new Map<string, SessionSummary[]>()
    // And what its children did, by the call (their clocks in order), for the replay of that call.
    const ticksByCall = new Map<string, ChildTick[]>()
    for (const link of l.children) {
      const child = byId.get(link.sessionId)
      if (child === undefined || link.callId === null || child === l) continue
      childByCall.set(link.callId, [...(childByCall.get(link.callId) ?? []), child.summary])
      if (child.ticks.length > 0) ticksByCall.set(link.callId, [...(ticksByCall.get(link.callId) ?? []), ...child.ticks].sort((a, b) => a.time - b.time))
    }
    const spawnedHere = parent?.children.some(c => c.sessionId === l.member.id && c.callId !== null) === true
    const familyContext: Family = {
      parent: parent === undefined ? null : { summary: parent.summary, anchor: spawnedHere ? childAnchor(l.member.stem) : null },
      children: children.map(c => c.summary),
    }
    // A render that fails halfway takes back the files it wrote.
    const out = new AttemptOutput(ctx.outDir, ctx.writer)
    // The model arrives in a box the render empties: from then on only the section feed holds the sections,
    // and it lets each go as it hands it out (a parameter would keep the whole model alive until the end).
    const prepare = (box: Box) => {
      const conversation = box.conversation as Conversation
      box.conversation = null
      // The replay schedule is read off the model before the feed lets its sections go (src/replay).
      const replay = box.timing === null ? null : buildSchedule(conversation, box.timing, ctx.marks ?? [], ticksByCall)
      box.timing = null
      const sections = sectionFeed(conversation, { cwd: conversation.facts.cwd, home: null, locale: ctx.locale })
      const digest = digestOf(conversation.sections)
      return { facts: headerFacts(l.summary, conversation.facts, text), feed: { ...sections, tools: digest.tools, prompts: digest.prompts }, replay }
    }
    // The record model is taken out of the box here, not in renderOnce: a local there would keep it alive
    // while the Chat renders; once its ledger is spooled only the paged copy is held (render/trajectory/paged.ts).
    const prepareTrajectory = async (box: Box, facts: Fact[]) => {
      const snapshot = box.trajectory
      box.trajectory = null
      if (snapshot === null) return null
      return await timed('render', () =>
        trajectoryRenderer.prepare(
          {
            snapshot,
            summary: l.summary,
            facts,
            family: familyContext,
            locale: ctx.locale,
            lang,
            baseUrl: ctx.baseUrl,
            viewMode: ctx.viewMode,
            ...(ctx.live ? { live: { page: 'trajectory' as const, key: l.member.liveKey, lines: l.lines, seq: l.lastSeq } } : {}),
          },
          out,
        ),
      )
    }
    const renderOnce = async (box: Box) => {
      const { facts, feed, replay } = prepare(box)
      const stem = l.member.stem
      // The Trajectory's pages are cut first, so the Chat's rows can link to them; they are written once
      // the Chat's pages are known, so its records can link back (src/site/render/trajectory).
      const prepared = await prepareTrajectory(box, facts)
      try {
        const words = trajectoryWords(ctx.locale)
        const rendered = await timed('render', () => renderer.render({
          view: feed,
          summary: l.summary,
          facts,
          family: familyContext,
          childByCall,
          lang,
          baseUrl: ctx.baseUrl,
          viewMode: ctx.viewMode,
          tornTail: l.tornTail,
          ...(replay === null ? {} : { replay }),
          // A live Chat page's script folds the same records and links its rows the same way
          // (src/live/browser/record-links.ts), taking each record's page from the build's own links.
          ...(prepared === null ? {} : { trajectory: { links: prepared.links(), tabs: (page: number) => viewTabs(words, 'chat', pageFile(stem, page), trajectoryFile(stem, 1)) } }),
          ...(ctx.live ? { live: { page: 'session' as const, key: l.member.liveKey, lines: l.lines, seq: l.lastSeq } } : {}),
        }, out))
        if (prepared === null) return { rendered, trajectoryOverBudget: [] as number[] }
        const chat = { pageOf: (id: string) => rendered.anchors.get(id), ids: () => rendered.anchors.keys(), file: (page: number) => pageFile(stem, page) }
        const written = await timed('render', () => prepared.write(chat, out, new Set(rendered.paths)))
        // In place: a spread would read `transcripts`, which a render through a writer does not keep.
        const paths = [...new Set([...rendered.paths, ...written.paths])].sort()
        rendered.paths.splice(0, rendered.paths.length, ...paths)
        return { rendered, trajectoryOverBudget: written.overBudget }
      } finally {
        prepared?.discard()
      }
    }
    let rendered: RenderedSession
    let trajectoryOverBudget: number[] = []
    try {
      ;({ rendered, trajectoryOverBudget } = await renderOnce(takeBox(l) ?? (await refold(l.member, ctx, result))))
    } catch (error) {
      // Its page becomes the damaged-session page; the family's other sessions render as usual.
      await out.takeBack()
      const damaged = damagedFold(l.member, 'render', error, result)
      l.warnings = [...damaged.warnings, ...l.warnings]
      // Without a Trajectory snapshot: the Chat page alone, rendered as any other.
      ;({ rendered } = await renderOnce({ conversation: damaged.conversation, trajectory: null, timing: null }))
    }
    // What colouring cost this thread: the time it waited for colours (all of shiki's time when shiki runs
    // here; only what did not overlap rendering when a highlight worker runs it).
    result.timings.render -= renderer.highlightWaitMs
    result.timings.highlight += renderer.highlightWaitMs
    const summary = { ...l.summary, pages: rendered.pages, ...(l.summary.insight === undefined ? {} : { insight: withTurnPages(l.summary.insight, rendered.anchors) }) }
    for (const page of rendered.overBudget) result.overBudget.push(`sessions/${summary.slug}${page > 1 ? `.p${page}` : ''}.html`)
    for (const page of trajectoryOverBudget) result.overBudget.push(`sessions/${trajectoryFile(summary.slug, page)}`)
    result.sessions.push({
      stem: l.member.stem,
      record: {
        summary,
        warnings: l.warnings,
        files: rendered.paths,
        bytes: l.member.bytes,
        ...(l.redactions === null ? {} : { redactions: rememberedReport(l.redactions) }),
      },
    })
    ctx.advance(l.member.bytes)
  }
  return result
}

/** Folds every member of the family: its summary, warnings, links, and (see HOLD_FAMILY_BYTES) its model. */
async function foldFamily(family: readonly FamilyMember[], ctx: FamilyContext, result: FamilyResult, timed: <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>): Promise<Loaded[]> {
  const loaded: Loaded[] = []
  const familyBytes = family.reduce((n, m) => n + m.bytes, 0)
  for (const member of family) {
    // Reading, parsing and folding interleave batch by batch; the split is timed as one "decode+fold".
    const redactor = ctx.redact ? new Redactor(ctx.redact) : null
    // Whatever the fold throws, the session still gets a page: the damaged-session page (src/site/fold/damaged.ts).
    const read = await timed('decode', () => foldMember(member, ctx, redactor)).catch((error: unknown) => damagedFold(member, 'read', error, result))
    // A log that cannot be read at all (no header, a stream that does not decode) gets the damaged page too.
    const folded = read.ok ? read : unreadableFold(member, read.error, result)
    const { conversation, warnings, lines, lastSeq, trajectory } = folded
    const timing = folded.timing ?? null
    // A family bigger than HOLD_FAMILY_BYTES keeps one member's model at a time: the others are folded
    // again when their turn to render comes (the fold is deterministic; only time is spent).
    const hold = family.length === 1 || familyBytes <= HOLD_FAMILY_BYTES
    loaded.push({
      member,
      conversation: hold ? conversation : null,
      trajectory: hold ? trajectory : null,
      timing: hold ? timing : null,
      children: conversation.facts.children,
      spawns: spawnCalls(conversation.sections),
      opening: firstPromptOf(conversation.sections),
      createdAt: conversation.header?.createdAt ?? null,
      ticks: ctx.live || conversation.facts.parentSessionId === null ? [] : childTicks(conversation),
      warnings,
      tornTail: folded.tornTail,
      lines,
      lastSeq,
      redactions: redactor?.report() ?? null,
      summary: { ...summarize({ conversation, id: member.id, stem: member.stem, pages: 1, warnings: folded.warningCount, locale: ctx.locale }), insight: insightOf(member.id, conversation, folded.detail, ctx.prices ?? null) },
    })
  }
  return loaded
}

/** Each parent's links, with the calls its log does not name found by prompt (src/conversation/spawn-links.ts). */
function linkByPrompt(loaded: Loaded[]): void {
  const links = linkFamilyByPrompt(loaded.map(l => ({ id: l.member.id, parentId: l.summary.parentId, links: l.children, spawns: l.spawns, prompt: l.opening, createdAt: l.createdAt })))
  loaded.forEach((l, i) => {
    l.children = links[i] ?? l.children
  })
}

/** The record with the Chat page that holds each of its slowest turns (`turn-N`, as the pages were packed). */
function withTurnPages(insight: SessionInsight, anchors: ReadonlyMap<string, number>): SessionInsight {
  if (insight.slowTurns === undefined || insight.slowTurns.length === 0) return insight
  return { ...insight, slowTurns: insight.slowTurns.map(t => ({ ...t, page: anchors.get(`turn-${t.turn}`) ?? null })) }
}

/** A member's models (conversation, Trajectory, replay timing) on their way to the render, which empties the box as it takes them. */
interface Box {
  conversation: Conversation | null
  trajectory: TrajectorySnapshot | null
  timing: ReplayTiming | null
}

/** The member's model in a box the render empties (null: it was let go, fold again). Synchronous, so no frame keeps it. */
function takeBox(l: Loaded): Box | null {
  const box = l.conversation === null ? null : { conversation: l.conversation, trajectory: l.trajectory, timing: l.timing }
  l.conversation = null
  l.trajectory = null
  l.timing = null
  return box
}

/** One member's log read and folded as this build reads it. */
function foldMember(member: FamilyMember, ctx: FamilyContext, redactor: Redactor | null): Promise<FoldResult> {
  // A live page resumes its feed where the fold stopped, from the expanded events: read those in full.
  // Both builds fold the Trajectory from the same read (a live build's Trajectory pages are what the live
  // Trajectory tab swaps in as the session grows); the replay clocks only for the static build (a live page
  // has no finished timeline to play).
  return foldLog(member.source, redactor, { chunks: ctx.live ? 'expand' : 'skip-superseded', bytes: member.bytes, trajectory: ctx.trajectory !== false, replay: !ctx.live })
}

/** A family member's fold again, for its render (its first fold was let go: see HOLD_FAMILY_BYTES). */
async function refold(member: FamilyMember, ctx: FamilyContext, result: FamilyResult): Promise<Box> {
  const started = performance.now()
  const folded = await foldMember(member, ctx, ctx.redact ? new Redactor(ctx.redact) : null)
  result.timings.decode += performance.now() - started
  if (!folded.ok) throw new Error(folded.error)
  return { conversation: folded.conversation, trajectory: folded.trajectory, timing: folded.timing ?? null }
}

/**
 * The fold of a session dsh-view failed on: the damaged-session page's conversation, its warning, and a
 * problem for the report (the command exits 1).
 */
function damagedFold(member: FamilyMember, stage: FailedStage, error: unknown, result: FamilyResult): Extract<FoldResult, { ok: true }> {
  const { reason, line } = failureReason(stage, error)
  return damagedPage(member, reason, line, result)
}

/** The damaged-session page of a log that cannot be read at all: why, and the header line when it is what is missing. */
function unreadableFold(member: FamilyMember, error: string, result: FamilyResult): Extract<FoldResult, { ok: true }> {
  return damagedPage(member, error, /^missing session header\b/.test(error) ? 1 : null, result)
}

/** A damaged-session page saying `reason` (at `line`, when one is to blame), and the problem it reports. */
function damagedPage(member: FamilyMember, reason: string, line: number | null, result: FamilyResult): Extract<FoldResult, { ok: true }> {
  result.problems.push({ path: member.source.display, message: reason })
  return {
    ok: true,
    conversation: damagedConversation(member.header, reason, line),
    warnings: [{ path: member.source.display, line, message: reason }],
    warningCount: 1,
    tornTail: false,
    lines: 0,
    lastSeq: -1,
    trajectory: null,
  }
}

/** Places a session's manifest record keeps of its redaction report (the counts stay whole). */
const REMEMBERED_PLACES = 100

function rememberedReport(r: RedactionReport): RedactionReport {
  const places = r.places.slice(0, REMEMBERED_PLACES)
  return { ...r, places, omittedPlaces: r.omittedPlaces + (r.places.length - places.length) }
}
