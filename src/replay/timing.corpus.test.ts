/**
 * The replay schedule against the corpus logs' own clocks (issue 30). An oracle here reads each log line by
 * line with `JSON.parse` — packed rows expanded by hand, `time = time0 + Σdt` (log-format.md §3) — and the
 * schedule must agree with it: every text or Think row's curve meets each of its deltas within a frame and
 * ends on the last; a tool row runs from its `tool/call` clock to its `tool/result` clock; a turn section
 * starts at its `turn/start`. And the static build's reading (skip-superseded with the delta tap) gives
 * the same schedule as reading every event.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConversationBuilder } from '../conversation/builder'
import { visibleBlocks } from '../conversation/blocks'
import type { ContentBlock } from '../log/events/schema'
import { readSession } from '../log/node/read'
import { fileSource, sourceBytes } from '../log/node/source'
import { FRAME_MS, type Curve } from './curve'
import { buildSchedule, type Schedule } from './schedule'
import { ReplayTimingBuilder, type ReplayTiming } from './timing'

const CORPUS = 'fixtures/corpus'

function corpusLogs(): string[] {
  const out: string[] = []
  const stack = [CORPUS]
  while (stack.length > 0) {
    const dir = stack.pop() as string
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) stack.push(path)
      else if (/^session(\.v4)?(\.\d+)?(\.expected)?\.jsonl(\.zstd)?$/.test(name) || /\.v4\.jsonl$/.test(name)) out.push(path)
    }
  }
  return out.sort()
}

async function fold(path: string, chunks: 'expand' | 'skip-superseded'): Promise<{ schedule: Schedule; timing: ReplayTiming }> {
  const timing = new ReplayTimingBuilder()
  const conversation = new ConversationBuilder()
  for await (const batch of readSession(fileSource(path), { chunks, ...(chunks === 'skip-superseded' ? { deltaTap: timing.tap } : {}) })) {
    conversation.append(batch)
    timing.append(batch)
  }
  const t = timing.finish()
  return { schedule: buildSchedule(conversation.finish(), t), timing: t }
}

type Obj = Record<string, unknown>

/** The log's events as the oracle reads them: packed rows expanded into one delta per member. */
async function rawEvents(path: string): Promise<Obj[]> {
  const parts: Uint8Array[] = []
  for await (const bytes of sourceBytes(fileSource(path))) parts.push(bytes)
  const text = Buffer.concat(parts).toString('utf8')
  const events: Obj[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let row: Obj
    try {
      row = JSON.parse(line) as Obj
    } catch {
      continue
    }
    if (row['type'] === 'text-chunks' || row['type'] === 'reasoning-chunks') {
      const data = row['data'] as Obj
      const texts = data['texts'] as string[]
      const dt = data['dt'] as number[]
      let time = row['time0'] as number
      texts.forEach((t, k) => {
        if (k > 0) time += dt[k - 1] as number
        events.push({ type: 'assistant/chunk', time, data: { turn: data['turn'], step: data['step'], chunk: { type: row['type'] === 'text-chunks' ? 'text-delta' : 'reasoning-delta', index: data['index'], text: t } } })
      })
    } else events.push(row)
  }
  return events
}

interface Deltas {
  times: number[]
  units: number[]
}

/** The value of a curve at clock `t` (linear between knots, as the player draws it). */
function curveAt(curve: Curve, t: number): number {
  const { times, units } = curve
  if (t < (times[0] as number)) return 0
  for (let k = 1; k < times.length; k++) {
    const t1 = times[k] as number
    if (t <= t1) {
      const t0 = times[k - 1] as number
      const u0 = units[k - 1] as number
      return t1 === t0 ? (units[k] as number) : u0 + ((units[k] as number) - u0) * ((t - t0) / (t1 - t0))
    }
  }
  return units[units.length - 1] as number
}

const logs = corpusLogs()
/** Curves compared across all logs (the last test checks the walk compared some). */
let checked = 0

describe('replay schedule vs the logs’ own clocks', () => {
  it('finds the corpus (guards against an empty walk)', () => {
    expect(logs.length).toBeGreaterThan(50)
  })

  it.each(logs)('%s: skip-superseded with the tap folds the same schedule as reading every event', async (path) => {
    const full = await fold(path, 'expand')
    const skipped = await fold(path, 'skip-superseded')
    expect(skipped.schedule).toEqual(full.schedule)
  })

  it.each(logs)('%s: text curves, tool runs and turn starts are the logged ones', async (path) => {
    const { schedule, timing } = await fold(path, 'expand')
    const events = await rawEvents(path)
    if (!schedule.timed) {
      for (const item of schedule.items) expect([item.t0, item.t1]).toEqual([0, 0])
      return
    }
    const start = schedule.start
    // Steps whose stream restarted (a retry, an error finish): their settled text is the last attempt's only.
    const restarted = new Set<string>()
    const deltas = new Map<string, Deltas>()
    const calls = new Map<string, number>()
    const results = new Map<string, number>()
    const messages: { seq: number; turn: number; step: number; content: ContentBlock[] }[] = []
    for (const e of events) {
      const data = e['data'] as Obj | undefined
      const time = typeof e['time'] === 'number' ? e['time'] : 0
      if (data === undefined) continue
      const step = `${String(data['turn'])}.${String(data['step'])}`
      if (e['type'] === 'llm/retry' || e['type'] === 'assistant/attempt') restarted.add(step)
      if (e['type'] === 'assistant/chunk') {
        const chunk = data['chunk'] as Obj
        if (chunk['type'] === 'finish' && (chunk['reason'] as Obj | undefined)?.['kind'] === 'error') restarted.add(step)
        if (chunk['type'] !== 'text-delta' && chunk['type'] !== 'reasoning-delta') continue
        const key = `${step}#${String(chunk['index'])}`
        const d = deltas.get(key) ?? { times: [], units: [] }
        deltas.set(key, d)
        const before = d.units[d.units.length - 1] ?? 0
        if (time > 0) {
          d.times.push(time)
          d.units.push(before + String(chunk['text'] ?? '').length)
        }
      }
      if (e['type'] === 'tool/call' && time > 0) calls.set(String(data['callId']), time)
      if (e['type'] === 'tool/result' && time > 0) {
        const source = ((data['message'] as Obj | undefined)?.['source'] as Obj | undefined)?.['callId']
        if (typeof source === 'string') results.set(source, time)
      }
      if (e['type'] === 'assistant/message' && (e['surfaceOp'] === undefined || e['surfaceOp'] === 'append') && data['stream'] === undefined) {
        messages.push({ seq: e['seq'] as number, turn: data['turn'] as number, step: data['step'] as number, content: ((data['message'] as Obj)['content'] ?? []) as ContentBlock[] })
      }
    }

    // Text and Think curves of settled messages streamed as chunks.
    let checkedCurves = 0
    for (const m of messages) {
      const step = `${m.turn}.${m.step}`
      if (restarted.has(step)) continue
      const stream = timing.streams.get(`m${m.seq}`)
      visibleBlocks(m.content).sources.forEach((source, b) => {
        const d = deltas.get(`${step}#${source}`)
        const curve = stream?.blocks[b] ?? null
        if (d === undefined || d.times.length === 0) return expect(curve).toBeNull()
        expect(curve).not.toBeNull()
        const c = curve as Curve
        const lastTime = Math.max(...d.times)
        expect(c.times[c.times.length - 1]).toBe(lastTime)
        expect(c.units[c.units.length - 1]).toBe(d.units[d.units.length - 1])
        // Every delta is on screen within a frame of its clock, and not a frame before (monotone clocks only).
        const monotone = d.times.every((t, k) => k === 0 || t >= (d.times[k - 1] as number))
        if (monotone) {
          d.times.forEach((t, k) => {
            expect(curveAt(c, t + FRAME_MS)).toBeGreaterThanOrEqual(d.units[k] as number)
            // A frame before its clock, no more than the deltas before it (never early by more than a frame).
            if (k > 0 && t > (d.times[k - 1] as number)) expect(curveAt(c, t - FRAME_MS)).toBeLessThanOrEqual((d.units[k - 1] as number) + 1e-9)
          })
        }
        checkedCurves++
      })
    }

    // Tool rows: from the call's clock to the result's, in the schedule's time (shifted only forward, whole).
    const byKey = new Map(schedule.items.map(item => [item.key, item]))
    for (const [callId, called] of calls) {
      const item = byKey.get(`tool:${callId}`)
      const result = results.get(callId)
      if (item === undefined || result === undefined) continue
      expect(item.t0).toBeGreaterThanOrEqual(called - start)
      if (item.t0 === called - start) expect(item.t1).toBe(Math.max(item.t0, result - start))
    }
    // The first item is the session's first clock; times never step back in chat order.
    if (schedule.items.length > 0) expect(schedule.items[0]?.t0).toBe(0)
    schedule.items.forEach((item, i) => {
      if (i > 0) expect(item.t0).toBeGreaterThanOrEqual((schedule.items[i - 1] as { t0: number }).t0)
      expect(item.t1).toBeGreaterThanOrEqual(item.t0)
    })
    checked += checkedCurves
  })
})

describe('replay schedule of known sessions', () => {
  it('compared many streamed blocks with their deltas above', () => {
    expect(checked).toBeGreaterThan(50)
  })

  const errors = 'fixtures/corpus/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd'
  const retry = 'fixtures/corpus/v0/acp-agent/empty-response-retry/session.jsonl'
  const packed = 'fixtures/corpus/v0/acp-agent/packed-chunks/session.jsonl'

  it('a tool error is a failure chapter at its row, running for its logged duration', async () => {
    const { schedule } = await fold(errors, 'skip-superseded')
    const failed = schedule.items.filter(i => i.failed)
    expect(failed.map(i => i.key)).toEqual(['tool:call_3_0', 'tool:call_4_0'])
    // tool/call 1796211021464 → tool/result 1796211021483 in the log (19 ms).
    const edit = failed[0] as { t0: number; t1: number }
    expect(edit.t1 - edit.t0).toBe(19)
    expect(schedule.chapters.filter(c => c.kind === 'failure').map(c => schedule.items[c.item]?.key)).toEqual(['tool:call_3_0'])
  })

  it('a retry shows the failed attempt and the retry row before the answer', async () => {
    const { schedule } = await fold(retry, 'skip-superseded')
    const keys = schedule.items.map(i => i.key)
    expect(keys.indexOf('attempt:10')).toBeLessThan(keys.indexOf('retry:11'))
    expect(keys.indexOf('retry:11')).toBeLessThan(keys.findIndex(k => k.startsWith('assistant:')))
    expect(schedule.items.find(i => i.key === 'retry:11')?.failed).toBe(true)
  })

  it('packed rows stream at their dt clocks', async () => {
    const { schedule } = await fold(packed, 'skip-superseded')
    const texts = schedule.items.filter(i => i.kind === 'text' && i.curve !== null)
    expect(texts.length).toBeGreaterThan(0)
    // A streamed answer takes time: its curve spans the packed row's dt sum.
    expect(texts.some(t => t.t1 > t.t0)).toBe(true)
  })
})
