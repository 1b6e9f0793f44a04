import { describe, expect, it } from 'vitest'
import { FIXED, strings } from './strings'

const en = strings('en')
const zh = strings('zh')

describe('locale strings (cards.md §14)', () => {
  it.each<[string, string, string]>([
    ['row.running', en.rowRunning, zh.rowRunning], ['row.failed', en.rowFailed, zh.rowFailed], ['row.stopped', en.rowStopped, zh.rowStopped],
    ['terminal.running', en.terminalRunning, zh.terminalRunning], ['terminal.failed', en.terminalFailed, zh.terminalFailed],
    ['terminal.done', en.terminalDone, zh.terminalDone], ['terminal.exitCode', en.exitCode(2), zh.exitCode(2)],
    ['terminal.signal', en.signal('SIGTERM'), zh.signal('SIGTERM')], ['terminal.noOutput', en.noOutput, zh.noOutput],
    ['terminal.expandRest', en.terminalExpand(5), zh.terminalExpand(5)], ['terminal.expandAria', en.terminalExpandAria(5), zh.terminalExpandAria(5)],
    ['terminal.collapseAria', en.terminalCollapseAria, zh.terminalCollapseAria], ['terminal.sendInput', en.sendInput, zh.sendInput],
    ['terminal.session', en.terminalSession('p'), zh.terminalSession('p')], ['todo.rowTitle', en.todoRowTitle, zh.todoRowTitle],
    ['todo.completed', en.todoCompleted(1, 4), zh.todoCompleted(1, 4)], ['ask.rowTitle', en.askRowTitle, zh.askRowTitle],
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

  it('block chrome is Chinese in every locale; titles are literal English', () => {
    expect([FIXED.blockCopy, FIXED.blockCopied, FIXED.blockCollapse, FIXED.blockExpand(3), FIXED.searchEmpty, FIXED.webEmpty,
      FIXED.webSourcesTruncated, FIXED.webContentTruncated, FIXED.httpStatus(200)])
      .toEqual(['复制', '复制成功', '收起', '… 其余 3 行', '无结果', '未找到结果', '来源列表已截断', '内容已截断', 'HTTP 200'])
    expect([FIXED.think, FIXED.skillTitle, FIXED.inLabel, FIXED.outLabel, FIXED.inspect]).toEqual(['Think', 'Skill', 'IN', 'OUT', 'Inspect'])
    expect([FIXED.diffFooter(3, 1, 1), FIXED.diffFooter(0, 2, 2)]).toEqual(['└ +3 -1 · 1 file', '└ +0 -2 · 2 files'])
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
