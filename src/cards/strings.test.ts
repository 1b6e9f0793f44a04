import { describe, expect, it } from 'vitest'
import { FIXED, strings } from './strings'
import { toolStrings } from './tool-strings'

const en = strings('en')
const zh = strings('zh')
// Row titles moved to the tool-row dictionary; the dsh keys they carry are still checked here.
const enTool = toolStrings('en')
const zhTool = toolStrings('zh')

describe('locale strings (cards.md §14)', () => {
  it.each<[string, string, string]>([
    ['row.running', en.rowRunning, zh.rowRunning], ['row.failed', en.rowFailed, zh.rowFailed], ['row.stopped', en.rowStopped, zh.rowStopped],
    ['terminal.running', en.terminalRunning, zh.terminalRunning], ['terminal.failed', en.terminalFailed, zh.terminalFailed],
    ['terminal.done', en.terminalDone, zh.terminalDone], ['terminal.exitCode', en.exitCode(2), zh.exitCode(2)],
    ['terminal.signal', en.signal('SIGTERM'), zh.signal('SIGTERM')], ['terminal.noOutput', en.noOutput, zh.noOutput],
    ['terminal.expandRest', en.terminalExpand(5), zh.terminalExpand(5)], ['terminal.expandAria', en.terminalExpandAria(5), zh.terminalExpandAria(5)],
    ['terminal.collapseAria', en.terminalCollapseAria, zh.terminalCollapseAria], ['terminal.sendInput', en.sendInput, zh.sendInput],
    ['terminal.session', en.terminalSession('p'), zh.terminalSession('p')], ['todo.rowTitle', enTool.title.todo, zhTool.title.todo],
    ['todo.completed', en.todoCompleted(1, 4), zh.todoCompleted(1, 4)], ['ask.rowTitle', enTool.title.ask, zhTool.title.ask],
    ['ask.waiting', en.askWaiting, zh.askWaiting], ['ask.cancelled', en.askCancelled, zh.askCancelled],
    ['ask.interrupted', en.askInterrupted, zh.askInterrupted], ['ask.answered', en.askAnswered(2, 3), zh.askAnswered(2, 3)],
    ['details.input', en.detailsInput, zh.detailsInput], ['details.output', en.detailsOutput, zh.detailsOutput],
    ['details.running', en.detailsRunning, zh.detailsRunning], ['message.contextInjection', en.contextInjection, zh.contextInjection],
    ['message.contextRecall', en.contextRecall, zh.contextRecall], ['message.stopped', en.stopped, zh.stopped],
    ['message.unknownBlock', en.unknownBlock, zh.unknownBlock], ['copy', en.copy, zh.copy], ['copied', en.copied, zh.copied],
    ['collapse', en.collapse, zh.collapse], ['skill row.instructions', en.skillInstructions, zh.skillInstructions],
    ['skill loading', en.skillLoading, zh.skillLoading], ['skill failed', en.skillFailed, zh.skillFailed], ['skill stopped', en.skillStopped, zh.skillStopped],
    ['deliverables produced', en.produced, zh.produced], ['deliverables open', en.openPath('a/b'), zh.openPath('a/b')],
    ['deliverables more (1)', en.moreFiles(1), zh.moreFiles(1)], ['deliverables more (n)', en.moreFiles(3), zh.moreFiles(3)],
  ])('%s', (key, actualEn, actualZh) => expect([actualEn, actualZh]).toEqual(EXPECTED[key]))

  // cards-current.md §7, §9.6, §12.3 (ui-conversation locales.ts at 5593cc25): card chrome is localised now.
  it.each<[string, string, string]>([
    ['message.think', en.think, zh.think], ['row.input', en.inLabel, zh.inLabel], ['row.output', en.outLabel, zh.outLabel],
    ['copy (block)', en.blockCopy, zh.blockCopy], ['copied (block)', en.blockCopied, zh.blockCopied],
    ['collapse (block)', en.blockCollapse, zh.blockCollapse], ['diff.expandRest', en.blockExpand(5), zh.blockExpand(5)],
    ['read.expandAria', en.readExpandAria(5), zh.readExpandAria(5)], ['read.collapseAria', en.readCollapseAria, zh.readCollapseAria],
    ['read.window', en.readRange(3, 8), zh.readRange(3, 8)], ['search.expandAria', en.searchExpandAria(5), zh.searchExpandAria(5)],
    ['search.collapseAria', en.searchCollapseAria, zh.searchCollapseAria], ['search.paths', en.searchPaths(3), zh.searchPaths(3)],
    ['search.paths.truncated', en.searchPathsTruncated(3, 8), zh.searchPathsTruncated(3, 8)],
    ['search.matches', en.searchMatches(3, 2), zh.searchMatches(3, 2)],
    ['search.matches.truncated', en.searchMatchesTruncated(3, 8, 2), zh.searchMatchesTruncated(3, 8, 2)],
    ['search.noResults', en.searchEmpty, zh.searchEmpty], ['web.noResults', en.webEmpty, zh.webEmpty],
    ['web.sourcesTruncated', en.webSourcesTruncated, zh.webSourcesTruncated],
    ['web.contentTruncated', en.webContentTruncated, zh.webContentTruncated], ['web.http', en.httpStatus(200), zh.httpStatus(200)],
    ['diff footer (1 file)', en.diffFooter(3, 1, 1), zh.diffFooter(3, 1, 1)], ['diff footer (2 files)', en.diffFooter(0, 2, 2), zh.diffFooter(0, 2, 2)],
  ])('%s', (key, actualEn, actualZh) => expect([actualEn, actualZh]).toEqual(CHROME[key]))

  it('keeps what dsh shows the same in every locale', () => {
    expect([enTool.title.skill, enTool.inspectPill, FIXED.diffGap]).toEqual(['Skill', 'Inspect', '⋯'])
  })
})

const EXPECTED: Record<string, [string, string]> = {
  'row.running': ['Running', '运行中'], 'row.failed': ['Failed', '失败'], 'row.stopped': ['Stopped', '已停止'],
  'terminal.running': ['Running', '运行中'], 'terminal.failed': ['Failed', '失败'], 'terminal.done': ['Done', '已完成'],
  'terminal.exitCode': ['exit code 2', '退出码 2'], 'terminal.signal': ['signal SIGTERM', '信号 SIGTERM'],
  'terminal.noOutput': ['No output', '无输出'], 'terminal.expandRest': ['… 5 more lines', '… 其余 5 行'],
  'terminal.expandAria': ['Expand the remaining 5 output lines', '展开其余 5 行输出'], 'terminal.collapseAria': ['Collapse output', '收起输出'],
  'terminal.sendInput': ['(send input)', '（发送输入）'], 'terminal.session': ['Terminal p', '终端 p'],
  'todo.rowTitle': ['Update to-do list', '更新任务清单'], 'todo.completed': ['1/4 completed', '1/4 已完成'],
  'ask.rowTitle': ['Ask question', '提问'], 'ask.waiting': ['waiting', '等待回答'], 'ask.cancelled': ['cancelled', '已取消'],
  'ask.interrupted': ['interrupted', '已中断'], 'ask.answered': ['2/3 answered', '2/3 已回答'],
  'details.input': ['Input', '输入'], 'details.output': ['Output', '输出'], 'details.running': ['Running…', '运行中…'],
  'message.contextInjection': ['Context injection', '上下文注入'], 'message.contextRecall': ['Session recall', '跨会话召回'],
  'message.stopped': ['Stopped', '已停止'], 'message.unknownBlock': ['Unknown content block', '未知内容块'],
  copy: ['Copy', '复制'], copied: ['Copied', '复制成功'], collapse: ['Collapse', '收起'],
  'skill row.instructions': ['Instructions', '说明'], 'skill loading': ['Loading skill', '正在加载 skill'],
  'skill failed': ['Skill load failed', 'skill 加载失败'], 'skill stopped': ['Skill load stopped', 'skill 加载已中止'],
  'deliverables produced': ['Produced', '产物'], 'deliverables open': ['Open a/b', '打开 a/b'],
  'deliverables more (1)': ['+ 1 file', '+ 1 个文件'], 'deliverables more (n)': ['+ 3 files', '+ 3 个文件'],
}

const CHROME: Record<string, [string, string]> = {
  'message.think': ['Think', '思考'], 'row.input': ['IN', '输入'], 'row.output': ['OUT', '输出'],
  'copy (block)': ['Copy', '复制'], 'copied (block)': ['Copied', '复制成功'], 'collapse (block)': ['Collapse', '收起'],
  'diff.expandRest': ['… 5 more lines', '… 其余 5 行'], 'diff.expandAria': ['Expand 5 more diff lines', '展开其余 5 行差异'],
  'diff.collapseAria': ['Collapse diff', '收起差异'], 'read.expandAria': ['Expand 5 more lines', '展开其余 5 行'],
  'read.collapseAria': ['Collapse content', '收起内容'], 'read.window': ['Showing 3 of 8 lines', '显示 3 / 8 行'],
  'search.expandAria': ['Expand 5 more result lines', '展开其余 5 行结果'], 'search.collapseAria': ['Collapse results', '收起结果'],
  'search.paths': ['3 paths', '3 个路径'], 'search.paths.truncated': ['Showing 3 of 8 paths', '显示 3 / 共 8 个路径'],
  'search.matches': ['3 matches · 2 files', '3 处匹配 · 2 个文件'],
  'search.matches.truncated': ['Showing 3 of 8 matches · 2 files', '显示 3 / 共 8 处匹配 · 2 个文件'],
  'search.noResults': ['No results', '无结果'], 'web.noResults': ['No results found', '未找到结果'],
  'web.sourcesTruncated': ['Source list truncated', '来源列表已截断'], 'web.contentTruncated': ['Content truncated', '内容已截断'],
  'web.http': ['HTTP 200', 'HTTP 200'],
  'diff footer (1 file)': ['└ +3 -1 · 1 file', '└ +3 -1 · 1 个文件'], 'diff footer (2 files)': ['└ +0 -2 · 2 files', '└ +0 -2 · 2 个文件'],
}
