/**
 * Strings of the session pills, the turn usage button (cards-current.md §8.1–§8.2, §12.1 `stats.*`,
 * `message.tokensPerSecond`, `message.turnUsage.*`) and the changed-files card (§8.3, §12.4
 * `deliverables.changes.*`), in English and Chinese. Kept apart from ./strings.ts so the pills and card
 * work stays additive; numbers arrive already formatted (compact tokens, digit grouping).
 */
import type { Locale } from './types'

export interface UsageDictionary {
  /** `stats.counts`: `1 turns 2 steps` (dsh does not singularise). */
  counts: (turns: number, steps: number) => string
  /** `message.tokensPerSecond`. */
  tokensPerSecond: (tps: string) => string
  /** `message.turnUsage.count`: `17.5K tok`. */
  tokens: (count: string) => string
  /** `stats.cacheHit`. */
  cacheHit: (percent: string) => string
  /** Accessible name of the context meter; `{percent}` carries its `%`. */
  contextUsed: (percent: string) => string
  /** The pills' breakdown names and labels (dsh-view's own: dsh's dialogs behind them are live-only, §14). */
  activityTitle: string
  usageTitle: string
  contextTitle: string
  turnsLabel: string
  stepsLabel: string
  toolCallsLabel: string
  modelTimeLabel: string
  toolTimeLabel: string
  ttftLabel: string
  speedLabel: string
  cacheHitLabel: string
  lastRequestLabel: string
  contextWindowLabel: string
  /** `message.turnUsage.consumed` around `.count`: `Usage 12.4K tok`. */
  turnUsage: (total: string) => string
  /** `message.turnUsage.title`. */
  turnUsageTitle: string
  turnUsageInput: string
  turnUsageCacheRead: string
  turnUsageCacheWrite: string
  turnUsageOutput: string
  turnUsageReasoning: (tokens: string) => string
  /** `Attempt {n}` (dsh-view's breakdown row name). */
  turnUsageAttempt: (n: number) => string
  turnUsageTotal: string
  changesTitle: (count: string) => string
  changesSingleTitle: (name: string) => string
  changesAdded: (count: string) => string
  changesDeleted: (count: string) => string
  changesBinary: string
  changesOversized: string
  changesOpenReview: string
  changesViewDiff: (name: string) => string
  changesAll: (count: string) => string
  changesExpandAria: (count: string) => string
  changesCollapse: string
  changesCollapseAria: string
}

const EN: UsageDictionary = {
  counts: (turns, steps) => `${turns} turns ${steps} steps`,
  tokensPerSecond: tps => `${tps} tok/s`,
  tokens: count => `${count} tok`,
  cacheHit: percent => `Cache hit ${percent}%`,
  contextUsed: percent => `${percent} of context used`,
  activityTitle: 'Session activity',
  usageTitle: 'Session usage',
  contextTitle: 'Context',
  turnsLabel: 'Turns',
  stepsLabel: 'Steps',
  toolCallsLabel: 'Tool calls',
  modelTimeLabel: 'Model time',
  toolTimeLabel: 'Tool time',
  ttftLabel: 'Average time to first token',
  speedLabel: 'Output speed',
  cacheHitLabel: 'Cache hit',
  lastRequestLabel: 'Last request',
  contextWindowLabel: 'Context window',
  turnUsage: total => `Usage ${total} tok`,
  turnUsageTitle: 'Turn usage',
  turnUsageInput: 'Uncached input',
  turnUsageCacheRead: 'Cached input',
  turnUsageCacheWrite: 'Cache write',
  turnUsageOutput: 'Output',
  turnUsageReasoning: tokens => ` (${tokens} reasoning)`,
  turnUsageAttempt: n => `Attempt ${n}`,
  turnUsageTotal: 'Total',
  changesTitle: count => `Edited ${count} files`,
  changesSingleTitle: name => `Edited ${name}`,
  changesAdded: count => `+${count}`,
  changesDeleted: count => `-${count}`,
  changesBinary: 'binary',
  changesOversized: 'too large',
  changesOpenReview: 'Review this turn’s changes in the sidebar',
  changesViewDiff: name => `View changes to ${name}`,
  changesAll: count => `All ${count} files`,
  changesExpandAria: count => `Show all ${count} changed files`,
  changesCollapse: 'Collapse',
  changesCollapseAria: 'Collapse changed files',
}

const ZH: UsageDictionary = {
  counts: (turns, steps) => `${turns} 轮 ${steps} 步`,
  tokensPerSecond: tps => `${tps} tok/s`,
  tokens: count => `${count} tok`,
  cacheHit: percent => `缓存命中 ${percent}%`,
  contextUsed: percent => `上下文已用 ${percent}`,
  activityTitle: '会话活动',
  usageTitle: '会话用量',
  contextTitle: '上下文',
  turnsLabel: '轮次',
  stepsLabel: '步数',
  toolCallsLabel: '工具调用',
  modelTimeLabel: '模型用时',
  toolTimeLabel: '工具用时',
  ttftLabel: '平均首字延迟',
  speedLabel: '输出速度',
  cacheHitLabel: '缓存命中',
  lastRequestLabel: '最近一次请求',
  contextWindowLabel: '上下文窗口',
  turnUsage: total => `用量 ${total} tok`,
  turnUsageTitle: '本轮用量',
  turnUsageInput: '未缓存输入',
  turnUsageCacheRead: '缓存读取',
  turnUsageCacheWrite: '缓存写入',
  turnUsageOutput: '输出',
  turnUsageReasoning: tokens => `（其中推理 ${tokens}）`,
  turnUsageAttempt: n => `第 ${n} 次请求`,
  turnUsageTotal: '合计',
  changesTitle: count => `已编辑 ${count} 个文件`,
  changesSingleTitle: name => `已编辑 ${name}`,
  changesAdded: count => `+${count}`,
  changesDeleted: count => `-${count}`,
  changesBinary: '二进制',
  changesOversized: '过大',
  changesOpenReview: '在侧边栏查看本轮改动',
  changesViewDiff: name => `查看 ${name} 的改动`,
  changesAll: count => `全部 ${count} 个文件`,
  changesExpandAria: count => `展开全部 ${count} 个改动文件`,
  changesCollapse: '收起',
  changesCollapseAria: '收起改动文件列表',
}

export function usageStrings(locale: Locale): UsageDictionary {
  return locale === 'zh' ? ZH : EN
}
