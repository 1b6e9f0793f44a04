/**
 * The words of the detail cards (cards-current.md §10–§12.2), en and zh: the shared vocabulary every detail
 * tool uses (caption, empty text, None/Yes/No, the inspection projection's field labels and status badge
 * words, the "more in Inspect" note) and the titles, fields, badges and counts of the goal, reminder, Cordis,
 * workflow, ralph and session tools. Lookups keyed by log strings go through `Map`s, never plain objects.
 * Other detail-tool modules may add their own dictionaries beside this one.
 */
import type { Locale } from '../types'

export interface DetailWords {
  // Shared (§11.1, §12.2)
  recordedResult: string
  empty: string
  none: string
  yes: string
  no: string
  result: string
  /** `{n} more items available in Inspect`. */
  moreInInspect: (n: number) => string
  /** Projection field labels by JSON key (`id` → `ID`); unknown keys are shown verbatim. */
  fields: ReadonlyMap<string, string>
  /** Status badge words by recorded status (`done` → `Completed`); unknown statuses are shown verbatim. */
  statuses: ReadonlyMap<string, string>
  status: string
  exited: string
  copy: string
  copied: string
  // Goals (§11.2)
  titleCreateGoal: string
  titleGetGoal: string
  titleUpdateGoal: string
  noGoal: string
  rounds: string
  blocker: string
  goalPhase: ReadonlyMap<string, string>
  goalDisarmed: string
  // Reminders (§11.3)
  titleScheduleCreate: string
  titleScheduleUpdate: string
  titleScheduleList: string
  titleScheduleDelete: string
  scheduledFor: string
  repeat: string
  once: string
  every: (interval: string) => string
  days: (n: number) => string
  hours: (n: number) => string
  minutes: (n: number) => string
  seconds: (n: number) => string
  daily: (time: string, zone: string) => string
  weekly: (days: string, time: string, zone: string) => string
  cron: (expression: string, zone: string) => string
  /** ISO weekdays, Monday first. */
  weekdays: readonly string[]
  weekdayJoin: string
  scheduled: string
  overdue: string
  deleted: string
  noReminders: string
  reminders: (n: number) => string
  // Cordis (§11.4)
  titleInspectList: string
  titleInspectQuery: string
  titleInspectSelf: string
  providers: (n: number) => string
  plugins: (n: number) => string
  // Workflow and ralph (§11.5)
  titleWorkflow: string
  titleRalph: string
  completed: string
  agentsStarted: string
  workflowScript: string
  reportedComplete: string
  reportedBlocker: string
  roundLimit: string
  remainingWork: string
  task: string
  // Session tools (§11.6)
  titleEventRead: string
  titleEventSearch: string
  titleEventTrace: string
  titleSessionSearch: string
  titleSessionTrace: string
  matches: (n: number) => string
  matchesCapped: string
  eventSeq: string
  time: string
  recordStatus: string
  surroundingEvents: string
  parent: string
  availability: string
  bestMatch: string
  targetEvent: string
  replacedBy: string
  replacementChain: string
  replacedEvents: string
  sourceEvents: string
  derivedEvents: string
  ancestors: string
  descendants: string
}

const en: DetailWords = {
  recordedResult: 'Recorded result',
  empty: 'No results',
  none: 'None',
  yes: 'Yes',
  no: 'No',
  result: 'Result',
  moreInInspect: n => `${n} more items available in Inspect`,
  fields: new Map([
    ['id', 'ID'], ['revision', 'Revision'], ['platform', 'Platform'], ['provider', 'Provider'], ['model', 'Model'],
    ['role', 'Role'], ['context', 'Context'], ['ownerName', 'Owner'], ['ready', 'Ready'], ['blockedBy', 'Dependencies'],
    ['writeScopes', 'Write scopes'], ['writeScopeWarnings', 'Warnings'], ['diagnostics', 'Diagnostics'],
    ['methods', 'Methods'], ['inputSchema', 'Input schema'], ['outputSchema', 'Output schema'],
    ['currentPackageId', 'Current package'], ['nextPackageId', 'Next package'], ['latestRun', 'Latest run'],
    ['packages', 'Packages'], ['registrations', 'Registrations'], ['props', 'Props'], ['data', 'Data'],
    ['source', 'Source'], ['arguments', 'IN'], ['content', 'Content'], ['message', 'Message'],
    ['messageId', 'Message ID'], ['status', 'Status'], ['root', 'Root'], ['pid', 'Process ID'], ['type', 'Type'],
    ['time', 'Time'], ['seq', 'Event sequence'], ['turn', 'Turn'], ['step', 'Step'], ['callId', 'Call ID'],
    ['agentsStarted', 'Agents started'], ['output', 'OUT'], ['result', 'Result'],
  ]),
  statuses: new Map([
    ['running', 'Running'], ['idle', 'Idle'], ['ready', 'Ready'], ['inactive', 'Inactive'],
    ['provisioning', 'Provisioning'], ['failed', 'Failed'], ['error', 'Failed'], ['completed', 'Completed'],
    ['complete', 'Completed'], ['done', 'Completed'], ['pending', 'Pending'], ['in_progress', 'In progress'],
    ['deleted', 'Deleted'], ['killed', 'Cancelled'], ['blocked', 'Blocked'], ['accepted', 'Accepted'],
    ['queued', 'Queued'],
  ]),
  status: 'Status',
  exited: 'Exited',
  copy: 'Copy',
  copied: 'Copied',
  titleCreateGoal: 'Create goal',
  titleGetGoal: 'View goal',
  titleUpdateGoal: 'Update goal',
  noGoal: 'No goal',
  rounds: 'Rounds',
  blocker: 'Blocker',
  goalPhase: new Map([['active', 'Active'], ['paused', 'Paused'], ['blocked', 'Blocked'], ['complete', 'Completed']]),
  goalDisarmed: 'Awaiting continuation',
  titleScheduleCreate: 'Create reminder',
  titleScheduleUpdate: 'Update reminder',
  titleScheduleList: 'List reminders',
  titleScheduleDelete: 'Delete reminder',
  scheduledFor: 'Scheduled for',
  repeat: 'Repeat',
  once: 'Once',
  every: interval => `Every ${interval}`,
  days: n => `${n} d`,
  hours: n => `${n} h`,
  minutes: n => `${n} min`,
  seconds: n => `${n} s`,
  daily: (time, zone) => `Every day at ${time} (${zone})`,
  weekly: (days, time, zone) => `Weekly on ${days} at ${time} (${zone})`,
  cron: (expression, zone) => `Cron ${expression} (${zone})`,
  weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  weekdayJoin: ', ',
  scheduled: 'Scheduled',
  overdue: 'Overdue, awaiting session resume',
  deleted: 'Deleted',
  noReminders: 'No reminders',
  reminders: n => `${n} reminders`,
  titleInspectList: 'Inspect providers',
  titleInspectQuery: 'Query runtime',
  titleInspectSelf: 'Inspect plugins',
  providers: n => `${n} inspect providers`,
  plugins: n => `${n} dynamic plugins`,
  titleWorkflow: 'Run workflow',
  titleRalph: 'Run ralph loop',
  completed: 'Completed',
  agentsStarted: 'Agents started',
  workflowScript: 'Workflow script',
  reportedComplete: 'Worker reported completion',
  reportedBlocker: 'Worker reported a blocker',
  roundLimit: 'Round limit reached',
  remainingWork: 'Remaining work',
  task: 'Task',
  titleEventRead: 'Read event',
  titleEventSearch: 'Search events',
  titleEventTrace: 'Trace event',
  titleSessionSearch: 'Search sessions',
  titleSessionTrace: 'Trace session',
  matches: n => `${n} matches`,
  matchesCapped: 'Result limit reached; narrow the search for more',
  eventSeq: 'Event sequence',
  time: 'Time',
  recordStatus: 'Record status',
  surroundingEvents: 'Surrounding events',
  parent: 'Parent',
  availability: 'Availability',
  bestMatch: 'Best match',
  targetEvent: 'Target event',
  replacedBy: 'Replaced by',
  replacementChain: 'Replacement chain',
  replacedEvents: 'Replaced events',
  sourceEvents: 'Source events',
  derivedEvents: 'Derived events',
  ancestors: 'Ancestor sessions',
  descendants: 'Descendant sessions',
}

const zh: DetailWords = {
  recordedResult: '调用结果',
  empty: '暂无结果',
  none: '无',
  yes: '是',
  no: '否',
  result: '结果',
  moreInInspect: n => `另有 ${n} 项，可在「查看」中读取`,
  fields: new Map([
    ['id', 'ID'], ['revision', '版本'], ['platform', '平台'], ['provider', '提供方'], ['model', '模型'],
    ['role', '角色'], ['context', '上下文'], ['ownerName', '负责人'], ['ready', '可开始'], ['blockedBy', '前置任务'],
    ['writeScopes', '文件范围'], ['writeScopeWarnings', '提示'], ['diagnostics', '诊断'],
    ['methods', '方法'], ['inputSchema', '输入 Schema'], ['outputSchema', '输出 Schema'],
    ['currentPackageId', '当前包'], ['nextPackageId', '待运行的包'], ['latestRun', '最近运行'],
    ['packages', '版本包'], ['registrations', '注册项'], ['props', '属性'], ['data', '数据'],
    ['source', '来源'], ['arguments', '输入'], ['content', '内容'], ['message', '消息'],
    ['messageId', '消息 ID'], ['status', '状态'], ['root', '根节点'], ['pid', '进程 ID'], ['type', '类型'],
    ['time', '时间'], ['seq', '事件序号'], ['turn', '轮次'], ['step', '步骤'], ['callId', '调用 ID'],
    ['agentsStarted', '启动智能体数'], ['output', '输出'], ['result', '结果'],
  ]),
  statuses: new Map([
    ['running', '运行中'], ['idle', '空闲'], ['ready', '就绪'], ['inactive', '未运行'],
    ['provisioning', '准备中'], ['failed', '失败'], ['error', '失败'], ['completed', '已完成'],
    ['complete', '已完成'], ['done', '已完成'], ['pending', '待处理'], ['in_progress', '进行中'],
    ['deleted', '已删除'], ['killed', '已取消'], ['blocked', '受阻'], ['accepted', '已接收'],
    ['queued', '已入队'],
  ]),
  status: '状态',
  exited: '已退出',
  copy: '复制',
  copied: '复制成功',
  titleCreateGoal: '创建目标',
  titleGetGoal: '查看目标',
  titleUpdateGoal: '更新目标',
  noGoal: '没有目标',
  rounds: '执行轮次',
  blocker: '受阻原因',
  goalPhase: new Map([['active', '进行中'], ['paused', '已暂停'], ['blocked', '受阻'], ['complete', '已完成']]),
  goalDisarmed: '等待继续',
  titleScheduleCreate: '创建定时任务',
  titleScheduleUpdate: '修改定时任务',
  titleScheduleList: '查看定时任务',
  titleScheduleDelete: '删除定时任务',
  scheduledFor: '计划时间',
  repeat: '重复',
  once: '单次',
  every: interval => `每 ${interval}`,
  days: n => `${n} 天`,
  hours: n => `${n} 小时`,
  minutes: n => `${n} 分钟`,
  seconds: n => `${n} 秒`,
  daily: (time, zone) => `每天 ${time}（${zone}）`,
  weekly: (days, time, zone) => `每周 ${days} ${time}（${zone}）`,
  cron: (expression, zone) => `Cron ${expression}（${zone}）`,
  weekdays: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
  weekdayJoin: '、',
  scheduled: '等待触发',
  overdue: '已到期，等待会话恢复',
  deleted: '已删除',
  noReminders: '没有定时任务',
  reminders: n => `${n} 个定时任务`,
  titleInspectList: '检查提供方',
  titleInspectQuery: '查询运行时',
  titleInspectSelf: '检查动态插件',
  providers: n => `${n} 个检查提供方`,
  plugins: n => `${n} 个动态插件`,
  titleWorkflow: '运行工作流',
  titleRalph: '运行循环工作流',
  completed: '已完成',
  agentsStarted: '启动智能体数',
  workflowScript: '工作流脚本',
  reportedComplete: '智能体报告完成',
  reportedBlocker: '智能体报告受阻',
  roundLimit: '已达到轮次上限',
  remainingWork: '待完成事项',
  task: '任务内容',
  titleEventRead: '读取事件',
  titleEventSearch: '搜索事件',
  titleEventTrace: '追踪事件',
  titleSessionSearch: '搜索会话',
  titleSessionTrace: '追踪会话',
  matches: n => `${n} 条匹配`,
  matchesCapped: '已达到结果上限，可缩小搜索范围',
  eventSeq: '事件序号',
  time: '时间',
  recordStatus: '记录状态',
  surroundingEvents: '前后事件',
  parent: '父级',
  availability: '可用状态',
  bestMatch: '最相关事件',
  targetEvent: '目标事件',
  replacedBy: '被替换为',
  replacementChain: '替换链',
  replacedEvents: '替换的事件',
  sourceEvents: '引用来源',
  derivedEvents: '派生事件',
  ancestors: '祖先会话',
  descendants: '后代会话',
}

export function detailWords(locale: Locale): DetailWords {
  return locale === 'zh' ? zh : en
}
