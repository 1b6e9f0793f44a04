/** The turn usage button's model (cards-current.md §8.1): label in both locales, breakdown, and the view-model wiring. */
import { describe, expect, it } from 'vitest'
import { assemble } from '../conversation/index'
import { linesOf } from '../conversation/testing'
import { session } from '../log/testing/session'
import { turnUsageModel } from './turn-usage'
import type { TurnTailRow } from './types'
import { viewModel } from './view-model'

const attempt = (inputTokens: number, outputTokens: number, extra: Partial<{ cacheReadTokens: number; cacheWriteTokens: number; reasoningTokens: number }> = {}) => ({
  inputTokens, outputTokens, cacheReadTokens: extra.cacheReadTokens ?? null, cacheWriteTokens: extra.cacheWriteTokens ?? null,
  reasoningTokens: extra.reasoningTokens ?? null,
  totalTokens: inputTokens + outputTokens + (extra.cacheReadTokens ?? 0) + (extra.cacheWriteTokens ?? 0),
})

describe('turnUsageModel', () => {
  it.each<[number, 'en' | 'zh', string]>([
    [980, 'en', 'Usage 980 tok'], [12_400, 'en', 'Usage 12.4K tok'], [980, 'zh', '用量 980 tok'], [1_234_567, 'zh', '用量 1.2M tok'],
  ])('%s (%s) → %s', (total, locale, label) => {
    expect(turnUsageModel({ totalTokens: total, attempts: [attempt(total - 10, 10)] }, locale)?.label).toBe(label)
  })

  it('is null without exact usage', () => {
    expect([turnUsageModel(null, 'en'), turnUsageModel(undefined, 'en'), turnUsageModel({ totalTokens: 0, attempts: [] }, 'en')]).toEqual([null, null, null])
  })

  it('breaks a single attempt down without an attempt label, buckets only when reported', () => {
    expect(turnUsageModel({ totalTokens: 11_300, attempts: [attempt(1_000, 300, { cacheReadTokens: 10_000, reasoningTokens: 120 })] }, 'en')).toEqual({
      label: 'Usage 11.3K tok', total: 11_300, title: 'Turn usage',
      attempts: [{ label: '', items: [
        { label: 'Uncached input', value: '1,000' }, { label: 'Cached input', value: '10,000' }, { label: 'Output', value: '300 (120 reasoning)' },
      ] }],
      totalLabel: 'Total', totalValue: '11,300',
    })
  })

  it('labels several attempts (zh)', () => {
    const model = turnUsageModel({ totalTokens: 20, attempts: [attempt(5, 5, { cacheWriteTokens: 0 }), attempt(5, 5)] }, 'zh')
    expect(model?.attempts.map(a => [a.label, a.items.map(i => `${i.label} ${i.value}`).join(' / ')])).toEqual([
      ['第 1 次请求', '未缓存输入 5 / 缓存写入 0 / 输出 5'],
      ['第 2 次请求', '未缓存输入 5 / 输出 5'],
    ])
    expect(model?.title).toBe('本轮用量')
  })
})

describe('view model', () => {
  const tail = (usage: Record<string, number>, reply: string) => {
    const log = session()
    log.turnStart()
    log.user('go')
    log.stepStart()
    log.assistant(reply, { usage })
    log.stepEnd()
    log.turnEnd()
    const rows = viewModel(assemble(linesOf(log)), { cwd: null, home: null, locale: 'en' }).sections.flatMap(s => s.rows)
    return rows.find((r): r is TurnTailRow => r.kind === 'turn-tail')
  }

  it('fills the tail of a closed turn with a closing reply', () => {
    expect(tail({ inputTokens: 3, outputTokens: 3, totalTokens: 6 }, 'done')?.usage?.label).toBe('Usage 6 tok')
  })

  it('leaves it out when the usage is not exact', () => {
    expect(tail({ inputTokens: 3, outputTokens: 3 }, 'done')?.usage ?? null).toBeNull()
    expect(tail({ inputTokens: 3, outputTokens: 3 }, 'done')).toBeDefined()
  })
})
