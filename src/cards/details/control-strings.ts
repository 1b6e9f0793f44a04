/**
 * Visible words of the agent, job, terminal, lsp and team detail cards (cards-current.md §10, §11.7, §12.2),
 * in English and Chinese, as the 5593cc25 client's `conversation` dictionary has them: row titles (the newer
 * `Create subagent` / `List subagents` / `Wait for subagent`, not the golden's `Delegate task` …), receipt
 * words, count summaries and field labels. The words every detail card shares (caption, empty text, status
 * badges, `Exited`) come from ./strings through ./project. The card models in ./agents, ./jobs, ./lsp and
 * ./team take every other string from here, so an English page holds no Chinese UI word and a Chinese page no
 * English one.
 */
import type { Locale } from '../types'

export interface ControlDictionary {
  title: {
    listModels: string
    subagent: string
    listAgents: string
    sendMessage: string
    interruptAgent: string
    listJobs: string
    readJob: string
    killJob: string
    openTerminal: string
    readTerminal: string
    listTerminals: string
    signalTerminal: string
    closeTerminal: string
    lsp: string
    findDefinition: string
    findReferences: string
    findImplementation: string
    hoverSymbol: string
    spawnTeammate: string
    createTeamTask: string
    getTeamTask: string
    updateTeamTask: string
    listTeamTasks: string
    waitAgent: string
  }
  field: {
    parent: string
    depth: string
    type: string
    pid: string
    exitCode: string
    signal: string
    previousStatus: string
    agent: string
    job: string
    task: string
    processGroup: string
  }
  receipt: {
    delivered: string
    interrupt: string
    started: string
    cancel: string
    alreadyFinished: string
    signal: string
    closed: string
    closing: string
  }
  agentsCount: (n: number) => string
  jobsCount: (n: number) => string
  terminalsCount: (n: number) => string
  tasksCount: (n: number) => string
  tasksNextPage: (cursor: string) => string
  locationsCount: (n: number) => string
  location: (line: string, column: string) => string
  waitTitle: string
  waitNoProgress: string
  waitTimeout: string
  waitChanged: string
  agentReply: string
  modelsTitle: string
  outputLines: (begin: string, end: string, total: string) => string
  outputTruncated: string
}

const en: ControlDictionary = {
  title: {
    listModels: 'List models',
    subagent: 'Create subagent',
    listAgents: 'List subagents',
    sendMessage: 'Send message',
    interruptAgent: 'Interrupt agent',
    listJobs: 'List background jobs',
    readJob: 'Read job output',
    killJob: 'Cancel background job',
    openTerminal: 'Open terminal',
    readTerminal: 'Read terminal',
    listTerminals: 'List terminals',
    signalTerminal: 'Signal terminal',
    closeTerminal: 'Close terminal',
    lsp: 'Query code symbols',
    findDefinition: 'Find definition',
    findReferences: 'Find references',
    findImplementation: 'Find implementation',
    hoverSymbol: 'Inspect symbol',
    spawnTeammate: 'Create teammate',
    createTeamTask: 'Create team task',
    getTeamTask: 'Read team task',
    updateTeamTask: 'Update team task',
    listTeamTasks: 'List team tasks',
    waitAgent: 'Wait for subagent',
  },
  field: {
    parent: 'Parent',
    depth: 'Depth',
    type: 'Type',
    pid: 'Process ID',
    exitCode: 'Exit code',
    signal: 'Signal',
    previousStatus: 'Previous status',
    agent: 'Agent ID',
    job: 'Job ID',
    task: 'Task',
    processGroup: 'Process group',
  },
  receipt: {
    delivered: 'Message delivered',
    interrupt: 'Interrupt requested',
    started: 'Started',
    cancel: 'Cancellation requested',
    alreadyFinished: 'Already finished',
    signal: 'Signal delivered',
    closed: 'Closed',
    closing: 'Closing',
  },
  agentsCount: (n) => `${n} agents`,
  jobsCount: (n) => `${n} background jobs`,
  terminalsCount: (n) => `${n} terminals`,
  tasksCount: (n) => `${n} team tasks`,
  tasksNextPage: (cursor) => `More tasks available; next cursor is ${cursor}`,
  locationsCount: (n) => `${n} locations`,
  location: (line, column) => `Line ${line}, column ${column}`,
  waitTitle: 'Subagent activity',
  waitNoProgress: 'No active subagents',
  waitTimeout: 'Wait timed out',
  waitChanged: 'Change detected',
  agentReply: 'Agent response',
  modelsTitle: 'Available models',
  outputLines: (begin, end, total) => `Lines ${begin}–${end} of ${total}`,
  outputTruncated: 'Output truncated',
}

const zh: ControlDictionary = {
  title: {
    listModels: '查看可用模型',
    subagent: '创建子智能体',
    listAgents: '查看子智能体',
    sendMessage: '发送消息',
    interruptAgent: '中断智能体',
    listJobs: '查看后台任务',
    readJob: '读取任务输出',
    killJob: '取消后台任务',
    openTerminal: '创建终端',
    readTerminal: '读取终端',
    listTerminals: '查看终端',
    signalTerminal: '发送终端信号',
    closeTerminal: '关闭终端',
    lsp: '查询代码符号',
    findDefinition: '查找定义',
    findReferences: '查找引用',
    findImplementation: '查找实现',
    hoverSymbol: '查看符号信息',
    spawnTeammate: '创建队友',
    createTeamTask: '创建团队任务',
    getTeamTask: '读取团队任务',
    updateTeamTask: '更新团队任务',
    listTeamTasks: '查看团队任务',
    waitAgent: '等待子智能体',
  },
  field: {
    parent: '父级',
    depth: '层级',
    type: '类型',
    pid: '进程 ID',
    exitCode: '退出码',
    signal: '信号',
    previousStatus: '中断前状态',
    agent: '智能体 ID',
    job: '任务 ID',
    task: '任务内容',
    processGroup: '进程组',
  },
  receipt: {
    delivered: '消息已送达',
    interrupt: '已请求中断',
    started: '已启动',
    cancel: '已请求取消',
    alreadyFinished: '任务已结束',
    signal: '信号已发送',
    closed: '已关闭',
    closing: '关闭中',
  },
  agentsCount: (n) => `${n} 个智能体`,
  jobsCount: (n) => `${n} 个后台任务`,
  terminalsCount: (n) => `${n} 个终端`,
  tasksCount: (n) => `${n} 个团队任务`,
  tasksNextPage: (cursor) => `后面还有任务；下一页位置为 ${cursor}`,
  locationsCount: (n) => `${n} 个位置`,
  location: (line, column) => `第 ${line} 行，第 ${column} 列`,
  waitTitle: '子智能体状态',
  waitNoProgress: '没有正在运行的子智能体',
  waitTimeout: '等待超时',
  waitChanged: '检测到变化',
  agentReply: '智能体回复',
  modelsTitle: '可用模型',
  outputLines: (begin, end, total) => `第 ${begin}–${end} 行，共 ${total} 行`,
  outputTruncated: '输出已截断',
}

/** The control-card dictionary for a locale. */
export function controlStrings(locale: Locale): ControlDictionary {
  return locale === 'zh' ? zh : en
}
