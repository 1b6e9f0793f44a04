import { describe, expect, it } from 'vitest'
import { cardLines, runTool, titleOf } from './control-testing'

const TASK = {
  id: 'task-demo-1', revision: 2, subject: '检查工具卡片的窄屏布局', description: '检查 360px 宽度下的换行。',
  status: 'in_progress', blockedBy: [], writeScopes: ['packages/client/ui-tool/'], ready: true, writeScopeWarnings: [],
  ownerName: 'ui-review',
}
const TASK_LINES = [
  '检查工具卡片的窄屏布局 [In progress]', ': 检查 360px 宽度下的换行。', 'ID = task-demo-1', 'Revision = 2', 'Ready = Yes',
  'Owner = ui-review', '> Write scopes', '  : packages/client/ui-tool/',
]
const BLOCKED = { id: 'task-demo-2', revision: 1, subject: '整理检查结论', status: 'pending', blockedBy: ['task-demo-1'], ready: false }
const BLOCKED_LINES = ['整理检查结论 [Pending]', 'ID = task-demo-2', 'Revision = 1', 'Ready = No', '> Dependencies', '  : task-demo-1']
const MEMBER = {
  id: 'agent-demo-review', name: 'ui-review', role: 'teammate', status: 'running', description: '检查可读性',
  provider: 'spawn', context: 'fresh', diagnostics: [],
}
const MEMBER_LINES = [
  'ui-review [Running]', ': 检查可读性', 'ID = agent-demo-review', 'Role = teammate', 'Provider = spawn', 'Context = fresh',
]

describe('team detail cards (cards-current.md §10, §11.7)', () => {
  it.each([
    ['spawn_teammate', 'Create teammate', '创建队友'],
    ['team_task_create', 'Create team task', '创建团队任务'],
    ['team_task_get', 'Read team task', '读取团队任务'],
    ['team_task_update', 'Update team task', '更新团队任务'],
    ['team_task_list', 'List team tasks', '查看团队任务'],
  ])('%s is titled %s / %s', (name, en, zh) => {
    expect(titleOf(name, {}, 'en')).toBe(en)
    expect(titleOf(name, {}, 'zh')).toBe(zh)
  })

  it.each([
    ['spawn_teammate', { member: MEMBER }, { name: 'ui-review' }, ['ui-review', ...MEMBER_LINES]],
    ['team_task_create', TASK, {}, [TASK.subject, ...TASK_LINES]],
    ['team_task_get', TASK, { task_id: 'x' }, [TASK.subject, ...TASK_LINES]],
    ['team_task_update', { ...TASK, status: 'completed' }, {}, [TASK.subject, '检查工具卡片的窄屏布局 [Completed]', ...TASK_LINES.slice(1)]],
    ['team_task_list', { tasks: [TASK, BLOCKED] }, {}, ['2 team tasks', ...TASK_LINES, ...BLOCKED_LINES]],
    ['team_task_list', { tasks: [BLOCKED], nextCursor: 25 }, {}, [
      '1 team tasks', 'caption More tasks available; next cursor is 25', ...BLOCKED_LINES,
    ]],
    ['list_agents', [{ id: 'lead-1', name: 'lead', role: 'lead', status: 'running', diagnostics: [] }, MEMBER], {}, [
      '2 agents', 'lead [Running]', 'ID = lead-1', 'Role = lead', ...MEMBER_LINES,
    ]],
  ] as const)('%s', (name, value, args, expected) => {
    const card = runTool(name, JSON.stringify(value), { ...args })
    expect(card === null ? null : cardLines(card)).toEqual(expected)
  })

  it('counts the recorded entries of a list longer than the projection shows', () => {
    const tasks = Array.from({ length: 42 }, (_, i) => ({ subject: `t${i}`, status: 'pending' }))
    const card = runTool('team_task_list', JSON.stringify({ tasks }))
    expect(card?.summary).toBe('42 team tasks')
    expect(card?.body.items).toHaveLength(41)
    expect(card?.body.items[40]?.description).toBe('2 more items available in Inspect')
  })

  it.each([
    ['spawn_teammate', '{"member":null}'],
    ['spawn_teammate', '{"id":"a"}'],
    ['spawn_teammate', 'spawned ui-review'],
    ['team_task_create', '{"id":"t","subject":7}'],
    ['team_task_get', '[{"subject":"s"}]'],
    ['team_task_update', 'updated'],
    ['team_task_list', '{"tasks":{}}'],
    ['team_task_list', '{"tasks":[],"nextCursor":"abc"}'],
    ['team_task_list', '{"tasks":[],"nextCursor":null}'],
    ['team_task_list', '[]'],
  ])('%s %j → no card (generic IN/OUT)', (name, text) => {
    expect(runTool(name, text, { name: 'n' })).toBeNull()
  })

  it('localises the projection and the paging caption (zh)', () => {
    const card = runTool('team_task_list', JSON.stringify({ tasks: [BLOCKED], nextCursor: 3 }), {}, 'zh')
    expect(card === null ? null : cardLines(card)).toEqual([
      '1 个团队任务', 'caption 后面还有任务；下一页位置为 3',
      '整理检查结论 [待处理]', 'ID = task-demo-2', '版本 = 1', '可开始 = 否', '> 前置任务', '  : task-demo-1',
    ])
  })
})
