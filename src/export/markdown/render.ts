/**
 * Summary facts → a PR-ready Markdown comment (`dsh-view export --markdown FILE.md`). GitHub takes at
 * most 65,536 characters in a comment; the summary stays within `MAX_MARKDOWN_BYTES` UTF-8 bytes (never
 * fewer bytes than characters). It is written at the most generous level first; while too long, again
 * with tighter caps on every list and text (`LEVELS`), with a note that it was cut; at the last level,
 * whole blocks are dropped from the end. A block is never cut in the middle, so no fence or `<details>` is
 * left open. Only `<details>`/`<summary>` are written as HTML (GitHub allows them); every piece of session
 * text goes through markdown/escape.ts.
 */
import { formatCost } from '../../stats/prices'
import type { SessionStatus } from '../../conversation/model'
import { siteText } from '../../site/strings'
import type { Locale } from '../../cards/types'
import { formatTokens, groupDigits } from '../../cards/format'
import { exportText, type ExportText } from '../strings'
import { answerMarkdown } from './answer'
import { code, inline, link, quote } from './escape'
import type { CommandDetail, CommandFact, ErrorFact, LastTurn, SummaryFacts } from './facts'

/** GitHub's comment limit, as UTF-8 bytes. */
export const MAX_MARKDOWN_BYTES = 65_536

interface Caps {
  prompts: number
  firstPrompt: number
  otherPrompt: number
  finalText: number
  files: number
  commands: number
  command: number
  errors: number
  error: number
  sessions: number
}

const LEVELS: readonly Caps[] = [
  { prompts: 10, firstPrompt: 4_000, otherPrompt: 1_000, finalText: 4_000, files: 200, commands: 150, command: 300, errors: 100, error: 400, sessions: 50 },
  { prompts: 5, firstPrompt: 2_000, otherPrompt: 400, finalText: 2_000, files: 100, commands: 60, command: 200, errors: 40, error: 240, sessions: 25 },
  { prompts: 3, firstPrompt: 800, otherPrompt: 200, finalText: 800, files: 40, commands: 25, command: 120, errors: 15, error: 160, sessions: 10 },
  { prompts: 1, firstPrompt: 300, otherPrompt: 100, finalText: 300, files: 15, commands: 10, command: 80, errors: 5, error: 120, sessions: 5 },
]

export interface TranscriptLink {
  /** Where the full transcript is: a URL or a relative path (the summary links it once). */
  href: string
  /** The same for a descendant session (an anchor in the export, or its site page). */
  session(stem: string): string | null
  /** The transcript's path relative to the summary (for messages). */
  label: string
}

export interface MarkdownOptions {
  locale: Locale
  link: TranscriptLink
  /** Lines a reader must see first (an unknown format version), each shown as a ⚠️ line under the title. */
  warnings?: readonly string[]
  /** For tests: a smaller budget. */
  maxBytes?: number
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')
const num = groupDigits

function excerpt(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const at = cut.lastIndexOf('\n')
  return `${at > max / 2 ? cut.slice(0, at) : cut}…`
}

/**
 * The final answer as the Markdown it is (./answer.ts), cut to `max` characters of source at a line end, in
 * a blockquote: every line behind `>`, so nothing in it can reach the summary's own blocks.
 */
function answerQuote(text: string, max: number): string {
  const cut = excerpt(text, max)
  const body = cut === text ? answerMarkdown(text) : `${answerMarkdown(cut.slice(0, -1))}\n\n…`
  return body
    .split('\n')
    .map(line => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

function details(summary: string, body: string): string {
  // A blank line after <summary> lets GitHub render the Markdown inside.
  return `<details>\n<summary>${summary}</summary>\n\n${body}\n\n</details>`
}

function statusIcon(status: SessionStatus): string {
  return status === 'completed' ? '✅' : status === 'running' ? '⏳' : status === 'failed' ? '❌' : '⚠️'
}

function commandLine(c: CommandFact, caps: Caps, t: ExportText, sessionHref: (title: string) => string): string {
  const lines = c.command.replace(/\n+$/, '').split('\n')
  const first = clip(lines[0] ?? '', caps.command)
  const more = lines.length > 1 ? ` ${t.moreLines(lines.length - 1)}` : ''
  const mark = c.outcome === 'ok' ? '✅' : c.outcome === 'failed' ? '❌' : c.outcome === 'running' ? '⏳' : '⏹️'
  const detail = c.detail !== null ? ` — ${inline(clip(detailText(c.detail, t), caps.error))}` : c.outcome === 'interrupted' ? ` — ${t.interrupted}` : c.outcome === 'running' ? ` — ${t.running}` : ''
  const where = c.session === null ? '' : ` · ${sessionHref(c.session)}`
  return `- ${mark} ${code(first)}${more}${detail}${where}`
}

/** A command's failure in the summary's words (`exit code 3`, `退出码 3`); the tool's own error as it wrote it. */
function detailText(d: CommandDetail, t: ExportText): string {
  return d.kind === 'exit' ? t.exitCode(d.code) : d.kind === 'signal' ? t.signal(d.name) : (d.text ?? t.errorWord)
}

/** How the last turn ended: dsh's end reason in the summary's words, then the error it names after the language's colon. */
const lastTurnText = (l: LastTurn, t: ExportText): string => `${t.endReason(l.reason)}${l.error === null ? '' : `${t.colon}${l.error}`}`

function errorLine(e: ErrorFact, caps: Caps, t: ExportText, sessionHref: (title: string) => string): string {
  const where = e.session === null ? '' : ` · ${sessionHref(e.session)}`
  const message = e.message.trim() === '' ? '' : `${t.colon}${inline(clip(e.message, caps.error))}`
  return `- **${inline(clip(e.what, caps.command))}**${message}${where}`
}

function usageTable(facts: SummaryFacts, caps: Caps, t: ExportText): string {
  const head = `| ${t.usageColumns.join(' | ')} |\n|---|--:|--:|--:|--:|--:|--:|`
  const row = (title: string, u: SummaryFacts['usage'][number]['usage'], duration: string | null) =>
    `| ${inline(clip(title, 80), { table: true })} | ${num(u.inputTokens)} | ${num(u.outputTokens)} | ${num(u.cacheReadTokens)} | ${num(u.cacheWriteTokens)} | ${num(u.totalTokens)} | ${duration ?? '—'} |`
  // The root and as many descendants as the subagent list shows; the total covers every session.
  const shown = facts.usage.slice(0, caps.sessions + 1)
  const rows = shown.map(u => row(u.title, u.usage, u.duration))
  if (facts.usage.length > shown.length) rows.push(`| ${inline(t.more(facts.usage.length - shown.length, t.sessionsWord))} | | | | | | |`)
  if (facts.usage.length > 1) {
    const sum = (k: keyof SummaryFacts['usage'][number]['usage']) => facts.usage.reduce((n, u) => n + u.usage[k], 0)
    rows.push(`| **${t.total}** | ${num(sum('inputTokens'))} | ${num(sum('outputTokens'))} | ${num(sum('cacheReadTokens'))} | ${num(sum('cacheWriteTokens'))} | ${num(sum('totalTokens'))} | |`)
  }
  return `${head}\n${rows.join('\n')}`
}

/** The blocks of the summary at one level of caps, in order. */
function blocks(facts: SummaryFacts, caps: Caps, options: MarkdownOptions): string[] {
  const t = exportText(options.locale)
  const site = siteText(options.locale)
  const out: string[] = []
  out.push(`### ${statusIcon(facts.status)} ${inline(t.summaryTitle(facts.title))}`)

  const root = facts.usage[0]
  const meta = [
    t.field(site.factStatus, site.status[facts.status]),
    facts.duration === null ? null : t.field(site.factDuration, facts.duration),
    t.field(site.factTurns, num(facts.turns)),
    t.field(site.factToolCalls, num(facts.toolCalls)),
    facts.models.length === 0 ? null : t.field(site.factModel, facts.models.map(m => code(m)).join(', ')),
    root === undefined ? null : t.field(t.tokens, num(root.usage.totalTokens)),
  ].filter((s): s is string => s !== null)
  out.push(meta.join(' · '))
  // The whole tree in one line (root and every descendant, each request once: a child's copy of its parent's history is the parent's).
  // Cost only when every session is priced: a partial sum would read as the whole.
  const unpriced = facts.usage.filter(u => u.cost === null).length
  const cost = unpriced === 0 ? formatCost(facts.usage.reduce((n, u) => n + (u.cost ?? 0), 0), facts.currency) : null
  out.push(t.treeTotal(facts.usage.length, formatTokens(facts.usage.reduce((n, u) => n + u.usage.totalTokens, 0)), cost, unpriced))
  for (const warning of options.warnings ?? []) out.push(`> ⚠️ ${inline(warning)}`)
  // One link to the transcript: its words are the link text (no "Full transcript: Full transcript").
  out.push(`**${link(t.transcript, options.link.href)}** · ${site.factSession} ${code(facts.id)}`)

  const prompts = facts.prompts.slice(0, caps.prompts)
  if (prompts.length > 0) {
    const body = prompts.map((p, i) => quote(excerpt(p, i === 0 ? caps.firstPrompt : caps.otherPrompt))).join('\n\n')
    const more = facts.prompts.length > prompts.length ? `\n\n${inline(t.more(facts.prompts.length - prompts.length, t.promptsWord))}` : ''
    out.push(`#### ${facts.prompts.length === 1 ? t.prompt : t.prompts(facts.prompts.length)}\n\n${body}${more}`)
  }

  const status = site.status[facts.status]
  const sentences = [`${status.charAt(0).toUpperCase()}${status.slice(1)}${facts.lastTurn === null ? '' : ` — ${inline(clip(lastTurnText(facts.lastTurn, t), caps.error))}`}${t.fullStop}`]
  if (facts.warnings > 0) sentences.push(`${inline(site.warnings(facts.warnings))}${t.fullStop}`)
  const answer = facts.finalText === null ? t.noAnswer : `${t.finalAnswer}${t.colon.trimEnd()}\n\n${answerQuote(facts.finalText, caps.finalText)}`
  out.push(`#### ${t.outcome}\n\n${sentences.join(t.sentenceGap)}\n\n${answer}`)

  if (facts.files.length > 0) {
    const shown = facts.files.slice(0, caps.files)
    const rows = shown.map(f => `| ${code(clip(f.path, caps.command), { table: true })} | ${f.added === null ? '—' : `+${num(f.added)}`} | ${f.removed === null ? '—' : `−${num(f.removed)}`} |`)
    const more = facts.files.length > shown.length ? `\n\n${inline(t.more(facts.files.length - shown.length, t.filesWord))}` : ''
    out.push(`#### ${t.filesChanged(facts.files.length)}\n\n| ${t.file} | + | − |\n|---|--:|--:|\n${rows.join('\n')}${more}`)
  }

  const sessionRef = (title: string) => inline(clip(title, 60))
  if (facts.commands.length > 0) {
    const failed = facts.commands.filter(c => c.outcome !== 'ok').length
    // Failures first: they are what a reviewer looks for; then the rest in order.
    const ordered = [...facts.commands.filter(c => c.outcome !== 'ok'), ...facts.commands.filter(c => c.outcome === 'ok')]
    const shown = ordered.slice(0, caps.commands)
    const list = shown.map(c => commandLine(c, caps, t, sessionRef)).join('\n')
    const more = ordered.length > shown.length ? `\n\n${inline(t.more(ordered.length - shown.length, t.commandsWord))}` : ''
    const title = t.commands(facts.commands.length, failed)
    out.push(failed > 0 || facts.commands.length <= 10 ? `#### ${title}\n\n${list}${more}` : details(`<b>${inline(title)}</b>`, `${list}${more}`))
  }

  if (facts.errors.length > 0) {
    const shown = facts.errors.slice(0, caps.errors)
    const more = facts.errors.length > shown.length ? `\n\n${inline(t.more(facts.errors.length - shown.length, t.errorsWord))}` : ''
    out.push(`#### ${t.errors(facts.errors.length)}\n\n${shown.map(e => errorLine(e, caps, t, sessionRef)).join('\n')}${more}`)
  }

  if (facts.descendants.length > 0) {
    const shown = facts.descendants.slice(0, caps.sessions)
    const list = shown.map(d => {
      const href = options.link.session(d.stem)
      const name = href === null ? inline(clip(d.title, 100)) : link(clip(d.title, 100), href)
      return `- ${statusIcon(d.status)} ${name} — ${site.status[d.status]}, ${site.toolCalls(d.toolCalls)}`
    })
    const more = facts.descendants.length > shown.length ? `\n\n${inline(t.more(facts.descendants.length - shown.length, t.sessionsWord))}` : ''
    out.push(`#### ${t.subagents(facts.descendants.length)}\n\n${list.join('\n')}${more}`)
  }

  out.push(details(t.usage, usageTable(facts, caps, t)))
  return out
}

export interface RenderedMarkdown {
  text: string
  /** 0 = nothing cut; higher = tighter caps were needed. */
  level: number
  /** Blocks dropped at the last level (a pathological tree). */
  droppedBlocks: number
}

export function renderMarkdown(facts: SummaryFacts, options: MarkdownOptions): RenderedMarkdown {
  const max = options.maxBytes ?? MAX_MARKDOWN_BYTES
  const t = exportText(options.locale)
  const note = `_${inline(t.truncated)}_`
  for (let level = 0; level < LEVELS.length; level++) {
    const caps = LEVELS[level] as Caps
    const list = blocks(facts, caps, options)
    if (level > 0) list.push(note)
    const text = `${list.join('\n\n')}\n`
    if (bytes(text) <= max) return { text, level, droppedBlocks: 0 }
  }
  // Still too long at the tightest caps: whole blocks from the end go, the note stays.
  const list = blocks(facts, LEVELS[LEVELS.length - 1] as Caps, options)
  let dropped = 0
  while (list.length > 1 && bytes(`${[...list, note].join('\n\n')}\n`) > max) {
    list.pop()
    dropped++
  }
  let text = `${[...list, note].join('\n\n')}\n`
  // A title alone over the budget cannot happen (titles are one line of 100 characters); guard anyway.
  if (bytes(text) > max) text = `${note}\n`
  return { text, level: LEVELS.length, droppedBlocks: dropped }
}

