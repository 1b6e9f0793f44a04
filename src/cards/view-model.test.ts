import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../log/json/parse-text'
import { assemble } from '../conversation'
import type { ChatNode, Conversation } from '../conversation/model'
import { nodeRows, viewModel } from './view-model'
import { CTX, call, ctxWith, settle, text } from './testing'
import type { PageRow, PageViewModel, ToolRowModel } from './types'

const CORPUS = new URL('../../fixtures/corpus/', import.meta.url)
const load = (rel: string): Conversation => assemble(parseLogText(readFileSync(new URL(rel, CORPUS), 'utf8')).lines)
const rows = (vm: PageViewModel): PageRow[] => vm.sections.flatMap(s => s.rows)
const tools = (vm: PageViewModel): ToolRowModel[] => rows(vm).filter((r): r is ToolRowModel => r.kind === 'tool')
const headerName = (r: ToolRowModel) =>
  [r.hiddenStatusPlacement === 'in-header' ? r.hiddenStatus : null, r.title, r.summary].filter(s => s).join(' ')

describe('goldens end to end (cards.md §15.3)', () => {
  it('B: bash-abort-row', () => {
    const vm = viewModel(load('v0/acp-agent/cancel-tool-calls/session.jsonl'), ctxWith({ cwd: '/tmp/ws-b', home: null }))
    expect(rows(vm).map(r => r.kind)).toEqual(['user', 'context', 'tool', 'tool'])
    const [user, context] = rows(vm)
    expect(user).toMatchObject({ text: 'Run two shell commands: wait for cancellation, then write skipped.txt.', copy: { label: 'Copy' } })
    expect(context).toMatchObject({ label: 'Context injection', producer: '@deepseek-ai/dsh-system-prompt' })
    expect(tools(vm).map(headerName)).toEqual(['Failed Bash Error: tool call aborted', 'Failed Bash Error: tool call aborted before dispatch'])
    expect(tools(vm).map(r => r.expandable)).toEqual([true, true])
    expect(tools(vm)[0]?.body).toMatchObject({ kind: 'io', output: 'Error: tool call aborted' })
  })

  it('C: skill-tool-row', () => {
    const vm = viewModel(load('v0/acp-agent/skill-load/session.jsonl'), ctxWith({ cwd: '/tmp/ws-c', home: null }))
    const visible = rows(vm).map(r => r.kind === 'tool' ? `tool ${headerName(r)}`
      : r.kind === 'context' ? `${r.label} ${r.producer}`
      : r.kind === 'think' ? `${r.title} ${r.summary}`
      : r.kind === 'markdown' ? `markdown ${r.text}` : r.kind)
    expect(visible).toEqual([
      'user',
      'Context injection @deepseek-ai/dsh-system-prompt',
      'Context injection skill-catalog',
      'Think Load the requested skill.',
      'tool Skill editing-cordis-compositions',
      'Think The skill is loaded.',
      'markdown DONE',
      'turn-tail',
    ])
    const skill = tools(vm)[0]
    expect(skill?.body).toMatchObject({ kind: 'skill', label: 'Instructions' })
    expect(skill?.body?.kind === 'skill' ? skill.body.text.startsWith('<skill_content name="editing-cordis-compositions">') : false).toBe(true)
  })

  it('A: pwsh-terminal (legacy seed, cwd from the seeder)', () => {
    const vm = viewModel(load('web-goldens/pwsh-terminal/seed.jsonl'), ctxWith({ cwd: '/tmp/dsh-web-e2e-ws-golden', home: null }))
    const pwsh = tools(vm)[0]
    const card = pwsh?.body?.kind === 'terminal' ? pwsh.body : null
    expect([card?.stateLabel, card?.prompts[0]?.label, card?.prompts[0]?.text, card?.pill].join(' '))
      .toBe('Failed dsh-web-e2e-ws-golden Get-Item missing.txt exit code 1')
    expect(card?.copy?.label).toBe('Copy')
    expect(pwsh).toMatchObject({ title: 'Pwsh', summary: 'Fail deliberately', state: 'error', hiddenStatus: 'Failed' })
  })
})

function corpusLogs(): string[] {
  return readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
    .map(p => p.split('\\').join('/'))
    .filter(p => p.endsWith('.jsonl'))
    .sort()
}

describe('every corpus log', () => {
  it('finds the corpus', () => expect(corpusLogs().length).toBeGreaterThan(100))
  it.each(corpusLogs())('%s: plain JSON, unique keys, both locales', rel => {
    const conversation = load(rel)
    for (const locale of ['en', 'zh'] as const) {
      const vm = viewModel(conversation, { cwd: conversation.facts.cwd, home: '/home/dev', locale })
      expect(JSON.parse(JSON.stringify(vm))).toEqual(vm)
      const keys = rows(vm).map(r => r.key)
      expect(new Set(keys).size).toBe(keys.length)
      for (const r of tools(vm)) expect(r.expandable).toBe(r.body !== null)
    }
  })
})

describe('nodeRows: non-tool nodes', () => {
  const base = { anchorSeq: 1, inherited: false }
  const one = (node: ChatNode, ctx = CTX) => nodeRows(node, ctx)
  it('assistant: one row per block, Stopped marker when interrupted', () => {
    const node: ChatNode = { ...base, kind: 'assistant', key: 'a', turn: 1, step: 1, status: 'interrupted', fromChunks: true,
      seq: null, time: null, messageId: null, provider: null, model: null, usage: null, blocks: [
        { type: 'think', text: 'plan\nmore', summary: 'plan' },
        { type: 'markdown', text: '# Hi <img src=x onerror=alert(1)>' },
        { type: 'images', images: [{ type: 'image', attachment: { attachmentId: 'sha256:ab', mediaType: 'image/png', width: 2, height: 3 } }] },
        { type: 'unknown', block: { type: 'audio', data: 'x' } },
      ] }
    expect(one(node)).toEqual([
      { kind: 'think', key: 'a:0', title: 'Think', summary: 'plan', text: 'plan\nmore', running: false, hiddenStatus: null, preview: 'plan' },
      { kind: 'markdown', key: 'a:1', text: '# Hi <img src=x onerror=alert(1)>', html: null },
      { kind: 'images', key: 'a:2', images: [{ attachmentId: 'sha256:ab', mediaType: 'image/png', width: 2, height: 3, name: null, alt: 'image/png' }] },
      { kind: 'unknown-block', key: 'a:3', label: 'Unknown content block', json: '{\n  "type": "audio",\n  "data": "x"\n}' },
      { kind: 'stopped', key: 'a:stopped', label: 'Stopped' },
    ])
  })
  it('streaming: the last Think row is running', () => {
    const node: ChatNode = { ...base, kind: 'assistant', key: 'a', turn: 1, step: 1, status: 'streaming', fromChunks: true,
      seq: null, time: null, messageId: null, provider: null, model: null, usage: null, blocks: [{ type: 'think', text: 'x', summary: 'x' }] }
    expect(one(node, ctxWith({ locale: 'zh' }))[0]).toMatchObject({ running: true, hiddenStatus: '运行中' })
  })
  it('context recall with a notice, zh', () => {
    const node: ChatNode = { ...base, kind: 'context', key: 'c', seq: 1, time: null, messageId: 'm', sourceKind: 'session-reference',
      title: 'recall', label: 'Earlier session', summary: 'Background subagent finished', form: 'notice', content: [text('body')], source: { kind: 'session-reference' } }
    expect(one(node, ctxWith({ locale: 'zh' }))).toEqual([{ kind: 'context', key: 'c', label: '跨会话召回', producer: 'Earlier session',
      notice: 'Background subagent finished', text: 'body', trigger: null }])
  })
  it('steering message with an image and a UTC time', () => {
    const node: ChatNode = { ...base, kind: 'steering', key: 'u', seq: 1, time: Date.UTC(2026, 0, 2, 3, 4, 5), messageId: 'm',
      content: [text('stop that'), { type: 'image', attachment: { name: 'shot.png' } }], text: 'stop that' }
    expect(one(node)[0]).toMatchObject({ role: 'steering', time: { iso: '2026-01-02T03:04:05.000Z', label: '2026-01-02 03:04:05 UTC' },
      images: [{ name: 'shot.png', alt: 'shot.png' }] })
  })
  it('command, compaction, retry, replacement, attempt', () => {
    expect(one({ ...base, kind: 'command', key: 'k', commandId: 'c', name: 'sandbox', args: ' read-only', status: 'success', text: 'ok',
      runSeq: 1, doneSeq: 2, time: null })).toEqual([{ kind: 'command', key: 'k', text: '/sandbox read-only', status: 'success', statusLabel: 'Done', output: 'ok' }])
    expect(one({ ...base, kind: 'compaction', key: 'p', compactionId: 'x', mode: 'compaction', status: 'done', turn: null, startSeq: 1,
      endSeq: 3, summary: [text('summary')], shadowedSeqs: [], shadowedTokenCount: 10, replacementSeqs: [], error: null }))
      .toEqual([{ kind: 'compaction', key: 'p', label: 'Context compacted', summary: 'summary', status: 'done', detail: null }])
    expect(one({ ...base, kind: 'retry', key: 'r', seq: 1, time: null, turn: 1, step: 1, retry: 1, maxRetries: 3, delayMs: 2000,
      failure: { message: 'overloaded', code: '529' } })).toEqual([{ kind: 'retry', key: 'r', label: 'Retry 1/3', detail: 'overloaded · after 2.0s' }])
    expect(one({ ...base, kind: 'replacement', key: 'x', seq: 4, eventType: 'tool/result', start: 1, end: 3 })[0]).toMatchObject({ kind: 'replacement' })
    expect(one({ ...base, kind: 'attempt', key: 't', seq: 1, time: null, turn: 1, step: 1, finishReason: 'error',
      failure: { message: 'boom', code: 'E' }, blocks: [{ type: 'markdown', text: 'partial' }], usage: null })[0])
      .toMatchObject({ kind: 'attempt', label: 'Attempt failed', detail: 'E: boom', blocks: [{ kind: 'markdown', text: 'partial' }] })
  })
  it('raw events and invalid lines stay visible', () => {
    expect(one({ ...base, kind: 'raw', key: 'r1', rawKind: 'unknown', line: 7, frame: null, seq: 5, type: 'future/event', reason: 'unknown type', text: null, data: { a: 1 } }))
      .toEqual([{ kind: 'raw-event', key: 'r1', type: 'future/event', seq: 5, line: 7, reason: 'unknown type', json: '{\n  "a": 1\n}', label: 'Unknown event', lineLabel: 'line 7' }])
    expect(one({ ...base, kind: 'raw', key: 'r2', rawKind: 'invalid', line: 9, frame: null, seq: null, type: null, reason: 'bad JSON', text: '{oops', data: null }))
      .toEqual([{ kind: 'invalid-line', key: 'r2', line: 9, reason: 'bad JSON', text: '{oops', label: 'Unreadable line', lineLabel: 'line 9' }])
  })
  it.each([
    ['en', 'running', 'Running'], ['en', 'success', 'Done'], ['en', 'error', 'Failed'],
    ['zh', 'running', '运行中'], ['zh', 'success', '已完成'], ['zh', 'error', '失败'],
  ] as const)('%s: a %s command says so in words (%s); raw rows are named in the locale', (locale, status, label) => {
    const ctx = { ...CTX, locale }
    const command = nodeRows({ ...base, kind: 'command', key: 'k', commandId: 'c', name: 'x', args: null, status, text: null, runSeq: 1, doneSeq: null, time: null }, ctx, [])
    expect(command[0]).toMatchObject({ kind: 'command', statusLabel: label })
    const raw = nodeRows({ ...base, kind: 'raw', key: 'r', rawKind: 'invalid', line: 3, frame: null, seq: null, type: null, reason: 'x', text: '', data: null }, ctx, [])
    expect(raw[0]).toMatchObject(locale === 'zh' ? { label: '无法读取的行', lineLabel: '第 3 行' } : { label: 'Unreadable line', lineLabel: 'line 3' })
  })
  it('turn tail: timing from the closing message, deliverables, nothing when empty', () => {
    const closing: ChatNode = { ...base, kind: 'assistant', key: 'a', turn: 1, step: 2, status: 'settled', fromChunks: false, seq: 20,
      time: Date.UTC(2026, 0, 1), messageId: 'm', provider: null, model: null, usage: null, blocks: [{ type: 'markdown', text: 'done' }] }
    const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 0 }
    const tail = { ...base, kind: 'turn-tail' as const, key: 'tail:1', turn: 1, endSeq: 30, endReason: 'completed', error: null,
      closingMessageSeq: 20, durationMs: 65_000, ttftMs: 850, steps: 2, usage, tokensPerSecond: 42.14,
      deliverables: ['a.txt', 'src/b.ts', 'c', 'd', 'e', 'f', 'g/h.md'] }
    expect(nodeRows(tail, CTX, [closing, tail])).toEqual([{ kind: 'turn-tail', key: 'tail:1', turn: 1, error: null,
      timing: { time: { iso: '2026-01-01T00:00:00.000Z', label: '2026-01-01 00:00:00 UTC' }, ranFor: 'Ran for 1m 05s', ttft: 'TTFT 850ms', throughput: '42.1 tok/s' },
      deliverables: { label: 'Produced', overflow: '+ 1 file',
        chips: ['a.txt', 'src/b.ts', 'c', 'd', 'e', 'f'].map(p => ({ label: p.split('/').pop(), path: p, aria: `Open ${p}` })),
        hidden: [{ label: 'h.md', path: 'g/h.md', aria: 'Open g/h.md' }] },
      reply: { copy: { label: 'Copy', copiedLabel: 'Copied', text: 'done' }, clock: { iso: '2026-01-01T00:00:00.000Z', label: '00:00' } },
      notice: null }])
    expect(nodeRows({ ...tail, closingMessageSeq: null, deliverables: [] }, CTX)).toEqual([])
    expect(nodeRows({ ...tail, closingMessageSeq: null, deliverables: ['x/y.txt'] }, ctxWith({ locale: 'zh' }))[0])
      .toMatchObject({ timing: null, deliverables: { label: '产物', chips: [{ label: 'y.txt', aria: '打开 x/y.txt' }], overflow: null } })
  })
  it('tool nodes go through toolRowModel', () => {
    expect(one({ ...base, kind: 'tool', key: 'tool:c', call: settle(call('read', { file_path: 'a.txt' }), 'x') })[0]).toMatchObject({ kind: 'tool', title: 'Read', summary: 'a.txt' })
  })
})
