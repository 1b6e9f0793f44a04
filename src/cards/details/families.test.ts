/**
 * The detail tools of details1 (cards-current.md §11.2–§11.6), table-driven: result text → summary and the
 * card's outline, en and zh; every malformed variant → null (the generic row). Result texts follow the
 * tool-details corpus log.
 */
import { describe, expect, it } from 'vitest'
import { call, CTX, ctxWith } from '../testing'
import type { DetailItem, DetailsBody } from './types'
import { DETAIL_TOOLS } from './registry'

function run(tool: string, text: string, args: Record<string, unknown> = {}, locale: 'en' | 'zh' = 'en') {
  const t = DETAIL_TOOLS.get(tool)
  if (t === undefined) throw new Error(`no tool ${tool}`)
  return t.card(text, args, call(tool, args), locale === 'en' ? CTX : ctxWith({ locale }))
}

/** A compact outline: `title [badge] (subtitle)`, description, fields, bullets, code, groups. */
function outline(item: DetailItem): string[] {
  const head = [item.title ?? '', item.badge === null ? '' : `[${item.badge.text}]`, item.subtitle === null ? '' : `(${item.subtitle})`].filter(Boolean).join(' ')
  const out = head === '' ? [] : [head]
  if (item.description !== null) out.push(`¶ ${item.description}`)
  for (const f of item.fields) out.push(`${f.term}: ${f.definition}`)
  for (const b of item.bullets) out.push(`• ${b}`)
  if (item.code !== null) out.push(`code ${item.code.label ?? '-'}: ${item.code.block.text}`)
  for (const g of item.groups) out.push(`> ${g.label}`, ...g.items.flatMap(outline).map(l => `  ${l}`))
  return out
}
const bodyOutline = (body: DetailsBody) => [
  ...(body.caption === null ? [] : [`caption ${body.caption}`]),
  ...(body.items.length === 0 ? [`empty ${body.emptyText ?? ''}`] : body.items.flatMap(i => ['-', ...outline(i)])),
]

const GOAL = (phase: string, activation: string, extra = '') =>
  `{"goal":{"id":"g1","revision":1,"objective":"Ship compact tool cards","phase":"${phase}","roundsStarted":0,"maxGoalRounds":8${extra}},"activation":"${activation}"}`
const REMINDER = (patch: string) =>
  `{"id":"details-reminder","prompt":"Review the build","kind":"every","everySeconds":3600,"scheduledAt":"2099-09-10T09:00:00.000Z","state":"scheduled","deliveryMode":"session-local"${patch}}`

describe('goals (§11.2)', () => {
  it.each<[string, string, string, string[]]>([
    ['active + disarmed', GOAL('active', 'disarmed'), 'Ship compact tool cards', ['-', 'Ship compact tool cards', 'Status: Awaiting continuation', 'Rounds: 0 / 8']],
    ['active + armed', GOAL('active', 'armed'), 'Ship compact tool cards', ['-', 'Ship compact tool cards', 'Status: Active', 'Rounds: 0 / 8']],
    ['complete', GOAL('complete', 'disarmed'), 'Ship compact tool cards', ['-', 'Ship compact tool cards', 'Status: Completed', 'Rounds: 0 / 8']],
    ['blocked with a reason', GOAL('blocked', 'armed', ',"blockedReason":{"code":"x","message":"CI is red"}'), 'Ship compact tool cards',
      ['-', 'Ship compact tool cards', 'Status: Blocked', 'Rounds: 0 / 8', 'Blocker: CI is red']],
    ['no goal', '{"goal":null,"activation":"armed"}', 'No goal', ['empty No goal']],
  ])('%s', (_n, text, summary, body) => {
    const card = run('get_goal', text)
    expect(card?.summary).toBe(summary)
    expect(card?.status).toBeNull()
    expect(card === null ? null : bodyOutline(card.body)).toEqual(body)
  })

  it('zh words', () => {
    const card = run('create_goal', GOAL('active', 'disarmed'), {}, 'zh')
    expect(card === null ? null : bodyOutline(card.body)).toEqual(['-', 'Ship compact tool cards', '状态: 等待继续', '执行轮次: 0 / 8'])
    expect(run('get_goal', '{"goal":null}', {}, 'zh')?.summary).toBe('没有目标')
  })

  it.each([
    ['not JSON', 'goal set'],
    ['unknown phase', GOAL('dreaming', 'armed')],
    ['unknown activation', GOAL('active', 'maybe')],
    ['negative rounds', GOAL('active', 'armed').replace('"roundsStarted":0', '"roundsStarted":-1')],
    ['blocked reason without message', GOAL('blocked', 'armed', ',"blockedReason":{"code":"x"}')],
  ])('%s → generic', (_n, text) => expect(run('update_goal', text)).toBeNull())
})

describe('reminders (§11.3)', () => {
  it.each<[string, string, string]>([
    ['every hour', '', 'Every 1 h'],
    ['every 90 s', ',"everySeconds":90', 'Every 90 s'],
    ['every 2 days', ',"everySeconds":172800', 'Every 2 d'],
    ['every 5 min', ',"everySeconds":300', 'Every 5 min'],
    ['once (at)', ',"kind":"at"', 'Once'],
    ['once (after)', ',"kind":"after","afterSeconds":60', 'Once'],
    ['daily', ',"kind":"daily","time":"09:30:00.000","timeZone":"Asia/Shanghai"', 'Every day at 09:30 (Asia/Shanghai)'],
    ['weekly', ',"kind":"weekly","weekdays":[1,3,7],"time":"18:00:00.000","timeZone":"UTC"', 'Weekly on Mon, Wed, Sun at 18:00 (UTC)'],
    ['cron', ',"kind":"cron","expression":"0 9 * * 1-5","timeZone":"UTC"', 'Cron 0 9 * * 1-5 (UTC)'],
  ])('%s', (_n, patch, repeat) => {
    const card = run('schedule_create', REMINDER(patch))
    expect(card?.summary).toBe('Review the build')
    expect(card === null ? null : bodyOutline(card.body)).toEqual(['-', 'Review the build', 'Scheduled for: Sep 10, 2099, 09:00:00 AM UTC', `Repeat: ${repeat}`, 'Status: Scheduled'])
  })

  it('zh: date, repeat, overdue', () => {
    const card = run('schedule_update', REMINDER(',"state":"overdue","kind":"weekly","weekdays":[1,2],"time":"18:00:00.000","timeZone":"UTC"'), {}, 'zh')
    expect(card === null ? null : bodyOutline(card.body)).toEqual(['-', 'Review the build', '计划时间: 2099年9月10日 09:00:00 UTC', '重复: 每周 周一、周二 18:00（UTC）', '状态: 已到期，等待会话恢复'])
  })

  it('list, empty list, delete', () => {
    expect(run('schedule_list', `[${REMINDER('')}]`)?.summary).toBe('1 reminders')
    const empty = run('schedule_list', '[]', {}, 'zh')
    expect([empty?.summary, empty === null ? null : bodyOutline(empty.body)]).toEqual(['0 个定时任务', ['empty 没有定时任务']])
    const deleted = run('schedule_delete', '{"id":"details-reminder","deleted":true}')
    expect([deleted?.summary, deleted === null ? null : bodyOutline(deleted.body)]).toEqual(['details-reminder', ['-', 'details-reminder', 'Status: Deleted']])
  })

  it.each([
    ['non-canonical date', REMINDER(',"scheduledAt":"2099-09-10T09:00:00Z"')],
    ['unknown state', REMINDER(',"state":"sleeping"')],
    ['unknown kind', REMINDER(',"kind":"hourly"')],
    ['zero interval', REMINDER(',"everySeconds":0')],
    ['weekday out of range', REMINDER(',"kind":"weekly","weekdays":[8],"time":"09:00","timeZone":"UTC"')],
    ['unknown delivery mode', REMINDER(',"deliveryMode":"email"')],
  ])('%s → generic', (_n, text) => expect(run('schedule_create', text)).toBeNull())

  it('a list with one bad entry → generic; delete without deleted:true → generic', () => {
    expect(run('schedule_list', `[${REMINDER('')},{"id":"x"}]`)).toBeNull()
    expect(run('schedule_delete', '{"id":"x","deleted":false}')).toBeNull()
  })
})

describe('Cordis (§11.4)', () => {
  it('list: one item per provider, methods with schema groups', () => {
    const card = run('cordis_inspect_list', JSON.stringify({ providers: [{ id: 'Slots', platform: 'client', purpose: 'Inspect slots.', methods: [{ name: 'listSubTree', description: 'Read.', inputSchema: { type: 'object' } }] }] }))
    expect(card?.summary).toBe('1 inspect providers')
    expect(card === null ? null : bodyOutline(card.body)).toEqual([
      'caption Recorded result', '-', 'Slots', '¶ Inspect slots.', 'Platform: client', '> Methods', '  listSubTree', '  ¶ Read.', '  > Input schema', '    code json: {\n  "type": "object"\n}',
    ])
  })
  it('query: provider.method summary, projected data', () => {
    const card = run('cordis_inspect_query', JSON.stringify({ provider: 'Slots', method: 'listSubTree', data: { root: 'r' } }), {}, 'zh')
    expect([card?.summary, card === null ? null : bodyOutline(card.body)]).toEqual(['Slots.listSubTree', ['caption 调用结果', '-', '根节点: r']])
  })
  it('self: plugins, or a single plugin named by the argument', () => {
    expect(run('cordis_inspect_self', '{"mode":"plugins","plugins":[{"pluginId":"p"}]}')?.summary).toBe('1 dynamic plugins')
    expect(run('cordis_inspect_self', '{"mode":"plugin","pluginId":"p"}', { pluginId: 'demo' })?.summary).toBe('demo')
    expect(run('cordis_inspect_self', '{"mode":"plugin","pluginId":"p"}')?.summary).toBe('plugin')
  })
  it.each([
    ['cordis_inspect_list', '{"providers":{}}'],
    ['cordis_inspect_query', '{"provider":"Slots","method":"m"}'],
    ['cordis_inspect_self', '[1]'],
  ])('%s malformed → generic', (tool, text) => expect(run(tool, text)).toBeNull())
})

describe('workflow and ralph (§11.5)', () => {
  const WF = 'workflow "audit" completed (1 agent).\nReturn value:\n{"reviewed":12,"needs":["a"]}'
  it('workflow: header item + projected return value', () => {
    const card = run('workflow', WF, { code: 'return 1' })
    expect(card?.summary).toBe('audit')
    expect(card === null ? null : bodyOutline(card.body)).toEqual([
      'caption Recorded result', '-', 'audit [Completed]', 'Agents started: 1', '> Workflow script', '  code javascript: return 1',
      '-', 'reviewed: 12', '> needs', '  ¶ a',
    ])
  })
  it.each([
    ['no header', '{"reviewed":1}'],
    ['bad JSON', 'workflow "a" completed (2 agents).\nReturn value:\n{oops'],
  ])('workflow %s → generic', (_n, text) => expect(run('workflow', text)).toBeNull())

  const REPORT = (head: string, patch = '') => `${head}\nFinal report:\n{"status":"complete","summary":"Done.","evidence":["e1"],"nextSteps":["n1"],"blocker":""${patch}}`
  it.each<[string, string, string, string[]]>([
    ['completion', 'Ralph worker reported completion after 2 rounds.', '', ['Done. [Worker reported completion]', 'Rounds: 2', '• e1', '> Remaining work', '  • n1', '> Task', '  ¶ obj']],
    ['blocker', 'Ralph worker reported a blocker after 1 round.', ',"blocker":"CI"', ['Done. [Worker reported a blocker]', 'Rounds: 1', 'Blocker: CI', '• e1', '> Remaining work', '  • n1', '> Task', '  ¶ obj']],
    ['limit', 'Ralph reached its 3-round limit.', '', ['Done. [Round limit reached]', '• e1', '> Remaining work', '  • n1', '> Task', '  ¶ obj']],
  ])('ralph %s', (_n, head, patch, item) => {
    const card = run('ralph', REPORT(head, patch), { objective: 'obj' })
    expect(card?.summary).toBe('Done.')
    expect(card === null ? null : bodyOutline(card.body)).toEqual(['caption Recorded result', '-', ...item])
  })
  it('ralph: unknown header or bad report → generic; zh title', () => {
    expect(run('ralph', REPORT('Something else.'))).toBeNull()
    expect(run('ralph', REPORT('Ralph worker reported completion after 2 rounds.', ',"evidence":[1]'))).toBeNull()
    expect(DETAIL_TOOLS.get('ralph')?.title(call('ralph'), 'zh')).toBe('运行循环工作流')
    expect(DETAIL_TOOLS.get('ralph')?.title(call('ralph'), 'en')).toBe('Run ralph loop')
  })
})

describe('session tools (§11.6)', () => {
  const READ = 'Session s1 — Demo\nTarget event seq 5:\n```json\n{"type":"tool/call","seq":5,"time":1789027200000,"data":{"turn":1,"name":"todo_write"}}\n```\n\nBefore:\n- seq 4 | x'
  it('event read: event item, projected data, surrounding events', () => {
    const card = run('session_event_read', READ)
    expect(card?.summary).toBe('tool/call · #5')
    expect(card === null ? null : bodyOutline(card.body)).toEqual([
      'caption Recorded result', '-', 'tool/call (Demo · s1)', 'Event sequence: 5', 'Time: Sep 10, 2026, 8:00 AM UTC',
      '-', 'todo_write', 'Turn: 1', '-', '> Surrounding events', '  ¶ Before:\n- seq 4 | x',
    ])
    expect(run('session_event_read', READ, {}, 'zh')?.body.items[0]?.fields[1]?.definition).toBe('2026年9月10日 08:00 UTC')
  })

  const SEARCH = 'Session s1 — Demo\n\nEvent search results (2):\n1. seq 1 | user/message | current | 2026-09-10T08:00:00.000Z\n   Snippet: first\n2. seq 12 | assistant/message | current | 2026-09-10T20:01:00.000Z\n   Snippet: second\n\nResult cap reached.'
  it('event search: one item per hit, capped caption', () => {
    const card = run('session_event_search', SEARCH)
    expect(card?.summary).toBe('2 matches')
    expect(card === null ? null : bodyOutline(card.body)).toEqual([
      'caption Result limit reached; narrow the search for more',
      '-', 'first (user/message · #1)', 'Time: Sep 10, 2026, 8:00 AM UTC', 'Record status: current',
      '-', 'second (assistant/message · #12)', 'Time: Sep 10, 2026, 8:01 PM UTC', 'Record status: current',
    ])
  })
  it('no matches → 0 matches', () => {
    expect(run('session_search', 'No prior session matches found.')?.summary).toBe('0 matches')
    expect(run('session_event_search', 'Session s1 — Demo\n\nNo prior event matches found.', {}, 'zh')?.summary).toBe('0 条匹配')
  })
  it('session search: labelled lines as fields', () => {
    const card = run('session_search', 'Session search results (1):\n\n1. Session s1 — Demo\n   Created: 2026-09-10T00:00:00.000Z\n   Parent: root\n   Snippet: hello')
    expect(card === null ? null : bodyOutline(card.body)).toEqual(['caption Recorded result', '-', 'Demo (s1)', '¶ hello', 'Time: Sep 10, 2026, 12:00 AM UTC', 'Parent: root'])
  })
  it('event trace and session trace', () => {
    const ev = run('session_event_trace', 'Session s1 — Demo\nTarget: seq 12 | x\nReplaced by: none\nDirect derived events: seq 13')
    expect([ev?.summary, ev === null ? null : bodyOutline(ev.body)]).toEqual(['Demo', ['caption Recorded result', '-', 'Demo (s1)', 'Target event: seq 12 | x', 'Replaced by: None', 'Derived events: seq 13']])
    const tr = run('session_trace', 'Session s1 — Demo\nAvailability: persisted\n\nAncestors (nearest first):\n- none (target is a root session)\n\nDescendants:\n- s2 — Child\n- s3 — Other')
    expect(tr === null ? null : bodyOutline(tr.body)).toEqual([
      'caption Recorded result', '-', 'Demo (s1)', 'Availability: persisted', '-', 'Ancestor sessions', '¶ None', '-', 'Descendant sessions', '• s2 — Child', '• s3 — Other',
    ])
  })
  it.each([
    ['session_event_read', 'Session s1 — Demo\nno event'],
    ['session_event_search', 'nothing numbered'],
    ['session_trace', 'Session s1 — Demo\nAvailability: persisted\n\nCousins:\n- x'],
    ['session_event_trace', 'not a session'],
  ])('%s malformed → generic', (tool, text) => expect(run(tool, text)).toBeNull())
})
