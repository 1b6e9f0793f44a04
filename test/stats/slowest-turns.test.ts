/**
 * The overview's slowest turns on every corpus log (issue 31): a turn's wall time is its turn/end time less
 * its (latest) turn/start time, from the log's own clocks; a turn without both, or ending before it
 * started, is not ranked. The fold (session pages, the build's records) and inspect's streaming pass give
 * the same turns; each is checked here against the times read straight off the log's events; and the
 * corpus's slowest turns are pinned (snapshots/slowest-turns.json, reviewed like any golden).
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { ConversationBuilder } from '../../src/conversation'
import { RunFacts } from '../../src/conversation/run-facts'
import { loadSession } from '../../src/log/node'

const logs = corpusLogs()
const ranked: { scenario: string; turn: number; ms: number }[] = []

describe.each(logs)('$scenario', ({ scenario, url }) => {
  it('slowest turns: the fold and inspect agree, and each is the log\'s own turn/end − turn/start', async () => {
    const loaded = await loadSession(fileURLToPath(url))
    if (!loaded.ok) throw new Error(loaded.error)
    const { lines, tornTail } = loaded.session
    const builder = new ConversationBuilder()
    builder.append(lines)
    if (tornTail) builder.setTornTail(true)
    const { slowTurns } = builder.countedDetail()
    const run = new RunFacts()
    for (const line of lines) run.add(line)
    expect(run.counts.slowestTurns(slowTurns.length + 10).slice(0, slowTurns.length)).toEqual(slowTurns)
    // Straight off the events: each turn's latest start, and the end that follows it.
    const starts = new Map<number, { seq: number; time: number | null }>()
    const walls = new Map<number, number>()
    for (const line of lines) {
      if (line.kind !== 'event') continue
      const e = line.event as { type: string; seq: number; time: number | null; data: { turn?: unknown } }
      if (typeof e.data?.turn !== 'number') continue
      if (e.type === 'turn/start' && (starts.get(e.data.turn)?.seq ?? -Infinity) < e.seq) {
        starts.set(e.data.turn, { seq: e.seq, time: e.time })
        walls.delete(e.data.turn)
      }
      const start = starts.get(e.data.turn)
      if (e.type === 'turn/end' && start !== undefined && start.time !== null && e.time !== null && e.time >= start.time) walls.set(e.data.turn, e.time - start.time)
    }
    for (const t of slowTurns) expect(walls.get(t.turn), `turn ${t.turn}`).toBe(t.ms)
    // Slowest first; nothing slower left out (a seeded child's copied turns are its parent's, so only those may be missing).
    expect([...slowTurns].sort((a, b) => b.ms - a.ms || a.turn - b.turn)).toEqual(slowTurns)
    const seeded = lines.some(l => (l.kind === 'header' && (l.header.isSeeded === true || l.header.seedLength !== undefined)) || (l.kind === 'event' && l.event.type === 'session/end-seed'))
    const shown = new Set(slowTurns.map(t => t.turn))
    const slowest = slowTurns[slowTurns.length - 1]?.ms ?? Infinity
    if (slowTurns.length < 5) for (const [turn] of walls) if (!shown.has(turn)) expect(seeded, `turn ${turn}`).toBe(true)
    for (const [turn, ms] of walls) if (!shown.has(turn) && ms > slowest) expect(seeded, `turn ${turn}`).toBe(true)
    for (const t of slowTurns) ranked.push({ scenario, ...t })
  })
})

describe('the corpus\'s slowest turns', () => {
  it('are pinned (snapshots/slowest-turns.json)', async () => {
    const top = ranked.sort((a, b) => b.ms - a.ms || (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0) || a.turn - b.turn).slice(0, 10)
    expect(top.length).toBe(10)
    await expect(`${JSON.stringify(top, null, 1)}\n`).toMatchFileSnapshot('../../snapshots/slowest-turns.json')
  })
})
