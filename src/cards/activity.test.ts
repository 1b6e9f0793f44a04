import { describe, expect, it } from 'vitest'
import { activityOf, activityTitle, calledTools } from './activity'
import { toolRowModel } from './tool-row'
import { call, CTX } from './testing'

describe('activity of a tool name (cards-current.md §6.2, first match wins)', () => {
  it.each([
    ['read', 'read'], ['read_image', 'readImage'], ['grep', 'search'], ['glob', 'search'], ['cordis_runtime_inspect', 'search'],
    ['write', 'write'], ['edit', 'edit'], ['apply_patch', 'edit'], ['bash', 'commands'], ['pwsh', 'commands'],
    ['exec_command', 'commands'], ['write_stdin', 'commands'], ['terminal_read', 'commands'], ['run_code', 'code'],
    ['web_search', 'webSearch'], ['web_fetch', 'webFetch'], ['subagent', 'subagents'], ['subagent_claude_code', 'subagents'],
    ['todo_write', 'plan'], ['create_goal', 'plan'], ['update_goal', 'plan'], ['get_goal', 'plan'],
    ['ask_user_question', 'questions'], ['request_user_input', 'questions'], ['present', 'tools'], ['skill', 'tools'],
    ['str_replace_editor', 'tools'], ['mcp__x__y', 'tools'], ['constructor', 'tools'], ['__proto__', 'tools'],
  ])('%s → %s', (name, activity) => expect(activityOf(name)).toBe(activity))
})

describe('group titles (cards-current.md §6.2 examples)', () => {
  it.each([
    [['run_code', 'bash', 'read'], 'en', 'Ran code, ran commands, read files'],
    [['run_code', 'bash', 'read'], 'zh', '运行了代码，执行了命令，已读取文件'],
    [['run_code', 'subagent_claude_code'], 'en', 'Ran code and coordinated subagents'],
    [['run_code', 'subagent_claude_code'], 'zh', '运行了代码并已协调子智能体'],
    [['read', 'grep'], 'zh', '已读取文件并搜索代码'],
    [['read', 'grep'], 'en', 'Read files and searched code'],
    [['run_code', 'str_replace_editor'], 'en', 'Ran code and called tools'],
    [['present', 'run_code', 'bash', 'present'], 'en', 'Called tools, ran code, ran commands'],
    [['run_code', 'bash', 'read', 'web_search'], 'zh', '运行了代码，执行了命令，已读取文件等'],
    [['run_code', 'bash', 'read', 'web_search'], 'en', 'Ran code, ran commands, read files, etc.'],
    [['bash', 'bash'], 'en', 'Ran commands'],
    [[], 'en', 'Analysis completed'],
    [[], 'zh', '已完成分析'],
  ] as const)('%j (%s) → %s', (names, locale, title) => expect(activityTitle(names, locale).title).toBe(title))

  it('icons: the top activity, Think for a group without calls', () => {
    expect(activityTitle(['bash', 'read', 'read'], 'en').icon).toBe('browse')
    expect(activityTitle([], 'en').icon).toBe('think')
  })
})

describe('calledTools', () => {
  it('counts roots then sub-calls depth-first, once per call id, orphans left out', () => {
    const code = call('run_code', {}, { callId: 'c', subCalls: [call('bash', {}, { callId: 'c:1' }), call('read', {}, { callId: 'c:2' })] })
    const orphan = { ...call('', {}, { callId: 'o' }), hasCallHead: false }
    const again = call('run_code', {}, { callId: 'c' })
    const rows = [code, orphan, again].map(n => toolRowModel(n, CTX))
    expect(calledTools(rows)).toEqual(['run_code', 'bash', 'read'])
  })
  it('walks a deep sub-call chain without recursion', () => {
    const code = toolRowModel(call('run_code', {}, { callId: 'c' }), CTX)
    let row = toolRowModel(call('bash', {}, { callId: 'leaf' }), CTX)
    for (let i = 0; i < 3000; i++) row = { ...code, callId: `c${i}`, children: [row] }
    expect(calledTools([row])).toHaveLength(3001)
  })
})
