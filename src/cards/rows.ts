/**
 * The row renderers of cards.md §4.2 as pure functions: each takes the Generic model and the call's card
 * (if any) and decides the row chrome its dsh counterpart shows — title, icon, summary and its style,
 * suffix, hidden status and its placement, and the body that opens. `index.ts` picks one by tool name and
 * adds what every row shares (state dot, details, children).
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, CardModel, IoBody, RowBody, RowLayout, RowState, ToolIcon } from './types'
import type { GenericModel } from './generic'
import { isBackgroundLaunch } from './terminal'
import { todoSummary } from './todo'
import { askPresentation } from './question'
import { skillPresentation } from './skill'
import { FIXED, strings } from './strings'

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
  body: RowBody | null
}

export type RowRenderer = (node: ToolCallNode, ctx: CardContext, g: GenericModel, card: CardModel | null) => RowChrome

/** IN/OUT body, or null when it would be empty. */
function io(g: GenericModel, showInput: boolean, ctx: CardContext): IoBody | null {
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
function summaryOf(g: GenericModel, summary: string, link: boolean): Pick<RowChrome, 'summary' | 'summaryStyle' | 'filePath'> {
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
    title: 'Bash',
    icon: 'api',
    ...summaryOf(g, terminalDescription(card) ?? g.plainSummary, false),
    summarySuffix: null,
    state: g.state,
    body: card ?? (expandsAsText ? io(g, true, ctx) : null),
  }
}

/** ReadRow and FileMutationRow: a relativised path link, no IN body, the card or OUT once settled. */
const fileRow = (title: string, icon: ToolIcon): RowRenderer => (node, ctx, g, card) => ({
  layout: 'tool',
  title,
  icon,
  ...summaryOf(g, g.summary, true),
  summarySuffix: null,
  state: g.state,
  body: card ?? (node.result === null ? null : io(g, false, ctx)),
})

/** SearchRow / WebRow: keyed title, unrelativised summary, no IN body. */
const resultRow = (title: string, icon: ToolIcon): RowRenderer => (node, ctx, g, card) => ({
  layout: 'tool',
  title,
  icon,
  ...summaryOf(g, g.plainSummary, false),
  summarySuffix: null,
  state: g.state,
  body: card ?? (node.result === null ? null : io(g, false, ctx)),
})

export const todoRow: RowRenderer = (node, ctx, g) => {
  const todo = todoSummary(node, ctx.locale)
  return {
    layout: 'tool',
    title: strings(ctx.locale).todoRowTitle,
    icon: 'checklist',
    ...summaryOf(g, todo?.summary ?? g.plainSummary, false),
    // The failure line replaces the summary, and the suffix goes with it.
    summarySuffix: g.errorSummary === null ? (todo?.suffix ?? null) : null,
    state: g.state,
    body: io(g, true, ctx),
  }
}

export const askRow: RowRenderer = (node, ctx, g) => {
  const ask = askPresentation(node, g.state, ctx.locale)
  return {
    layout: 'tool',
    title: strings(ctx.locale).askRowTitle,
    icon: 'question',
    summary: ask.summary ?? g.plainSummary,
    summaryStyle: 'text',
    filePath: null,
    summarySuffix: null,
    state: ask.state,
    body: io(g, true, ctx),
  }
}

export const skillRow: RowRenderer = (node, ctx, g) => {
  const skill = skillPresentation(node, g, g.state, ctx.locale)
  return {
    layout: 'skill',
    title: FIXED.skillTitle,
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

export const readRow = fileRow('Read', 'browse')
export const writeRow = fileRow('Write', 'pencil')
export const editRow = fileRow('Edit', 'pencil')
export const grepRow = resultRow('Grep', 'magnifier')
export const globRow = resultRow('Glob', 'magnifier')
export const webSearchRow = resultRow('Search', 'globe')
export const webFetchRow = resultRow('Fetch', 'browse')
