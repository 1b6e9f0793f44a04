/**
 * A request's details (trajectory.md §5.3, §5.5): Summary (Status, Purpose, Provider, Model, Tool calls,
 * Subtool calls, Error or Last attempt error, Retry, Retry delay, Result — each omitted when absent, Tool
 * calls always), Options (only when recorded), Usage and Timing. The header reads `Request #N` and where it
 * sits: `Turn N`, or `Compaction · Turn N` / `Compaction · Between turns`.
 *
 * The client's Summary also previews Options, Usage and Timing below its list; the page script adds those
 * previews from the tabs themselves, so the page carries each figure once.
 */
import type { TrajectoryRecord, TrajectoryRequest } from '../../trajectory/model'
import type { ViewContext } from '../context'
import { durationMs } from '../format'
import type { InspectorModel, InspectorTab, Term, TextBlock } from '../types'
import { labelText } from '../content'
import { linkTo, prettyJson, recordId, sectionLabel, statusTerm, textBlock } from './common'
import { assistantTimingTerms, elapsedTimingTerms, usageBlocks } from './usage-timing'

export function requestLabel(request: TrajectoryRequest, ctx: ViewContext): string {
  return ctx.words.t(request.kind === 'compaction' ? 'request.labelCompaction' : 'request.label', { request: request.number })
}

export function requestWhere(request: TrajectoryRequest, ctx: ViewContext): string {
  const section = sectionLabel(request.turn, ctx)
  return request.kind === 'compaction' ? ctx.words.t('request.compaction', { section }) : section
}

function summaryTerms(request: TrajectoryRequest, ctx: ViewContext): Term[] {
  const t = ctx.words.t
  const terms: Term[] = [statusTerm(request.status, ctx)]
  if (request.kind === 'compaction') terms.push({ term: t('details.purpose'), value: t('request.compactionPurpose') })
  if (request.provider !== undefined) terms.push({ term: t('details.provider'), value: request.provider })
  if (request.model !== undefined) terms.push({ term: t('details.model'), value: request.model })
  terms.push({ term: t('details.toolCalls'), value: String(request.toolCalls) })
  if (request.subtoolCalls > 0) terms.push({ term: t('details.subtoolCalls'), value: String(request.subtoolCalls) })
  const error = request.error
  if (error !== undefined) {
    const term = request.status !== 'error' && request.retry !== undefined ? t('details.lastAttemptError') : t('details.error')
    const value = error.label !== undefined ? labelText(error.label, ctx.words) : error.message !== '' ? error.message : (error.code ?? '')
    terms.push({ term, value, ...(request.status === 'error' ? { tone: 'error' as const } : {}) })
  }
  const retry = request.retry
  if (retry !== undefined) {
    terms.push({ term: t('details.retry'), value: retry.maxRetries === undefined ? String(retry.retry) : t('request.retryProgress', { retry: retry.retry, maximum: retry.maxRetries }) })
    terms.push({ term: t('details.retryDelay'), value: durationMs(retry.delayMs, ctx.words) })
  }
  if (request.resultRecord !== undefined) {
    terms.push({ term: t('details.result'), value: linkTo(recordId(request.resultRecord), request.kind === 'compaction' ? t('details.compacted') : t('details.assistantMessage')) })
  }
  return terms
}

/** The assistant record a request's timing describes (its Result record, if an assistant one). */
function assistantOf(request: TrajectoryRequest, ctx: ViewContext): TrajectoryRecord | undefined {
  const record = request.resultRecord === undefined ? undefined : ctx.record(request.resultRecord)
  return record?.kind === 'message' ? record : undefined
}

export function requestInspector(request: TrajectoryRequest, ctx: ViewContext): InspectorModel {
  const t = ctx.words.t
  const tabs: InspectorTab[] = [{ id: 'summary', label: t('tab.summary'), blocks: [{ kind: 'terms', terms: summaryTerms(request, ctx) }] }]
  const options = request.options
  if (options !== undefined && options !== null) {
    // Requests share their options object while the options stay the same (the model's fold): one block an
    // object (memoised by identity; a log's string is never a memo key), not one print and cut a request.
    const shared = typeof options === 'object'
    let block = shared ? (ctx.memo.get(options) as TextBlock | undefined) : undefined
    if (block === undefined) {
      block = textBlock(prettyJson(options), ctx, { pre: true, label: t('options.json') })
      if (shared) ctx.memo.set(options, block)
    }
    tabs.push({ id: 'options', label: t('tab.options'), blocks: [block] })
  }
  tabs.push({ id: 'usage', label: t('tab.usage'), blocks: usageBlocks(request, ctx) })
  const assistant = request.kind === 'assistant' && assistantOf(request, ctx) !== undefined
  const timing = assistant
    ? assistantTimingTerms(request, ctx)
    : elapsedTimingTerms(request.timing.startedAt, request.timing.totalMs, request.status === 'running', ctx)
  tabs.push({ id: 'timing', label: t('tab.timing'), blocks: [{ kind: 'terms', terms: timing }] })
  return { of: 'req', title: requestLabel(request, ctx), where: requestWhere(request, ctx), tabs }
}
