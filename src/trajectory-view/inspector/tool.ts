/**
 * TOOL and SUBTOOL details (trajectory.md §5.2, §5.4, §5.6): Summary (a `run_code` program's description
 * first; Hierarchy — the assistant message that made the call and, for a sub-call, the tool call it ran in —
 * and Status), Payload (Code for `run_code`) when the call had arguments, Result (Output for `run_code`,
 * always there) when it has one, Schema (the tool as the request offered it: name, description, parameters)
 * and Timing. A tool's parameters repeat for every call of it, so the page shows them as one file per
 * distinct schema (a side file, shared by every call) rather than inline under each call.
 */
import type { TrajectoryRecord } from '../../trajectory/model'
import type { ViewContext } from '../context'
import { labelText } from '../content'
import type { Block, InspectorTab, LinkValue, Term, TextBlock } from '../types'
import { linkTo, prettyJson, recordId, statusTerm, textBlock } from './common'
import { elapsedTimingTerms } from './usage-timing'

/** The description a tool schema shows under its name: its first line, shortened (the file has it whole). */
const SCHEMA_DESCRIPTION_CHARS = 160

/** The TOOL record a sub-call runs under: up its parents to the first TOOL. */
function rootTool(record: TrajectoryRecord, ctx: ViewContext): TrajectoryRecord | undefined {
  let current: TrajectoryRecord | undefined = record
  // Parents form a tree of at most 256 levels (the model guards cycles and depth); this walk is as bounded.
  for (let hops = 0; current !== undefined && current.kind === 'subtool' && hops < 300; hops++) {
    current = current.parentCallId === undefined ? undefined : ctx.callRecord(current.parentCallId)
  }
  return current?.kind === 'tool' ? current : undefined
}

function hierarchy(record: TrajectoryRecord, ctx: ViewContext): LinkValue[] {
  const t = ctx.words.t
  const links: LinkValue[] = []
  const tool = record.kind === 'subtool' ? rootTool(record, ctx) : record
  const assistant = tool?.callId === undefined ? undefined : ctx.assistantOfCall(tool.callId)
  if (assistant !== undefined) links.push(linkTo(recordId(assistant.index), t('details.assistantMessage')))
  if (record.kind === 'subtool' && tool !== undefined) links.push(linkTo(recordId(tool.index), t('details.toolCall')))
  return links
}

/** The result as the Result tab shows it: its detail text (JSON re-indented), red for an error. */
function resultBlocks(record: TrajectoryRecord, ctx: ViewContext, runCode: boolean): Block[] {
  const t = ctx.words.t
  const result = record.result
  if (result === undefined) return [{ kind: 'text', text: runCode && record.status === 'running' ? t('code.running') : t('record.noResult'), tone: 'muted' }]
  if (result.detailLabels.length > 0 && result.detail === '') return [{ kind: 'text', text: result.detailLabels.map((l) => labelText(l, ctx.words)).join(' · '), tone: 'muted' }]
  const json = prettyJson(result.detail)
  const isJson = json !== result.detail || /^\s*[[{]/.test(result.detail)
  const options: Omit<TextBlock, 'kind' | 'text' | 'cut'> = { pre: true }
  if (result.isError) options.tone = 'error'
  if (isJson) options.label = t('record.resultJson')
  return [textBlock(json, ctx, options)]
}

function schemaEntry(record: TrajectoryRecord, ctx: ViewContext): Record<string, unknown> | null {
  if (record.schema === undefined) return null
  const tools = ctx.snapshot.prompts[record.schema.prompt]?.tools ?? []
  for (const entry of tools) {
    if (typeof entry === 'object' && entry !== null && !Array.isArray(entry) && (entry as { name?: unknown }).name === record.schema.name) return entry as Record<string, unknown>
  }
  return null
}

/** A catalog entry's parameters, whatever the provider called them. */
export function parametersOf(entry: Record<string, unknown>): unknown {
  return entry['parameters'] ?? entry['inputSchema'] ?? entry['input_schema'] ?? null
}

/** A schema's description: its first non-blank line, cut short (the whole schema is one click away). */
export function shortDescription(entry: Record<string, unknown>): string {
  const description = typeof entry['description'] === 'string' ? entry['description'] : ''
  const line = description.split('\n').find((l) => l.trim() !== '')?.trim() ?? ''
  const cut = line.length > SCHEMA_DESCRIPTION_CHARS ? `${line.slice(0, SCHEMA_DESCRIPTION_CHARS)}…` : line
  return cut !== line || line.length === description.trim().length ? cut : `${cut} …`
}

/** Name (a heading), description, and the parameters as a linked side file. */
export function schemaBlocks(name: string, entry: Record<string, unknown>, ctx: ViewContext): Block[] {
  const t = ctx.words.t
  const inner: Block[] = []
  const description = shortDescription(entry)
  if (description !== '') inner.push({ kind: 'text', text: description })
  const label = t('record.namedParametersJson', { name })
  // Every call of a tool offers the same parameters: one side file (and one hash) per distinct schema entry.
  let href = ctx.memo.get(entry) as string | undefined
  if (href === undefined) ctx.memo.set(entry, (href = ctx.sideFile(prettyJson(parametersOf(entry)))))
  inner.push({ kind: 'section', heading: t('record.parameters'), blocks: [{ kind: 'links', links: [{ kind: 'link', label, to: { href } }] }] })
  return [{ kind: 'section', heading: name, blocks: inner }]
}

export function toolTabs(record: TrajectoryRecord, ctx: ViewContext): InspectorTab[] {
  const t = ctx.words.t
  const runCode = record.program !== undefined
  const summary: Block[] = []
  if (record.program !== undefined && record.program.description !== '') summary.push({ kind: 'text', text: record.program.description })
  const terms: Term[] = []
  const links = hierarchy(record, ctx)
  if (links.length > 0) terms.push({ term: t('details.hierarchy'), value: links })
  terms.push(statusTerm(record.status, ctx))
  summary.push({ kind: 'terms', terms })
  const tabs: InspectorTab[] = [{ id: 'summary', label: t('tab.summary'), blocks: summary }]
  const args = record.inputDetail ?? ''
  if (record.program !== undefined) {
    const language = record.program.language
    tabs.push({ id: 'code', label: t('code.source'), blocks: [...(language === null ? [] : [{ kind: 'text' as const, text: language, tone: 'muted' as const }]), textBlock(record.program.code, ctx, { pre: true })] })
  } else if (args !== '') {
    tabs.push({ id: 'payload', label: t('tab.payload'), blocks: [textBlock(prettyJson(args), ctx, { pre: true, label: t('record.payloadJson') })] })
  }
  if (runCode) tabs.push({ id: 'output', label: t('code.output'), blocks: resultBlocks(record, ctx, true) })
  else if (record.result !== undefined) tabs.push({ id: 'result', label: t('tab.result'), blocks: resultBlocks(record, ctx, false) })
  const entry = schemaEntry(record, ctx)
  tabs.push({
    id: 'schema',
    label: t('tab.schema'),
    blocks: entry === null || record.schema === undefined ? [{ kind: 'text', text: t('record.schemaUnavailable'), tone: 'muted' }] : schemaBlocks(record.schema.name, entry, ctx),
  })
  tabs.push({ id: 'timing', label: t('tab.timing'), blocks: [{ kind: 'terms', terms: elapsedTimingTerms(record.startedAt, record.duration, record.status === 'running', ctx) }] })
  return tabs
}
