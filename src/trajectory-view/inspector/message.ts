/**
 * USER, CONTEXT and ASSISTANT details (trajectory.md §5.4): Summary, Preview, Raw and (with a message
 * source) Source.
 * - Summary: an assistant's Source is a button to its request (`Request #N`), then Status and Tokens
 *   (`{output} tok`, `—` without usage), Reasoning and Content when reported; a user or context message's
 *   Source names its producer (`User`, `Goal · Round 2`, `Runtime-context`) and opens the Source tab, then
 *   Status and Duration, always `0 ms`.
 * - Preview: the reasoning in an open "Thinking" fold, the text, the calls the message made (each a link to
 *   its record) and the attachments. dsh renders Markdown here; the page shows the text as written (the Chat
 *   tab renders it), cut to the page's caps like every long text of the tab.
 * - Raw: one line per content block, `Block #i type`; a call's block links to its record; an image, file or
 *   unknown block folds away its JSON (long strings — image data — shortened).
 */
import type { ContentBlock } from '../../log/events/schema'
import type { TrajectoryRecord } from '../../trajectory/model'
import { labelText } from '../content'
import type { ViewContext } from '../context'
import { DASH, tokens } from '../format'
import type { Block, InspectorTab, LinkValue, Term } from '../types'
import { linkTo, prettyJson, recordId, requestId, statusTerm, textBlock } from './common'

/** Longest string kept whole in a raw block's JSON (image data is replaced by its length). */
const RAW_STRING_CHARS = 200

/** `Runtime-context` for `runtime-context`: the client's "first letter capitalised". */
const capitalised = (kind: string) => (kind === '' ? kind : kind[0]?.toUpperCase() + kind.slice(1))

/** Whether the source's label is one of dsh's words (else it is the log's kind, capitalised). */
function sourceKnown(source: unknown): boolean {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return true
  const kind = (source as { kind?: unknown }).kind
  return kind === 'user' || kind === 'goal' || typeof kind !== 'string'
}

export function sourceLabel(source: unknown, ctx: ViewContext): string {
  const t = ctx.words.t
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return t('source.unknown')
  const kind = (source as { kind?: unknown }).kind
  if (kind === 'user') return t('source.user')
  if (kind === 'goal') {
    const round = (source as { round?: unknown }).round
    return typeof round === 'number' && Number.isFinite(round) ? t('source.goalRound', { round }) : t('source.goal')
  }
  return typeof kind === 'string' ? capitalised(kind) : t('source.unknown')
}

function usageTerms(record: TrajectoryRecord, ctx: ViewContext): Term[] {
  const t = ctx.words.t
  const output = record.usage?.outputTokens
  const reasoning = record.usage?.reasoningTokens
  const terms: Term[] = [output === undefined ? { term: t('usage.tokens'), value: DASH, tone: 'muted' } : { term: t('usage.tokens'), value: tokens(output, ctx.words) }]
  if (reasoning !== undefined) terms.push({ term: t('usage.reasoning'), value: tokens(reasoning, ctx.words) })
  if (output !== undefined && reasoning !== undefined) terms.push({ term: t('usage.content'), value: tokens(Math.max(0, output - reasoning), ctx.words) })
  return terms
}

function summaryTerms(record: TrajectoryRecord, ctx: ViewContext): Term[] {
  const t = ctx.words.t
  if (record.kind === 'message') {
    const terms: Term[] = []
    if (record.request !== null) terms.push({ term: t('details.source'), value: linkTo(requestId(record.request), t('request.label', { request: record.request })) })
    return [...terms, statusTerm(record.status, ctx), ...usageTerms(record, ctx)]
  }
  const terms: Term[] = []
  if (record.source !== undefined) {
    // A source kind dsh has no word for is the log's own (`Plugin`, capitalised as the client does).
    const known = sourceKnown(record.source)
    const link: LinkValue = { kind: 'link', label: sourceLabel(record.source, ctx), to: { tab: 'source' }, button: true }
    if (!known) link.verbatim = true
    terms.push({ term: t('details.source'), value: link })
  }
  terms.push(statusTerm(record.status, ctx), { term: t('timing.duration'), value: t('unit.milliseconds', { value: 0 }) })
  return terms
}

/** A `tool-call` block's id. */
const callIdOf = (block: ContentBlock): string | null => (block.type === 'tool-call' && typeof block['id'] === 'string' ? block['id'] : null)

/** The calls a message made, each a link to its record (when the ledger has one). */
function callLinks(record: TrajectoryRecord, ctx: ViewContext): LinkValue[] {
  const links: LinkValue[] = []
  for (const block of record.blocks ?? []) {
    const id = callIdOf(block)
    const call = id === null ? undefined : ctx.callRecord(id)
    if (call === undefined) continue
    const args = call.preview ?? ''
    links.push(linkTo(recordId(call.index), args === '' ? (call.toolName ?? '') : `${call.toolName ?? ''} ${args}`, true, true))
  }
  return links
}

function attachmentLines(blocks: readonly ContentBlock[], ctx: ViewContext): string[] {
  const lines: string[] = []
  let images = 0
  for (const block of blocks) {
    if (block.type === 'image') {
      images++
      const name = typeof block['name'] === 'string' && block['name'] !== '' ? block['name'] : ctx.words.t('attachment.imageName', { index: images })
      const mime = typeof block['mimeType'] === 'string' ? block['mimeType'] : typeof block['mediaType'] === 'string' ? block['mediaType'] : ''
      lines.push(mime === '' ? name : `${name} · ${mime}`)
    } else if (block.type === 'file') {
      const name = typeof block['name'] === 'string' ? block['name'] : typeof block['filename'] === 'string' ? block['filename'] : block.type
      lines.push(name)
    }
  }
  return lines
}

function previewBlocks(record: TrajectoryRecord, ctx: ViewContext): Block[] {
  const t = ctx.words.t
  const blocks: Block[] = []
  if (record.kind === 'message') {
    const thinking = record.reasoningDetail ?? ''
    if (thinking.trim() !== '') blocks.push({ kind: 'fold', summary: t('record.thinking'), open: true, blocks: [textBlock(thinking, ctx)] })
    if (record.outputDetail !== undefined && record.outputDetail !== '') blocks.push(textBlock(record.outputDetail, ctx))
    const calls = callLinks(record, ctx)
    if (calls.length > 0) blocks.push({ kind: 'links', links: calls })
  } else if (record.inputDetail !== undefined && record.inputDetail !== '') blocks.push(textBlock(record.inputDetail, ctx))
  for (const label of record.inputDetailLabels ?? []) blocks.push({ kind: 'text', text: labelText(label, ctx.words) })
  const attachments = attachmentLines(record.blocks ?? [], ctx)
  if (attachments.length > 0) blocks.push({ kind: 'section', heading: t('attachment.list'), blocks: attachments.map((text) => ({ kind: 'text', text })) })
  if (blocks.length === 0) {
    const onlyCalls = record.labels.some((l) => l.key === 'layout.toolCallOnly')
    blocks.push({ kind: 'text', text: onlyCalls ? t('record.toolCallOnly') : t('record.noContent'), tone: 'muted' })
  }
  return blocks
}

/** A block's JSON with long strings shortened (image data, big payloads): what the Raw tab folds away. */
function compactJson(block: ContentBlock): string {
  return JSON.stringify(block, (_key, value: unknown) => (typeof value === 'string' && value.length > RAW_STRING_CHARS ? `${value.slice(0, RAW_STRING_CHARS)}… (${value.length})` : value), 2)
}

export function rawBlocks(blocks: readonly ContentBlock[], ctx: ViewContext): Block[] {
  const t = ctx.words.t
  if (blocks.length === 0) return [{ kind: 'text', text: t('record.noContent'), tone: 'muted' }]
  return blocks.map((block, i): Block => {
    const index = i + 1
    const label = t('block.label', { index, type: block.type })
    const id = callIdOf(block)
    const call = id === null ? undefined : ctx.callRecord(id)
    if (call !== undefined) return { kind: 'links', links: [linkTo(recordId(call.index), t('block.openSummary', { index }))] }
    if (block.type === 'text' || block.type === 'reasoning' || block.type === 'tool-call') return { kind: 'text', text: label }
    return { kind: 'fold', summary: label, open: false, blocks: [textBlock(compactJson(block), ctx, { pre: true })] }
  })
}

export function messageTabs(record: TrajectoryRecord, ctx: ViewContext): InspectorTab[] {
  const t = ctx.words.t
  const tabs: InspectorTab[] = [
    { id: 'summary', label: t('tab.summary'), blocks: [{ kind: 'terms', terms: summaryTerms(record, ctx) }] },
    { id: 'preview', label: t('tab.preview'), blocks: previewBlocks(record, ctx) },
    { id: 'raw', label: t('tab.raw'), blocks: rawBlocks(record.blocks ?? [], ctx) },
  ]
  if (record.source !== undefined) tabs.push({ id: 'source', label: t('tab.source'), blocks: [textBlock(prettyJson(record.source), ctx, { pre: true, label: t('source.messageJson') })] })
  return tabs
}
