/**
 * Visible strings of the Chat and its cards (cards.md §14, cards-current.md §12), in English and Chinese.
 * At 5593cc25 dsh localises the card chrome it used to hard-code: `Think` / `思考`, `IN` / `输入`, `OUT` /
 * `输出` (ui-conversation `row.input` / `row.output`) and the Diff, Read, Search and Web blocks (§9.6, §12.3:
 * en `Copy`, `… 5 more lines`, `Showing 3 of 8 paths`, …; zh the Chinese literals dsh drew in every locale
 * before). So an English page holds no Chinese chrome and a Chinese page no English chrome. What dsh still
 * shows the same in every locale lives in `FIXED` (row titles are the tool-title keys' business).
 * TerminalBlock's labels and `terminal_send`'s two labels follow [N] (localised).
 */
import type { Locale } from './types'
import { groupDigits as digits } from './format'

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
  todoCompleted: (done: number, total: number) => string
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
  /** The name of a row standing for a run of unreadable lines (`1,000,000 unreadable lines`). */
  unreadableLines: (count: number) => string
  /** `lines 8–1,000,007`: where such a run is. */
  logLines: (from: number, to: number) => string
  /** Status words of a slash-command row (its dot alone was colour only). */
  commandRunning: string
  commandSucceeded: string
  commandFailed: string
  // Card chrome localised at 5593cc25 (cards-current.md §7, §9.6, §12.3): Think, IN/OUT and the Diff, Read,
  // Search and Web blocks. zh keeps the literals dsh drew in every locale before.
  think: string
  inLabel: string
  outLabel: string
  blockCopy: string
  blockCopied: string
  blockCollapse: string
  blockExpand: (n: number) => string
  diffFooter: (added: number, removed: number, files: number) => string
  /** A fold of unchanged context lines in a diff (issue 28): its toggle and the toggle's accessible names. */
  diffUnchanged: (n: number) => string
  diffUnchangedExpandAria: (n: number) => string
  diffUnchangedCollapseAria: string
  readExpandAria: (n: number) => string
  readCollapseAria: string
  readRange: (shown: number, total: number) => string
  searchExpandAria: (n: number) => string
  searchCollapseAria: string
  searchPaths: (shown: number) => string
  searchPathsTruncated: (shown: number, total: number) => string
  searchMatches: (shown: number, files: number) => string
  searchMatchesTruncated: (shown: number, total: number, files: number) => string
  searchEmpty: string
  webEmpty: string
  webSourcesTruncated: string
  webContentTruncated: string
  httpStatus: (status: number) => string
  imageAlt: string
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
  todoCompleted: (done, total) => `${done}/${total} completed`,
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
  unreadableLines: n => `${digits(n)} unreadable lines`,
  logLines: (from, to) => `lines ${digits(from)}–${digits(to)}`,
  commandRunning: 'Running',
  commandSucceeded: 'Done',
  commandFailed: 'Failed',
  think: 'Think',
  inLabel: 'IN',
  outLabel: 'OUT',
  blockCopy: 'Copy',
  blockCopied: 'Copied',
  blockCollapse: 'Collapse',
  blockExpand: n => `… ${n} more lines`,
  diffFooter: (added, removed, files) => `└ +${added} -${removed} · ${files} ${files === 1 ? 'file' : 'files'}`,
  diffUnchanged: n => `… ${n} unchanged ${n === 1 ? 'line' : 'lines'}`,
  diffUnchangedExpandAria: n => `Expand ${n} unchanged ${n === 1 ? 'line' : 'lines'}`,
  diffUnchangedCollapseAria: 'Collapse unchanged lines',
  readExpandAria: n => `Expand ${n} more lines`,
  readCollapseAria: 'Collapse content',
  readRange: (shown, total) => `Showing ${shown} of ${total} lines`,
  searchExpandAria: n => `Expand ${n} more result lines`,
  searchCollapseAria: 'Collapse results',
  searchPaths: shown => `${shown} paths`,
  searchPathsTruncated: (shown, total) => `Showing ${shown} of ${total} paths`,
  searchMatches: (shown, files) => `${shown} matches · ${files} files`,
  searchMatchesTruncated: (shown, total, files) => `Showing ${shown} of ${total} matches · ${files} files`,
  searchEmpty: 'No results',
  webEmpty: 'No results found',
  webSourcesTruncated: 'Source list truncated',
  webContentTruncated: 'Content truncated',
  httpStatus: status => `HTTP ${status}`,
  imageAlt: 'Image',
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
  todoCompleted: (done, total) => `${done}/${total} 已完成`,
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
  unreadableLines: n => `${digits(n)} 行无法读取`,
  logLines: (from, to) => `第 ${digits(from)}–${digits(to)} 行`,
  commandRunning: '运行中',
  commandSucceeded: '已完成',
  commandFailed: '失败',
  think: '思考',
  inLabel: '输入',
  outLabel: '输出',
  blockCopy: '复制',
  blockCopied: '复制成功',
  blockCollapse: '收起',
  blockExpand: n => `… 其余 ${n} 行`,
  diffFooter: (added, removed, files) => `└ +${added} -${removed} · ${files} 个文件`,
  diffUnchanged: n => `… ${n} 行未改动`,
  diffUnchangedExpandAria: n => `展开 ${n} 行未改动的内容`,
  diffUnchangedCollapseAria: '收起未改动的内容',
  readExpandAria: n => `展开其余 ${n} 行`,
  readCollapseAria: '收起内容',
  readRange: (shown, total) => `显示 ${shown} / ${total} 行`,
  searchExpandAria: n => `展开其余 ${n} 行结果`,
  searchCollapseAria: '收起结果',
  searchPaths: shown => `${shown} 个路径`,
  searchPathsTruncated: (shown, total) => `显示 ${shown} / 共 ${total} 个路径`,
  searchMatches: (shown, files) => `${shown} 处匹配 · ${files} 个文件`,
  searchMatchesTruncated: (shown, total, files) => `显示 ${shown} / 共 ${total} 处匹配 · ${files} 个文件`,
  searchEmpty: '无结果',
  webEmpty: '未找到结果',
  webSourcesTruncated: '来源列表已截断',
  webContentTruncated: '内容已截断',
  httpStatus: status => `HTTP ${status}`,
  imageAlt: '图片',
}

/** The dictionary for a locale. */
export function strings(locale: Locale): Dictionary {
  return locale === 'zh' ? zh : en
}

/** Strings dsh shows the same in every locale (cards-current.md §12.2: row titles stay with the tool-title keys). */
export const FIXED = {
  /** The marker between two hunks of one file: a glyph, not a word. */
  diffGap: '⋯',
} as const

export type { Dictionary }
