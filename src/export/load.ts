/**
 * One session tree read for export: each log folded once (src/site/fold/fold-log.ts, the same streaming pass as
 * the site), named as the site names it (stems from src/site/plan/slug.ts, so `sessions/<stem>.html` in a
 * summary is the page `dsh-view build` writes), summarised (src/site/render/chrome.ts), and linked to its parent
 * and children the way build-site.ts links a family. A log that cannot be read is reported and left out;
 * its children stay (they read on their own). With a redaction config (`--redact`), every batch is
 * redacted as it is read (src/redact), before anything is rendered. With `replay` (`export --replay`), the
 * root's clocks are folded from the same read and its replay schedule kept (src/replay).
 */
import type { ChildLink, Conversation } from '../conversation/model'
import { linkFamilyByPrompt, spawnCalls } from '../conversation/spawn-links'
import { firstPromptOf } from '../site/render/digest'
import { mergeReports, Redactor, type RedactionReport } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { childAnchor, summarize } from '../site/render/chrome'
import { foldLog, type CountedDetail } from '../site/fold/fold-log'
import { defaultPrices } from '../stats/default-prices'
import { insightOf } from '../site/fold/insight'
import { damagedConversation, failureReason } from '../site/fold/damaged'
import type { Warning } from '../site/write/manifest'
import { assignStems } from '../site/plan/slug'
import type { SessionSummary } from '../site/types'
import type { Locale } from '../cards/types'
import type { FamilyMember } from './resolve'
import { buildSchedule, type ReplayTiming, type Schedule } from '../replay'
import { childTicks, type ChildTick } from '../replay/progress'

export interface ExportSession {
  id: string
  stem: string
  conversation: Conversation
  summary: SessionSummary
  warnings: Warning[]
  /** The log ends in a partial line, not shown (one of `summary.warnings`). */
  tornTail: boolean
  /** Depth below the exported root (0 for the root). */
  depth: number
  /** What the session's own requests cost by the bundled price table (src/stats); null when one has no price. */
  cost?: number | null
  /** The replay schedule (`export --replay`, the root only); null otherwise. */
  schedule: Schedule | null
}

export interface ExportFamily {
  /** Root first, then descendants depth first (the order of the file). */
  sessions: ExportSession[]
  /** Logs that could not be read at all: `path: reason`. */
  problems: { path: string; message: string }[]
  /** What `--redact` replaced over the tree; null without redaction. */
  redactions: RedactionReport | null
}

export async function loadFamily(members: readonly FamilyMember[], redact: RedactConfig | null = null, locale: Locale = 'en', options: { replay?: boolean } = {}): Promise<ExportFamily> {
  const stems = assignStems(members.map(m => m.id))
  const sessions: ExportSession[] = []
  const problems: ExportFamily['problems'] = []
  const depthOf = new Map<string, number>()
  const reports: RedactionReport[] = []
  // The root's replay waits for the whole family: its subagent cards carry their children's progress.
  let rootReplay: { session: ExportSession; timing: ReplayTiming } | null = null
  for (const [i, member] of members.entries()) {
    const depth = member.parentId === null ? 0 : (depthOf.get(member.parentId) ?? 0) + 1
    depthOf.set(member.id, depth)
    const redactor = redact === null ? null : new Redactor(redact)
    // A fold that throws (a dsh-view bug on this log) leaves the damaged-session page in the file (issue 17).
    const replay = options.replay === true && i === 0
    const result = await foldLog(member.source, redactor, replay ? { replay: true } : {}).catch((error: unknown): Awaited<ReturnType<typeof foldLog>> => {
      const { reason, line } = failureReason('read', error)
      problems.push({ path: member.source.display, message: reason })
      return { ok: true, conversation: damagedConversation(null, reason, line), warnings: [{ path: member.source.display, line, message: reason }], warningCount: 1, tornTail: false, lines: 0, lastSeq: -1, trajectory: null }
    })
    if (redactor !== null) reports.push(redactor.report())
    if (!result.ok) {
      problems.push({ path: member.source.display, message: result.error })
      continue
    }
    const stem = stems[i] ?? member.id
    const session: ExportSession = {
      id: member.id,
      stem,
      conversation: result.conversation,
      summary: summarize({ conversation: result.conversation, id: member.id, stem, pages: 1, warnings: result.warningCount, locale }),
      warnings: result.warnings,
      tornTail: result.tornTail,
      depth,
      // Priced as the stats and the site's overview price it (the session's insight), by the bundled table.
      cost: result.detail === undefined ? null : (insightOf(member.id, result.conversation, result.detail, defaultPrices()).cost ?? null),
      schedule: null,
    }
    sessions.push(session)
    if (replay && result.timing != null) rootReplay = { session, timing: result.timing }
  }
  if (rootReplay !== null) rootReplay.session.schedule = buildSchedule(rootReplay.session.conversation, rootReplay.timing, [], childProgress(rootReplay.session, sessions))
  return { sessions, problems, redactions: redact === null ? null : mergeReports(reports) }
}

/** What `session`'s children did, by the call that spawned them (src/replay/progress.ts), for its replay. */
function childProgress(session: ExportSession, family: readonly ExportSession[]): Map<string, ChildTick[]> {
  const byCall = new Map<string, ChildTick[]>()
  const byId = new Map(family.map(s => [s.id, s]))
  for (const link of familyLinks(family).get(session) ?? []) {
    const child = byId.get(link.sessionId)
    if (child === undefined || child === session || link.callId === null) continue
    const ticks = childTicks(child.conversation)
    if (ticks.length > 0) byCall.set(link.callId, [...(byCall.get(link.callId) ?? []), ...ticks].sort((a, b) => a.time - b.time))
  }
  return byCall
}

/** How a session sits in its family: the parent (and the spawning call's anchor there) and its children. */
export interface Relatives {
  parent: { session: ExportSession; anchor: string | null } | null
  children: ExportSession[]
  /** Call id → children that call started (for the link after the spawning row). */
  childByCall: Map<string, SessionSummary[]>
}

/**
 * Each session's links to its children: what its log names, and the calls it does not name found by prompt
 * (src/conversation/spawn-links.ts `linkFamilyByPrompt`, as the site's families stage links them). Made once
 * per family: each session's subagent calls and first prompt are read once.
 */
export function familyLinks(family: readonly ExportSession[]): Map<ExportSession, ChildLink[]> {
  const links = linkFamilyByPrompt(family.map(s => ({
    id: s.id,
    parentId: s.summary.parentId,
    links: s.conversation.facts.children,
    spawns: spawnCalls(s.conversation.sections),
    prompt: firstPromptOf(s.conversation.sections),
    createdAt: s.conversation.header?.createdAt ?? null,
  })))
  return new Map(family.map((s, i) => [s, links[i] ?? []]))
}

/**
 * How each session sits in `family`; `links`: the family's child links (`familyLinks`). Made once for the
 * family, from one map by id, the children grouped by parent and each parent's spawned ids as a set: a
 * family of thousands of subagents is not read again for each of its sessions.
 */
export function familyRelatives(family: readonly ExportSession[], links: ReadonlyMap<ExportSession, readonly ChildLink[]>): Map<ExportSession, Relatives> {
  const byId = new Map(family.map(s => [s.id, s]))
  const childrenOf = new Map<string, ExportSession[]>()
  for (const s of family) {
    const parentId = s.summary.parentId
    if (parentId === null) continue
    const siblings = childrenOf.get(parentId)
    if (siblings === undefined) childrenOf.set(parentId, [s])
    else siblings.push(s)
  }
  /** The ids a session's log spawned from a named call (so its child page links back to that call's row). */
  const spawnedFrom = new Map<ExportSession, Set<string>>()
  const spawnedBy = (parent: ExportSession): Set<string> => {
    let ids = spawnedFrom.get(parent)
    if (ids === undefined) {
      ids = new Set((links.get(parent) ?? []).filter(c => c.callId !== null).map(c => c.sessionId))
      spawnedFrom.set(parent, ids)
    }
    return ids
  }
  const relatives = new Map<ExportSession, Relatives>()
  for (const session of family) {
    const parentId = session.summary.parentId
    const parent = parentId === null || parentId === session.id ? undefined : byId.get(parentId)
    const childByCall = new Map<string, SessionSummary[]>()
    for (const link of links.get(session) ?? []) {
      const child = byId.get(link.sessionId)
      if (child === undefined || child === session || link.callId === null) continue
      const called = childByCall.get(link.callId)
      if (called === undefined) childByCall.set(link.callId, [child.summary])
      else called.push(child.summary)
    }
    relatives.set(session, {
      parent: parent === undefined ? null : { session: parent, anchor: spawnedBy(parent).has(session.id) ? childAnchor(session.stem) : null },
      children: (childrenOf.get(session.id) ?? []).filter(c => c !== session),
      childByCall,
    })
  }
  return relatives
}
