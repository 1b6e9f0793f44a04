/**
 * The export's own text (one-file HTML and Markdown summary), in English and Chinese. Everything a card or
 * the site chrome says comes from src/cards/strings.ts and src/site/strings.ts; these are only the words
 * an export adds: in-file navigation, budget notes, the full-text section and the summary's headings.
 */
import type { Locale } from '../cards/types'
import { groupDigits as n } from '../cards/format'

const plural = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export interface ExportText {
  top: string
  parts: string
  partsCount: (parts: number) => string
  omitted: (from: number, to: number, of: number, size: string, budget: string) => string
  fullTexts: string
  fullTextsIntro: string
  fullTextEntry: (k: number, size: string, lines: number) => string
  needsScript: string
  notEmbedded: (budget: string) => string
  show: string
  hide: string
  loading: string
  failed: string
  unsupported: string
  // Markdown summary
  summaryTitle: (title: string) => string
  prompt: string
  prompts: (k: number) => string
  outcome: string
  finalAnswer: string
  noAnswer: string
  filesChanged: (k: number) => string
  file: string
  commands: (k: number, failed: number) => string
  errors: (k: number) => string
  usage: string
  subagents: (k: number) => string
  transcript: string
  /** A session whose header names a format version newer than dsh-view knows. */
  unknownVersion: (version: number, newest: number, session: string) => string
  more: (k: number, what: string) => string
  truncated: string
  total: string
  tokens: string
  promptsWord: string
  filesWord: string
  commandsWord: string
  errorsWord: string
  sessionsWord: string
  interrupted: string
  running: string
  /** Session, input, output, cache read, cache write, total, duration. */
  usageColumns: string[]
  /** The summary's one-line total over the session tree (issue 31): sessions and tokens, counted once per request. */
  /** `cost` when every session is priced; else how many sessions have no price. */
  treeTotal: (sessions: number, tokens: string, cost: string | null, unpriced: number) => string
  /** `**Status:** completed` — in Chinese the full-width colon, outside the bold (GFM would not close it). */
  field: (name: string, value: string) => string
  /** Between a label and what follows it (`Final answer:`, `Read a.txt: Error …`). */
  colon: string
  /** Ends a sentence the summary writes. */
  fullStop: string
  /** Between two such sentences. */
  sentenceGap: string
  /** A multi-line command shown by its first line: how many more it has. */
  moreLines: (k: number) => string
  /** A failed command's exit code and signal; an error that has no words of its own. */
  exitCode: (code: number) => string
  signal: (name: string) => string
  errorWord: string
  /** dsh's end reason of a turn (`aborted`, `error`; an unknown one as dsh wrote it). */
  endReason: (reason: string) => string
}

const EN: ExportText = {
  top: 'Top of this file',
  parts: 'Parts of this session',
  partsCount: k => plural(k, 'part', 'parts'),
  omitted: (from, to, of, size, budget) =>
    `${from === to ? `Part ${from}` : `Parts ${from}–${to}`} of ${of} (${size}) ${from === to ? 'is' : 'are'} not in this file: it keeps the start and the end of a session within its ${budget} budget. \`dsh-view build\` renders every part.`,
  fullTexts: 'Full texts of cut outputs',
  fullTextsIntro: 'Outputs too long for the page are cut with a marker; their full text is stored here, compressed.',
  fullTextEntry: (k, size, lines) => `Full text ${k} · ${size} · ${plural(lines, 'line', 'lines')}`,
  needsScript: 'Stored compressed in this file: shown when JavaScript is on.',
  notEmbedded: budget => `Not embedded: past this file's ${budget} budget for full texts. The cut output above shows its start and end.`,
  show: 'Show',
  hide: 'Hide',
  loading: 'Decompressing…',
  failed: 'This text could not be decompressed.',
  unsupported: 'This browser cannot decompress embedded texts (it lacks DecompressionStream).',
  summaryTitle: title => `dsh session: ${title}`,
  prompt: 'Prompt',
  prompts: k => `Prompts (${n(k)})`,
  outcome: 'Outcome',
  finalAnswer: 'Final answer',
  noAnswer: 'No final assistant text.',
  filesChanged: k => `Files changed (${n(k)})`,
  file: 'File',
  commands: (k, failed) => `Commands (${n(k)}${failed > 0 ? `, ${n(failed)} failed` : ''})`,
  errors: k => `Errors (${n(k)})`,
  usage: 'Tokens and time',
  subagents: k => `Subagent sessions (${n(k)})`,
  transcript: 'Full transcript',
  unknownVersion: (version, newest, session) =>
    `Session ${session} was written in log format version ${version}; this dsh-view knows versions up to ${newest}, so parts of it may be missing or shown raw.`,
  more: (k, what) => `… and ${n(k)} more ${what}`,
  truncated: 'Summary cut to fit a 64 KB comment; the full transcript has everything.',
  total: 'Total',
  tokens: 'Tokens',
  promptsWord: 'prompts',
  filesWord: 'files',
  commandsWord: 'commands',
  errorsWord: 'errors',
  sessionsWord: 'sessions',
  interrupted: 'interrupted',
  running: 'still running',
  usageColumns: ['Session', 'Input', 'Output', 'Cache read', 'Cache write', 'Total', 'Duration'],
  treeTotal: (sessions, tokens, cost, unpriced) => `This PR: ${sessions} ${sessions === 1 ? 'session' : 'sessions'}, ${tokens} tokens, ${cost ?? `cost n/a for ${unpriced} ${unpriced === 1 ? 'session' : 'sessions'}`}`,
  field: (name, value) => `**${name}:** ${value}`,
  colon: ': ',
  fullStop: '.',
  sentenceGap: ' ',
  moreLines: k => `(+${plural(k, 'line', 'lines')})`,
  exitCode: code => `exit code ${code}`,
  signal: name => `signal ${name}`,
  errorWord: 'error',
  endReason: reason => reason,
}

/** dsh's turn end reasons in Chinese (log-format.md: `completed`, `aborted`, `error`); others are shown as written. */
const ZH_END_REASONS = new Map([
  ['aborted', '已中止'],
  ['error', '出错'],
])

const ZH: ExportText = {
  top: '回到文件顶部',
  parts: '本会话的各部分',
  partsCount: k => `${k} 部分`,
  omitted: (from, to, of, size, budget) =>
    `第 ${from === to ? from : `${from}–${to}`} 部分（共 ${of} 部分，${size}）未包含在此文件中：为控制在 ${budget} 以内，只保留会话的开头和结尾。\`dsh-view build\` 会生成全部内容。`,
  fullTexts: '被截断输出的完整内容',
  fullTextsIntro: '过长的输出在页面上被截断并标出；完整内容以压缩形式保存在这里。',
  fullTextEntry: (k, size, lines) => `完整内容 ${k} · ${size} · ${lines} 行`,
  needsScript: '以压缩形式保存在此文件中：启用 JavaScript 后显示。',
  notEmbedded: budget => `未嵌入：超出此文件 ${budget} 的完整内容预算。上方被截断的输出保留了开头和结尾。`,
  show: '显示',
  hide: '隐藏',
  loading: '正在解压…',
  failed: '无法解压此内容。',
  unsupported: '此浏览器无法解压嵌入的内容（缺少 DecompressionStream）。',
  summaryTitle: title => `dsh 会话：${title}`,
  prompt: '提示',
  prompts: k => `提示（${k}）`,
  outcome: '结果',
  finalAnswer: '最终回答',
  noAnswer: '没有最终的助手文本。',
  filesChanged: k => `修改的文件（${k}）`,
  file: '文件',
  commands: (k, failed) => `命令（${k}${failed > 0 ? `，${failed} 个失败` : ''}）`,
  errors: k => `错误（${k}）`,
  usage: 'Token 与时间',
  subagents: k => `子会话（${k}）`,
  transcript: '完整记录',
  unknownVersion: (version, newest, session) => `会话 ${session} 的日志格式版本为 ${version}；此 dsh-view 只认识 ${newest} 及以下的版本，部分内容可能缺失或以原始形式显示。`,
  more: (k, what) => `… 另有 ${k} 个${what}`,
  truncated: '摘要已截断以符合 64 KB 的评论限制；完整记录包含全部内容。',
  total: '合计',
  tokens: 'Token',
  promptsWord: '提示',
  filesWord: '文件',
  commandsWord: '命令',
  errorsWord: '错误',
  sessionsWord: '会话',
  interrupted: '已中断',
  running: '仍在运行',
  usageColumns: ['会话', '输入', '输出', '缓存读取', '缓存写入', '合计', '时长'],
  treeTotal: (sessions, tokens, cost, unpriced) => `本次变更：${sessions} 个会话，${tokens} token，${cost ?? `${unpriced} 个会话无法计算费用`}`,
  field: (name, value) => `**${name}**：${value}`,
  colon: '：',
  fullStop: '。',
  sentenceGap: '',
  moreLines: k => `（另 ${k} 行）`,
  exitCode: code => `退出码 ${code}`,
  signal: name => `信号 ${name}`,
  errorWord: '出错',
  endReason: reason => ZH_END_REASONS.get(reason) ?? reason,
}

export function exportText(locale: Locale): ExportText {
  return locale === 'zh' ? ZH : EN
}
