/**
 * The one counting contract on every corpus log (issue 31 point 2): the session page's facts (the
 * conversation fold), `inspect --json`'s streaming pass (RunFacts), the Trajectory's totals and the
 * archive record a build keeps (src/stats/insight.ts, from the fold's own counters) give the same turns,
 * tool calls and tokens; the record's days add up to its tokens and its tools to its calls; and the figures
 * of every log are pinned in snapshots/totals.json — a change there is a change in what every surface
 * (session page, index overview, stats, PR summary) says, reviewed like any golden.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { ConversationBuilder } from '../../src/conversation'
import { RunFacts } from '../../src/conversation/run-facts'
import { loadSession } from '../../src/log/node'
import { assembleTrajectory } from '../../src/trajectory'
import { sessionInsight } from '../../src/stats/insight'
import { statsOf } from '../../src/stats/aggregate'

const logs = corpusLogs()
const pinned: Record<string, unknown> = {}

describe.each(logs)('$scenario', ({ scenario, url }) => {
  it('every surface counts the same; the archive record adds up', async () => {
    const loaded = await loadSession(fileURLToPath(url))
    if (!loaded.ok) throw new Error(loaded.error)
    const { lines, tornTail } = loaded.session
    const builder = new ConversationBuilder()
    builder.append(lines)
    if (tornTail) builder.setTornTail(true)
    const detail = builder.countedDetail()
    const page = builder.finish().facts
    const run = new RunFacts()
    for (const line of lines) run.add(line)
    const trajectory = assembleTrajectory(lines)
    const stats = page.stats
    expect(run.counts.counts()).toEqual({ turns: stats.turns, toolCalls: stats.toolCalls, subToolCalls: stats.subToolCalls })
    expect(run.usage).toEqual(stats.usage)
    expect(trajectory.totals.usage ?? stats.usage).toEqual(stats.usage)
    expect(trajectory.totals.toolCalls + trajectory.totals.subtoolCalls).toBe(stats.toolCalls)
    const insight = sessionInsight({ id: page.id ?? scenario, project: page.cwd, start: page.startTime, end: page.endTime, status: page.status, model: null, counts: stats, usage: stats.usage, ...detail })
    expect(statsOf([insight], { by: 'day' }).rows.reduce((n, r) => n + r.usage.totalTokens, 0)).toBe(stats.usage.totalTokens)
    expect(insight.tools.reduce((n, [, calls]) => n + calls, 0)).toBe(stats.toolCalls)
    expect(insight.days.reduce((n, d) => n + d.requests, 0)).toBe(run.requests().length)
    pinned[scenario] = { turns: stats.turns, toolCalls: stats.toolCalls, subToolCalls: stats.subToolCalls, requests: run.requests().length, ...stats.usage }
  })
})

describe('the corpus totals', () => {
  it('are pinned (snapshots/totals.json)', async () => {
    expect(Object.keys(pinned).length).toBe(logs.length)
    const sorted = Object.fromEntries(Object.keys(pinned).sort().map(k => [k, pinned[k]]))
    await expect(`${JSON.stringify(sorted, null, 1)}\n`).toMatchFileSnapshot('../../snapshots/totals.json')
  })
})
