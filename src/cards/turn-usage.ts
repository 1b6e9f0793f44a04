/**
 * The turn usage button of cards-current.md §8.1: `Usage {total} tok` (compact token format of §8.2)
 * for a turn whose accounting the fold proved exact (src/conversation/turn-usage.ts), plus the breakdown
 * the live client shows in its `Turn usage` dialog: per attempt the uncached input, cached input, cache
 * write (each only when reported), output with its reasoning share, and the exact total, with `,` digit
 * grouping (`number.groupSeparator`). Null when the usage is not exact.
 */
import type { ExactTurnUsage } from '../conversation/model'
import { formatTokens, groupDigits } from './format'
import type { Locale, TurnUsageModel } from './types'
import { usageStrings } from './usage-strings'

export function turnUsageModel(usage: ExactTurnUsage | null | undefined, locale: Locale): TurnUsageModel | null {
  if (usage === null || usage === undefined || usage.attempts.length === 0) return null
  const t = usageStrings(locale)
  const several = usage.attempts.length > 1
  return {
    label: t.turnUsage(formatTokens(usage.totalTokens)),
    total: usage.totalTokens,
    title: t.turnUsageTitle,
    attempts: usage.attempts.map((a, i) => {
      const items = [{ label: t.turnUsageInput, value: groupDigits(a.inputTokens) }]
      if (a.cacheReadTokens !== null) items.push({ label: t.turnUsageCacheRead, value: groupDigits(a.cacheReadTokens) })
      if (a.cacheWriteTokens !== null) items.push({ label: t.turnUsageCacheWrite, value: groupDigits(a.cacheWriteTokens) })
      const reasoning = a.reasoningTokens === null || a.reasoningTokens === 0 ? '' : t.turnUsageReasoning(groupDigits(a.reasoningTokens))
      items.push({ label: t.turnUsageOutput, value: `${groupDigits(a.outputTokens)}${reasoning}` })
      return { label: several ? t.turnUsageAttempt(i + 1) : '', items }
    }),
    totalLabel: t.turnUsageTotal,
    totalValue: groupDigits(usage.totalTokens),
  }
}
