/**
 * The newer client's turn layout (cards-current.md §5–§6) on the logs behind the upstream goldens (§15.2,
 * §15.3), on typed sessions for the rules the goldens do not reach, and as a property: placements cover every
 * row, in one monotonic lead → process → after order whenever the turn can fold.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { assemble } from '../conversation'
import { parseLogText } from '../log/json/parse-text'
import type { PageSection, RowPlacement } from './types'
import { turnDuration } from './turn-layout'
import { viewModel } from './view-model'
import { CTX, ctxWith } from './testing'
import { linesOf } from '../conversation/testing'
import { reasoning, session, text, type SessionBuilder } from '../log/testing/session'

const corpus = (name: string) => corpusLogs().find(l => l.path.endsWith(name))
function sectionsOf(name: string, locale: 'en' | 'zh' = 'en'): PageSection[] {
  const log = corpus(name)
  if (log === undefined) throw new Error(`no corpus log ${name}`)
  const model = assemble(parseLogText(readFileSync(log.url, 'utf8')).lines)
  return viewModel(model, ctxWith({ locale })).sections
}
const turn = (sections: PageSection[], n: number) => {
  const s = sections.find(x => x.turn === n)
  if (s === undefined) throw new Error(`no turn ${n}`)
  return s
}
/** `zone[group]` per visible row kind, hidden rows as `(kind)`. */
const shape = (s: PageSection) => s.rows.map((r, i) => {
  const p = s.placements?.[i] as RowPlacement
  const tag = `${r.kind}:${p.zone}${p.group === null ? '' : `[${p.group}]`}`
  return p.hidden ? `(${tag})` : tag
})

describe('ptc-round (§15.2)', () => {
  const s = turn(sectionsOf('zq0929__snapshots_web_ptc-round_session.v4.jsonl'), 1)
  it('user message leads; Think, the run_code tree and the answer Think fold into one group; DONE stays', () => {
    expect(shape(s)).toEqual([
      '(system:lead)', 'user:lead', '(context:lead)', '(context:lead)',
      'think:process[0]', 'tool:process[0]', 'think:process[0]', 'markdown:after', 'turn-tail:after',
    ])
    expect(s.process?.groups.map(g => g.title)).toEqual(['Ran code, ran commands, read files'])
  })
  it('a completed control that folds; the stripped fixture has no times, so no duration', () => {
    expect(s.process?.control).toMatchObject({ state: 'completed', announcement: 'Completed', label: 'Completed', collapsible: true, hasContent: true })
  })
  it('zh', () => {
    const zh = turn(sectionsOf('zq0929__snapshots_web_ptc-round_session.v4.jsonl', 'zh'), 1)
    expect(zh.process?.groups[0]?.title).toBe('运行了代码，执行了命令，已读取文件')
    expect(zh.process?.control?.label).toBe('已完成')
  })
})

describe('a real dsh run (real-host node20-basic): turns with times read "Completed in …"', () => {
  it.each(['en', 'zh'] as const)('%s', locale => {
    const log = corpusLogs().find(l => l.scenario === 'real-host-node20-basic')
    if (log === undefined) throw new Error('no real-host log')
    const sections = viewModel(assemble(parseLogText(readFileSync(log.url, 'utf8')).lines), ctxWith({ locale })).sections
    const labels = sections.flatMap(x => (x.process?.control ? [x.process.control.label] : []))
    expect(labels.length).toBeGreaterThan(0)
    for (const label of labels) expect(label).toMatch(locale === 'en' ? /^Completed in (?:\d+m )?\d+s$/ : /^已完成，用时 (?:\d+分)?\d+秒$/)
  })
})

describe('official-subagent-bundle (§15.3)', () => {
  const sections = sectionsOf('zq0929__snapshots_web_official-subagent-bundle_session.v4.jsonl')
  it('turn 1: the run_code tree folds under "Ran code and coordinated subagents"', () => {
    const s = turn(sections, 1)
    expect(s.process?.groups.map(g => g.title)).toEqual(['Ran code and coordinated subagents'])
    expect(s.process?.control).toMatchObject({ collapsible: true })
  })
  it('turn 2: a trigger row opens it; only the answer → a disabled control without content', () => {
    const s = turn(sections, 2)
    const trigger = s.rows[0]
    expect(trigger?.kind === 'context' ? trigger.trigger : null).toMatchObject({ title: 'Subtask status updated', explanation: 'This notification triggered this response.' })
    expect(shape(s)).toEqual(['context:lead', 'markdown:after', 'turn-tail:after'])
    expect(s.process?.control).toMatchObject({ collapsible: false, hasContent: false })
  })
  it('the injected context rows of turn 1 are hidden, not triggers', () => {
    const s = turn(sections, 1)
    const contexts = s.rows.flatMap((r, i) => (r.kind === 'context' ? [{ r, p: s.placements?.[i] }] : []))
    expect(contexts.length).toBeGreaterThan(0)
    for (const { r, p } of contexts) {
      expect(r.kind === 'context' && r.trigger).toBe(null)
      expect(p?.hidden).toBe(true)
    }
  })
})

describe('every corpus session', () => {
  const logs = corpusLogs().filter(l => !l.zstd)
  it.each(logs)('$scenario: one placement per row; a folding turn is lead → process → after', ({ url }) => {
    const model = assemble(parseLogText(readFileSync(url, 'utf8')).lines)
    for (const s of viewModel(model, CTX).sections) {
      expect(s.placements).toHaveLength(s.rows.length)
      // The tail is drawn last whatever its anchor, so it is left out of the order check.
      const zones = (s.placements ?? []).filter((p, i) => !p.hidden && s.rows[i]?.kind !== 'turn-tail').map(p => p.zone)
      if (s.process?.control?.collapsible === true) {
        const order = zones.map(z => ['lead', 'process', 'after'].indexOf(z))
        expect(order).toEqual([...order].sort((a, b) => a - b))
      }
      for (const p of s.placements ?? []) if (p.group !== null) expect(s.process?.groups[p.group]).toBeDefined()
    }
  })
})

describe('turn duration (§5.4)', () => {
  it.each([
    [0, 'en', '1s'], [999, 'en', '1s'], [5_900, 'en', '5s'], [65_000, 'en', '1m 5s'], [3_725_000, 'en', '1h 2m 5s'],
    [3_600_000, 'en', '1h 0m 0s'], [5_000, 'zh', '5秒'], [65_000, 'zh', '1分5秒'], [3_725_000, 'zh', '1小时2分5秒'],
  ] as const)('%i ms (%s) → %s', (ms, locale, text) => expect(turnDuration(ms, locale)).toBe(text))
})

describe('typed sessions: rules the goldens do not reach', () => {
  const build = (write: (log: SessionBuilder) => void, locale: 'en' | 'zh' = 'en') => {
    const log = session({ version: 4 })
    write(log)
    return viewModel(assemble(linesOf(log)), ctxWith({ locale })).sections.filter(s => s.turn !== null)
  }
  const toolTurn = (log: SessionBuilder, reason: { kind: string } = { kind: 'completed' }) => {
    log.turnStart(); log.stepStart(); log.user('go')
    log.call('bash', { command: 'ls' }, 'c1'); log.result('c1', 'a.txt'); log.stepEnd()
    log.stepStart(); log.assistant('done'); log.stepEnd(); log.turnEnd(reason)
  }

  it('a completed turn with a tool folds; its times give "Completed in 9s"', () => {
    const [s] = build(log => toolTurn(log))
    expect(s?.process?.control).toMatchObject({ label: 'Completed in 9s', collapsible: true, state: 'completed' })
  })
  it.each([
    ['aborted', 'Stopped', 'stopped'],
    ['error', 'Failed', 'failed'],
  ] as const)('an %s turn never folds: %s', (kind, label, state) => {
    const [s] = build(log => toolTurn(log, { kind }))
    expect(s?.process?.control).toMatchObject({ label, state, collapsible: false, hasContent: true })
  })
  it('steering mid-turn: interleaved input, no fold, no aria-expanded content', () => {
    const [s] = build(log => {
      log.turnStart(); log.stepStart(); log.user('go')
      log.call('bash', { command: 'ls' }, 'c1'); log.result('c1', 'x'); log.stepEnd()
      log.stepStart(); log.user('also this'); log.call('bash', { command: 'pwd' }, 'c2'); log.result('c2', 'y'); log.stepEnd()
      log.stepStart(); log.assistant('done'); log.stepEnd(); log.turnEnd()
    })
    expect(s?.process?.control).toMatchObject({ collapsible: false, hasContent: false })
  })
  it('an answer with reasoning and nothing else still has content (its Think folds)', () => {
    const [s] = build(log => {
      log.turnStart(); log.stepStart(); log.user('hi'); log.assistant([reasoning('**Plan** it'), text('hello')]); log.stepEnd(); log.turnEnd()
    })
    expect(s?.process?.control).toMatchObject({ collapsible: true, hasContent: true })
    const think = s?.rows.find(r => r.kind === 'think')
    expect(think?.kind === 'think' && think.preview).toBe('Plan it')
    expect(s?.process?.groups.map(g => g.title)).toEqual(['Analysis completed'])
  })
  it('a last step with tool calls has no answer: its text folds too', () => {
    const [s] = build(log => {
      log.turnStart(); log.stepStart(); log.user('go')
      log.assistant('checking'); log.call('read', { file_path: 'a' }, 'c1'); log.result('c1', 'x'); log.stepEnd(); log.turnEnd()
    })
    // The log anchors the tail after the closing text; it still never interleaves (drawn last).
    expect(shape(s as PageSection)).toEqual(['user:lead', 'markdown:process', 'turn-tail:after', 'tool:process[0]'])
    expect(s?.process?.control).toMatchObject({ collapsible: true })
  })
  it('a workspace/changes event (the Host serves its summary) draws nothing, never an unknown-event row', () => {
    const log = session({ version: 4 })
    toolTurn(log)
    // Through the reader, as a log on disk is read: an unknown type would become a raw row.
    const text = `${log.jsonl().trimEnd()}\n${JSON.stringify({ type: 'workspace/changes', seq: log.nextSeq, time: log.timeOf(log.nextSeq), data: { turn: 1 } })}\n`
    const rows = viewModel(assemble(parseLogText(text).lines), CTX).sections.flatMap(x => x.rows)
    expect(rows.some(r => r.kind === 'raw-event')).toBe(false)
    expect(rows.some(r => r.kind === 'tool')).toBe(true)
  })
  it('an open turn has groups but no control', () => {
    const [s] = build(log => {
      log.turnStart(); log.stepStart(); log.user('go'); log.call('grep', { pattern: 'x' }, 'c1'); log.result('c1', 'a.ts:1:x')
    })
    expect(s?.process).toMatchObject({ closed: false, control: null, groups: [{ title: 'Searched code' }] })
  })
  it('a session reference after the prompt decorates the bubble, en and zh', () => {
    const refs = { kind: 'session-reference', references: [{ label: 'Fix CI' }, { label: 'Docs' }, { label: 'Fix CI' }] }
    for (const [locale, expected] of [['en', 'Referenced session · Fix CI, Docs'], ['zh', '引用会话 · Fix CI、Docs']] as const) {
      const [s] = build(log => { log.turnStart(); log.stepStart(); log.user('go'); log.user('recalled', refs); log.assistant('ok'); log.stepEnd(); log.turnEnd() }, locale)
      const user = s?.rows[0]
      expect(user?.kind === 'user' && user.references).toBe(expected)
    }
  })
  it('a notice the next-turn inbox queued opens its turn as a trigger; a later notice with the same id does not', () => {
    const sections = build(log => {
      toolTurn(log)
      log.push('agent/inbox/spliced', { target: 'next-turn', start: 0, inserted: [{ id: 'n1', role: 'user', content: [], source: { kind: 'webhook', provider: 'github' } }] })
      log.turnStart(); log.stepStart()
      log.push('user/message', { id: 'n1', role: 'user', content: [text('push to main')], source: { kind: 'webhook', provider: 'github' } }, { surfaceOp: 'append' })
      log.push('user/message', { id: 'n1', role: 'user', content: [text('again')], source: { kind: 'webhook' } }, { surfaceOp: 'append' })
      log.assistant('seen'); log.stepEnd(); log.turnEnd()
    })
    const rows = sections[1]?.rows.filter(r => r.kind === 'context') ?? []
    expect(rows.map(r => (r.kind === 'context' ? r.trigger?.title ?? null : null))).toEqual(['GitHub event received', null])
  })
})
