import { describe, expect, it } from 'vitest'
import { call, CTX, ctxWith, fail, settle, text } from '../testing'
import { toolRowModel } from '../tool-row'
import { AGENT_DETAIL_TOOLS } from './agents'
import { DETAIL_TOOLS } from './registry'
import { cardLines, runTool, titleOf } from './control-testing'

const AGENTS = [
  'agent-demo-review [running] parent=todo-diff-demo depth=1 — 检查工具卡片布局',
  'agent-demo-docs [idle] parent=todo-diff-demo depth=1 — 整理工具展示清单',
  'agent-x [provisioning]',
].join('\n')

const PROMPT = '检查工具卡片布局，并列出三个最值得改进的地方。'

describe('subagent detail cards (cards-current.md §10, §11.1 receipts, §11.7)', () => {
  it.each([
    ['list_subagent_models', 'List models', '查看可用模型'],
    ['subagent', 'Create subagent', '创建子智能体'],
    ['list_agents', 'List subagents', '查看子智能体'],
    ['send_message', 'Send message', '发送消息'],
    ['interrupt_agent', 'Interrupt agent', '中断智能体'],
    ['wait_agent', 'Wait for subagent', '等待子智能体'],
    ['job_list', 'List background jobs', '查看后台任务'],
    ['job_output', 'Read job output', '读取任务输出'],
    ['job_kill', 'Cancel background job', '取消后台任务'],
    ['terminal_open', 'Open terminal', '创建终端'],
    ['terminal_read', 'Read terminal', '读取终端'],
    ['terminal_list', 'List terminals', '查看终端'],
    ['terminal_signal', 'Signal terminal', '发送终端信号'],
    ['terminal_close', 'Close terminal', '关闭终端'],
  ])('%s is titled %s / %s (5593cc25)', (name, en, zh) => {
    expect(titleOf(name, {}, 'en')).toBe(en)
    expect(titleOf(name, {}, 'zh')).toBe(zh)
  })

  it.each([
    ['list_subagent_models', 'deepseek/deepseek-chat — DeepSeek Chat\nplain line', { provider: 'deepseek' }, [
      'deepseek', 'deepseek/deepseek-chat', ': DeepSeek Chat', ': plain line',
    ]],
    ['list_subagent_models', 'a — A', { model: 'm', provider: 'p' }, ['m', 'a', ': A']],
    ['list_subagent_models', 'a — A', {}, ['Available models', 'a', ': A']],
    ['subagent', 'started subagent agent-demo-review', { prompt: PROMPT }, [
      `${PROMPT} · Started`, `${PROMPT} [Started]`, 'Agent ID = agent-demo-review',
    ]],
    ['subagent', 'started background subagent job job-7', { prompt: 'p' }, ['p · Started', 'p [Started]', 'Job ID = job-7']],
    ['subagent', '## Findings\n\n1. wrap', { prompt: 'p' }, [
      'Agent response', 'Agent response', 'md ## Findings\n\n1. wrap', '> Task', '  : p',
    ]],
    ['list_agents', AGENTS, {}, [
      '3 agents',
      '检查工具卡片布局 [Running]', '~ agent-demo-review', 'Parent = todo-diff-demo', 'Depth = 1',
      '整理工具展示清单 [Idle]', '~ agent-demo-docs', 'Parent = todo-diff-demo', 'Depth = 1',
      'agent-x [Provisioning]',
    ]],
    ['list_agents', '(no subagents)', {}, ['0 agents']],
    ['send_message', 'message delivered to agent agent-demo-review', { agent_id: 'agent-demo-review', message: '请优先检查。' }, [
      'agent-demo-review · Message delivered', 'agent-demo-review [Message delivered]', ': 请优先检查。',
    ]],
    ['send_message', '{"messageId":"m-1","status":"accepted"}', { target: 'ui-review', message: 'hi' }, [
      'ui-review · Message delivered', 'ui-review [Message delivered]', ': hi',
    ]],
    ['send_message', '{"messageId":"m-1","status":"queued"}', { target: 'ui-review' }, ['ui-review · Queued', 'ui-review [Queued]']],
    ['interrupt_agent', 'interrupt requested for agent agent-demo-review', { agent_id: 'agent-demo-review' }, [
      'agent-demo-review · Interrupt requested', 'agent-demo-review [Interrupt requested]',
    ]],
    ['interrupt_agent', '{"previousStatus":"running"}', { target: 'ui-review' }, [
      'ui-review · Interrupt requested', 'ui-review [Interrupt requested]', 'Previous status = Running',
    ]],
    ['interrupt_agent', '{"previousStatus":"napping"}', { target: 'ui-review' }, [
      'ui-review · Interrupt requested', 'ui-review [Interrupt requested]', 'Previous status = napping',
    ]],
    ['wait_agent', '{"timedOut":false}', {}, ['Subagent activity · Change detected', 'Subagent activity [Change detected]']],
    ['wait_agent', '{"timedOut":true,"changes":[]}', {}, ['Subagent activity · Wait timed out', 'Subagent activity [Wait timed out]']],
    ['wait_agent', '{"timedOut":false,"noProgress":{"message":"All subagents are idle."}}', {}, [
      'No active subagents', 'No active subagents', ': All subagents are idle.',
    ]],
  ] as const)('%s %j', (name, text, args, expected) => {
    const card = runTool(name, text, { ...args })
    expect(card === null ? null : cardLines(card)).toEqual(expected)
  })

  it.each([
    ['list_agents', 'agent-1 running'],
    ['list_agents', 'agent-1 [running] parent=x depth=one — t'],
    ['list_agents', ''],
    ['send_message', 'message delivered to agent someone-else'],
    ['send_message', '{"status":"rejected"}'],
    ['send_message', 'ok'],
    ['interrupt_agent', '{"previousStatus":3}'],
    ['interrupt_agent', 'interrupted'],
    ['wait_agent', '{}'],
    ['wait_agent', '{"timedOut":"no"}'],
    ['wait_agent', 'done waiting'],
    ['wait_agent', '[true]'],
  ])('%s %j → no card (generic IN/OUT)', (name, text) => {
    expect(runTool(name, text, { agent_id: 'agent-1' })).toBeNull()
  })

  it('localises receipts and counts (zh)', () => {
    const started = runTool('subagent', 'started subagent a-1', { prompt: 'p' }, 'zh')
    expect(started === null ? null : cardLines(started)).toEqual(['p · 已启动', 'p [已启动]', '智能体 ID = a-1'])
    const wait = runTool('wait_agent', '{"timedOut":true}', {}, 'zh')
    expect(wait === null ? null : cardLines(wait)).toEqual(['子智能体状态 · 等待超时', '子智能体状态 [等待超时]'])
    const none = runTool('list_agents', '(no subagents)', {}, 'zh')
    expect(none?.summary).toBe('0 个智能体')
    expect(none?.body.emptyText).toBe('暂无结果')
    const prev = runTool('interrupt_agent', '{"previousStatus":"idle"}', { target: 't' }, 'zh')
    expect(prev === null ? null : cardLines(prev)).toEqual(['t · 已请求中断', 't [已请求中断]', '中断前状态 = 空闲'])
  })

  it('keeps English UI words free of CJK and Chinese ones free of Latin words', () => {
    for (const [name, tool] of AGENT_DETAIL_TOOLS) {
      const args = name === 'lsp' ? { operation: 'hover' } : {}
      const node = { callId: 'c', name, argsRaw: JSON.stringify(args), hasCallHead: true, seq: 1, callTime: null,
        turn: null, step: null, result: null, subCalls: [], parentCallId: null }
      expect(tool.title(node, 'en')).not.toMatch(/[\u3000-\u9fff]/u)
      expect(tool.title(node, 'zh')).not.toMatch(/[A-Za-z]/u)
    }
  })
})

describe('details2 tools in the row renderer (cards-current.md §9.4, §11.0)', () => {
  const NAMES = [
    'list_subagent_models', 'subagent', 'list_agents', 'send_message', 'interrupt_agent', 'wait_agent', 'job_list',
    'job_output', 'job_kill', 'terminal_open', 'terminal_read', 'terminal_list', 'terminal_signal', 'terminal_close',
    'lsp', 'spawn_teammate', 'team_task_create', 'team_task_get', 'team_task_update', 'team_task_list',
  ]

  it('registers every tool of this family in DETAIL_TOOLS', () => {
    expect([...AGENT_DETAIL_TOOLS.keys()].sort()).toEqual([...NAMES].sort())
    for (const name of NAMES) expect(DETAIL_TOOLS.get(name)).toBe(AGENT_DETAIL_TOOLS.get(name))
  })

  it('a settled receipt: own title, target summary, status while closed, details body', () => {
    const node = settle(call('send_message', { agent_id: 'a-1', message: 'hi' }), 'message delivered to agent a-1')
    const row = toolRowModel(node, CTX)
    expect(row).toMatchObject({ title: 'Send message', summary: 'a-1', summaryStatus: 'Message delivered', state: 'ok' })
    expect(row.body).toMatchObject({ kind: 'details', caption: 'Recorded result', items: [{ title: 'a-1', description: 'hi' }] })
  })

  it('an unrecognised result: own title, generic summary without the tool prefix, IN/OUT body', () => {
    const node = settle(call('send_message', { subagent_id: 'a-1', message: 'hi' }), 'message queued as the next turn for subagent a-1')
    const row = toolRowModel(node, CTX)
    expect(row).toMatchObject({ title: 'Send message', summary: 'a-1', body: { kind: 'io' } })
    expect(row).not.toHaveProperty('summaryStatus')
  })

  it('a failed call: own title, failure line, no card', () => {
    const row = toolRowModel(fail(call('terminal_signal', { sessionId: 'p' }), 'Error: unknown PTY session p'), ctxWith({ locale: 'zh' }))
    expect(row).toMatchObject({ title: '发送终端信号', state: 'error', summary: 'Error: unknown PTY session p', body: { kind: 'io' } })
  })

  it('extra result blocks or a spill notice → no card', () => {
    const two = settle(call('terminal_close', { sessionId: 't' }), { content: [text('closed terminal session t'), text('x')] })
    expect(toolRowModel(two, CTX).body).toMatchObject({ kind: 'io' })
  })
})
