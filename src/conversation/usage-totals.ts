/**
 * Sums of token usage (log-format.md §7.3: disjoint counts, `totalTokens` = input + output + cache read +
 * cache write) and the cache-hit share: arithmetic on figures ./usage.ts counted, in a module of its own
 * because the index page's script (the overview following the filters) adds usage up too, and must not
 * bring the log schema (zod) into the browser bundle. ./usage.ts re-exports these.
 */
import type { TokenUsage } from '../log/events/schema'
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

/** Adds `b` into `a`, field by field (sums of counted figures; totalTokens is theirs, not recomputed). */
export function addTotals(a: UsageTotals, b: UsageTotals): void {
  a.inputTokens += b.inputTokens
  a.outputTokens += b.outputTokens
  a.cacheReadTokens += b.cacheReadTokens
  a.cacheWriteTokens += b.cacheWriteTokens
  a.reasoningTokens += b.reasoningTokens
  a.totalTokens += b.totalTokens
}

/** The prompt side of usage: uncached input plus cache reads and writes (what a cache-hit share divides by). */
export const promptTokens = (u: UsageTotals): number => u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens

/**
 * Cache-hit share of prompt tokens (cards-current.md §8.2): `cacheRead / prompt` as a whole percent
 * (ties up), except that a partial hit that would round to 100 gets just enough decimals to stay below
 * it (`99.9`, `99.96`, the last digit rounded half down and never 0); a full hit is 100; no prompt → null.
 * Integer arithmetic only, so the result does not depend on floating-point ties.
 */
export function cacheHitPercent(cacheRead: number, prompt: number): number | null {
  if (!(prompt > 0) || !Number.isSafeInteger(prompt) || !Number.isSafeInteger(cacheRead) || cacheRead < 0 || cacheRead > prompt) {
    return prompt > 0 ? Math.min(100, Math.round((cacheRead / prompt) * 100)) : null
  }
  const missed = prompt - cacheRead
  if (missed === 0) return 100
  const whole = Math.floor((200 * cacheRead + prompt) / (2 * prompt))
  if (whole < 100) return whole
  // gap in units of 10^-places percent = missed·100·10^places / prompt; add places until it exceeds ½ unit.
  let places = 1
  let doubledGap = missed * 200 * 10
  while (doubledGap <= prompt) {
    doubledGap *= 10
    places++
  }
  let loss = 5
  for (let candidate = 1; candidate < 5; candidate++) {
    if (doubledGap <= (2 * candidate + 1) * prompt) {
      loss = candidate
      break
    }
  }
  const scale = 10 ** places
  return (100 * scale - loss) / scale
}

