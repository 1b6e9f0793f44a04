/**
 * Ledger rows and their details from real logs and generated ones (trajectory.md §3, §5, §9, §10.4): the
 * ptc-round log's nine rows as the spec lists them — names, markers, content, results, the turn label — the
 * tabs of every kind of selection, the request and assistant Summary lists the upstream golden captured,
 * Usage (this request and cumulative), and the zh page's words.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../log/json/parse-text'
import { session, toolCallBlock } from '../log/testing/session'
import { assembleTrajectory } from '../trajectory'
import { trajectoryOf } from '../trajectory/testing'
import { ledgerSection } from './rows'
import { testContext, terms } from './testing'
import type { Block, LedgerRow } from './types'

const PTC = readFileSync(new URL('../../fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl', import.meta.url), 'utf8')
const snapshot = assembleTrajectory(parseLogText(PTC).lines)

function rowsOf(locale: 'en' | 'zh' = 'en'): LedgerRow[] {
  const ctx = testContext(snapshot, locale)
  return snapshot.sections.flatMap((s) => ledgerSection(s, ctx).rows)
}

const tabIds = (row: LedgerRow | undefined, of: 'rec' | 'req') => row?.inspectors.find((i) => i.of === of)?.tabs.map((t) => t.label)

describe('the ptc-round ledger (§10.4)', () => {
  const rows = rowsOf()

  it('names every row as the client does: {Request N, }{KIND}, {content}', () => {
    expect(rows.map((r) => r.aria)).toEqual([
      'SYSTEM, Initial System Prompt',
      expect.stringMatching(/^USER, Using ONE run_code program: run bash echo CODE_ROUND_OK, then read /),
      expect.stringMatching(/^CONTEXT, Current runtime context\. This snapshot supersedes /),
      expect.stringMatching(/^CONTEXT, Time sampled while preparing turn 1, step 1: /),
      expect.stringMatching(/^Request 1, ASSISTANT, The user wants me to write a single run_code program that: Runs bash /),
      'TOOL, run_code Run bash echo and catch missing file read',
      'SUBTOOL, bash {"command":"echo CODE_ROUND_OK","description":"Echo CODE_ROUND_OK"}',
      'SUBTOOL, read {"file_path":"missing.txt"}',
      'Request 2, ASSISTANT, DONE',
    ])
  })

  it('puts the turn label on the first content row and the markers on their requests\' rows', () => {
    expect(rows.map((r) => r.turnLabel?.text ?? null)).toEqual([null, 'Turn 1', null, null, null, null, null, null, null])
    expect(rows[1]?.turnLabel).toEqual({ turn: 1, text: 'Turn 1', compact: '#1' })
    expect(rows.map((r) => r.marker?.label ?? null)).toEqual([null, null, null, null, 'Request #1', null, null, null, 'Request #2'])
    expect(rows[4]?.marker).toMatchObject({ id: 'req-1', status: 'complete' })
  })

  it('draws tools as name and arguments, run_code as its description, results after →', () => {
    expect(rows[5]?.content).toEqual({ kind: 'tool', name: 'run_code', text: 'Run bash echo and catch missing file read', program: true })
    expect(rows[6]?.result).toEqual({ text: 'CODE_ROUND_OK', tone: null, verbatim: true })
    expect(rows[7]?.result).toEqual({ text: 'FS_NOT_FOUND', tone: 'error', verbatim: true })
    expect(rows[7]?.title).toBe('read {"file_path":"missing.txt"} → FS_NOT_FOUND')
    expect(rows.map((r) => r.id)).toEqual(['rec-1', 'rec-2', 'rec-3', 'rec-4', 'rec-5', 'rec-6', 'rec-7', 'rec-8', 'rec-9'])
  })

  it('gives each selection its tabs (§5.2)', () => {
    expect(tabIds(rows[4], 'req')).toEqual(['Summary', 'Options', 'Usage', 'Timing'])
    expect(tabIds(rows[0], 'rec')).toEqual(['System Prompt', 'Tools'])
    expect(tabIds(rows[1], 'rec')).toEqual(['Summary', 'Preview', 'Raw', 'Source'])
    expect(tabIds(rows[4], 'rec')).toEqual(['Summary', 'Preview', 'Raw'])
    expect(tabIds(rows[5], 'rec')).toEqual(['Summary', 'Code', 'Output', 'Schema', 'Timing'])
    expect(tabIds(rows[6], 'rec')).toEqual(['Summary', 'Payload', 'Result', 'Schema', 'Timing'])
  })

  it('lists the settled Summaries the upstream golden captured', () => {
    const request = rows[4]?.inspectors.find((i) => i.of === 'req')
    expect(request).toMatchObject({ title: 'Request #1', where: 'Turn 1' })
    expect(terms(request)).toEqual([
      ['Status', 'Completed'], ['Provider', 'deepseek-official'], ['Model', 'deepseek-v4-flash'], ['Tool calls', '1'], ['Subtool calls', '2'], ['Result', 'Assistant Message'],
    ])
    const assistant = rows[4]?.inspectors.find((i) => i.of === 'rec')
    expect(assistant).toMatchObject({ title: 'ASSISTANT', where: 'Turn 1 · Step 1' })
    expect(terms(assistant)).toEqual([['Source', 'Request #1'], ['Status', 'Completed'], ['Tokens', '235 tok'], ['Reasoning', '75 tok'], ['Content', '160 tok']])
  })

  it('shows Usage for this request and the session so far (§10.4: Request #2)', () => {
    const usage = rows[8]?.inspectors.find((i) => i.of === 'req')?.tabs.find((t) => t.id === 'usage')?.blocks ?? []
    const section = (i: number) => {
      const block = usage[i]
      return block?.kind === 'section' ? block.blocks.flatMap((b) => (b.kind === 'terms' ? b.terms.map((t) => `${t.indent === true ? '  ' : ''}${t.term} ${String(t.value)}`) : [])) : []
    }
    expect(usage.map((b) => (b.kind === 'section' ? b.heading : ''))).toEqual(['This request', 'Session cumulative'])
    expect(section(0)).toEqual(['Input 8772 tok', '  Cached 8576 tok', '  Other 196 tok', 'Output 17 tok', '  Reasoning 14 tok', '  Content 3 tok'])
    expect(section(1)).toEqual(['Input 17238 tok', '  Cached 8960 tok', '  Other 8278 tok', 'Output 252 tok', '  Reasoning 89 tok', '  Content 163 tok'])
    expect(JSON.stringify(usage)).not.toMatch(/%|K tok/)
  })

  it('reads a log without envelope times as "Not recorded" (§4.10)', () => {
    const timing = terms(rows[4]?.inspectors.find((i) => i.of === 'req'), 'timing')
    expect(timing).toEqual([['Started', 'Not available'], ['Total duration', 'Not recorded'], ['TTFT', 'Not recorded'], ['Generation', 'Not recorded'], ['Throughput', 'Not recorded']])
  })

  it('links a sub-call to its assistant message and its tool call (Hierarchy)', () => {
    const summary = rows[7]?.inspectors.find((i) => i.of === 'rec')?.tabs[0]?.blocks ?? []
    const hierarchy = summary.flatMap((b: Block) => (b.kind === 'terms' ? b.terms : [])).find((t) => t.term === 'Hierarchy')?.value
    expect(hierarchy).toEqual([
      { kind: 'link', label: 'Assistant Message', to: { target: 'rec-5' }, button: true },
      { kind: 'link', label: 'Tool Call', to: { target: 'rec-6' }, button: true },
    ])
  })

  it('writes zh with dsh\'s own words', () => {
    const zh = rowsOf('zh')
    expect(zh[4]?.aria).toMatch(/^请求 1，助手，/)
    expect(zh[1]?.turnLabel?.text).toBe('第 1 轮')
    expect(terms(zh[4]?.inspectors.find((i) => i.of === 'req'))).toEqual([
      ['状态', '已完成'], ['提供方', 'deepseek-official'], ['模型', 'deepseek-v4-flash'], ['工具调用', '1'], ['子工具调用', '2'], ['结果', '助手消息'],
    ])
  })
})

describe('rows by kind (generated logs)', () => {
  it('an assistant that only calls tools reads "(tool call only)", muted; a result without text "No output", muted', () => {
    const s = session()
    s.turnStart()
    s.user('go')
    s.stepStart()
    s.assistant([toolCallBlock('c1', 'bash', { command: 'true' })])
    s.call('bash', { command: 'true' }, 'c1')
    s.result('c1', '')
    s.stepEnd()
    s.turnEnd()
    const snap = trajectoryOf(s)
    const ctx = testContext(snap)
    const rows = snap.sections.flatMap((sec) => ledgerSection(sec, ctx).rows)
    const assistant = rows.find((r) => r.kind === 'message')
    expect(assistant?.content).toEqual({ kind: 'muted', text: '(tool call only)' })
    expect(assistant?.aria).toBe('Request 1, ASSISTANT, (tool call only)')
    expect(rows.find((r) => r.kind === 'tool')?.result).toEqual({ text: 'No output', tone: 'muted', verbatim: false })
  })

  it('a request with no answer is a request-only row that names its request and cannot be focused', () => {
    const s = session()
    s.turnStart()
    s.user('go')
    s.stepStart()
    s.stepEnd()
    s.turnEnd({ kind: 'error', message: 'boom' })
    const snap = trajectoryOf(s)
    const ctx = testContext(snap)
    const rows = snap.sections.flatMap((sec) => ledgerSection(sec, ctx).rows)
    const only = rows.find((r) => r.requestOnly)
    expect(only).toMatchObject({ tag: '', inert: true, content: { kind: 'empty' }, aria: 'Request 1, no content', status: 'error' })
    expect(only?.marker?.status).toBe('error')
    expect(terms(only?.inspectors[0])[0]).toEqual(['Status', 'Failed'])
  })
})
