/**
 * One tool row, complete: the renderer dispatch table (cards.md §4.2: wire tool name → row
 * renderer, anything unlisted → Generic) and `toolRowModel`, which returns a tool row's complete props —
 * chrome, at most one card (precedence terminal → diff → read → search → web → text), Details, and the
 * code-dispatch children, recursively. Children follow the same table; diff/read/search/web refuse them
 * on their own (cards.md §16.4), while terminal cards are allowed for children ([N] nested-terminal fix).
 * `cordis_*` rows are an upstream extension this viewer does not reproduce: they render Generic.
 */
import { plainText } from './plain-text'
import { ownTable } from '../log/own'
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, CardModel, RowState, ToolDetailsModel, ToolRowModel } from './types'
import { genericModel, type GenericModel } from './generic'
import { terminalCardModel } from './terminal'
import { diffCardModel } from './diff'
import { readCardModel } from './read'
import { searchCardModel } from './search'
import { webCardModel } from './web'
import {
  askRow, autoReviewRow, bashRow, editRow, genericRow, globRow, grepRow, presentRow, readImageRow, readRow, skillRow,
  todoRow, webFetchRow, webSearchRow, writeRow, type RowRenderer,
} from './rows'
import { DETAIL_TOOLS } from './details/registry'
import { detailsRowFor } from './details/row'
import { strings } from './strings'
import { toolStrings } from './tool-strings'

export const RENDERERS = ownTable<RowRenderer>({
  bash: bashRow,
  read: readRow,
  read_image: readImageRow,
  present: presentRow,
  write: writeRow,
  edit: editRow,
  grep: grepRow,
  glob: globRow,
  web_search: webSearchRow,
  web_fetch: webFetchRow,
  todo_write: todoRow,
  ask_user_question: askRow,
  skill: skillRow,
  // DetailsRow (cards-current.md §10): the goal, reminder, Cordis, workflow, session, agent, job, terminal,
  // lsp and team tools.
  ...Object.fromEntries([...DETAIL_TOOLS].map(([name, tool]) => [name, detailsRowFor(tool)])),
})

/** Card models in precedence order; each returns null unless its tool and inputs qualify. */
const CARD_MODELS = [terminalCardModel, diffCardModel, readCardModel, searchCardModel, webCardModel] as const

/** The call's card, or null for the text body (Generic). */
export function cardModel(node: ToolCallNode, ctx: CardContext): CardModel | null {
  for (const model of CARD_MODELS) {
    const card = model(node, ctx)
    if (card !== null) return card
  }
  return null
}

function details(node: ToolCallNode, g: GenericModel, card: CardModel | null, ctx: CardContext): ToolDetailsModel {
  const t = strings(ctx.locale)
  const result = node.result
  return {
    header: node.name !== '' ? node.name : node.callId,
    inputLabel: t.detailsInput,
    input: node.hasCallHead ? (g.input ?? '') : null,
    outputLabel: t.detailsOutput,
    output: card !== null ? { kind: 'card' }
      : result === null ? { kind: 'running', text: t.detailsRunning }
      : { kind: 'raw', text: g.output ?? '', isError: result.isError },
  }
}

/** What a row key adds after `tool:<callId>` (the `@<seq>` of a reused id), so children can carry it too. */
function keySuffix(key: string, callId: string): string {
  const plain = `tool:${callId}`
  return key.startsWith(plain) ? key.slice(plain.length) : `@${key}`
}

/** The row key of code-dispatch child `childCallId` under the row `parentKey` of call `parentCallId`. */
export function childRowKey(parentKey: string, parentCallId: string, childCallId: string): string {
  return `tool:${childCallId}${keySuffix(parentKey, parentCallId)}`
}

/** A settled terminal card that failed turns an ok row red — dot and hidden text only (cards.md §4.4). */
function displayState(state: RowState, card: CardModel | null): RowState {
  return state === 'ok' && card?.kind === 'terminal' && card.state === 'failed' ? 'error' : state
}

/**
 * The complete props of one tool row and its children. Never throws on malformed input. `key` is the
 * conversation's node key (`tool:<callId>`, or `tool:<callId>@<seq>` for a reused id); children reuse its
 * suffix so their keys stay unique too.
 */
export function toolRowModel(node: ToolCallNode, ctx: CardContext, depth = 0, key = `tool:${node.callId}`): ToolRowModel {
  const g = genericModel(node, ctx)
  const card = cardModel(node, ctx)
  const renderer = Object.hasOwn(RENDERERS, node.name) ? RENDERERS[node.name] : undefined
  // An Auto-review denial renders as the generic row whatever the tool (cards-current.md §9.4).
  const chrome = g.autoReviewDenial !== null ? autoReviewRow(g, g.autoReviewDenial, ctx.locale) : (renderer ?? genericRow)(node, ctx, g, card)
  const present = node.name === 'present' && g.autoReviewDenial === null
  const state = displayState(chrome.state, card)
  const t = strings(ctx.locale)
  const standardStatus = state === 'running' ? t.rowRunning : state === 'error' ? t.rowFailed
    : state === 'stopped' ? t.rowStopped : null
  return {
    kind: 'tool',
    key,
    callId: node.callId,
    tool: node.name,
    variant: g.variant,
    layout: chrome.layout,
    state,
    modelState: chrome.state,
    dot: state === 'error' ? 'red' : state === 'stopped' ? 'amber' : null,
    icon: chrome.icon,
    // Collapsed-row text is plain text: a command's or output's terminal escapes must not show raw.
    title: plainText(chrome.title),
    summary: plainText(chrome.summary),
    summaryStyle: chrome.summaryStyle,
    filePath: chrome.filePath,
    summarySuffix: chrome.summarySuffix,
    ...(chrome.summaryStatus != null ? { summaryStatus: chrome.summaryStatus } : {}),
    hiddenStatus: chrome.hiddenStatus !== undefined ? chrome.hiddenStatus : standardStatus,
    hiddenStatusPlacement: chrome.layout === 'tool' ? 'before-header' : 'in-header',
    expandable: chrome.body !== null,
    body: chrome.body,
    inspectLabel: present ? toolStrings(ctx.locale).present.inspect : toolStrings(ctx.locale).inspectPill,
    ...(present ? { inspectStyle: chrome.body === null ? 'none' as const : 'text' as const } : {}),
    details: details(node, g, card, ctx),
    children: node.subCalls.map(child => toolRowModel(child, ctx, depth + 1, childRowKey(key, node.callId, child.callId))),
    depth,
  }
}

