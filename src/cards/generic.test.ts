import { describe, expect, it } from 'vitest'
import { classifyTool, flattenResult, genericModel, rowState, toolTitle } from './generic'
import { CTX, call, ctxWith, fail, interrupt, orphan, settle, text } from './testing'
import type { ToolVariant } from './types'

describe('variant and title (cards.md §5.1)', () => {
  it.each<[string, ToolVariant, string]>([
    ['bash', 'bash', 'Bash'],
    ['pwsh', 'bash', 'Pwsh'],
    ['read', 'read', 'Read'],
    ['web_fetch', 'read', 'Read'],
    ['cordis_package_inspect', 'read', 'Inspect'],
    ['cordis_runtime_inspect', 'read', 'Inspect'],
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
    ['4: read prefers path over file_path', 'read', { file_path: 'b', path: 'a' }, 'a'],
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
    ['others prefix the tool name (golden)', 'cordis_inspect_self', '{}', 'cordis_inspect_self · {}'],
    ['others prefix with a value', 'update_goal', { objective: 'goal-1' }, 'update_goal · goal-1'],
    ['str_replace_editor shows its command word', 'str_replace_editor', { command: 'view', path: 'a' }, 'str_replace_editor · view'],
    ['tools with their own title get no prefix', 'cordis_run', { packageId: 'pkg-1' }, 'pkg-1'],
    ['others with empty arguments: prefix + callId', 'job_list', '', 'job_list · call_1'],
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

describe('filePath (cards.md §5.3)', () => {
  it.each<[string, string, object, string | null]>([
    ['read file_path', 'read', { file_path: 'a.txt\nx' }, 'a.txt'],
    ['path wins over file_path', 'write', { path: 'p', file_path: 'f' }, 'p'],
    ['edit', 'edit', { file_path: 'e' }, 'e'],
    ['never url', 'web_fetch', { url: 'https://x' }, null],
    ['not for bash', 'bash', { path: 'x', command: 'ls' }, null],
    ['not for others', 'str_replace_editor', { path: 'x' }, null],
  ])('%s', (_name, tool, args, expected) => expect(genericModel(call(tool, args), CTX).filePath).toBe(expected))
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
