import { describe, expect, it } from 'vitest'
import { detailBadge, fieldLabel, MAX_PROJECTED_ITEMS, projectValue, scalarText } from './project'
import { EMPTY_ITEM, type DetailItem } from './types'

/** An item's outline: the parts a reader sees, without the empty ones. */
function outline(item: DetailItem): unknown {
  const o: Record<string, unknown> = {}
  if (item.title !== null) o.title = item.title
  if (item.badge !== null) o.badge = `${item.badge.text} (${item.badge.tone})`
  if (item.description !== null) o.description = item.description
  if (item.fields.length > 0) o.fields = item.fields.map(f => `${f.term}=${f.definition}`)
  if (item.code !== null) o.code = `${item.code.label ?? ''}:${item.code.block.text.replace(/\s+/g, ' ')}`
  if (item.groups.length > 0) o.groups = item.groups.map(g => ({ [g.label]: g.items.map(outline) }))
  return o
}
const project = (value: unknown, locale: 'en' | 'zh' = 'en') => projectValue(value, locale).map(outline)

describe('inspection projection (cards-current.md §11.1)', () => {
  it.each<[string, unknown, unknown[]]>([
    ['a scalar string is a description', 'hello', [{ description: 'hello' }]],
    ['null is None', null, [{ description: 'None' }]],
    ['booleans are Yes/No', true, [{ description: 'Yes' }]],
    ['numbers are JSON', 12, [{ description: '12' }]],
    ['an empty array is No results', [], [{ description: 'No results' }]],
    ['an array is one item per entry', ['a', 'b'], [{ description: 'a' }, { description: 'b' }]],
    ['title from the first title key, description from purpose, scalars as labelled fields',
      { id: 'Service', platform: 'host', purpose: 'Inspect.' },
      [{ title: 'Service', description: 'Inspect.', fields: ['Platform=host'] }]],
    ['subject wins over id (then id is a field)', { id: 't1', subject: 'Do it', revision: 2, ready: false },
      [{ title: 'Do it', fields: ['ID=t1', 'Revision=2', 'Ready=No'] }]],
    ['a string status is the badge and forces a title', { id: 'run-1', status: 'completed' },
      [{ title: 'run-1', badge: 'Completed (success)' }]],
    ['status without a title key → Result', { content: 'x', status: 'in_progress' },
      [{ title: 'Result', badge: 'In progress (info)', fields: ['Content=x'] }]],
    ['unknown keys verbatim, empty arrays skipped, null as None', { key: 'k', list: [], owner: null },
      [{ fields: ['key=k', 'owner=None'] }]],
    ['objects and arrays become groups', { root: 'r', props: { a: 'b' } },
      [{ fields: ['Root=r'], groups: [{ Props: [{ fields: ['a=b'] }] }] }]],
    ['schemas are JSON code groups', { name: 'm', inputSchema: { type: 'object' } },
      [{ title: 'm', groups: [{ 'Input schema': [{ code: 'json:{ "type": "object" }' }] }] }]],
    ['string arguments holding an object become the IN group', { name: 'todo_write', arguments: '{"a":1}' },
      [{ title: 'todo_write', groups: [{ IN: [{ fields: ['a=1'] }] }] }]],
    ['string arguments that do not parse stay a field', { arguments: 'not json' }, [{ fields: ['IN=not json'] }]],
  ])('%s', (_name, value, expected) => expect(project(value)).toEqual(expected))

  it('caps an array at 40 entries with a note', () => {
    const items = projectValue(Array.from({ length: 45 }, (_, i) => i), 'en')
    expect(items).toHaveLength(MAX_PROJECTED_ITEMS + 1)
    expect(items.at(-1)).toEqual({ ...EMPTY_ITEM, description: '5 more items available in Inspect' })
    expect(projectValue(Array.from({ length: 41 }, () => 'x'), 'zh').at(-1)?.description).toBe('另有 1 项，可在「查看」中读取')
  })

  it('shows values nested deeper than 4 levels as a JSON code block', () => {
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } }
    let items = projectValue(deep, 'en')
    const labels: string[] = []
    for (let level = 0; level < 10; level++) {
      const group = items[0]?.groups[0]
      if (group === undefined) break
      labels.push(group.label)
      items = group.items
    }
    expect(labels).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(items[0]?.code?.block.text).toBe('{\n  "f": 1\n}')
  })

  it('stops at its depth cap on deeply nested log data (the tail is one code block)', () => {
    let value: unknown = 'leaf'
    for (let i = 0; i < 2_000; i++) value = [value]
    const items = projectValue(value, 'en')
    expect(items).toHaveLength(1)
    expect(items[0]?.code?.label).toBe('json')
  })

  it.each<[string, string, string]>([
    ['done', 'Completed', '已完成'], ['killed', 'Cancelled', '已取消'], ['in_progress', 'In progress', '进行中'],
    ['error', 'Failed', '失败'], ['weird', 'weird', 'weird'],
  ])('badge %s → %s / %s', (status, en, zh) => {
    expect(detailBadge(status, 'en').text).toBe(en)
    expect(detailBadge(status, 'zh').text).toBe(zh)
  })

  it.each<[string, string, string]>([
    ['blockedBy', 'Dependencies', '前置任务'], ['arguments', 'IN', '输入'], ['output', 'OUT', '输出'], ['seq', 'Event sequence', '事件序号'],
    ['constructor', 'constructor', 'constructor'], ['__proto__', '__proto__', '__proto__'],
  ])('field label %s → %s / %s', (key, en, zh) => {
    expect(fieldLabel(key, 'en')).toBe(en)
    expect(fieldLabel(key, 'zh')).toBe(zh)
  })

  it('scalar words in zh', () => {
    expect([scalarText(null, 'zh'), scalarText(true, 'zh'), scalarText(false, 'zh')]).toEqual(['无', '是', '否'])
  })
})
