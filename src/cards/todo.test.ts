import { describe, expect, it } from 'vitest'
import { todoChanges, todoList, todoPresentation, type TodoEntry } from './todo'
import { toolRowModel } from './tool-row'
import { CTX, call, child, ctxWith, fail, interrupt, settle } from './testing'
import type { TodoWrite } from '../conversation/model'
import type { DetailItem } from './details/types'
import type { CardContext } from './types'

type Status = TodoEntry['status']
const list = (...items: [string, Status][]) => items.map(([content, status]) => ({ content, status }))
const todoCall = (todos: unknown, seq = 10) => ({ ...call('todo_write', { todos }), seq })
const history = (...writes: [number, unknown[]][]): TodoWrite[] => writes.map(([seq, todos]) => ({ seq, todos }))
const withHistory = (writes: TodoWrite[], patch: Partial<CardContext> = {}): CardContext => ({ ...CTX, todoWrites: writes, ...patch })
/** An item as the ARIA tree reads it: glyph mark, title, status words. */
const line = (i: DetailItem) => [i.glyph?.kind === 'added' ? '+' : i.glyph?.kind === 'removed' ? '−' : `[${i.glyph?.kind}]`, i.title, i.statusText, i.struck ? '(struck)' : ''].join(' ').trim()

describe('valid lists (cards-current.md §11.9 "Invalid lists")', () => {
  it.each<[string, unknown, boolean]>([
    ['objects with content and a known status', [{ content: 'a', status: 'pending' }], true],
    ['empty list', [], true],
    ['content is trimmed', [{ content: '  a ', status: 'completed' }], true],
    ['non-object item', ['a'], false],
    ['blank content', [{ content: ' ', status: 'pending' }], false],
    ['missing content', [{ status: 'pending' }], false],
    ['duplicate content after trimming', [{ content: 'a', status: 'pending' }, { content: 'a ', status: 'completed' }], false],
    ['unknown status', [{ content: 'a', status: 'blocked' }], false],
    ['not an array', { content: 'a' }, false],
  ])('%s', (_name, value, valid) => {
    expect(todoList(value) !== null).toBe(valid)
  })
  it('trims the comparison key', () => expect(todoList([{ content: '  a ', status: 'completed' }])).toEqual([{ content: 'a', status: 'completed' }]))
})

describe('item changes (§11.9 table)', () => {
  it.each<[string, TodoEntry[], TodoEntry[], string[]]>([
    ['not in baseline → added', list(['a', 'pending']), [], ['a:added']],
    ['status changed → status', list(['a', 'completed']), list(['a', 'pending']), ['a:status']],
    ['same status, moved → moved (a swap marks the item that moved up)', list(['b', 'pending'], ['a', 'pending']), list(['a', 'pending'], ['b', 'pending']), ['b:moved', 'a:unchanged']],
    ['unchanged', list(['a', 'pending']), list(['a', 'pending']), ['a:unchanged']],
    ['only in baseline → removed, after the current items', list(['b', 'pending']), list(['a', 'pending'], ['b', 'pending']), ['b:unchanged', 'a:removed']],
    ['one item moved to the top: only it counts as moved', list(['c', 'pending'], ['a', 'pending'], ['b', 'pending']),
      list(['a', 'pending'], ['b', 'pending'], ['c', 'pending']), ['c:moved', 'a:unchanged', 'b:unchanged']],
    ['status change wins over a move', list(['b', 'pending'], ['a', 'completed']), list(['a', 'pending'], ['b', 'pending']), ['b:moved', 'a:status']],
  ])('%s', (_name, current, baseline, expected) => {
    expect(todoChanges(current, baseline).map(c => `${c.entry.content}:${c.kind}`)).toEqual(expected)
  })
})

describe('the golden lists (tool-details session, §11.9)', () => {
  const first = list(['Keep the existing row and expansion controls', 'completed'], ['Render compact fields and lists', 'in_progress'], ['Review the narrow layout', 'pending'])
  const second = list(['Keep the existing row and expansion controls', 'completed'], ['Render compact fields and lists', 'completed'], ['Publish the reviewed cards', 'pending'])
  const writes = history([11, first], [24, second])

  it('first call: Initial list, 3 added, plan summary with the active item', () => {
    const p = todoPresentation(todoCall(first, 9), withHistory(writes))
    expect(p).toMatchObject({ summary: '1/3 completed · Render compact fields and lists', suffix: '3 added', body: { kind: 'details', caption: 'Initial list', trailingGroup: null } })
    expect(p?.body.items.map(line)).toEqual([
      '+ Keep the existing row and expansion controls Completed',
      '+ Render compact fields and lists In progress',
      '+ Review the narrow layout Pending',
    ])
  })
  it('second call: changes since the previous list, 1 added · 1 updated · 1 removed, 1 unchanged', () => {
    const p = todoPresentation(todoCall(second, 22), withHistory(writes))
    expect(p).toMatchObject({ summary: '2/3 completed', suffix: '1 added · 1 updated · 1 removed', body: { caption: 'Changes since the previous list' } })
    expect(p?.body.items.map(line)).toEqual([
      '[completed] Render compact fields and lists In progress → Completed',
      '+ Publish the reviewed cards Pending',
      '− Review the narrow layout Pending (struck)',
    ])
    expect(p?.body.items[0]?.statusChange).toEqual({ from: 'In progress', to: 'Completed' })
    expect(p?.body.trailingGroup?.label).toBe('1 unchanged')
    expect(p?.body.trailingGroup?.items.map(line)).toEqual(['[completed] Keep the existing row and expansion controls Completed'])
  })
  it('zh words', () => {
    const p = todoPresentation(todoCall(second, 22), withHistory(writes, { locale: 'zh' }))
    expect(p).toMatchObject({ summary: '2/3 已完成', suffix: '新增 1 · 更新 1 · 移除 1', body: { caption: '与上次清单相比', trailingGroup: { label: '1 项未变化' } } })
    expect(p?.body.items.map(line)[0]).toBe('[completed] Render compact fields and lists 进行中 → 已完成')
    expect(todoPresentation(todoCall(first, 9), withHistory(writes, { locale: 'zh' }))?.body.caption).toBe('首次记录')
  })
})

describe('baseline and suffix', () => {
  const a = list(['a', 'in_progress'], ['b', 'in_progress'])
  it.each<[string, ReturnType<typeof todoCall>, CardContext, string | null, string | null]>([
    ['the latest write before the call, not the call\'s own', todoCall(a, 20), withHistory(history([5, list(['a', 'pending'])], [21, a])), '1 added · 1 updated +1', 'Changes since the previous list'],
    ['no earlier write: initial list', todoCall(a, 20), withHistory(history([21, a])), '2 added +1', 'Initial list'],
    ['same list again: no changes', todoCall(a, 30), withHistory(history([21, a])), 'No changes to the list +1', 'Changes since the previous list'],
    ['an invalid earlier list counts as none', todoCall(a, 30), withHistory(history([21, [{ content: 1 }]])), '2 added +1', 'Initial list'],
    ['history unknown: unavailable, no diff summary', todoCall(a, 30), CTX, '+1', 'Previous list unavailable'],
    ['a PTC child reads the same history', { ...child('call_rc', 1, 'todo_write', { todos: a }), seq: 30 }, withHistory(history([21, list(['a', 'in_progress'])])), '1 added +1', 'Changes since the previous list'],
  ])('%s', (_name, node, ctx, suffix, caption) => {
    const p = todoPresentation(node, ctx)
    expect([p?.suffix ?? null, p?.body.caption ?? null]).toEqual([suffix, caption])
  })
  it('reordered items read `<status> · Reordered` and count as updated', () => {
    const p = todoPresentation(todoCall(list(['b', 'pending'], ['a', 'pending']), 30), withHistory(history([21, list(['a', 'pending'], ['b', 'pending'])])))
    expect(p?.suffix).toBe('1 updated')
    expect(p?.body.items.map(line)).toEqual(['[pending] b Pending · Reordered'])
    expect(p?.body.trailingGroup?.items.map(line)).toEqual(['[pending] a Pending'])
  })
  it('invalid list: no presentation', () => expect(todoPresentation(todoCall([{ content: '', status: 'pending' }]), withHistory([]))).toBeNull())
})

describe('TodoRow model (§10)', () => {
  const todos = list(['a', 'completed'], ['b', 'in_progress'])
  const ctx = withHistory(history([11, todos]))
  it('settled ok: details body, suffix after the plan summary', () => {
    const r = toolRowModel(settle(todoCall(todos, 10), 'Updated'), ctx)
    expect(r).toMatchObject({ title: 'Update to-do list', summary: '1/2 completed · b', summarySuffix: '2 added', expandable: true, body: { kind: 'details', caption: 'Initial list' } })
  })
  it('running: IN body, suffix kept', () => {
    expect(toolRowModel(todoCall(todos, 10), ctx)).toMatchObject({ summarySuffix: '2 added', body: { kind: 'io' } })
  })
  it.each([
    ['error', fail(todoCall(todos, 10), 'invalid')],
    ['stopped', interrupt(todoCall(todos, 10))],
  ])('%s: suffix dropped, IN/OUT body', (_name, node) => {
    expect(toolRowModel(node, ctx)).toMatchObject({ summarySuffix: null, body: { kind: 'io' } })
  })
  it('viewModel-less use without history: caption unavailable', () => {
    expect(toolRowModel(settle(todoCall(todos, 10), 'ok'), ctxWith({}))).toMatchObject({ summarySuffix: null, body: { caption: 'Previous list unavailable' } })
  })
})
