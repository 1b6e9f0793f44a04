/**
 * The Usage and Timing tabs (trajectory.md §5.5). Usage shows the model's numbers as they are (one count,
 * src/conversation/usage.ts): Input = input + cached + cache created, with Cached, Cache created and Other
 * under it; Output with Reasoning and Content (output − reasoning, not clamped here); a row only when its
 * field is reported; "Usage not reported" when none is. Timing follows the client's first-match rules per
 * row; a log without envelope times reads "Not recorded" (§4.10, dsh-view's decision), and a Started time
 * is the UTC clock the page script turns into the reader's local time.
 */
import type { TrajectoryRequest, UsageSum } from '../../trajectory/model'
import type { ViewContext } from '../context'
import type { TrajectoryKey } from '../strings'
import { clockUtc, DASH, durationMillis, durationMs, throughput, tokens } from '../format'
import type { Block, Term, TimeValue } from '../types'

export function usageTerms(usage: UsageSum | undefined, ctx: ViewContext): Term[] | null {
  if (usage === undefined) return null
  const t = ctx.words.t
  const terms: Term[] = []
  const { inputTokens: input, cacheReadTokens: cached, cacheWriteTokens: created, outputTokens: output, reasoningTokens: reasoning } = usage
  if (input !== undefined || cached !== undefined || created !== undefined) {
    terms.push({ term: t('usage.input'), value: tokens((input ?? 0) + (cached ?? 0) + (created ?? 0), ctx.words) })
    if (cached !== undefined) terms.push({ term: t('usage.cached'), value: tokens(cached, ctx.words), indent: true })
    if (created !== undefined) terms.push({ term: t('usage.cacheCreated'), value: tokens(created, ctx.words), indent: true })
    if (input !== undefined) terms.push({ term: t('usage.other'), value: tokens(input, ctx.words), indent: true })
  }
  if (output !== undefined) {
    terms.push({ term: t('usage.output'), value: tokens(output, ctx.words) })
    if (reasoning !== undefined) {
      terms.push({ term: t('usage.reasoning'), value: tokens(reasoning, ctx.words), indent: true })
      terms.push({ term: t('usage.content'), value: tokens(output - reasoning, ctx.words), indent: true })
    }
  }
  return terms.length === 0 ? null : terms
}

/** The Usage tab: this request, then the session's running total up to it. */
export function usageBlocks(request: TrajectoryRequest, ctx: ViewContext): Block[] {
  const t = ctx.words.t
  const section = (heading: string, usage: UsageSum | undefined): Block => {
    const terms = usageTerms(usage, ctx)
    return { kind: 'section', heading, blocks: [terms === null ? { kind: 'text', text: t('usage.notReported'), tone: 'muted' } : { kind: 'terms', terms }] }
  }
  return [section(t('usage.thisRequest'), request.usage), section(t('usage.sessionCumulative'), request.cumulativeUsage)]
}

export function timeValue(ms: number, ctx: ViewContext): TimeValue {
  return { kind: 'time', ms, text: ctx.words.t('dv.utc', { time: clockUtc(ms) }) }
}

const muted = (term: string, value: string): Term => ({ term, value, tone: 'muted' })

/** The assistant timing rows (request Timing tab, an assistant record's Request Timing). */
export function assistantTimingTerms(request: TrajectoryRequest, ctx: ViewContext): Term[] {
  const t = ctx.words.t
  const { timing } = request
  const started = t('timing.started')
  const terms: Term[] = [timing.startedAt === null ? muted(started, t('timing.notAvailable')) : { term: started, value: timeValue(timing.startedAt, ctx) }]
  const pending = request.status === 'running' || timing.completedAt === null
  // A row shows the first of its fallbacks that applies (its key looked up only then), else its value.
  const row = (term: string, value: string | null, fallback: TrajectoryKey | null): Term =>
    fallback !== null ? muted(term, t(fallback)) : value === null ? muted(term, DASH) : { term, value }
  const notRecorded = !timing.recorded
  const noStart = timing.startedAt === null
  const noFirst = timing.firstTokenAt === null
  terms.push(row(t('timing.totalDuration'), timing.totalMs === null ? null : durationMs(timing.totalMs, ctx.words),
    notRecorded ? 'timing.notRecorded' : noStart ? 'timing.stepStartUnavailable' : pending ? 'status.pending' : null))
  terms.push(row(t('timing.ttft'), timing.ttftMs === null ? null : durationMs(timing.ttftMs, ctx.words),
    notRecorded ? 'timing.notRecorded' : noStart ? 'timing.stepStartUnavailable' : noFirst ? 'timing.firstTokenUnavailable' : null))
  terms.push(row(t('timing.generation'), timing.generationMs === null ? null : durationMs(timing.generationMs, ctx.words),
    notRecorded ? 'timing.notRecorded' : noFirst ? 'timing.firstTokenUnavailable' : pending ? 'status.pending' : null))
  terms.push(row(t('timing.throughput'), timing.tokensPerSecond === null ? null : throughput(timing.tokensPerSecond, ctx.words),
    notRecorded ? 'timing.notRecorded'
      : request.usage === undefined ? 'timing.usageUnavailable'
        : request.usage.outputTokens === undefined ? 'timing.outputTokensUnavailable'
          : noFirst ? 'timing.firstTokenUnavailable'
            : pending ? 'status.pending'
              : timing.generationMs !== null && timing.generationMs <= 0 ? 'timing.durationTooShort'
                : null))
  return terms
}

/**
 * The timing rows of anything else (a tool call, a message, a compaction request): Started, Duration and,
 * in the Timing tab, where the figures come from.
 */
export function elapsedTimingTerms(startedAt: number | null, duration: number | null, running: boolean, ctx: ViewContext, withSource = true): Term[] {
  const t = ctx.words.t
  const started = t('timing.started')
  const terms: Term[] = [
    startedAt === null ? muted(started, t('timing.notAvailable')) : { term: started, value: timeValue(startedAt, ctx) },
    duration === null ? muted(t('timing.duration'), DASH) : { term: t('timing.duration'), value: durationMillis(duration, ctx.words) },
  ]
  if (withSource) {
    const source = duration === null && !running ? t('timing.notAvailable') : running ? t('timing.sessionTimestampsRunning') : t('timing.sessionTimestamps')
    terms.push({ term: t('timing.source'), value: source })
  }
  return terms
}
