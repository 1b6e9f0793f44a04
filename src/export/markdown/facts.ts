/**
 * What a PR summary says about a session tree, gathered from the conversation model and the card models
 * (no new reading of the log): the prompts, the final assistant text, files changed (the turns'
 * Deliverables, cards.md §12, plus any other successful diff) with +/- counts from the diff cards
 * (cards.md §7), shell commands with their exit status, errors (failed tools, failed turns, failed model
 * attempts) and token usage per session. Inherited history (a child's copy of its parent) is skipped, so
 * nothing is counted twice. Pure: text stays raw here; markdown/render.ts escapes it.
 */
import { defaultPrices } from '../../stats/default-prices'
import { diffCard, intendedDiffs } from '../../cards/diff'
import { flattenResult } from '../../cards/generic'
import { jsonObject, nonBlank } from '../../cards/narrow'
import { collapseDots, isAbsolutePath, relativizeToCwd } from '../../cards/paths'
import { splitExitMarker } from '../../cards/terminal'
import { strings } from '../../cards/strings'
import type { DiffRow, Locale, PageRow, ToolRowModel } from '../../cards/types'
import { viewModel } from '../../cards/view-model'
import type { Conversation, SessionStatus, ToolCallNode, UsageTotals } from '../../conversation/model'
import type { ExportSession } from '../load'

export interface FileFact {
  path: string
  /** Null when no diff card gave counts for the path. */
  added: number | null
  removed: number | null
}

export interface CommandFact {
  /** The whole command as run (may span lines). */
  command: string
  outcome: 'ok' | 'failed' | 'running' | 'interrupted'
  /** Why it failed — an exit code, a signal, the tool's error (worded by the renderer); null for a plain success. */
  detail: CommandDetail | null
  /** Title of the descendant session that ran it; null for the root. */
  session: string | null
}

/** A command's failure as facts: the renderer words it in the summary's language. `text` null: an error without words. */
export type CommandDetail = { kind: 'exit'; code: number } | { kind: 'signal'; name: string } | { kind: 'error'; text: string | null }

/** How the last turn ended when not `completed`: dsh's end reason (`aborted`, `error`) and the error it names. */
export interface LastTurn {
  reason: string
  error: string | null
}

export interface ErrorFact {
  /** What failed: `Read missing.txt`, `Turn 2`, `Attempt failed`. */
  what: string
  message: string
  session: string | null
}

export interface UsageFact {
  title: string
  stem: string
  usage: UsageTotals
  duration: string | null
  /** What the session cost in `SummaryFacts.currency`; null when a request has no price. */
  cost: number | null
}

export interface SessionLine {
  title: string
  stem: string
  status: SessionStatus
  toolCalls: number
}

export interface SummaryFacts {
  title: string
  id: string
  stem: string
  status: SessionStatus
  /** How the last turn ended when not `completed`, else null. */
  lastTurn: LastTurn | null
  duration: string | null
  models: string[]
  turns: number
  toolCalls: number
  /** Damaged lines (unreadable, unknown) over the tree. */
  warnings: number
  prompts: string[]
  finalText: string | null
  files: FileFact[]
  commands: CommandFact[]
  errors: ErrorFact[]
  /** Root first. */
  usage: UsageFact[]
  /** The price table's currency (the costs in `usage`). */
  currency: string
  descendants: SessionLine[]
}

const SHELLS: ReadonlySet<string> = new Set(['bash', 'pwsh'])
/** Arguments that name what a call worked on, in order of preference (for `Read missing.txt`). */
const SUBJECT_KEYS = ['file_path', 'path', 'pattern', 'query', 'url', 'command', 'name'] as const
/** Error codes of a call the user or the harness stopped, rather than one that failed. */
const STOPPED = /ABORT|CANCEL|INTERRUPT/i

function subjectOf(node: ToolCallNode): string | null {
  const args = jsonObject(node.argsRaw)
  if (args === null) return null
  for (const key of SUBJECT_KEYS) {
    const value = nonBlank(args[key])
    if (value !== null) return firstLine(value)
  }
  return null
}

function firstLine(text: string): string {
  return text.split('\n').find(l => l.trim() !== '')?.trim() ?? ''
}

function callsOf(conversation: Conversation): Map<string, ToolCallNode> {
  const calls = new Map<string, ToolCallNode>()
  const add = (node: ToolCallNode) => {
    if (!calls.has(node.callId)) calls.set(node.callId, node)
    node.subCalls.forEach(add)
  }
  for (const section of conversation.sections) for (const node of section.nodes) if (node.kind === 'tool') add(node.call)
  return calls
}

function commandFact(node: ToolCallNode, session: string | null): CommandFact | null {
  const command = nonBlank(jsonObject(node.argsRaw)?.command)
  if (command === null) return null
  const result = node.result
  if (result === null) return { command, outcome: 'running', detail: null, session }
  if (result.synthetic) return { command, outcome: 'interrupted', detail: null, session }
  if (result.isError) {
    const why = result.error === null ? firstLine(flattenResult(result)) : [result.error.code, result.error.reason].filter(Boolean).join(': ')
    return { command, outcome: STOPPED.test(result.error?.code ?? '') ? 'interrupted' : 'failed', detail: { kind: 'error', text: why === '' ? null : why }, session }
  }
  const split = splitExitMarker(flattenResult(result))
  if (split.signal !== null) return { command, outcome: 'failed', detail: { kind: 'signal', name: split.signal }, session }
  if (split.exitCode !== null && split.exitCode !== 0) return { command, outcome: 'failed', detail: { kind: 'exit', code: split.exitCode }, session }
  return { command, outcome: 'ok', detail: null, session }
}

/** Per-path +/- of a diff card's rows (a card may cover several files). */
function diffCounts(rows: readonly DiffRow[], count: (path: string, added: number, removed: number) => void): void {
  let path: string | null = null
  for (const row of rows) {
    if (row.kind === 'header') path = row.path
    else if (path !== null && row.kind === 'added') count(path, 1, 0)
    else if (path !== null && row.kind === 'removed') count(path, 0, 1)
  }
}

interface Gathered {
  files: Map<string, FileFact>
  deliverables: string[]
  commands: CommandFact[]
  errors: ErrorFact[]
}

function gatherSession(s: ExportSession, isRoot: boolean, locale: Locale, into: Gathered): void {
  const conversation = s.conversation
  const cwd = conversation.facts.cwd
  const session = isRoot ? null : s.summary.title
  const key = (path: string) => collapseDots(isAbsolutePath(path) || cwd === null ? path : `${cwd}/${path}`)
  const touch = (path: string): FileFact => {
    const k = key(path)
    let fact = into.files.get(k)
    if (fact === undefined) into.files.set(k, (fact = { path: relativizeToCwd(path, cwd), added: null, removed: null }))
    return fact
  }
  const count = (path: string, added: number, removed: number) => {
    const fact = touch(path)
    fact.added = (fact.added ?? 0) + added
    fact.removed = (fact.removed ?? 0) + removed
  }
  const calls = callsOf(conversation)
  const view = viewModel(conversation, { cwd, home: null, locale })

  const tool = (row: ToolRowModel) => {
    const node = calls.get(row.callId)
    const command = node !== undefined && SHELLS.has(node.name) ? commandFact(node, session) : null
    if (command !== null) into.commands.push(command)
    // Any other failed call (a shell call whose arguments do not parse included) is an error.
    else if (row.state === 'error' && node?.result != null) {
      const message = node.result.error !== null && node.result.content.length === 0 ? `${node.result.error.name}: ${node.result.error.code}` : firstLine(flattenResult(node.result))
      const subject = subjectOf(node)
      into.errors.push({ what: subject === null ? row.title : `${row.title} ${subject}`, message, session })
    }
    if (row.state === 'ok' && row.body?.kind === 'diff') diffCounts(row.body.rows, count)
    else if (row.state === 'ok' && node?.name === 'str_replace_editor') {
      // Settled editor calls draw Generic (cards.md §7), but a successful one applied what its arguments say.
      const args = jsonObject(node.argsRaw)
      const hunks = args === null ? null : intendedDiffs(node.name, args)
      if (hunks !== null) diffCounts(diffCard(hunks, 'intended', hunks.map(() => null)).rows, count)
    }
    row.children.forEach(tool)
  }
  const visit = (row: PageRow) => {
    if (row.kind === 'tool') tool(row)
    else if (row.kind === 'turn-tail' && row.error !== null) into.errors.push({ what: strings(locale).turn(row.turn), message: row.error, session })
    else if (row.kind === 'attempt') into.errors.push({ what: row.label, message: row.detail ?? '', session })
  }
  for (const section of view.sections) if (!section.inherited) section.rows.forEach(visit)
  for (const section of conversation.sections) {
    if (section.inherited) continue
    for (const node of section.nodes) {
      if (node.kind !== 'turn-tail') continue
      // Produced files, then the files `present` delivered (cards-current.md §8.3).
      for (const path of [...node.deliverables, ...(node.delivered ?? []).map((d) => d.path)]) {
        into.deliverables.push(key(path))
        touch(path)
      }
    }
  }
}

function lastTurnOf(conversation: Conversation): LastTurn | null {
  const turns = conversation.sections.filter(s => s.turn !== null && !s.inherited)
  const last = turns[turns.length - 1]
  if (last === undefined || last.endReason === null || last.endReason === 'completed') return null
  const tail = last.nodes.find(n => n.kind === 'turn-tail')
  const error = tail?.kind === 'turn-tail' && tail.error !== null ? [tail.error.code, tail.error.message].filter(Boolean).join(': ') : ''
  return { reason: last.endReason, error: error === '' ? null : error }
}

function finalTextOf(conversation: Conversation): string | null {
  for (let i = conversation.sections.length - 1; i >= 0; i--) {
    const section = conversation.sections[i]
    if (section === undefined || section.inherited) continue
    for (let j = section.nodes.length - 1; j >= 0; j--) {
      const node = section.nodes[j]
      if (node?.kind !== 'assistant') continue
      const text = node.blocks.flatMap(b => (b.type === 'markdown' && b.text.trim() !== '' ? [b.text.trim()] : [])).join('\n\n')
      if (text !== '') return text
    }
  }
  return null
}

function promptsOf(conversation: Conversation): string[] {
  return conversation.sections.flatMap(s =>
    s.inherited ? [] : s.nodes.flatMap(n => ((n.kind === 'user' || n.kind === 'steering') && !n.inherited && n.text.trim() !== '' ? [n.text] : [])),
  )
}

/** The summary facts of a tree: `sessions` root first (src/export/load.ts). */
export function summaryFacts(sessions: readonly ExportSession[], locale: Locale = 'en'): SummaryFacts {
  const [root, ...rest] = sessions
  if (root === undefined) throw new Error('no session to summarise')
  const gathered: Gathered = { files: new Map(), deliverables: [], commands: [], errors: [] }
  sessions.forEach(s => gatherSession(s, s === root, locale, gathered))
  // Deliverables first, in the order the turns produced them; then other files a diff changed.
  const order = [...new Set([...gathered.deliverables, ...gathered.files.keys()])]
  const facts = root.conversation.facts
  return {
    title: root.summary.title,
    id: root.id,
    stem: root.stem,
    status: root.summary.status,
    lastTurn: lastTurnOf(root.conversation),
    duration: root.summary.duration,
    models: facts.models.map(m => (m.provider ? `${m.provider}/${m.model}` : m.model)),
    turns: root.summary.turns,
    toolCalls: root.summary.toolCalls,
    warnings: sessions.reduce((n, s) => n + s.summary.warnings, 0),
    prompts: promptsOf(root.conversation),
    finalText: finalTextOf(root.conversation),
    files: order.flatMap(k => { const f = gathered.files.get(k); return f === undefined ? [] : [f] }),
    commands: gathered.commands,
    errors: gathered.errors,
    usage: sessions.map(s => ({ title: s.summary.title, stem: s.stem, usage: s.conversation.facts.stats.usage, duration: s.summary.duration, cost: s.cost ?? null })),
    currency: defaultPrices().currency,
    descendants: rest.map(s => ({ title: s.summary.title, stem: s.stem, status: s.summary.status, toolCalls: s.summary.toolCalls })),
  }
}
