/** The usage sums every surface shares (the overview, stats, the session facts): field by field, no recount. */
import { describe, expect, it } from 'vitest'
import type { UsageTotals } from './model'
import { addTotals, addUsage, emptyUsage, promptTokens } from './usage-totals'

const usage = (input: number, output: number, read: number, write: number, reasoning: number): UsageTotals => ({
  inputTokens: input, outputTokens: output, cacheReadTokens: read, cacheWriteTokens: write, reasoningTokens: reasoning, totalTokens: input + output + read + write,
})

describe('usage sums', () => {
  it('addTotals adds every field and keeps the totals as counted (no recount of totalTokens)', () => {
    const into = usage(1, 2, 3, 4, 5)
    addTotals(into, { ...usage(10, 20, 30, 40, 50), totalTokens: 7 })
    expect(into).toEqual({ inputTokens: 11, outputTokens: 22, cacheReadTokens: 33, cacheWriteTokens: 44, reasoningTokens: 55, totalTokens: 17 })
  })

  it('promptTokens is the prompt side: uncached input, cache reads and cache writes, never output', () => {
    expect(promptTokens(usage(100, 999, 300, 20, 50))).toBe(420)
    expect(promptTokens(emptyUsage())).toBe(0)
  })

  it('addUsage reads missing fields as 0 and counts totalTokens from its parts', () => {
    const into = emptyUsage()
    addUsage(into, { inputTokens: 5, outputTokens: 3 })
    addUsage(into, null)
    expect(into).toEqual(usage(5, 3, 0, 0, 0))
  })
})
