/**
 * A subagent's progress in its parent's replay (issue 30 point 3): the child's ticks read off its model,
 * placed on the parent's card, mapped into each timing, counted, and carried by the page data. The corpus
 * case folds a real family (v0 acp-agent subagent-depth-two-rejection) and checks the card's ticks against
 * the child log's own clocks, read by a plain line parser.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConversationBuilder } from '../conversation/builder'
import type { Conversation } from '../conversation/model'
import { readSession } from '../log/node/read'
import { fileSource } from '../log/node/source'
import { decodePage, pageScript, REPLAY_DATA_VERSION, type PageData } from './data'
import { playTimes, Squeezer, type TimedItem } from './modes'
import { childTicks, placeTicks, progressCount, tickPlayTime, toolLabel, TOOL_LABEL_MAX } from './progress'
import { buildSchedule } from './schedule'
import { ReplayTimingBuilder, type ReplayTiming } from './timing'

const FAMILY = fileURLToPath(new URL('../../fixtures/corpus/v0/acp-agent/subagent-depth-two-rejection/', import.meta.url))

async function fold(path: string): Promise<{ conversation: Conversation; timing: ReplayTiming }> {
  const timing = new ReplayTimingBuilder()
  const conversation = new ConversationBuilder()
  for await (const batch of readSession(fileSource(path), { chunks: 'skip-superseded', deltaTap: timing.tap })) {
    conversation.append(batch)
    timing.append(batch)
  }
  return { conversation: conversation.finish(), timing: timing.finish() }
}

type Obj = Record<string, unknown>
const events = (path: string): Obj[] => readFileSync(path, 'utf8').split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l) as Obj)

describe('child ticks', () => {
  it('are the child log’s steps and tool calls (call clocks, names), in order', async () => {
    const { conversation } = await fold(`${FAMILY}session.1.jsonl`)
    // The oracle: each step at its first tool call or its message with something to show, whichever comes
    // first; each tool call at its call's clock.
    const oracle: { time: number; tool: string | null }[] = []
    const seen = new Set<string>()
    for (const e of events(`${FAMILY}session.1.jsonl`)) {
      const data = e['data'] as Obj
      const call = e['type'] === 'tool/call'
      const says = e['type'] === 'assistant/message' && ((data['message'] as Obj)['content'] as Obj[]).some(b => b['type'] === 'text' || b['type'] === 'reasoning')
      if (!call && !says) continue
      const step = `${String(data['turn'])}.${String(data['step'])}`
      if (!seen.has(step)) oracle.push({ time: e['time'] as number, tool: null })
      seen.add(step)
      if (call) oracle.push({ time: e['time'] as number, tool: data['name'] as string })
    }
    expect(oracle.length).toBeGreaterThan(2)
    expect(childTicks(conversation)).toEqual(oracle)
  })

  it('sit on the spawning call’s card at the child’s clocks, relative to the parent’s first item', async () => {
    const parent = await fold(`${FAMILY}session.jsonl`)
    const child = await fold(`${FAMILY}session.1.jsonl`)
    const call = parent.conversation.sections.flatMap(s => s.nodes).find(n => n.kind === 'tool')
    if (call?.kind !== 'tool') throw new Error('no tool call in the parent')
    const ticks = childTicks(child.conversation)
    const schedule = buildSchedule(parent.conversation, parent.timing, [], new Map([[call.call.callId, ticks]]))
    const card = schedule.items.find(i => i.key === call.key)
    if (card === undefined || call.call.callTime === null) throw new Error('no card')
    // Where they fell after the call, as the logs' clocks say (the card itself may have been moved to keep
    // the parent's rows in order: its ticks move with it), inside the card's logged span.
    expect(card.ticks).toEqual(ticks.map(t => ({ t: card.t0 + (t.time - (call.call.callTime as number)), tool: t.tool })))
    for (const tick of card.ticks ?? []) expect(tick.t >= card.t0 && tick.t <= card.t1).toBe(true)
    // No other item carries ticks; without children the schedule is as before.
    expect(schedule.items.filter(i => i.ticks !== undefined)).toHaveLength(1)
    expect(buildSchedule(parent.conversation, parent.timing).items.some(i => i.ticks !== undefined)).toBe(false)
  })

  it('keep tool names as text: control and bidi characters dropped, long names cut', () => {
    expect(toolLabel('ba\u202esh\u0007')).toBe('bash')
    const long = toolLabel('🙂'.repeat(100))
    expect([...long]).toHaveLength(TOOL_LABEL_MAX)
    expect(long.endsWith('…')).toBe(true)
  })
})

describe('placing and mapping ticks', () => {
  it.each([
    // [clocks, base, shift, t0, t1, placed]
    [[1_010, 1_020], 1_000, 0, 5, 30, [10, 20]],
    [[1_010, 1_020], 1_000, 4, 5, 30, [14, 24]],
    [[1_001, 1_050], 1_000, 0, 5, 30, [5, 30]],
    [[1_020, 1_010], 1_000, 0, 5, 30, [20, 20]],
  ])('clocks %j (base %d, shift %d) on a card %d…%d sit at %j', (clocks, base, shift, t0, t1, placed) => {
    expect(placeTicks(clocks.map(time => ({ time, tool: null })), base, shift, t0, t1).map(t => t.t)).toEqual(placed)
  })

  // A card from raw 1 000 to 11 000 (a 10 s idle stretch inside it), after a first row at 0.
  const items: TimedItem[] = [
    { kind: 'row', t0: 0, t1: 0, units: 0, curve: null },
    { kind: 'work', t0: 1_000, t1: 11_000, units: 0, curve: null },
  ]
  it.each([
    ['real', 6_000, 6_000],
    ['compressed', 6_000, 1_000 + 500],
    ['paced', 6_000, 600 + 500],
  ] as const)('in %s timing a tick at raw %d plays at %d', (mode, raw, expected) => {
    const squeezer = new Squeezer([{ from: 1_000, to: 11_000 }], 0, 0)
    const played = playTimes(items, mode, 0, mode === 'compressed' ? squeezer : null)
    expect(tickPlayTime(raw, 1_000, 11_000, played.p0[1] as number, played.p1[1] as number, played.map)).toBeCloseTo(expected, 6)
  })

  it('counts steps and tool calls, naming the last tool', () => {
    const ticks = [{ t: 1, tool: null }, { t: 2, tool: 'bash' }, { t: 3, tool: 'read' }, { t: 4, tool: null }]
    expect(progressCount(ticks, 0)).toEqual({ steps: 0, calls: 0, last: null })
    expect(progressCount(ticks, 2)).toEqual({ steps: 1, calls: 1, last: 'bash' })
    expect(progressCount(ticks, 9)).toEqual({ steps: 2, calls: 2, last: 'read' })
  })
})

describe('page data with ticks', () => {
  const page = (ticks: boolean): PageData => ({
    v: REPLAY_DATA_VERSION,
    page: 0,
    ids: 3,
    hash: 'abcd1234',
    base: 0,
    at: [0, 0, 0],
    gaps: [],
    items: [
      { ref: 0, kind: 'row', t0: 0, t1: 0, units: 0, curve: null, failed: false, ends: false },
      { ref: 1, kind: 'work', t0: 10, t1: 90, units: 0, curve: null, failed: false, ends: false, ...(ticks ? { ticks: [{ t: 20, tool: null }, { t: 25, tool: 'bash' }, { t: 60, tool: 'bash' }] } : {}) },
      { ref: 2, kind: 'work', t0: 100, t1: 200, units: 0, curve: null, failed: false, ends: false, ...(ticks ? { ticks: [{ t: 150, tool: 'read "x"' }] } : {}) },
    ],
    turns: [],
    turn0: null,
  })
  const value = (script: string): Obj => JSON.parse(script.slice('window.dshReplayPage='.length, -2)) as Obj

  it('round-trip through the page script', () => {
    const decoded = decodePage(value(pageScript(page(true))))
    expect(decoded?.items.map(i => i.ticks)).toEqual(page(true).items.map(i => i.ticks))
    expect(value(pageScript(page(true)))['tools']).toEqual(['bash', 'read "x"'])
  })

  it('leave a page without subagents as it was: no new fields', () => {
    const text = value(pageScript(page(false)))
    expect(Object.keys(text)).toEqual(['v', 'page', 'ids', 'hash', 'base', 'at', 'gaps', 'items', 'curves', 'turns', 'turn0'])
    expect(decodePage(text)?.items.every(i => i.ticks === undefined)).toBe(true)
  })

  it.each([
    ['a tool index past the list', { tools: [] }],
    ['ticks on a row', { sub: 'AC' + 'AA'.repeat(1) }],
    ['sub without tools', { tools: undefined }],
  ])('read as unreadable data, never throw: %s', (_, patch) => {
    const text = { ...value(pageScript(page(true))), ...patch }
    expect(decodePage(text)).toBeNull()
  })
})
