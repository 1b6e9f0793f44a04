import { describe, expect, it } from 'vitest'
import { deliveredModel, deliveredSecondary } from './delivered'
import { nodeRows } from './view-model'
import { CTX, ctxWith } from './testing'
import type { TurnTailNode } from '../conversation/model'

const file = (path: string, description: string | null = null) => ({ path, description })

describe('secondary text (cards-current.md §8.3 "card")', () => {
  it.each<[string, string | null, string, string]>([
    ['/ws/out/a.txt', 'Quarterly report', 'Quarterly report', 'Quarterly report'],
    ['/ws/out/a.txt', 'Quarterly report (draft)', 'Quarterly report', 'Quarterly report'],
    ['/ws/out/a.txt', '季度报告（草稿）', '季度报告', '季度报告'],
    ['/ws/out/a.txt', 'Only (one) trailing (group)', 'Only (one) trailing', 'Only (one) trailing'],
    ['/ws/out/a.txt', '(draft)', 'TXT', 'TXT'],
    ['/ws/out/logo.svg', null, 'SVG', 'SVG'],
    ['/ws/out/Makefile', null, 'File', '文件'],
    ['/ws/out/.env', '  ', 'File', '文件'],
  ])('%s %j → %s', (path, description, en, zh) => {
    expect(deliveredSecondary(file(path, description), 'en')).toBe(en)
    expect(deliveredSecondary(file(path, description), 'zh')).toBe(zh)
  })
})

describe('the block', () => {
  it('none for no files', () => {
    expect(deliveredModel('t', undefined, 'en')).toBeNull()
    expect(deliveredModel('t', [], 'en')).toBeNull()
  })
  it('4 files or fewer: all shown, no toggle', () => {
    const m = deliveredModel('t', [file('/ws/a.txt'), file('C:\\ws\\b.md', 'B')], 'en')
    expect(m).toEqual({ cards: [{ id: 't:file-1', path: '/ws/a.txt', name: 'a.txt', secondary: 'TXT' }, { id: 't:file-2', path: 'C:\\ws\\b.md', name: 'b.md', secondary: 'B' }], visible: 2, toggle: null })
  })
  it('more than 4: the first 4 and a toggle (en / zh)', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => file(`/ws/${n}.txt`))
    expect(deliveredModel('t', files, 'en')).toMatchObject({ visible: 4, toggle: { expandLabel: 'All 6 files', expandAria: 'Show all 6 delivered files', collapseLabel: 'Collapse', collapseAria: 'Collapse delivered files' } })
    expect(deliveredModel('t', files, 'zh')).toMatchObject({ visible: 4, toggle: { expandLabel: '全部 6 个文件', expandAria: '展开全部 6 个交付文件', collapseLabel: '收起', collapseAria: '收起交付文件列表' } })
  })
})

describe('turn tail row', () => {
  const tail = (patch: Partial<TurnTailNode>): TurnTailNode => ({
    kind: 'turn-tail', key: 'tail:1', anchorSeq: 9, inherited: false, turn: 1, endSeq: 9, endReason: 'completed', error: null,
    closingMessageSeq: null, durationMs: null, ttftMs: null, steps: 0,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 0 },
    tokensPerSecond: null, deliverables: [], ...patch,
  })
  it('a turn whose tail has only delivered files still shows a tail', () => {
    const [row] = nodeRows(tail({ delivered: [file('/ws/a.txt')] }), CTX)
    expect(row).toMatchObject({ kind: 'turn-tail', deliverables: null, delivered: { cards: [{ name: 'a.txt' }] } })
  })
  it('keeps both models: produced chips (classic) and delivered cards (new modes)', () => {
    const [row] = nodeRows(tail({ deliverables: ['/ws/p.ts'], delivered: [file('/ws/a.txt')] }), ctxWith({ locale: 'zh' }))
    expect(row).toMatchObject({ deliverables: { label: '产物' }, delivered: { cards: [{ secondary: 'TXT' }] } })
  })
  it('no delivered field when nothing was delivered', () => {
    const [row] = nodeRows(tail({ deliverables: ['/ws/p.ts'] }), CTX)
    expect(row !== undefined && 'delivered' in row).toBe(false)
  })
})
