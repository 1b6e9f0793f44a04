import { describe, expect, it } from 'vitest'
import { classifyTool, flattenResult, genericModel, rowState, toolTitle } from './generic'
import { CTX, call, child, ctxWith, fail, interrupt, orphan, settle, text } from './testing'
import type { ToolVariant } from './types'

describe('variant and title (cards.md §5.1, cards-current.md §9.1)', () => {
  it.each<[string, ToolVariant, string]>([
    ['bash', 'bash', 'Bash'],
    ['pwsh', 'bash', 'Pwsh'],
    ['read', 'read', 'Read'],
    ['read_image', 'read', 'Read image'],
    ['web_fetch', 'read', 'Read'],
    ['cordis_package_inspect', 'read', 'Query Cordis environment'],
    ['cordis_runtime_inspect', 'read', 'Query Cordis environment'],
    ['todo_write', 'others', 'Update to-do list'],
    ['ask_user_question', 'others', 'Ask question'],
    ['present', 'others', 'Present files'],
    ['grep', 'search', 'Search'],
    ['glob', 'search', 'Search'],
    ['web_search', 'search', 'Search'],
    ['write', 'write', 'Write'],
    ['edit', 'edit', 'Edit'],
    ['run_code', 'code', 'Code'],
    ['cordis_run', 'others', 'Run Cordis Plugin'],
    ['cordis_stop', 'others', 'Stop Cordis Plugin'],
    ['cordis_undefine', 'others', 'Remove Cordis Plugin'],
    ['str_replace_editor', 'others', 'Tool call'],
    ['terminal_send', 'others', 'Tool call'],
    ['', 'others', 'Tool call'],
  ])('%s → %s / %s', (name, variant, title) => {
    expect(classifyTool(name)).toBe(variant)
    expect(toolTitle(name)).toBe(title)
  })

  it.each<[string, string]>([
    ['bash', '运行命令'], ['pwsh', '运行命令'], ['read', '读取'], ['read_image', '读取图片'], ['write', '写入'], ['edit', '编辑'],
    ['grep', '搜索'], ['run_code', '代码'], ['mystery', '工具调用'], ['cordis_package_inspect', '查询 Cordis 环境'],
    ['cordis_run', '运行 Cordis 插件'], ['cordis_stop', '停止 Cordis 插件'], ['cordis_undefine', '移除 Cordis 插件'],
    ['todo_write', '更新任务清单'], ['ask_user_question', '提问'], ['present', '交付文件'],
  ])('zh: %s → %s', (name, title) => expect(toolTitle(name, 'zh')).toBe(title))
})

const summary = (name: string, args: object | string, ctx = ctxWith({ cwd: null, home: null })) =>
  genericModel(call(name, args, { callId: 'call_1' }), ctx).summary

describe('summary derivation (cards.md §5.2)', () => {
  it.each<[string, string, object | string, string]>([
    ['1: empty arguments show the callId', 'read', '', 'call_1'],
    ['2: unparsable arguments show their first line', 'bash', '{"command": "ls\nmore', '{"command": "ls'],
    ['2: a JSON string is not an object', 'bash', '"hello\nworld"', '"hello'],
    ['2: a JSON number', 'bash', '42', '42'],
    ['2: JSON null', 'bash', 'null', 'null'],
    ['3: queries joined by ", "', 'web_search', { queries: ['a', '', 'b\nc', 3], query: 'q' }, 'a, b'],
    ['3: empty queries fall through to query', 'web_search', { queries: ['', 1], query: 'q' }, 'q'],
    ['3: queries only for the search variant', 'bash', { queries: ['a'], command: 'ls' }, 'ls'],
    ['4: bash prefers description', 'bash', { command: 'ls', description: 'List' }, 'List'],
    ['4: bash falls back to command', 'bash', { command: 'ls -la\necho', description: '' }, 'ls -la'],
    ['§9.2.1: file variants read file_path, not path', 'read', { file_path: 'b', path: 'a' }, 'b'],
    ['§9.2.1: file variants never use description', 'write', { file_path: 'w.txt', description: 'Write it' }, 'w.txt'],
    ['§9.2.1: no file_path: the [OLD] keys (path first)', 'edit', { path: 'p', description: 'd' }, 'p'],
    ['§9.2.1: empty file_path falls back', 'read', { file_path: '', url: 'https://u' }, 'https://u'],
    ['§9.2.2: description first for other variants', 'grep', { pattern: 'TODO', description: 'Find todos' }, 'Find todos'],
    ['§9.2.2: description first line', 'glob', { pattern: '*', description: 'one\ntwo' }, 'one'],
    ['§9.2.2: empty description falls back', 'grep', { pattern: 'TODO', description: '' }, 'TODO'],
    ['4: read takes url last', 'web_fetch', { url: 'https://x.y', other: 'z' }, 'https://x.y'],
    ['4: search takes pattern', 'grep', { path: 'src', pattern: 'TODO' }, 'TODO'],
    ['4: code takes description', 'run_code', { code: 'x()', description: 'Run it' }, 'Run it'],
    ['5: first non-empty string value otherwise', 'run_code', { n: 1, code: 'a()\nb()' }, 'a()'],
    ['5: arrays behave as objects', 'bash', '["", "first\\nline"]', 'first'],
    ['6: no strings: raw first line', 'bash', { n: 1 }, '{"n":1}'],
    ['6: {} shows verbatim', 'pwsh', '{}', '{}'],
    ['first line may be empty', 'bash', { description: '\nsecond' }, ''],
  ])('%s', (_name, tool, args, expected) => expect(summary(tool, args)).toBe(expected))

  it.each<[string, string, object | string, string]>([
    ['Tool call rows prefix the tool name', 'mcp_tool', '{}', 'mcp_tool · {}'],
    ['Tool call prefix with a value', 'subagent_claude_code', { prompt: 'goal-1' }, 'subagent_claude_code · goal-1'],
    ['Tool call prefix with a description', 'mcp_tool', { description: 'Do it', x: 'y' }, 'mcp_tool · Do it'],
    ['str_replace_editor shows its command word', 'str_replace_editor', { command: 'view', path: 'a' }, 'str_replace_editor · view'],
    ['tools with their own title get no prefix', 'cordis_run', { packageId: 'pkg-1' }, 'pkg-1'],
    ['detail-card tools get no prefix', 'update_goal', { objective: 'goal-1' }, 'goal-1'],
    ['to-do / ask / pwsh / read_image: no prefix', 'todo_write', { todos: 'x' }, 'x'],
    ['Tool call with empty arguments: prefix + callId', 'mystery', '', 'mystery · call_1'],
  ])('%s', (_name, tool, args, expected) => expect(summary(tool, args)).toBe(expected))

  it('an orphan shows the callId alone', () => {
    const g = genericModel(orphan('call_9', 'x'), CTX)
    expect([g.title, g.summary]).toEqual(['Tool call', 'call_9'])
  })

  it('relativises and abbreviates in the generic summary, not in the plain one', () => {
    const g = genericModel(call('read', { file_path: '/home/dev/project/src/a.ts' }), CTX)
    expect(g.summary).toBe('src/a.ts')
    expect(g.plainSummary).toBe('/home/dev/project/src/a.ts')
    const h = genericModel(call('read', { file_path: '/home/dev/notes.md' }), CTX)
    expect(h.summary).toBe('~/notes.md')
  })
})

describe('filePath (cards-current.md §9.2.4)', () => {
  const ok = (node: ReturnType<typeof call>, meta?: unknown) => settle(node, meta === undefined ? 'ok' : { content: [text('ok')], meta })
  it.each<[string, ReturnType<typeof call>, string | null]>([
    ['settled root: the argument path (first line)', ok(call('read', { file_path: 'a.txt\nx' })), 'a.txt'],
    ['file_path wins over path', ok(call('write', { path: 'p', file_path: 'f' })), 'f'],
    ['path when there is no file_path', ok(call('edit', { path: 'e' })), 'e'],
    ['running relative: no link yet', call('read', { file_path: 'a.txt' }), null],
    ['running absolute: the argument', call('read', { file_path: '/abs/a.txt' }), '/abs/a.txt'],
    ['recorded meta.path wins', ok(call('read', { file_path: 'a.txt' }), { path: '/ws/a.txt' }), '/ws/a.txt'],
    ['relative meta.path is not recorded', ok(call('read', { file_path: 'a.txt' }), { path: 'rel/a.txt' }), 'a.txt'],
    ['failed relative: none', fail(call('read', { file_path: 'a.txt' }), 'ENOENT'), null],
    ['failed absolute: the argument', fail(call('read', { file_path: '/abs/a.txt' }), 'ENOENT'), '/abs/a.txt'],
    ['PTC child relative: none', ok(child('call_rc', 1, 'read', { file_path: 'a.txt' })), null],
    ['PTC child absolute', ok(child('call_rc', 1, 'read', { file_path: 'C:\\w\\a.txt' })), 'C:\\w\\a.txt'],
    ['never url', ok(call('web_fetch', { url: 'https://x' })), null],
    ['not for bash', ok(call('bash', { path: 'x', command: 'ls' })), null],
    ['not for others', ok(call('str_replace_editor', { path: 'x' })), null],
  ])('%s', (_name, node, expected) => expect(genericModel(node, CTX).filePath).toBe(expected))
})

describe('Auto-review denial (cards-current.md §9.4)', () => {
  it.each<[string, ReturnType<typeof call>, { reason: string | null } | null]>([
    ['denied with reason', fail(call('bash', { command: 'rm' }), 'x', { name: 'AutoReviewDeniedError', code: 'AUTO_REVIEW_DENIED', reason: 'risky' }), { reason: 'risky' }],
    ['denied without reason', fail(call('bash'), null, { name: 'AutoReviewDeniedError', code: 'AUTO_REVIEW_DENIED' }), { reason: null }],
    ['other code', fail(call('bash'), null, { name: 'AutoReviewDeniedError', code: 'OTHER' }), null],
    ['other name', fail(call('bash'), null, { name: 'Error', code: 'AUTO_REVIEW_DENIED' }), null],
    ['not an error result', settle(call('bash'), { content: [], error: { name: 'AutoReviewDeniedError', code: 'AUTO_REVIEW_DENIED' } }), null],
  ])('%s', (_name, node, expected) => expect(genericModel(node, CTX).autoReviewDenial).toEqual(expected))
})

describe('IN body (cards.md §5.4)', () => {
  it('pretty JSON', () => expect(genericModel(call('bash', { command: 'ls' }), CTX).input).toBe('{\n  "command": "ls"\n}'))
  it('raw text when unparsable', () => expect(genericModel(call('bash', '{oops'), CTX).input).toBe('{oops'))
  it('none for empty arguments', () => expect(genericModel(call('bash', ''), CTX).input).toBeNull())
  it('run_code: the program', () => {
    const g = genericModel(call('run_code', { code: 'await bash({})', description: 'd' }), CTX)
    expect(g.program).toBe('await bash({})')
  })
  it('run_code without code: no program', () =>
    expect(genericModel(call('run_code', { code: '', description: 'd' }), CTX).program).toBeNull())
})

describe('OUT and failure line (cards.md §5.4)', () => {
  it('text verbatim, other blocks pretty JSON, joined with \\n', () => {
    const node = settle(call('x'), { content: [text('a'), { type: 'image', attachment: { id: 1 } }, text('b')] })
    expect(node.result === null ? null : flattenResult(node.result)).toBe(
      'a\n{\n  "type": "image",\n  "attachment": {\n    "id": 1\n  }\n}\nb')
  })
  it('no blocks and an error: name: code', () => {
    const g = genericModel(fail(call('bash', { command: 'x' }), null, { name: 'AbortError', code: 'ABORTED' }), CTX)
    expect(g.output).toBe('AbortError: ABORTED')
    expect(g.errorSummary).toBe('AbortError: ABORTED')
  })
  it('synthetic interruption shows Interrupted: interrupted', () =>
    expect(genericModel(interrupt(call('bash')), CTX).output).toBe('Interrupted: interrupted'))
  it('empty output is none', () => expect(genericModel(settle(call('x'), ''), CTX).output).toBeNull())
  it('running has no output', () => expect(genericModel(call('x'), CTX).output).toBeNull())
  it('errorSummary is the first line, only on error', () => {
    expect(genericModel(fail(call('x'), 'Error: boom\nstack'), CTX).errorSummary).toBe('Error: boom')
    expect(genericModel(settle(call('x'), 'fine\nmore'), CTX).errorSummary).toBeNull()
  })
})

describe('row state (cards.md §4.4)', () => {
  it.each<[string, ReturnType<typeof call>, string]>([
    ['running', call('x'), 'running'],
    ['stopped wins over isError', interrupt(call('x')), 'stopped'],
    ['error', fail(call('x'), 'bad'), 'error'],
    ['real aborts are errors', fail(call('x'), null, { name: 'AbortError', code: 'ABORTED' }), 'error'],
    ['ok', settle(call('x'), 'ok'), 'ok'],
  ])('%s', (_name, node, expected) => expect(rowState(node.result)).toBe(expected))
})
