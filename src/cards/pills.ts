/**
 * The session pills of cards-current.md §8.2 as ready props: the activity pill (`1 turns 2 steps · 51.2
 * tok/s`), the usage pill (`17.5K tok · Cache hit 52%`) and the context meter (visible `7%`, named `7% of
 * context used`). dsh draws each as a button — its accessible name the parts joined by ` · `, its visible
 * text the parts side by side — that opens the breakdown behind it (a live dialog); a static page opens the
 * same figures in a disclosure. The numbers come from the conversation's session stats
 * (src/conversation/facts.ts, counts from ./counts.ts); this file only decides which parts are known and
 * formats them. A part that is unknown is omitted, and a pill with no known part is null.
 */
import type { SessionStats } from '../conversation/model'
import { formatDuration, formatRate, formatTokens, groupDigits } from './format'
import type { Locale } from './types'
import { usageStrings } from './usage-strings'

/** One pill and the breakdown it opens. */
export interface SessionPill {
  /** The button's accessible name: the parts joined by ` · ` (`1 turns 2 steps · 51.2 tok/s`). */
  name: string
  /** The visible parts, drawn side by side (dsh's spans: the name's ` · ` is not drawn text). */
  parts: string[]
  /** False: plain text, not a button — the activity pill when no step has any timing (§8.2). */
  button: boolean
  /** The breakdown's name (`Session activity`). */
  title: string
  /** The breakdown, exact figures with digit grouping. */
  items: { label: string; value: string }[]
}

export interface SessionPills {
  activity: SessionPill | null
  usage: SessionPill | null
  context: SessionPill | null
}

const pill = (parts: (string | null)[], title: string, items: { label: string; value: string }[], button = true): SessionPill => {
  const shown = parts.filter((p): p is string => p !== null)
  return { name: shown.join(' · '), parts: shown, button, title, items }
}

export function sessionPills(stats: SessionStats, locale: Locale): SessionPills {
  const t = usageStrings(locale)
  const ms = (value: number | null) => (value === null ? null : formatDuration(value, locale))
  const known = (items: { label: string; value: string | null }[]) => items.filter((i): i is { label: string; value: string } => i.value !== null)
  const tps = stats.tokensPerSecond === null ? null : t.tokensPerSecond(formatRate(stats.tokensPerSecond))
  const activity = stats.steps === 0 ? null
    : pill([t.counts(stats.activityTurns, stats.steps), tps], t.activityTitle, known([
        { label: t.turnsLabel, value: groupDigits(stats.turns) },
        { label: t.stepsLabel, value: groupDigits(stats.steps) },
        { label: t.toolCallsLabel, value: groupDigits(stats.toolCalls) },
        { label: t.modelTimeLabel, value: ms(stats.llmMs) },
        { label: t.toolTimeLabel, value: ms(stats.toolMs) },
        { label: t.ttftLabel, value: ms(stats.ttftAvgMs) },
        { label: t.speedLabel, value: tps },
      ]), stats.tokensPerSecond !== null || stats.llmMs !== null || stats.ttftAvgMs !== null)
  const u = stats.usage
  const cacheHit = stats.cacheHitPercent === null ? null : t.cacheHit(String(stats.cacheHitPercent))
  const reasoning = u.reasoningTokens > 0 ? t.turnUsageReasoning(groupDigits(u.reasoningTokens)) : ''
  const usage = u.totalTokens <= 0 ? null
    : pill([t.tokens(formatTokens(u.totalTokens)), cacheHit], t.usageTitle, known([
        { label: t.turnUsageInput, value: groupDigits(u.inputTokens) },
        { label: t.turnUsageCacheRead, value: groupDigits(u.cacheReadTokens) },
        { label: t.turnUsageCacheWrite, value: groupDigits(u.cacheWriteTokens) },
        { label: t.turnUsageOutput, value: `${groupDigits(u.outputTokens)}${reasoning}` },
        { label: t.turnUsageTotal, value: groupDigits(u.totalTokens) },
        { label: t.cacheHitLabel, value: stats.cacheHitPercent === null ? null : `${stats.cacheHitPercent}%` },
      ]))
  const percent = stats.contextUsedPercent === null ? null : `${stats.contextUsedPercent}%`
  const context = percent === null ? null : {
    ...pill([percent], t.contextTitle, known([
      { label: t.lastRequestLabel, value: stats.lastRequestTokens === null ? null : t.tokens(groupDigits(stats.lastRequestTokens)) },
      { label: t.contextWindowLabel, value: stats.contextWindow === null ? null : t.tokens(groupDigits(stats.contextWindow)) },
    ])),
    name: t.contextUsed(percent),
  }
  return { activity, usage, context }
}
