/**
 * Strings of the newer client's turn presentation (cards-current.md §4.3, §5.4, §6.2, §7, §8.1, §12.1), en and
 * zh: the whole-turn control, activity-group titles, trigger notices and the turn tail. Kept apart from
 * ./strings (the row and card chrome) because they belong to the Chat layout, not to any card.
 */
import type { Locale } from './types'

export type Activity =
  | 'read' | 'readImage' | 'search' | 'write' | 'edit' | 'commands' | 'code' | 'webSearch' | 'webFetch'
  | 'subagents' | 'plan' | 'questions' | 'tools'

export interface TurnStrings {
  completed: string
  completedIn: (duration: string) => string
  stopped: string
  failed: string
  /** `5s`, `1m 5s`, `1h 2m 5s` / `5秒`, `1分5秒`, `1小时2分5秒`. */
  duration: (hours: number, minutes: number, seconds: number) => string
  activity: Readonly<Record<Activity, string>>
  analysisCompleted: string
  joinTwo: (first: string, second: string) => string
  comma: string
  /** Stripped from the second of two labels when both start with it (zh `已`; en has none). */
  sharedPrefix: string
  more: (title: string) => string
  trigger: (kind: string, provider: string | null) => string
  triggerExplanation: string
  turnFailed: string
  /** `Referenced session · {labels}`, the labels already joined with `listSeparator`. */
  referenced: (labels: string) => string
  listSeparator: string
  maxTokens: string
  maxTokensHint: string
}

const en: TurnStrings = {
  completed: 'Completed',
  completedIn: d => `Completed in ${d}`,
  stopped: 'Stopped',
  failed: 'Failed',
  duration: (h, m, s) => `${h > 0 ? `${h}h ` : ''}${h > 0 || m > 0 ? `${m}m ` : ''}${s}s`,
  activity: {
    read: 'Read files', readImage: 'Read images', search: 'Searched code', write: 'Wrote files', edit: 'Edited files',
    commands: 'Ran commands', code: 'Ran code', webSearch: 'Searched the web', webFetch: 'Visited web pages',
    subagents: 'Coordinated subagents', plan: 'Updated the plan', questions: 'Asked questions', tools: 'Called tools',
  },
  analysisCompleted: 'Analysis completed',
  joinTwo: (a, b) => `${a} and ${b}`,
  comma: ', ',
  sharedPrefix: '',
  more: t => `${t}, etc.`,
  trigger: (kind, provider) => {
    switch (kind) {
      case 'goal': return 'Continuing goal'
      case 'agent-message': return 'Task message received'
      case 'team-message': return 'Team message received'
      case 'subagent-settled': return 'Subtask status updated'
      case 'webhook': return provider === 'github' ? 'GitHub event received' : 'External event received'
      case 'schedule': return 'Automation task'
      case 'tool-jobs': return 'Background task updated'
      case 'cordis-host-runner': return 'Plugin status updated'
      default: return 'Execution requested'
    }
  },
  triggerExplanation: 'This notification triggered this response.',
  turnFailed: 'This turn failed',
  referenced: labels => `Referenced session · ${labels}`,
  listSeparator: ', ',
  maxTokens: 'Output token limit reached',
  maxTokensHint: 'The reply was cut off; earlier output is preserved in the conversation. Send "continue" to let the model resume.',
}

const zh: TurnStrings = {
  completed: '已完成',
  completedIn: d => `已完成，用时 ${d}`,
  stopped: '已停止',
  failed: '处理失败',
  duration: (h, m, s) => `${h > 0 ? `${h}小时` : ''}${h > 0 || m > 0 ? `${m}分` : ''}${s}秒`,
  activity: {
    read: '已读取文件', readImage: '已读取图片', search: '已搜索代码', write: '已写入文件', edit: '修改了文件',
    commands: '执行了命令', code: '运行了代码', webSearch: '已搜索网页', webFetch: '已访问网页',
    subagents: '已协调子智能体', plan: '更新了计划', questions: '向用户提出了问题', tools: '已调用工具',
  },
  analysisCompleted: '已完成分析',
  joinTwo: (a, b) => `${a}并${b}`,
  comma: '，',
  sharedPrefix: '已',
  more: t => `${t}等`,
  trigger: (kind, provider) => {
    switch (kind) {
      case 'goal': return '继续执行目标'
      case 'agent-message': return '收到任务消息'
      case 'team-message': return '收到团队消息'
      case 'subagent-settled': return '子任务状态更新'
      case 'webhook': return provider === 'github' ? '收到 GitHub 事件' : '收到外部事件'
      case 'schedule': return '自动化任务'
      case 'tool-jobs': return '后台任务状态更新'
      case 'cordis-host-runner': return '插件状态更新'
      default: return '收到执行请求'
    }
  },
  triggerExplanation: '这条通知触发了本轮回复。',
  turnFailed: '本轮运行失败',
  referenced: labels => `引用会话 · ${labels}`,
  listSeparator: '、',
  maxTokens: '已达到输出 token 上限',
  maxTokensHint: '回答被截断，已有输出保留在对话中。发送“继续”可让模型接着输出。',
}

export function turnStrings(locale: Locale): TurnStrings {
  return locale === 'zh' ? zh : en
}
