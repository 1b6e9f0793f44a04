/**
 * The session pills of cards-current.md §8.2 as ready text: the activity pill (`1 turns 2 steps · 51.2
 * tok/s`), the usage pill (`17.5K tok · Cache hit 52%`) and the context meter (visible `7%`, named `7% of
 * context used`). The numbers come from the conversation's session stats (src/conversation/facts.ts);
 * this file only decides which parts are known and formats them. A part that is unknown is omitted, and
 * a pill with no known part is null.
 */
import type { SessionStats } from '../conversation/model'
import { formatRate, formatTokens } from './format'
import type { Locale } from './types'
import { usageStrings } from './usage-strings'

export interface SessionPills {
  /** `1 turns 2 steps · 51.2 tok/s`; null when no assistant message settled. */
  activity: string | null
  /** `17.5K tok · Cache hit 52%`; null when no settled message reported usage. */
  usage: string | null
  /** The context meter: `visible` is `7%`, `label` its accessible name; null without a window or usage. */
  context: { visible: string; label: string } | null
}

export function sessionPills(stats: SessionStats, locale: Locale): SessionPills {
  const t = usageStrings(locale)
  const activity = stats.steps === 0 ? null
    : [t.counts(stats.activityTurns, stats.steps), stats.tokensPerSecond === null ? null : t.tokensPerSecond(formatRate(stats.tokensPerSecond))]
      .filter((s): s is string => s !== null).join(' · ')
  const usage = stats.usage.totalTokens <= 0 ? null
    : [t.tokens(formatTokens(stats.usage.totalTokens)), stats.cacheHitPercent === null ? null : t.cacheHit(String(stats.cacheHitPercent))]
      .filter((s): s is string => s !== null).join(' · ')
  const percent = stats.contextUsedPercent === null ? null : `${stats.contextUsedPercent}%`
  return { activity, usage, context: percent === null ? null : { visible: percent, label: t.contextUsed(percent) } }
}
