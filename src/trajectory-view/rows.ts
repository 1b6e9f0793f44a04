/**
 * The ledger's rows (trajectory.md §3), one `LedgerSection` per section of the model (a turn, or a
 * standalone compaction "Between turns"), its records in display order:
 * - the turn label sits on the section's first row that is not request-only, not SYSTEM and not a
 *   compaction owned by the turn (`Turn 3`, compact `#3`; `Between turns` as plain text);
 * - the request marker (`Request #N`) sits on the request's marker record (§3.3);
 * - a row's accessible name is `{Request N, }{KIND}, {content}` (§9). A request-only row names its request
 *   (`Request N, compaction` for a compaction, `Request N, no content` otherwise): the client names every
 *   request-only row `… compaction`, which reads as a bug (§13 question 4), so dsh-view does not copy it;
 * - request-only rows and single tool-change notices are not focusable (§8);
 * - each row carries its record's details and, on a marker row, its request's (./inspector).
 */
import type { TrajectoryRecord, TrajectorySection } from '../trajectory/model'
import { contentOf, kindLabel, listText, resultOf, titleOf } from './content'
import type { ViewContext } from './context'
import { recordId, requestId } from './inspector/common'
import { recordInspector } from './inspector/record'
import { requestInspector } from './inspector/request'
import type { InspectorModel, LedgerRow, LedgerSection, MarkerModel, TurnLabel } from './types'

const NOTICE_KEYS = new Set(['layout.toolAdded', 'layout.toolRemoved'])

function carriesTurnLabel(record: TrajectoryRecord): boolean {
  return !record.requestOnly && record.kind !== 'system' && !(record.kind === 'compacted' && record.turn !== null)
}

function turnLabel(turn: number | null, ctx: ViewContext): TurnLabel {
  return turn === null ? { turn: null, text: ctx.words.t('section.betweenTurns') } : { turn, text: ctx.words.t('turn.label', { turn }), compact: `#${turn}` }
}

function rowAria(record: TrajectoryRecord, marker: MarkerModel | null, tag: string, content: string, ctx: ViewContext): string {
  const t = ctx.words.t
  if (record.requestOnly && record.request !== null) {
    const request = ctx.request(record.request)
    return request?.kind === 'compaction' ? t('request.rowAriaCompaction', { request: record.request }) : `${t('request.rowPrefix', { request: record.request })}${t('request.noContent')}`
  }
  const prefix = marker === null ? '' : t('request.rowPrefix', { request: marker.number })
  return t('request.rowAria', { request: prefix, kind: tag, content: content === '' ? t('request.noContent') : content })
}

export function ledgerRow(record: TrajectoryRecord, label: TurnLabel | null, ctx: ViewContext): LedgerRow {
  const t = ctx.words.t
  const request = ctx.markerOf(record.index)
  const marker: MarkerModel | null =
    request === undefined ? null : { number: request.number, id: requestId(request.number), label: t(request.kind === 'compaction' ? 'request.labelCompaction' : 'request.label', { request: request.number }), status: request.status }
  const content = contentOf(record, ctx.words)
  const result = resultOf(record, ctx.words)
  const tag = record.requestOnly ? '' : kindLabel(record.kind, ctx.words)
  const inspectors: InspectorModel[] = []
  if (request !== undefined) inspectors.push(requestInspector(request, ctx))
  const details = recordInspector(record, ctx)
  if (details !== null) inspectors.push(details)
  const chat = ctx.chatLink(record)
  return {
    id: recordId(record.index),
    kind: record.kind,
    tag,
    aria: rowAria(record, marker, tag, listText(content), ctx),
    requestOnly: record.requestOnly,
    request: record.request,
    status: record.status,
    turnLabel: label,
    marker,
    content,
    result,
    title: titleOf(content, result),
    inert: record.requestOnly || (record.kind === 'context' && record.labels.length === 1 && NOTICE_KEYS.has(record.labels[0]?.key ?? '')),
    chat: chat === null ? null : { kind: 'link', label: t('dv.openChat'), to: chat },
    inspectors,
  }
}

/** A model section's rows, in display order. */
export function ledgerSection(section: TrajectorySection, ctx: ViewContext): LedgerSection {
  const rows: LedgerRow[] = []
  let labelled = false
  for (const group of section.groups) {
    for (const index of group.records) {
      const record = ctx.record(index)
      if (record === undefined) continue
      const label = !labelled && carriesTurnLabel(record) ? turnLabel(section.turn, ctx) : null
      if (label !== null) labelled = true
      rows.push(ledgerRow(record, label, ctx))
    }
  }
  return { anchor: section.turn === null ? null : `turn-${section.turn}`, turn: section.turn, rows }
}
