import { describe, expect, it } from 'vitest'
import { toolRowModel } from './tool-row'
import { contentSize } from './file-mutation'
import { presentedArgumentPaths } from './present'
import { CTX, call, child, ctxWith, fail, interrupt, settle, text, withMeta } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'
import type { ToolRowModel } from './types'

const row = (node: ToolCallNode, ctx = CTX) => toolRowModel(node, ctx)
const zh = ctxWith({ locale: 'zh' })
/** The header's accessible name as the ARIA goldens show it (suffix included, hidden text only in-header). */
const name = (r: ToolRowModel) =>
  [r.hiddenStatusPlacement === 'in-header' ? r.hiddenStatus : null, r.title, r.summary, r.summarySuffix].filter(s => s).join(' ')

describe('titles are localised (cards-current.md §9.1, §12.2)', () => {
  it.each<[string, ToolCallNode, string, string]>([
    ['bash', call('bash', { command: 'ls' }), 'Bash', '运行命令'],
    ['pwsh', call('pwsh', { command: 'ls', description: 'd' }), 'Pwsh', '运行命令'],
    ['read', call('read', { file_path: 'a' }), 'Read', '读取'],
    ['read_image', call('read_image', { file_path: 'a.png' }), 'Read image', '读取图片'],
    ['write', call('write', { file_path: 'a', content: 'x' }), 'Write', '写入'],
    ['edit', call('edit', { file_path: 'a', old_string: 'x', new_string: 'y' }), 'Edit', '编辑'],
    ['grep', call('grep', { pattern: 'x' }), 'Grep', '搜索文件内容'],
    ['glob', call('glob', { pattern: 'x' }), 'Glob', '查找文件'],
    ['web_search', call('web_search', { queries: ['x'] }), 'Search', '网页搜索'],
    ['web_fetch', call('web_fetch', { url: 'https://x' }), 'Fetch', '网页获取'],
    ['run_code', call('run_code', { code: 'x', description: 'd' }), 'Code', '代码'],
    ['unknown', call('mcp_tool', {}), 'Tool call', '工具调用'],
    ['str_replace_editor', call('str_replace_editor', { command: 'view', path: 'a' }), 'Tool call', '工具调用'],
    ['todo_write', call('todo_write', { todos: [] }), 'Update to-do list', '更新任务清单'],
    ['ask_user_question', call('ask_user_question', { questions: [] }), 'Ask question', '提问'],
    ['cordis_package_inspect', call('cordis_package_inspect', { path: 'a' }), 'Query Cordis environment', '查询 Cordis 环境'],
    ['cordis_runtime_inspect', call('cordis_runtime_inspect', { path: 'a' }), 'Query Cordis environment', '查询 Cordis 环境'],
    ['cordis_run', call('cordis_run', { packageId: 'p' }), 'Run Cordis Plugin', '运行 Cordis 插件'],
    ['cordis_stop', call('cordis_stop', { packageId: 'p' }), 'Stop Cordis Plugin', '停止 Cordis 插件'],
    ['cordis_undefine', call('cordis_undefine', { packageId: 'p' }), 'Remove Cordis Plugin', '移除 Cordis 插件'],
    ['present', call('present', { files: [] }), 'Present files', '交付文件'],
  ])('%s', (_name, node, en, cn) => {
    expect(row(node).title).toBe(en)
    expect(row(node, zh).title).toBe(cn)
  })
  it('the Inspect pill is Inspect / 查看', () => {
    expect(row(settle(call('bash', { command: 'ls' }), 'x')).inspectLabel).toBe('Inspect')
    expect(row(settle(call('bash', { command: 'ls' }), 'x'), zh).inspectLabel).toBe('查看')
  })
})

describe('row summaries per §10', () => {
  it.each<[string, ToolCallNode, string]>([
    ['grep: description first', call('grep', { pattern: 'TODO', description: 'Find todos' }), 'Grep Find todos'],
    ['grep: pattern otherwise', call('grep', { pattern: 'TODO' }), 'Grep TODO'],
    ['glob: pattern', call('glob', { pattern: '*.ts' }), 'Glob *.ts'],
    ['web_search: description first', call('web_search', { queries: ['a', 'b'], description: 'Look up' }), 'Search Look up'],
    ['web_search: queries joined', call('web_search', { queries: ['a', 'b'] }), 'Search a, b'],
    ['web_fetch: description first', call('web_fetch', { url: 'https://x.y', description: 'Read the page' }), 'Fetch Read the page'],
    ['web_fetch: url otherwise', call('web_fetch', { url: 'https://x.y' }), 'Fetch https://x.y'],
    ['run_code: description', call('run_code', { code: 'x()', description: 'Run it' }), 'Code Run it'],
    ['pwsh: description', call('pwsh', { command: 'Get-Item', description: 'Inspect item' }), 'Pwsh Inspect item'],
    ['str_replace_editor: prefixed command word', settle(call('str_replace_editor', { command: 'create', path: 'n.md', file_text: 'x' }), 'ok'), 'Tool call str_replace_editor · create'],
    ['str_replace_editor child: same', settle(child('call_rc', 1, 'str_replace_editor', { command: 'create', path: 'n.md', file_text: 'x' }), 'ok'), 'Tool call str_replace_editor · create'],
    ['terminal_send: Terminal <id>', call('terminal_send', { sessionId: 'pty-1', text: 'ls' }), 'Tool call Terminal pty-1'],
    ['cordis_run: the package id, no prefix', call('cordis_run', { packageId: 'pkg-1' }), 'Run Cordis Plugin pkg-1'],
    ['cordis inspect: the path', call('cordis_package_inspect', { path: 'pkg/a' }), 'Query Cordis environment pkg/a'],
    ['read_image: relativised path', call('read_image', { file_path: '/home/dev/project/img/a.png' }), 'Read image img/a.png'],
  ])('%s', (_name, node, expected) => expect(name(row(node))).toBe(expected))
})

describe('write / edit: content size and diff totals (§9.4)', () => {
  const big = 'x'.repeat(2100)
  const edit = call('edit', { file_path: 'src/x.ts', old_string: 'a\n', new_string: 'b\n' })
  it.each<[string, ToolCallNode, string | null]>([
    ['running write: size then intended totals', call('write', { file_path: 'b.txt', content: 'one\ntwo\nthree\n' }), '1KB +3 -0'],
    ['2,100 characters read 3KB', call('write', { file_path: 'b.txt', content: big }), '3KB +1 -0'],
    ['empty content: 0KB, no lines', call('write', { file_path: 'b.txt', content: '' }), '0KB +0 -0'],
    ['running edit: 1KB and intended totals', edit, '1KB +1 -1'],
    ['settled edit with meta.diffs', withMeta(edit, 'ok', { diffs: [{ path: 'src/x.ts', oldText: 'a\nkeep\n', newText: 'b\nkeep\n' }] }), '1KB +1 -1'],
    ['settled edit without meta.diffs: size only', settle(edit, 'ok'), '1KB'],
    ['settled write without meta: whole-file totals', settle(call('write', { file_path: 'b.txt', content: 'a\nb\n' }), 'ok'), '1KB +2 -0'],
    ['no content field yet: nothing', call('edit', { file_path: 'src/x.ts' }), null],
    ['error: dropped', fail(edit, 'denied'), null],
    ['stopped: dropped', interrupt(edit), null],
    ['PTC child: size, never totals', child('call_rc', 1, 'edit', { file_path: 'src/x.ts', old_string: 'a', new_string: 'b' }), '1KB'],
  ])('%s', (_name, node, suffix) => expect(row(node).summarySuffix).toBe(suffix))

  it('ARIA of a settled edit row: "Edit src/x.ts 1KB +1 -1"', () => {
    const node = withMeta({ ...call('edit', { file_path: '/home/dev/project/src/x.ts', old_string: 'a', new_string: 'b' }) }, 'ok',
      { path: '/home/dev/project/src/x.ts', diffs: [{ path: 'src/x.ts', oldText: 'a', newText: 'b' }] })
    const r = row(node)
    expect(name(r)).toBe('Edit src/x.ts 1KB +1 -1')
    expect(r).toMatchObject({ summaryStyle: 'file-link', filePath: '/home/dev/project/src/x.ts' })
  })
  it.each<[string, Record<string, unknown> | null, string | null]>([
    ['sums content, old_string and new_string', { content: 'a'.repeat(600), old_string: 'b'.repeat(300), new_string: 'c'.repeat(200) }, '2KB'],
    ['exactly 1024 is 1KB', { content: 'a'.repeat(1024) }, '1KB'],
    ['UTF-16 length: an astral character counts 2', { content: '😀'.repeat(512) }, '1KB'],
    ['non-string fields are ignored', { content: 3 }, null],
    ['no arguments', null, null],
  ])('contentSize: %s', (_name, args, expected) => expect(contentSize(args, 'en')).toBe(expected))
})

describe('Auto-review denial (§9.4)', () => {
  const denied = (reason?: unknown) => fail(call('bash', { command: 'echo AUTO_DENIED' }), 'Error: Auto review rejected tool "bash"',
    { name: 'AutoReviewDeniedError', code: 'AUTO_REVIEW_DENIED', ...(typeof reason === 'string' ? { reason } : {}) })
  it('any tool renders as the generic row: rejected summary, not-executed OUT, no IN', () => {
    const r = row(denied('too risky'))
    expect(r).toMatchObject({ layout: 'tool', title: 'Bash', summary: 'Rejected by Auto review', summaryStyle: 'failure', state: 'error',
      hiddenStatus: 'Failed', hiddenStatusPlacement: 'before-header',
      body: { kind: 'io', input: null, output: 'Tool was not executed. Reason: too risky', outputIsError: true } })
  })
  it.each<[string, string | undefined, string]>([
    ['fallback reason', undefined, 'Tool was not executed. Reason: Auto review did not authorize this action'],
    ['blank reason falls back', '  \n ', 'Tool was not executed. Reason: Auto review did not authorize this action'],
    ['line breaks become spaces', ' line one\r\nline two ', 'Tool was not executed. Reason: line one line two'],
  ])('%s', (_name, reason, output) => expect(row(denied(reason)).body).toMatchObject({ output }))
  it('zh', () => {
    expect(row(denied('x'), zh)).toMatchObject({ summary: 'Auto review 已拒绝', body: { output: '工具未执行。原因：x' } })
    expect(row(denied(), zh).body).toMatchObject({ output: '工具未执行。原因：Auto review 未授权此次操作' })
  })
  it('a keyed tool (todo_write) is drawn generic too', () => {
    const node = fail(call('todo_write', { todos: [] }), null, { name: 'AutoReviewDeniedError', code: 'AUTO_REVIEW_DENIED' })
    expect(row(node)).toMatchObject({ summary: 'Rejected by Auto review', summarySuffix: null, body: { kind: 'io', input: null } })
  })
})

describe('present row (§10, §12.4)', () => {
  const args = { files: [{ path: 'out/a.txt', description: 'A' }, { path: 'docs/b.md' }] }
  it.each<[string, ToolCallNode, string, boolean]>([
    ['running', call('present', args), 'Present files Delivering out/a.txt, docs/b.md', false],
    ['ok without text: not expandable', settle(call('present', args), { content: [] }), 'Present files Delivered out/a.txt, docs/b.md', false],
    ['ok with text', settle(call('present', args), 'Delivered 2 files'), 'Present files Delivered out/a.txt, docs/b.md', true],
    ['failed', fail(call('present', { files: [{ path: 'a.txt' }] }), 'Error: missing'), 'Present files Delivery failed a.txt', true],
    ['interrupted', interrupt(call('present', args)), 'Present files Interrupted out/a.txt, docs/b.md', true],
    ['unparsable arguments: the raw first line', call('present', '{"files": [\nx'), 'Present files Delivering {"files": [', false],
    ['PTC child', settle(child('call_rc', 1, 'present', args), 'ok'), 'Present files Delivered out/a.txt, docs/b.md', true],
  ])('%s', (_name, node, expected, expandable) => {
    const r = row(node)
    expect(name(r)).toBe(expected)
    expect(r.hiddenStatus).toBeNull()
    expect(r.expandable).toBe(expandable)
    expect(r.inspectStyle).toBe(expandable ? 'text' : 'none')
  })
  it('detail text: text blocks and JSON, or name: code of the error; Inspect call', () => {
    const r = row(settle(call('present', args), { content: [text('a'), { type: 'resource', uri: 'x' }] }))
    expect(r.body).toEqual({ kind: 'present', text: 'a\n{\n  "type": "resource",\n  "uri": "x"\n}', isError: false })
    expect(r.inspectLabel).toBe('Inspect call')
    expect(row(fail(call('present', args), null, { name: 'PresentError', code: 'E_PATH' })).body).toEqual({ kind: 'present', text: 'PresentError: E_PATH', isError: true })
  })
  it('zh', () => {
    const r = row(settle(call('present', args), 'ok'), zh)
    expect(name(r)).toBe('交付文件 已交付 out/a.txt, docs/b.md')
    expect(r.inspectLabel).toBe('查看调用')
    expect(name(row(call('present', args), zh))).toBe('交付文件 正在交付 out/a.txt, docs/b.md')
    expect(name(row(fail(call('present', args), 'x'), zh))).toBe('交付文件 交付失败 out/a.txt, docs/b.md')
  })
  it.each<[string, string, string]>([
    ['paths as written', JSON.stringify({ files: [{ path: 'a' }, { path: 'b\nc' }] }), 'a, b'],
    ['entries without a path are skipped', JSON.stringify({ files: [{ description: 'x' }, 'y', { path: ' ' }, { path: 'z' }] }), 'z'],
    ['no files', '{}', ''],
  ])('argument paths: %s', (_name, raw, expected) => expect(presentedArgumentPaths(raw)).toBe(expected))
})

describe('read_image image card (§10)', () => {
  const image = (extra: Record<string, unknown> = {}) =>
    ({ type: 'image', attachment: { attachmentId: 'sha256:1', mediaType: 'image/png', width: 1, height: 1, name: 'red.png', ...extra } })
  const node = call('read_image', { file_path: '/home/dev/project/red.png' })
  it('path label, images, the text envelope', () => {
    const r = row(settle(node, { content: [text('<path>/home/dev/project/red.png</path>'), image()] }))
    expect(r.body).toEqual({ kind: 'image', label: 'red.png', text: '<path>/home/dev/project/red.png</path>',
      images: [{ attachmentId: 'sha256:1', mediaType: 'image/png', width: 1, height: 1, name: 'red.png', alt: 'red.png' }] })
    expect(name(r)).toBe('Read image red.png')
  })
  it.each<[string, ToolCallNode]>([
    ['another block kind', settle(node, { content: [text('t'), image(), { type: 'resource' }] })],
    ['an image without attachmentId', settle(node, { content: [image({ attachmentId: 3 })] })],
    ['a non-image media type', settle(node, { content: [image({ mediaType: 'application/pdf' })] })],
    ['text only', settle(node, 'just text')],
    ['an error', fail(node, 'Error: too large')],
    ['running', node],
  ])('generic body when: %s', (_name, n) => expect(row(n).body?.kind ?? null).not.toBe('image'))
  it('a PTC child gets the card (no meta needed)', () => {
    const kid = settle(child('call_rc', 2, 'read_image', { file_path: 'red.png' }), { content: [text('env'), image()] })
    expect(row(kid)).toMatchObject({ title: 'Read image', summary: 'red.png', summaryStyle: 'text', filePath: null, body: { kind: 'image', label: 'red.png' } })
  })
})

describe('Read event summary without its card (§10, §11.6; issue 32)', () => {
  const read = call('session_event_read', { seq: 5 })
  const SPILLED = 'Session s1 — Read request event 5 with\nTarget event seq 5:\n```json\n{\n  "type": "user/message",\n  "seq": 5,\n  "data": {\n    "content": [\n\n(Omitted 782 bytes. Full formatted result stored at: /tmp/x.txt. Use read with offset/limit, or grep this path to search within it.)'
  it.each<[string, ToolCallNode, string]>([
    ['a result cut short by a spill notice: type and seq from what is there', settle(read, SPILLED), 'user/message · #5'],
    ['a target line without an event block', settle(read, 'Session s1 — T\nTarget event seq 7:\n(gone)'), '#7'],
    ['running: the seq argument', read, '#5'],
    ['a seq argument as a string', call('session_event_read', { seq: '12' }), '#12'],
    ['a result in another format: the seq argument', settle(read, 'something else'), '#5'],
  ])('%s', (_what, node, summary) => {
    const r = row(node)
    expect(r).toMatchObject({ title: 'Read event', summary, summaryStyle: 'text' })
    expect(r.body).toMatchObject({ kind: 'io' })
  })
  it('failed: the failure line; no seq at all: the generic summary', () => {
    expect(row(fail(read, 'Error: no such event'))).toMatchObject({ summary: 'Error: no such event', summaryStyle: 'failure' })
    expect(row(call('session_event_read', { seq: -1 })).summary).toBe('{"seq":-1}')
  })
})

describe('ask question card (§11.8)', () => {
  const questions = [{ id: 'q1', header: 'Deploy', question: 'Use CUDA?' }, { id: 'q2', question: 'Region?' }]
  const ask = call('ask_user_question', { questions })
  it('answered: Q&A pairs with selected answers, custom text, Not answered', () => {
    const r = row(settle(ask, JSON.stringify({ answers: [{ id: 'q1', selected: ['Yes'], custom: 'with fallback' }, { id: 'q2', selected: [] }] })))
    expect(r).toMatchObject({ summary: '1/2 answered', state: 'ok' })
    expect(r.body).toEqual({ kind: 'questions', verdict: null, items: [
      { header: 'Deploy', question: 'Use CUDA?', answers: ['Yes', 'with fallback'], missing: null },
      { header: null, question: 'Region?', answers: [], missing: 'Not answered' },
    ] })
  })
  it('answers that do not pair one-to-one by id: IN/OUT', () => {
    expect(row(settle(ask, JSON.stringify({ answers: [{ id: 'q1', selected: ['Yes'] }] }))).body).toMatchObject({ kind: 'io' })
    expect(row(settle(ask, JSON.stringify({ answers: [{ id: 'q1' }, { id: 'q3' }] }))).body).toMatchObject({ kind: 'io' })
  })
  it('cancelled: state ok, verdict and the question list', () => {
    const r = row(fail(ask, 'cancelled', { name: 'AskError', code: 'ASK_CANCELLED' }))
    expect(r).toMatchObject({ summary: 'cancelled', state: 'ok', dot: null, hiddenStatus: null })
    expect(r.body).toEqual({ kind: 'questions', verdict: 'This question set was cancelled before answers were submitted.', items: [
      { header: 'Deploy', question: 'Use CUDA?', answers: [], missing: null },
      { header: null, question: 'Region?', answers: [], missing: null },
    ] })
  })
  it('interrupted: state stopped, its verdict', () => {
    const r = row(fail(ask, 'aborted', { name: 'AskError', code: 'ASK_ABORTED' }))
    expect(r).toMatchObject({ summary: 'interrupted', state: 'stopped', body: { kind: 'questions', verdict: 'This question set was interrupted before answers were submitted.' } })
  })
  it('failed for another reason: the failure line, never the arguments\' JSON (issue 32)', () => {
    const r = row(fail(ask, 'Error: human interaction is unavailable\nmore', { name: 'UserQuestionError', code: 'DELEGATED_CALLER' }))
    expect(r).toMatchObject({ summary: 'Error: human interaction is unavailable', summaryStyle: 'failure', state: 'error', body: { kind: 'io' } })
  })
  it('stopped, running, or settled with a text that is not the answers: a summary from the spec or the first question', () => {
    expect(row(interrupt(ask))).toMatchObject({ summary: 'interrupted', state: 'stopped', summaryStyle: 'text' })
    expect(row(ask)).toMatchObject({ summary: 'waiting', state: 'running' })
    expect(row(settle(ask, 'The user answered in the chat.'))).toMatchObject({ summary: 'Use CUDA?', state: 'ok', body: { kind: 'io' } })
    // Arguments that name no question: the generic summary.
    expect(row(settle(call('ask_user_question', { note: 'n' }), 'x')).summary).toBe('n')
  })
  it('zh', () => {
    const r = row(settle(ask, JSON.stringify({ answers: [{ id: 'q1', selected: ['是'] }, { id: 'q2' }] })), zh)
    expect(r).toMatchObject({ summary: '1/2 已回答', body: { items: [{ missing: null }, { missing: '未回答' }] } })
    expect(row(fail(ask, 'x', { name: 'AskError', code: 'ASK_CANCELLED' }), zh).body).toMatchObject({ verdict: '本轮已取消，未提交回答' })
  })
})
