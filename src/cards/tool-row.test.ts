import { describe, expect, it } from 'vitest'
import { toolRowModel } from './tool-row'
import { CTX, call, child, ctxWith, fail, interrupt, orphan, settle, withMeta } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'
import type { ToolRowModel } from './types'

const row = (node: ToolCallNode, ctx = CTX) => toolRowModel(node, ctx)
/** The header's accessible text as the ARIA goldens merge it (hidden status counts only inside the header). */
const headerName = (r: ToolRowModel) =>
  [r.hiddenStatusPlacement === 'in-header' ? r.hiddenStatus : null, r.title, r.summary].filter(s => s).join(' ')

const WAIT_ARGS = { command: "node -e \"require('node:fs').writeFileSync('started.txt', 'started'); setInterval(() => {}, 1000)\"", description: 'Wait until cancellation' }

describe('golden B: bash-abort-row (cards.md §15.3)', () => {
  const wait = fail(call('bash', WAIT_ARGS, { callId: 'call_wait' }), 'Error: tool call aborted', { name: 'AbortError', code: 'ABORTED' })
  const skipped = fail(call('bash', { command: 'printf skipped > skipped.txt', description: 'Write skipped marker' }, { callId: 'call_skipped' }),
    'Error: tool call aborted before dispatch', { name: 'AbortError', code: 'ABORTED_BEFORE_DISPATCH' })

  it('first row: "Failed Bash Error: tool call aborted", expandable IN/OUT', () => {
    const r = row(wait)
    expect(headerName(r)).toBe('Failed Bash Error: tool call aborted')
    expect(r).toMatchObject({ layout: 'bash', state: 'error', dot: 'red', summaryStyle: 'failure', expandable: true, inspectLabel: 'Inspect' })
    expect(r.body).toEqual({ kind: 'io', program: null, input: JSON.stringify(WAIT_ARGS, null, 2), output: 'Error: tool call aborted',
      outputIsError: true, inLabel: 'IN', outLabel: 'OUT' })
  })
  it('second row: "Failed Bash Error: tool call aborted before dispatch"', () => {
    expect(headerName(row(skipped))).toBe('Failed Bash Error: tool call aborted before dispatch')
  })
})

describe('golden A: pwsh terminal row', () => {
  const node = settle(call('pwsh', { command: 'Get-Item missing.txt', description: 'Fail deliberately' }),
    "[stderr]\nGet-Item : Cannot find path 'missing.txt' because it does not exist.\n[exit code: 1]")
  it('GenericToolCard: Pwsh, description summary, red via terminalFailed only', () => {
    const r = row(node)
    expect(r).toMatchObject({ layout: 'tool', title: 'Pwsh', summary: 'Fail deliberately', summaryStyle: 'text',
      state: 'error', modelState: 'ok', dot: 'red', hiddenStatus: 'Failed', hiddenStatusPlacement: 'before-header',
      expandable: true, body: { kind: 'terminal', pill: 'exit code 1' } })
    expect(r.details.output).toEqual({ kind: 'card' })
  })
})

describe('golden C: skill-tool-row', () => {
  const out = '<skill_content name="editing-cordis-compositions">\n# Editing\n</skill_content>'
  it('"Skill editing-cordis-compositions", Instructions region with the raw output', () => {
    const r = row(settle(call('skill', { name: 'editing-cordis-compositions' }), out))
    expect(headerName(r)).toBe('Skill editing-cordis-compositions')
    expect(r).toMatchObject({ layout: 'skill', state: 'ok', hiddenStatus: null, icon: 'skill', expandable: true,
      body: { kind: 'skill', label: 'Instructions', text: out, isError: false } })
  })
  it.each<[string, ToolCallNode, string | null, string]>([
    ['running', call('skill', { name: 's' }), 'Loading skill', 's'],
    ['error: failure line', fail(call('skill', { name: 's' }), 'Skill not found: s\nmore'), 'Skill load failed', 'Skill not found: s'],
    ['stopped', interrupt(call('skill', { name: 's' })), 'Skill load stopped', 's'],
    ['no name: raw arguments', settle(call('skill', { other: 1 }), ''), null, '{"other":1}'],
    ['no arguments: callId', settle(call('skill', '', { callId: 'call_s' }), ''), null, 'call_s'],
  ])('%s', (_name, node, hidden, summary) => {
    const r = row(node)
    expect([r.hiddenStatus, r.summary, r.hiddenStatusPlacement]).toEqual([hidden, summary, 'in-header'])
  })
  it('no output: not expandable; zh status', () => {
    expect(row(settle(call('skill', { name: 's' }), '')).expandable).toBe(false)
    expect(row(call('skill', { name: 's' }), ctxWith({ locale: 'zh' })).hiddenStatus).toBe('正在加载 skill')
    expect(row(settle(call('skill', { name: 's' }), 'x'), ctxWith({ locale: 'zh' })).body).toMatchObject({ label: '说明' })
  })
})

describe('golden D: run_code with code-dispatch children ([N] nested terminal)', () => {
  const bashChild = settle(child('call_rc', 1, 'bash', { command: 'echo CODE_ROUND_OK', description: 'Echo CODE_ROUND_OK' }), 'CODE_ROUND_OK\n')
  const readChild = fail(child('call_rc', 2, 'read', { file_path: 'workspace/missing.txt' }),
    'Error: cannot read "/home/dev/project/workspace/missing.txt": not found')
  const root = settle(call('run_code', { code: 'await bash({})', description: 'Run bash echo and catch missing file read' },
    { callId: 'call_rc', subCalls: [bashChild, readChild] }), 'done')
  const r = row(root)
  it('root: Code, description summary, the program as body', () => {
    expect(headerName(r)).toBe('Code Run bash echo and catch missing file read')
    expect(r.body).toMatchObject({ kind: 'io', program: { text: 'await bash({})', lang: 'ts' }, input: null, output: 'done' })
  })
  it('child 1: an expandable terminal row', () => {
    const [c1] = r.children
    expect(c1 && headerName(c1)).toBe('Bash Echo CODE_ROUND_OK')
    expect(c1).toMatchObject({ depth: 1, expandable: true, body: { kind: 'terminal', stateLabel: 'Done' } })
  })
  it('child 2: Read with its failure line, hidden Failed before the header', () => {
    const c2 = r.children[1]
    expect(c2 && headerName(c2)).toBe('Read Error: cannot read "/home/dev/project/workspace/missing.txt": not found')
    expect(c2).toMatchObject({ state: 'error', hiddenStatus: 'Failed', hiddenStatusPlacement: 'before-header', filePath: null,
      body: { kind: 'io', input: null } })
  })
  it('children never get diff/read/search/web cards (cards.md §16.4)', () => {
    const kid = withMeta(child('call_rc', 3, 'glob', { pattern: '*' }), 'a', { shape: 'paths', paths: ['a'], truncated: false, total: 1 })
    expect(row(kid).body).toMatchObject({ kind: 'io' })
  })
})

describe('Generic rows (cards.md §5, §16.6, §16.9)', () => {
  it('`Tool call mystery_tool · {}`', () => {
    expect(headerName(row(settle(call('mystery_tool', '{}'), 'ok')))).toBe('Tool call mystery_tool · {}')
  })
  it('a detail tool whose result does not parse keeps its own title and drops the prefix (cards-current.md §11.0)', () => {
    expect(headerName(row(settle(call('cordis_inspect_self', '{}'), 'ok')))).toBe('Inspect plugins {}')
  })
  it('orphan: `Tool call <callId>`, OUT only, Details without input', () => {
    const r = row(orphan('call_lost', 'late output'))
    expect(headerName(r)).toBe('Tool call call_lost')
    expect(r.body).toMatchObject({ kind: 'io', input: null, output: 'late output' })
    expect(r.details).toMatchObject({ header: 'call_lost', input: null, output: { kind: 'raw', text: 'late output', isError: false } })
  })
  it('malformed arguments: raw first line summary, raw IN', () => {
    const r = row(settle(call('mystery', '{"a": '), 'x'))
    expect(r.summary).toBe('mystery · {"a": ')
    expect(r.body).toMatchObject({ input: '{"a": ' })
  })
  it('running unknown tool: Running before the header, IN only', () => {
    expect(row(call('mystery_jobs', { id: 'j1' }))).toMatchObject({ state: 'running', hiddenStatus: 'Running', dot: null,
      expandable: true, body: { input: '{\n  "id": "j1"\n}', output: null }, details: { output: { kind: 'running', text: 'Running…' } } })
  })
  it('interrupted: stopped, amber, Interrupted: interrupted, summary kept', () => {
    const r = row(interrupt(call('mystery_jobs', { id: 'j1' })))
    expect(r).toMatchObject({ state: 'stopped', dot: 'amber', hiddenStatus: 'Stopped', summary: 'mystery_jobs · j1', body: { output: 'Interrupted: interrupted' } })
  })
  it('interrupted detail tool (cards-current.md §11.0): its own title, generic summary without the tool prefix', () => {
    const r = row(interrupt(call('job_list', { id: 'j1' })))
    expect(r).toMatchObject({ title: 'List background jobs', state: 'stopped', summary: 'j1', body: { output: 'Interrupted: interrupted' } })
  })
  it('str_replace_editor: intended diff while running, IN/OUT once settled', () => {
    const args = { command: 'create', path: '/home/dev/project/n.md', file_text: '# t' }
    expect(row(call('str_replace_editor', args))).toMatchObject({ title: 'Tool call', summary: 'str_replace_editor · create', body: { kind: 'diff' } })
    expect(row(settle(call('str_replace_editor', args), 'created'))).toMatchObject({ body: { kind: 'io', input: JSON.stringify(args, null, 2) } })
  })
  it('terminal_send: Tool call, terminal description summary', () => {
    expect(row(call('terminal_send', { sessionId: 'pty-1', text: 'ls' }))).toMatchObject({ title: 'Tool call', summary: 'Terminal pty-1', body: { kind: 'terminal' } })
  })
  it('an ok row with no input and no output is not expandable', () => {
    expect(row(settle(call('noop', ''), '')).expandable).toBe(false)
  })
  it('zh hidden status', () => {
    expect(row(fail(call('x'), 'e'), ctxWith({ locale: 'zh' })).hiddenStatus).toBe('失败')
    expect(row(interrupt(call('x')), ctxWith({ locale: 'zh' })).hiddenStatus).toBe('已停止')
    expect(row(call('x'), ctxWith({ locale: 'zh' })).details).toMatchObject({ inputLabel: '输入', outputLabel: '输出', output: { text: '运行中…' } })
  })
})

describe('BashRow (cards.md §6.6, §16.2, §16.3)', () => {
  it('non-zero exit: red dot and Failed, summary stays the description', () => {
    const r = row(settle(call('bash', { command: 'false', description: 'Fail' }), 'x\n[exit code: 1]'))
    expect(r).toMatchObject({ state: 'error', modelState: 'ok', summary: 'Fail', summaryStyle: 'text', hiddenStatus: 'Failed' })
    expect(headerName(r)).toBe('Failed Bash Fail')
  })
  it('summary is not relativised', () => {
    expect(row(call('bash', { command: 'cat /home/dev/project/a' })).summary).toBe('cat /home/dev/project/a')
  })
  it('background launch: not expandable', () => {
    expect(row(settle(call('bash', { command: 'srv', description: 'Serve', run_in_background: true }), 'job-1')).expandable).toBe(false)
  })
  it('background pwsh (GenericToolCard) is expandable', () => {
    expect(row(settle(call('pwsh', { command: 'srv', description: 'Serve', run_in_background: true }), 'job-1')).body).toMatchObject({ kind: 'io', output: 'job-1' })
  })
  it('interrupted: stopped and not expandable', () => {
    expect(row(interrupt(call('bash', { command: 'sleep 9', description: 'Wait' })))).toMatchObject({ state: 'stopped', expandable: false, summary: 'Wait' })
  })
  it('settled persistent shell: Generic IN/OUT ([N])', () => {
    expect(row(settle(call('bash', { command: 'ls' }), 'a\n'))).toMatchObject({ expandable: true, body: { kind: 'io', output: 'a\n' } })
  })
  it('running standard shell: terminal card', () => {
    expect(row(call('bash', { command: 'ls', description: 'List' })).body).toMatchObject({ kind: 'terminal', state: 'running' })
  })
})

describe('file rows: ReadRow, FileMutationRow (cards.md §7, §8)', () => {
  const read = call('read', { file_path: '/home/dev/project/src/a.ts' })
  it('running read: path link, nothing to expand', () => {
    expect(row(read)).toMatchObject({ title: 'Read', summary: 'src/a.ts', summaryStyle: 'file-link', filePath: '/home/dev/project/src/a.ts', expandable: false })
  })
  it('golden line: `Read a.txt`', () => expect(headerName(row(call('read', { file_path: 'a.txt' })))).toBe('Read a.txt'))
  it('settled read without meta: OUT only', () => {
    expect(row(settle(read, 'text'))).toMatchObject({ summaryStyle: 'file-link', body: { kind: 'io', input: null, output: 'text' } })
  })
  it('failed read: failure line, no link, OUT', () => {
    expect(row(fail(read, 'Error: ENOENT'))).toMatchObject({ summary: 'Error: ENOENT', summaryStyle: 'failure', filePath: null, body: { output: 'Error: ENOENT' } })
  })
  it('write: intended diff while running; error falls back to OUT', () => {
    const w = call('write', { file_path: '/home/dev/project/b.txt', content: 'x' })
    expect(row(w)).toMatchObject({ title: 'Write', icon: 'pencil', summary: 'b.txt', summaryStyle: 'file-link', body: { kind: 'diff', source: 'intended' } })
    expect(row(fail(w, 'denied'))).toMatchObject({ summaryStyle: 'failure', body: { kind: 'io', input: null, output: 'denied' } })
  })
  it('edit without meta: OUT only', () => {
    expect(row(settle(call('edit', { file_path: 'c', old_string: 'a', new_string: 'b' }), 'Edited c')).body).toMatchObject({ kind: 'io', output: 'Edited c' })
  })
})

describe('SearchRow / WebRow titles and summaries', () => {
  it.each<[string, ToolCallNode, string, string, string]>([
    ['grep', call('grep', { pattern: '/home/dev/project/x' }), 'Grep', 'magnifier', '/home/dev/project/x'],
    ['glob', call('glob', { pattern: '*.txt' }), 'Glob', 'magnifier', '*.txt'],
    ['web_search', call('web_search', { queries: ['a', 'b'] }), 'Search', 'globe', 'a, b'],
    ['web_fetch', call('web_fetch', { url: 'https://x.y/z' }), 'Fetch', 'browse', 'https://x.y/z'],
  ])('%s', (_name, node, title, icon, summary) => {
    expect(row(node)).toMatchObject({ title, icon, summary, summaryStyle: 'text', expandable: false })
  })
})

describe('TodoRow (cards.md §11.1)', () => {
  const todos = [
    { content: '读取规范', status: 'completed' },
    { content: '实现 fixture 样本', status: 'in_progress' },
    { content: '写测试', status: 'in_progress' },
    { content: '提交', status: 'pending' },
  ]
  it('golden: `1/4 completed · 实现 fixture 样本`, suffix `+1`', () => {
    expect(row(settle(call('todo_write', { todos }), 'ok'))).toMatchObject({ title: 'Update to-do list', icon: 'checklist',
      summary: '1/4 completed · 实现 fixture 样本', summarySuffix: '+1' })
  })
  it.each<[string, object | string, string, string | null]>([
    ['no active item', { todos: [{ content: 'a', status: 'completed' }] }, '1/1 completed', null],
    ['one active item: no suffix', { todos: [{ content: 'a', status: 'in_progress' }] }, '0/1 completed · a', null],
    ['blank content: invalid, generic (no prefix)', { todos: [{ content: ' ', status: 'in_progress' }] }, '{"todos":[{"content":" ","status":"in_progress"}]}', null],
    ['todos not objects: generic', { todos: ['a'] }, '{"todos":["a"]}', null],
    ['malformed: generic', '{"todos": [', '{"todos": [', null],
  ])('%s', (_name, args, summary, suffix) => {
    expect(row(call('todo_write', args))).toMatchObject({ summary, summarySuffix: suffix })
  })
  it('zh and error rows', () => {
    expect(row(call('todo_write', { todos }), ctxWith({ locale: 'zh' }))).toMatchObject({ title: '更新任务清单', summary: '1/4 已完成 · 实现 fixture 样本' })
    expect(row(fail(call('todo_write', { todos }), 'invalid'))).toMatchObject({ summary: 'invalid', summaryStyle: 'failure', summarySuffix: null })
  })
})

describe('AskQuestionRow (cards.md §11.2)', () => {
  const ask = call('ask_user_question', { questions: [{ id: 'q', question: 'Go?' }] })
  it.each<[string, ToolCallNode, string, string]>([
    ['cancelled is ok (§11.8 delta)', fail(ask, 'cancelled by user', { name: 'AskError', code: 'ASK_CANCELLED' }), 'cancelled', 'ok'],
    ['aborted is stopped', fail(ask, 'aborted', { name: 'AskError', code: 'ASK_ABORTED' }), 'interrupted', 'stopped'],
    ['running waits', ask, 'waiting', 'running'],
    ['answered count', settle(ask, JSON.stringify({ answers: [{ selected: ['yes'] }, { custom: 'x' }, { selected: [], custom: '' }] })), '2/3 answered', 'ok'],
    // dsh's client shows the raw arguments here (no failure line either): issue 32 reads the question instead.
    ['unparsable: the first question', settle(ask, 'not json'), 'Go?', 'ok'],
  ])('%s', (_name, node, summary, state) => {
    expect(row(node)).toMatchObject({ title: 'Ask question', summary, state, summaryStyle: 'text' })
  })
  it('other errors: the failure line, as on every other row (dsh shows the arguments\' JSON; issue 32)', () => {
    expect(row(fail(ask, 'boom'))).toMatchObject({ title: 'Ask question', summary: 'boom', state: 'error', summaryStyle: 'failure' })
  })
  it('zh', () => expect(row(ask, ctxWith({ locale: 'zh' }))).toMatchObject({ title: '提问', summary: '等待回答', hiddenStatus: '运行中' }))
})

describe('row keys', () => {
  it('children inherit the root key suffix of a reused callId', () => {
    const root = call('run_code', { code: 'x' }, { callId: 'call_rc', subCalls: [child('call_rc', 1, 'bash', { command: 'ls' })] })
    expect(toolRowModel(root, CTX).children[0]?.key).toBe('tool:call_rc:code:1')
    const again = toolRowModel(root, CTX, 0, 'tool:call_rc@40')
    expect([again.key, again.children[0]?.key]).toEqual(['tool:call_rc@40', 'tool:call_rc:code:1@40'])
  })
})
