/**
 * The row renderers of cards.md §4.2 and cards-current.md §10 (ReadImageRow, FileMutationRow's size and totals,
 * the to-do diff, the ask card, PresentRow, the Auto-review denial) as pure functions: each takes the Generic
 * model and the call's card (if any) and decides the row chrome its dsh counterpart shows — title, icon, summary
 * and its style, suffix, hidden status and its placement, and the body that opens. ./tool-row picks one by tool
 * name and adds what every row shares (state dot, details, children).
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, CardModel, IoBody, Locale, RowBody, RowLayout, RowState, ToolIcon } from './types'
import type { GenericModel } from './generic'
import { isBackgroundLaunch } from './terminal'
import { todoPresentation } from './todo'
import { askPresentation } from './question'
import { skillPresentation } from './skill'
import { imageCardModel } from './read-image'
import { presentPresentation } from './present'
import { contentSize, diffTotals } from './file-mutation'
import { firstLine, nonEmpty } from './narrow'
import { strings } from './strings'
import { toolStrings } from './tool-strings'

/** What a renderer decides; `state` is the row state after any renderer-specific override. */
export interface RowChrome {
  layout: RowLayout
  title: string
  icon: ToolIcon
  summary: string
  summaryStyle: 'text' | 'file-link' | 'failure'
  filePath: string | null
  summarySuffix: string | null
  state: RowState
  /** Null = the standard Running/Failed/Stopped text for `state`. */
  hiddenStatus?: string | null
  /** Receipt status shown as ` · <status>` after the summary while the row is closed (cards-current.md §9.0). */
  summaryStatus?: string | null
  body: RowBody | null
}

export type RowRenderer = (node: ToolCallNode, ctx: CardContext, g: GenericModel, card: CardModel | null) => RowChrome

/** IN/OUT body, or null when it would be empty. */
export function io(g: GenericModel, showInput: boolean, ctx: CardContext): IoBody | null {
  const program = showInput && g.program !== null ? { text: g.program, lang: 'ts', html: null } : null
  const input = showInput && program === null ? g.input : null
  if (program === null && input === null && g.output === null) return null
  return {
    kind: 'io',
    program,
    input,
    output: g.output,
    outputIsError: g.state === 'error',
    inLabel: strings(ctx.locale).inLabel,
    outLabel: strings(ctx.locale).outLabel,
  }
}

/** Failure line over the given summary, in error colour (ToolRow, cards.md §5.4). */
export function summaryOf(g: GenericModel, summary: string, link: boolean): Pick<RowChrome, 'summary' | 'summaryStyle' | 'filePath'> {
  if (g.errorSummary !== null) return { summary: g.errorSummary, summaryStyle: 'failure', filePath: null }
  if (link && g.filePath !== null) return { summary, summaryStyle: 'file-link', filePath: g.filePath }
  return { summary, summaryStyle: 'text', filePath: null }
}

const terminalDescription = (card: CardModel | null): string | null =>
  card?.kind === 'terminal' ? card.description : null

/** GenericToolCard → ToolRow: pwsh, run_code, str_replace_editor, terminal_send, unknown tools, orphans. */
export const genericRow: RowRenderer = (_node, ctx, g, card) => {
  const singleFile = g.filePath !== null
  return {
    layout: 'tool',
    title: g.title,
    icon: g.icon,
    ...summaryOf(g, terminalDescription(card) ?? g.summary, true),
    summarySuffix: null,
    state: g.state,
    body: card ?? io(g, !singleFile, ctx),
  }
}

/** BashRow: status inside the header; background and stopped rows never expand (cards.md §6.6). */
export const bashRow: RowRenderer = (node, ctx, g, card) => {
  const expandsAsText = node.result !== null && g.state !== 'stopped' && !isBackgroundLaunch(node)
  return {
    layout: 'bash',
    title: g.title,
    icon: 'api',
    ...summaryOf(g, terminalDescription(card) ?? g.plainSummary, false),
    summarySuffix: null,
    state: g.state,
    body: card ?? (expandsAsText ? io(g, true, ctx) : null),
  }
}

/** ReadRow: a relativised path link, no IN body, the card or OUT once settled. */
const fileRow = (titleKey: 'read' | 'write' | 'edit', icon: ToolIcon): RowRenderer => (node, ctx, g, card) => ({
  layout: 'tool',
  title: toolStrings(ctx.locale).title[titleKey],
  icon,
  ...summaryOf(g, g.summary, true),
  summarySuffix: null,
  state: g.state,
  body: card ?? (node.result === null ? null : io(g, false, ctx)),
})

/**
 * FileMutationRow (write / edit, cards-current.md §9.4): the path link, then the suffix `{n}KB` (content size)
 * and `+A -R` (diff totals, whenever a diff card exists); both dropped on error and stopped rows.
 */
const mutationRow = (titleKey: 'write' | 'edit'): RowRenderer => (node, ctx, g, card) => {
  const base = fileRow(titleKey, 'pencil')(node, ctx, g, card)
  const suffix = g.state === 'error' || g.state === 'stopped' || base.summary === '' ? null
    : [contentSize(g.args, ctx.locale), card?.kind === 'diff' ? diffTotals(card) : null].filter((p): p is string => p !== null).join(' ')
  return { ...base, summarySuffix: suffix === null || suffix === '' ? null : suffix }
}

/** SearchRow / WebRow: keyed title, unrelativised summary (`description` first), no IN body. */
const resultRow = (titleKey: 'grep' | 'glob' | 'webSearch' | 'webFetch', icon: ToolIcon): RowRenderer => (node, ctx, g, card) => {
  const description = g.args === null ? null : nonEmpty(g.args.description)
  return {
    layout: 'tool',
    title: toolStrings(ctx.locale).title[titleKey],
    icon,
    ...summaryOf(g, description !== null ? firstLine(description) : g.plainSummary, false),
    summarySuffix: null,
    state: g.state,
    body: card ?? (node.result === null ? null : io(g, false, ctx)),
  }
}

/** TodoRow (cards-current.md §10, §11.9): plan summary, diff summary as suffix, the to-do diff when settled. */
export const todoRow: RowRenderer = (node, ctx, g) => {
  const todo = todoPresentation(node, ctx)
  return {
    layout: 'tool',
    title: toolStrings(ctx.locale).title.todo,
    icon: 'checklist',
    ...summaryOf(g, todo?.summary ?? g.bareSummary, false),
    // The failure line replaces the summary, and the suffix goes with it (also on stopped rows).
    summarySuffix: g.errorSummary === null && g.state !== 'stopped' && g.state !== 'error' ? (todo?.suffix ?? null) : null,
    state: g.state,
    body: todo !== null && g.state === 'ok' ? todo.body : io(g, true, ctx),
  }
}

/** AskQuestionRow (cards-current.md §11.8); a failed call shows its failure line, as every row does (§5.4). */
export const askRow: RowRenderer = (node, ctx, g) => {
  const ask = askPresentation(node, g.state, ctx.locale)
  // Only a call that stays failed: a cancelled one is an error on the wire but reads `cancelled`, state ok.
  const failure = ask.state === 'error' ? g.errorSummary : null
  return {
    layout: 'tool',
    title: toolStrings(ctx.locale).title.ask,
    icon: 'question',
    summary: failure ?? ask.summary ?? g.bareSummary,
    summaryStyle: failure === null ? 'text' : 'failure',
    filePath: null,
    summarySuffix: null,
    state: ask.state,
    body: ask.body ?? io(g, true, ctx),
  }
}

export const skillRow: RowRenderer = (node, ctx, g) => {
  const skill = skillPresentation(node, g, g.state, ctx.locale)
  return {
    layout: 'skill',
    title: toolStrings(ctx.locale).title.skill,
    icon: 'skill',
    summary: skill.summary,
    summaryStyle: skill.failure ? 'failure' : 'text',
    filePath: null,
    summarySuffix: null,
    state: g.state,
    hiddenStatus: skill.hiddenStatus,
    body: skill.body,
  }
}

/** ReadImageRow (cards-current.md §10): the read row, with the image card when the result qualifies. */
export const readImageRow: RowRenderer = (node, ctx, g, card) => {
  const base = fileRow('read', 'browse')(node, ctx, g, card)
  const image = g.state === 'ok' ? imageCardModel(node, g, ctx) : null
  return { ...base, title: g.title, body: image ?? base.body }
}

/**
 * PresentRow (cards-current.md §10, §12.4): status word then the argument paths; no hidden state text; the
 * detail text (if any) in a `pre` followed by the `Inspect call` text button (ToolRowModel.inspectStyle).
 */
export const presentRow: RowRenderer = (node, ctx, g) => {
  const present = presentPresentation(node, g, ctx.locale)
  return {
    layout: 'tool',
    title: toolStrings(ctx.locale).title.present,
    icon: g.icon,
    summary: present.summary,
    summaryStyle: 'text',
    filePath: null,
    summarySuffix: null,
    state: g.state,
    hiddenStatus: null,
    body: present.body,
  }
}

/**
 * Auto-review denial (cards-current.md §9.4): any tool renders as the generic row, summary `Rejected by Auto
 * review` as the failure line, OUT `Tool was not executed. Reason: …`, no IN.
 */
export function autoReviewRow(g: GenericModel, denial: { reason: string | null }, locale: Locale): RowChrome {
  const d = toolStrings(locale)
  const reason = denial.reason === null ? '' : denial.reason.trim().replace(/[\r\n\u2028\u2029]+/gu, ' ')
  return {
    layout: 'tool',
    title: g.title,
    icon: g.icon,
    summary: d.autoReviewRejected,
    summaryStyle: 'failure',
    filePath: null,
    summarySuffix: null,
    state: 'error',
    body: { kind: 'io', program: null, input: null, output: d.autoReviewNotExecuted(reason === '' ? d.autoReviewReasonFallback : reason),
      outputIsError: true, inLabel: strings(locale).inLabel, outLabel: strings(locale).outLabel },
  }
}

export const readRow = fileRow('read', 'browse')
export const writeRow = mutationRow('write')
export const editRow = mutationRow('edit')
export const grepRow = resultRow('grep', 'magnifier')
export const globRow = resultRow('glob', 'magnifier')
export const webSearchRow = resultRow('webSearch', 'globe')
export const webFetchRow = resultRow('webFetch', 'browse')
