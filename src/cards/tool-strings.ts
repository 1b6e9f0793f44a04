/**
 * Tool-row strings of the newer dsh client (cards-current.md §9.1, §9.4, §10, §11.8, §11.9, §12.2, §12.4), en
 * and zh: the localised row titles (`tool.title.*`, `todo.rowTitle`, `ask.rowTitle`), the `Inspect` pill, the
 * write/edit content size, the Auto-review denial, the to-do diff words, the ask-question card, the `present`
 * row and the delivered-file block (`deliverables` namespace). Kept apart from ./strings so the row-title
 * dictionary and the page/card chrome dictionary can change independently.
 */
import type { Locale } from './types'

export interface ToolTitles {
  bash: string
  pwsh: string
  read: string
  readImage: string
  write: string
  edit: string
  grep: string
  glob: string
  search: string
  webSearch: string
  webFetch: string
  code: string
  generic: string
  inspect: string
  runCordis: string
  stopCordis: string
  removeCordis: string
  todo: string
  ask: string
  skill: string
  present: string
}

export interface ToolDictionary {
  title: ToolTitles
  /** The `Inspect` pill (`row.inspect`). */
  inspectPill: string
  /** `tool.preparing.content`: the write/edit content size. */
  contentSize: (kilobytes: number) => string
  autoReviewRejected: string
  autoReviewNotExecuted: (reason: string) => string
  autoReviewReasonFallback: string
  todoDiff: {
    initial: string
    compare: string
    unavailable: string
    noChanges: string
    added: (n: number) => string
    updated: (n: number) => string
    removed: (n: number) => string
    unchanged: (n: number) => string
    addedItem: string
    updatedItem: string
    movedItem: string
    removedItem: string
  }
  todoStatus: { completed: string; in_progress: string; pending: string }
  ask: {
    cancelledDetail: string
    interruptedDetail: string
    skipped: string
  }
  present: {
    preparing: string
    running: string
    ok: string
    error: string
    stopped: string
    inspect: string
  }
  delivered: {
    previewCard: (path: string) => string
    all: (n: number) => string
    expandAria: (n: number) => string
    collapse: string
    collapseAria: string
    file: string
  }
}

const en: ToolDictionary = {
  title: {
    bash: 'Bash',
    pwsh: 'Pwsh',
    read: 'Read',
    readImage: 'Read image',
    write: 'Write',
    edit: 'Edit',
    grep: 'Grep',
    glob: 'Glob',
    search: 'Search',
    webSearch: 'Search',
    webFetch: 'Fetch',
    code: 'Code',
    generic: 'Tool call',
    inspect: 'Query Cordis environment',
    runCordis: 'Run Cordis Plugin',
    stopCordis: 'Stop Cordis Plugin',
    removeCordis: 'Remove Cordis Plugin',
    todo: 'Update to-do list',
    ask: 'Ask question',
    skill: 'Skill',
    present: 'Present files',
  },
  inspectPill: 'Inspect',
  contentSize: kb => `${kb}KB`,
  autoReviewRejected: 'Rejected by Auto review',
  autoReviewNotExecuted: reason => `Tool was not executed. Reason: ${reason}`,
  autoReviewReasonFallback: 'Auto review did not authorize this action',
  todoDiff: {
    initial: 'Initial list',
    compare: 'Changes since the previous list',
    unavailable: 'Previous list unavailable',
    noChanges: 'No changes to the list',
    added: n => `${n} added`,
    updated: n => `${n} updated`,
    removed: n => `${n} removed`,
    unchanged: n => `${n} unchanged`,
    addedItem: 'Added',
    updatedItem: 'Status changed',
    movedItem: 'Reordered',
    removedItem: 'Removed',
  },
  todoStatus: { completed: 'Completed', in_progress: 'In progress', pending: 'Pending' },
  ask: {
    cancelledDetail: 'This question set was cancelled before answers were submitted.',
    interruptedDetail: 'This question set was interrupted before answers were submitted.',
    skipped: 'Not answered',
  },
  present: {
    preparing: 'Preparing deliverables',
    running: 'Delivering',
    ok: 'Delivered',
    error: 'Delivery failed',
    stopped: 'Interrupted',
    inspect: 'Inspect call',
  },
  delivered: {
    previewCard: path => `Preview ${path} in sidebar`,
    all: n => `All ${n} files`,
    expandAria: n => `Show all ${n} delivered files`,
    collapse: 'Collapse',
    collapseAria: 'Collapse delivered files',
    file: 'File',
  },
}

const zh: ToolDictionary = {
  title: {
    bash: '运行命令',
    pwsh: '运行命令',
    read: '读取',
    readImage: '读取图片',
    write: '写入',
    edit: '编辑',
    grep: '搜索文件内容',
    glob: '查找文件',
    search: '搜索',
    webSearch: '网页搜索',
    webFetch: '网页获取',
    code: '代码',
    generic: '工具调用',
    inspect: '查询 Cordis 环境',
    runCordis: '运行 Cordis 插件',
    stopCordis: '停止 Cordis 插件',
    removeCordis: '移除 Cordis 插件',
    todo: '更新任务清单',
    ask: '提问',
    // ui-skill was not re-read for 5593cc25 (cards-current.md §10 "(unsure)"); a Chinese page carries no
    // English chrome, so the zh title follows the Chinese skill strings the row already uses.
    skill: '技能',
    present: '交付文件',
  },
  inspectPill: '查看',
  contentSize: kb => `${kb}KB`,
  autoReviewRejected: 'Auto review 已拒绝',
  autoReviewNotExecuted: reason => `工具未执行。原因：${reason}`,
  autoReviewReasonFallback: 'Auto review 未授权此次操作',
  todoDiff: {
    initial: '首次记录',
    compare: '与上次清单相比',
    unavailable: '旧清单不可用',
    noChanges: '清单没有变化',
    added: n => `新增 ${n}`,
    updated: n => `更新 ${n}`,
    removed: n => `移除 ${n}`,
    unchanged: n => `${n} 项未变化`,
    addedItem: '新增',
    updatedItem: '状态变化',
    movedItem: '顺序调整',
    removedItem: '移除',
  },
  todoStatus: { completed: '已完成', in_progress: '进行中', pending: '待处理' },
  ask: {
    cancelledDetail: '本轮已取消，未提交回答',
    interruptedDetail: '本轮已中断，未提交回答',
    skipped: '未回答',
  },
  present: {
    preparing: '准备交付',
    running: '正在交付',
    ok: '已交付',
    error: '交付失败',
    stopped: '已中断',
    inspect: '查看调用',
  },
  delivered: {
    previewCard: path => `在侧边栏预览 ${path}`,
    all: n => `全部 ${n} 个文件`,
    expandAria: n => `展开全部 ${n} 个交付文件`,
    collapse: '收起',
    collapseAria: '收起交付文件列表',
    file: '文件',
  },
}

/** The tool-row dictionary for a locale. */
export function toolStrings(locale: Locale): ToolDictionary {
  return locale === 'zh' ? zh : en
}
