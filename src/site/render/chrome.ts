/**
 * Session facts → the pre-formatted props of the site chrome: the index entry (`SessionSummary`), the page
 * header (`SessionChrome`) and the page navigation. Everything a component shows is decided here — titles,
 * fallbacks, time and duration formats (UTC, src/cards/format.ts), relative links between pages.
 */
import { formatDuration, timeLabel } from '../../cards/format'
import { sessionPills } from '../../cards/pills'
import type { Conversation, SessionFacts } from '../../conversation/model'
import { DEFAULT_VIEW_MODE, VIEW_MODES, type ViewMode } from '../../cards/view-mode'
import { pageFile, promptsFile } from '../plan/slug'
import { promptWindow, type Prompt } from './prompts'
import { pagerNav } from './pages/pager'
import { firstPromptOf } from './digest'
import { growingFacts } from './growing-facts'
import type { Fact, FoldControls, PageNav, PromptEntry, PromptToc, SessionChrome, SessionSummary, SiteText, ViewSwitch } from '../types'
import type { Locale } from '../../cards/types'
import { plainText } from '../../cards/plain-text'

/** A title is one line of at most this many characters; the index and `<title>` stay readable. */
const TITLE_CHARS = 100

/** The first non-blank line, terminal escapes stripped (a title is plain text everywhere it shows). */
function oneLine(text: string): string {
  const line = plainText(text).split('\n').find(l => l.trim() !== '')?.trim() ?? ''
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line
}

/** The latest `session/title`, else the first prompt's first line, else the id. */
export function sessionTitle(conversation: Conversation, id: string): string {
  return titleOf(conversation.facts, firstPromptOf(conversation.sections), id)
}

/** The log's title, else the first prompt (`SessionDigest.firstPrompt`), else `Session <id>`; one line. */
export function titleOf(facts: SessionFacts, firstPrompt: string | null, id: string): string {
  const title = oneLine(facts.title ?? '')
  if (title) return title
  if (firstPrompt !== null) return oneLine(firstPrompt)
  return `Session ${id}`
}

const modelName = (facts: SessionFacts): string | null => {
  const m = facts.models[0]
  if (m === undefined) return null
  return m.provider ? `${m.provider}/${m.model}` : m.model
}

export interface SummaryInput {
  conversation: Conversation
  /** Header id, else a name derived from the file. */
  id: string
  stem: string
  pages: number
  warnings: number
  /** Units of the duration (default en). */
  locale?: Locale
}

export function summarize({ conversation, id, stem, pages, warnings, locale = 'en' }: SummaryInput): SessionSummary {
  return summarizeFacts({ facts: conversation.facts, firstPrompt: firstPromptOf(conversation.sections), id, stem, pages, warnings, locale })
}

/** `summarize` from the facts and the first prompt alone (`summarize` takes the first prompt from the model's digest). */
export function summarizeFacts({ facts: f, firstPrompt, id, stem, pages, warnings, locale = 'en' }: Omit<SummaryInput, 'conversation'> & { facts: SessionFacts; firstPrompt: string | null }): SessionSummary {
  const duration = f.startTime !== null && f.endTime !== null && f.endTime >= f.startTime ? formatDuration(f.endTime - f.startTime, locale) : null
  return {
    id,
    slug: stem,
    href: `sessions/${pageFile(stem, 1)}`,
    title: titleOf(f, firstPrompt, id),
    project: f.cwd,
    start: timeLabel(f.startTime),
    duration,
    model: modelName(f),
    turns: f.stats.turns,
    toolCalls: f.stats.toolCalls,
    status: f.status,
    parentId: f.parentSessionId,
    pages,
    warnings,
  }
}

/**
 * The facts of a page header: the facts list, then the session pills of cards-current.md §8.2 (activity,
 * usage, context meter), which the header draws as a row of buttons. `Turns` and `Tool calls` are the session's
 * counts (src/conversation/counts.ts); the activity pill's `1 turns` is dsh's own figure (turns that answered).
 */
export function headerFacts(summary: SessionSummary, f: SessionFacts, text: SiteText): Fact[] {
  const facts: Fact[] = [{ label: text.factProject, value: summary.project ?? text.noProject }]
  if (summary.start !== null) facts.push({ label: text.factStarted, value: summary.start.label, datetime: summary.start.iso })
  if (summary.duration !== null) facts.push({ label: text.factDuration, value: summary.duration })
  if (f.models.length > 0) {
    facts.push({ label: text.factModel, value: f.models.map(m => (m.provider ? `${m.provider}/${m.model}` : m.model)).join(', ') })
  }
  facts.push(...growingFacts(summary, text))
  facts.push({ label: text.factSession, value: summary.id })
  const pills = sessionPills(f.stats, text.locale)
  for (const pill of [pills.activity, pills.usage, pills.context]) if (pill !== null) facts.push({ label: pill.title, value: pill.name, pill })
  return facts
}

/** Relatives of a session in this build, as the chrome links them. */
export interface Family {
  parent: { summary: SessionSummary; /** Anchor on the parent page, when its log names the spawning call. */ anchor: string | null } | null
  children: SessionSummary[]
}

/** The header props of page `page` of `pages`. */
export function sessionChrome(
  summary: SessionSummary,
  facts: Fact[],
  family: Family,
  page: number,
  pages: number,
  text: SiteText,
  view: ViewMode = DEFAULT_VIEW_MODE,
  /** The log ends in a partial line: not one of `summary.warnings` (no card marks it), named apart. */
  tornTail = false,
): SessionChrome {
  const parent = family.parent
  return {
    title: summary.title,
    facts,
    parent:
      parent === null
        ? null
        : {
            prefix: text.subagentOf,
            link: { href: `${pageFile(parent.summary.slug, 1)}${parent.anchor === null ? '' : `#${parent.anchor}`}`, label: parent.summary.title },
          },
    childrenLabel: text.childSessions(family.children.length),
    children: family.children.map(c => ({ href: pageFile(c.slug, 1), label: c.title })),
    index: { href: '../index.html', label: text.allSessions },
    nav: pages > 1 ? pageNav(summary.slug, page, pages, text) : null,
    warnings: damageNote(summary.warnings, tornTail, text),
    viewSwitch: viewSwitch(view, text),
  }
}

/**
 * The header's note on damage: the lines the transcript marks, counted as many as it marks, and apart from
 * them a torn last line, which no card marks (it is not shown). Null when the log was read whole.
 */
export function damageNote(warnings: number, tornTail: boolean, text: SiteText): string | null {
  // `warnings` counts only what the transcript marks: the fold reports a torn tail without counting it
  // (src/site/fold/fold-log.ts), since no card shows it; it is named apart here.
  const marked = warnings
  const notes = [marked > 0 ? text.warnings(marked) : null, tornTail ? text.tornTail : null].filter((n): n is string => n !== null)
  return notes.length === 0 ? null : notes.join(' · ')
}

/** The header's view-mode control, the page's default selected. */
export function viewSwitch(current: ViewMode, text: SiteText): ViewSwitch {
  return { label: text.viewLabel, current, options: VIEW_MODES.map(value => ({ value, label: text.viewModes[value] })) }
}

export function pageNav(stem: string, page: number, pages: number, text: SiteText): PageNav {
  return pagerNav(page, pages, p => pageFile(stem, p), text.pagesNav, text)
}

/** The anchor a child's page links back to: the link after the spawning call on the parent's page. */
export const childAnchor = (childStem: string): string => `child-${childStem}`

/** The header's Expand all / Collapse all labels. */
export function foldControls(text: SiteText): FoldControls {
  return { label: text.foldsLabel, expand: text.expandAll, collapse: text.collapseAll }
}

/** A prompt as a list entry: a link to its id on page `pageOf(id)` (1-based) of session `stem` (`#id` alone when `here`). */
export function promptEntry(prompt: Prompt, stem: string, page: number, here: boolean, text: SiteText): PromptEntry {
  // A prompt on this page is linked within it (`#id`): ~25 bytes less for each of a page's own prompts.
  return { href: `${here ? '' : pageFile(stem, page)}#${encodeURIComponent(prompt.id)}`, label: prompt.label === '' ? text.promptNoText : prompt.label, number: prompt.number, here }
}

/**
 * The prompt list of page `page` (src/site/render/prompts.ts): every prompt when they fit the window, else the
 * window from just before this page's first prompt and a link to the full list. Null without prompts.
 * `pages[i]` is the page (1-based) holding `prompts[i]`, worked out once for all of a session's pages: a
 * lookup per prompt and page was 2% of a 7,500-prompt session's build.
 */
export function promptToc(prompts: readonly Prompt[], pages: readonly number[], page: number, stem: string, text: SiteText): PromptToc | null {
  if (prompts.length === 0) return null
  const firstHere = pages.findIndex(at => at >= page)
  const [start, end] = promptWindow(prompts.length, firstHere < 0 ? null : firstHere)
  const entries = prompts.slice(start, end).map((p, i) => {
    const at = pages[start + i] ?? 1
    return promptEntry(p, stem, at, at === page, text)
  })
  const windowed = end - start < prompts.length
  return {
    label: text.prompts,
    summary: text.promptsSummary(prompts.length),
    entries,
    note: windowed ? text.promptsWindow(start + 1, end, prompts.length) : null,
    all: windowed ? { href: promptsFile(stem, 1), label: text.allPrompts(prompts.length) } : null,
  }
}
