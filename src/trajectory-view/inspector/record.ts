/**
 * A record's details (trajectory.md §5.1, §5.2): the header (its kind tag and where it sits — `Turn 1 ·
 * Step 1`; a COMPACTED record its section only; a SYSTEM record its change label) and its tabs by kind —
 * SYSTEM ./system.ts, USER / CONTEXT / ASSISTANT ./message.ts, TOOL / SUBTOOL ./tool.ts, and COMPACTED here:
 * Summary (Status, Duration, Tokens — always `—`, as the client shows — and the summary text) and Raw
 * Output (the compaction's reasoning and output as written). A request-only row has no record details:
 * its fold holds its request's.
 */
import type { TrajectoryRecord } from '../../trajectory/model'
import { kindLabel } from '../content'
import type { ViewContext } from '../context'
import { DASH, durationMillis } from '../format'
import type { Block, InspectorModel, InspectorTab } from '../types'
import { groupTitle, sectionLabel, statusTerm, textBlock } from './common'
import { messageTabs } from './message'
import { systemTabs, systemTitle } from './system'
import { toolTabs } from './tool'

function compactedTabs(record: TrajectoryRecord, ctx: ViewContext): InspectorTab[] {
  const t = ctx.words.t
  const summary: Block[] = [{
    kind: 'terms',
    terms: [
      statusTerm(record.status, ctx),
      record.duration === null ? { term: t('timing.duration'), value: DASH, tone: 'muted' } : { term: t('timing.duration'), value: durationMillis(record.duration, ctx.words) },
      { term: t('usage.tokens'), value: DASH, tone: 'muted' },
    ],
  }]
  if (record.outputDetail !== undefined && record.outputDetail !== '') summary.push(textBlock(record.outputDetail, ctx))
  const raw: Block[] = []
  if (record.reasoningDetail !== undefined) raw.push({ kind: 'fold', summary: t('record.thinking'), open: true, blocks: [textBlock(record.reasoningDetail, ctx)] })
  const output = (record.blocks ?? []).flatMap((b) => (b.type === 'text' && typeof b['text'] === 'string' ? [b['text']] : [])).join('\n')
  if (output !== '') raw.push(textBlock(output, ctx, { pre: true }))
  if (raw.length === 0) raw.push({ kind: 'text', text: t('record.noOutput'), tone: 'muted' })
  return [
    { id: 'summary', label: t('tab.summary'), blocks: summary },
    { id: 'rawOutput', label: t('tab.rawOutput'), blocks: raw },
  ]
}

export function recordWhere(record: TrajectoryRecord, ctx: ViewContext): string {
  if (record.kind === 'system') return systemTitle(record, ctx)
  const section = sectionLabel(record.turn, ctx)
  return record.kind === 'compacted' ? section : `${section} · ${groupTitle(record.group, ctx)}`
}

/** The record's details; null for a request-only row (its fold holds the request's). */
export function recordInspector(record: TrajectoryRecord, ctx: ViewContext): InspectorModel | null {
  if (record.requestOnly) return null
  let tabs: InspectorTab[]
  switch (record.kind) {
    case 'system':
      tabs = systemTabs(record, ctx)
      break
    case 'compacted':
      tabs = compactedTabs(record, ctx)
      break
    case 'tool':
    case 'subtool':
      tabs = toolTabs(record, ctx)
      break
    default:
      tabs = messageTabs(record, ctx)
  }
  return { of: 'rec', title: kindLabel(record.kind, ctx.words), where: recordWhere(record, ctx), kind: record.kind, tabs }
}
