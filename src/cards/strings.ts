/**
 * Visible strings of the Chat and its cards (cards.md §14), in English and Chinese. A locale only switches
 * what dsh itself localised; what dsh hard-codes stays as dsh shows it in every locale (cards.md §16.13):
 * the row titles, `Think`, `Skill`, `IN`, `OUT`, `Inspect`, and the Chinese-only chrome of the Diff, Read,
 * Search and Web blocks (`复制`, `… 其余 N 行`, `显示 …`, `无结果`, `HTTP <n>`, …) live in `FIXED` below, not
 * in the dictionaries. That keeps the English page identical to the dsh web client's ([L] goldens); a later
 * translation of that chrome would only move entries from `FIXED` into the dictionaries.
 * TerminalBlock is the one primitive dsh localises, and `terminal_send`'s two labels follow [N] (localised).
 */
import type { Locale } from './types'

interface Dictionary {
  rowRunning: string
  rowFailed: string
  rowStopped: string
  terminalRunning: string
  terminalFailed: string
  terminalDone: string
  exitCode: (code: number) => string
  signal: (signal: string) => string
  noOutput: string
  terminalExpand: (n: number) => string
  terminalExpandAria: (n: number) => string
  terminalCollapseAria: string
  sendInput: string
  terminalSession: (id: string) => string
  todoRowTitle: string
  todoCompleted: (done: number, total: number) => string
  askRowTitle: string
  askWaiting: string
  askCancelled: string
  askInterrupted: string
  askAnswered: (answered: number, total: number) => string
  skillInstructions: string
  skillLoading: string
  skillFailed: string
  skillStopped: string
  detailsInput: string
  detailsOutput: string
  detailsRunning: string
  contextInjection: string
  contextRecall: string
  stopped: string
  unknownBlock: string
  copy: string
  copied: string
  collapse: string
  produced: string
  openPath: (path: string) => string
  moreFiles: (n: number) => string
  // dsh-view's own page chrome (not dsh strings; cards.md has no text for these rows).
  systemPrompt: string
  turn: (n: number) => string
  attemptFailed: string
  retry: (retry: number | null, max: number | null) => string
  retryDelay: (delay: string) => string
  compaction: string
  prune: string
  compactionRunning: string
  compactionFailed: string
  replacement: string
  ranFor: (duration: string) => string
  ttft: (duration: string) => string
  tokensPerSecond: (rate: string) => string
  /** The visible name of a kept-verbatim event row and of an unreadable-line row. */
  unknownEvent: string
  unreadableLine: string
  /** `line 12` beside a raw row's reason. */
  logLine: (line: number) => string
  /** Status words of a slash-command row (its dot alone was colour only). */
  commandRunning: string
  commandSucceeded: string
  commandFailed: string
}

const en: Dictionary = {
  rowRunning: 'Running',
  rowFailed: 'Failed',
  rowStopped: 'Stopped',
  terminalRunning: 'Running',
  terminalFailed: 'Failed',
  terminalDone: 'Done',
  exitCode: code => `exit code ${code}`,
  signal: s => `signal ${s}`,
  noOutput: 'No output',
  terminalExpand: n => `… ${n} more lines`,
  terminalExpandAria: n => `Expand the remaining ${n} output lines`,
  terminalCollapseAria: 'Collapse output',
  sendInput: '(send input)',
  terminalSession: id => `Terminal ${id}`,
  todoRowTitle: 'Update to-do list',
  todoCompleted: (done, total) => `${done}/${total} completed`,
  askRowTitle: 'Ask question',
  askWaiting: 'waiting',
  askCancelled: 'cancelled',
  askInterrupted: 'interrupted',
  askAnswered: (a, t) => `${a}/${t} answered`,
  skillInstructions: 'Instructions',
  skillLoading: 'Loading skill',
  skillFailed: 'Skill load failed',
  skillStopped: 'Skill load stopped',
  detailsInput: 'Input',
  detailsOutput: 'Output',
  detailsRunning: 'Running…',
  contextInjection: 'Context injection',
  contextRecall: 'Session recall',
  stopped: 'Stopped',
  unknownBlock: 'Unknown content block',
  copy: 'Copy',
  copied: 'Copied',
  collapse: 'Collapse',
  produced: 'Produced',
  openPath: p => `Open ${p}`,
  moreFiles: n => (n === 1 ? '+ 1 file' : `+ ${n} files`),
  systemPrompt: 'System prompt',
  turn: n => `Turn ${n}`,
  attemptFailed: 'Attempt failed',
  retry: (r, max) => (r === null ? 'Retry' : max === null ? `Retry ${r}` : `Retry ${r}/${max}`),
  retryDelay: d => `after ${d}`,
  compaction: 'Context compacted',
  prune: 'Tool results pruned',
  compactionRunning: 'Compacting context',
  compactionFailed: 'Compaction failed',
  replacement: 'Earlier messages replaced',
  ranFor: d => `Ran for ${d}`,
  ttft: d => `TTFT ${d}`,
  tokensPerSecond: r => `${r} tok/s`,
  unknownEvent: 'Unknown event',
  unreadableLine: 'Unreadable line',
  logLine: n => `line ${n}`,
  commandRunning: 'Running',
  commandSucceeded: 'Done',
  commandFailed: 'Failed',
}

const zh: Dictionary = {
  rowRunning: '运行中',
  rowFailed: '失败',
  rowStopped: '已停止',
  terminalRunning: '运行中',
  terminalFailed: '失败',
  terminalDone: '已完成',
  exitCode: code => `退出码 ${code}`,
  signal: s => `信号 ${s}`,
  noOutput: '无输出',
  terminalExpand: n => `… 其余 ${n} 行`,
  terminalExpandAria: n => `展开其余 ${n} 行输出`,
  terminalCollapseAria: '收起输出',
  sendInput: '（发送输入）',
  terminalSession: id => `终端 ${id}`,
  todoRowTitle: '更新任务清单',
  todoCompleted: (done, total) => `${done}/${total} 已完成`,
  askRowTitle: '提问',
  askWaiting: '等待回答',
  askCancelled: '已取消',
  askInterrupted: '已中断',
  askAnswered: (a, t) => `${a}/${t} 已回答`,
  skillInstructions: '说明',
  skillLoading: '正在加载 skill',
  skillFailed: 'skill 加载失败',
  skillStopped: 'skill 加载已中止',
  detailsInput: '输入',
  detailsOutput: '输出',
  detailsRunning: '运行中…',
  contextInjection: '上下文注入',
  contextRecall: '跨会话召回',
  stopped: '已停止',
  unknownBlock: '未知内容块',
  copy: '复制',
  copied: '复制成功',
  collapse: '收起',
  produced: '产物',
  openPath: p => `打开 ${p}`,
  moreFiles: n => `+ ${n} 个文件`,
  systemPrompt: '系统提示词',
  turn: n => `第 ${n} 轮`,
  attemptFailed: '请求失败',
  retry: (r, max) => (r === null ? '重试' : max === null ? `重试 ${r}` : `重试 ${r}/${max}`),
  retryDelay: d => `${d} 后`,
  compaction: '上下文已压缩',
  prune: '工具结果已裁剪',
  compactionRunning: '正在压缩上下文',
  compactionFailed: '压缩失败',
  replacement: '较早的消息已被替换',
  ranFor: d => `运行 ${d}`,
  ttft: d => `TTFT ${d}`,
  tokensPerSecond: r => `${r} tok/s`,
  unknownEvent: '未知事件',
  unreadableLine: '无法读取的行',
  logLine: n => `第 ${n} 行`,
  commandRunning: '运行中',
  commandSucceeded: '已完成',
  commandFailed: '失败',
}

/** The dictionary for a locale. */
export function strings(locale: Locale): Dictionary {
  return locale === 'zh' ? zh : en
}

/** Strings dsh shows the same in every locale (cards.md §14 "Not localised at [L]"). */
export const FIXED = {
  think: 'Think',
  skillTitle: 'Skill',
  inLabel: 'IN',
  outLabel: 'OUT',
  inspect: 'Inspect',
  /** Diff/Read/Search/Web block chrome: Chinese literals even in the English UI. */
  blockCopy: '复制',
  blockCopied: '复制成功',
  blockCollapse: '收起',
  blockExpand: (n: number) => `… 其余 ${n} 行`,
  diffExpandAria: (n: number) => `展开其余 ${n} 行差异`,
  diffCollapseAria: '收起差异',
  readExpandAria: (n: number) => `展开其余 ${n} 行`,
  readCollapseAria: '收起内容',
  readRange: (shown: number, total: number) => `显示 ${shown} / ${total} 行`,
  searchExpandAria: (n: number) => `展开其余 ${n} 行结果`,
  searchCollapseAria: '收起结果',
  searchShownOfTotal: (shown: number, total: number) => `显示 ${shown} / 共 ${total}`,
  searchPathsSuffix: ' 个路径',
  searchMatchesSuffix: (files: number) => ` 处匹配 · ${files} 个文件`,
  searchEmpty: '无结果',
  webEmpty: '未找到结果',
  webSourcesTruncated: '来源列表已截断',
  webContentTruncated: '内容已截断',
  httpStatus: (status: number) => `HTTP ${status}`,
  diffGap: '⋯',
  diffFooter: (added: number, removed: number, files: number) =>
    `└ +${added} -${removed} · ${files} ${files === 1 ? 'file' : 'files'}`,
} as const

export type { Dictionary }
