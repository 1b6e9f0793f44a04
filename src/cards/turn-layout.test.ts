/**
 * The newer client's turn layout (cards-current.md §5–§6) on the logs behind the upstream goldens (§15.2,
 * §15.3), on typed sessions for the rules the goldens do not reach, and as a property: placements cover every
 * row, in one monotonic lead → process → after order whenever the turn can fold.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { assemble } from '../conversation'
import { parseLogText } from '../log/parse-text'
import type { PageSection, RowPlacement } from './types'
import { turnDuration } from './turn-layout'
import { viewModel } from './view-model'
import { CTX, ctxWith } from './testing'

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
      const zones = (s.placements ?? []).filter(p => !p.hidden).map(p => p.zone)
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
