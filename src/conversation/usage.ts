/**
 * Token usage totals (log-format.md §7.3 TokenUsage: the counts are disjoint, `inputTokens` excludes
 * cached input). `totalTokens` is input + output + cacheRead + cacheWrite: ptc-round's 17,490 in the v4
 * README §1 footer is exactly that sum over its two steps.
 */
import type { TokenUsage } from '../log/schema'
import type { UsageTotals } from './model'

export function emptyUsage(): UsageTotals {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 0 }
}

export function addUsage(totals: UsageTotals, usage: TokenUsage | null): void {
  if (usage === null) return
  const input = usage.inputTokens ?? 0
  const output = usage.outputTokens ?? 0
  const cacheRead = usage.cacheReadTokens ?? 0
  const cacheWrite = usage.cacheWriteTokens ?? 0
  totals.inputTokens += input
  totals.outputTokens += output
  totals.cacheReadTokens += cacheRead
  totals.cacheWriteTokens += cacheWrite
  totals.reasoningTokens += usage.reasoningTokens ?? 0
  totals.totalTokens += input + output + cacheRead + cacheWrite
}
