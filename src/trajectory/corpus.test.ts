/**
 * Every corpus log (v0, v4, real-host; .jsonl and .zstd, read through the CLI's own reader) builds a
 * Trajectory with nothing unexplained but the reader's unknown events, folds to the same snapshot whatever the
 * batch split (live appends) and when it reads the conversation's counters (the build's fold), is plain JSON,
 * and — the property issue 29 asks for — agrees with the conversation model on what both count: settled
 * requests, tool calls, sub-calls and token totals (one usage count behind both, src/conversation/usage.ts).
 */
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { assemble } from '../conversation'
import { ConversationBuilder } from '../conversation/builder'
import { batches } from '../conversation/testing'
import { RequestUsageCounter } from '../conversation/usage'
import type { ParsedLine } from '../log/parsed-line'
import { loadSession } from '../log/node'
import { assembleTrajectory, TrajectoryBuilder } from './index'

const logs = corpusLogs()

async function linesOf(url: URL): Promise<ParsedLine[]> {
  const loaded = await loadSession(fileURLToPath(url))
  if (!loaded.ok) throw new Error(loaded.error)
  return loaded.session.lines
}

function foldIn(lines: readonly ParsedLine[], cuts: readonly number[]): string {
  const builder = new TrajectoryBuilder()
  let start = 0
  for (const cut of [...cuts, lines.length]) {
    builder.append(lines.slice(start, cut))
    builder.snapshot() // nothing derived may go stale across appends
    start = cut
  }
  return JSON.stringify(builder.snapshot())
}

describe('the corpus', () => {
  it('holds plain and zstd logs of every generation (the walk is not vacuous)', () => {
    expect(logs.some((l) => l.zstd)).toBe(true)
    expect(logs.some((l) => l.path.startsWith('v0/'))).toBe(true)
    expect(logs.some((l) => l.path.startsWith('v4/'))).toBe(true)
    expect(logs.some((l) => l.path.startsWith('real-host/'))).toBe(true)
  })
})

describe.each(logs)('$scenario', ({ url }) => {
  it('builds with nothing unexplained but the unknown events the reader reported', async () => {
    const lines = await linesOf(url)
    const snapshot = assembleTrajectory(lines)
    const unknown = lines.flatMap((l) => (l.kind === 'unknown' ? [{ line: l.line, seq: l.event.seq, type: l.event.type, reason: l.reason }] : []))
    expect(snapshot.unexplained).toEqual(unknown)
    expect(snapshot.invalidLines).toBe(lines.filter((l) => l.kind === 'invalid').length)
    expect(snapshot.records.map((r) => r.index)).toEqual(snapshot.records.map((_, i) => i + 1))
    // Every record is in exactly one group, and every group record exists.
    const placed = snapshot.sections.flatMap((s) => s.groups.flatMap((g) => g.records)).sort((a, b) => a - b)
    expect(placed).toEqual(snapshot.records.map((r) => r.index))
  })

  it('agrees with the conversation model: settled requests, tool calls, sub-calls, token totals', async () => {
    const lines = await linesOf(url)
    const trajectory = assembleTrajectory(lines)
    const { stats } = assemble(lines).facts
    const settled = trajectory.requests.filter((r) => r.kind === 'assistant' && r.resultSeq !== undefined)
    expect(settled.length).toBe(stats.steps)
    // The session's tool calls (src/conversation/counts.ts) count TOOL and SUBTOOL records together.
    expect(trajectory.totals.toolCalls + trajectory.totals.subtoolCalls).toBe(stats.toolCalls)
    expect(trajectory.totals.subtoolCalls).toBe(stats.subToolCalls)
    expect(trajectory.totals.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 0 }).toEqual(stats.usage)
    // The ledger's own cumulative ends at the same total, plus what a fork child's seed repeats of its
    // parent's requests: the ledger lists those rows as the log holds them, the session total leaves them out.
    const counter = new RequestUsageCounter()
    for (const line of lines) {
      if (line.kind === 'header') counter.header(line.header)
      else if (line.kind === 'event') counter.take(line.event)
    }
    expect(counter.totals).toEqual(stats.usage)
    const inherited = counter.inheritedTotals
    const last = trajectory.requests[trajectory.requests.length - 1]?.cumulativeUsage ?? {}
    for (const field of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const) expect(last[field] ?? 0).toBe(stats.usage[field] + inherited[field])
    // The requests' own counts add up to the ledger's.
    expect(trajectory.requests.reduce((n, r) => n + r.toolCalls, 0)).toBeLessThanOrEqual(trajectory.totals.toolCalls)
  })

  it('is plain JSON, and any batch split folds to the same snapshot (fast-check)', async () => {
    const lines = await linesOf(url)
    const snapshot = assembleTrajectory(lines)
    expect(JSON.parse(JSON.stringify(snapshot))).toStrictEqual(snapshot)
    const whole = JSON.stringify(snapshot)
    for (const size of [1, 7]) {
      const builder = new TrajectoryBuilder()
      for (const batch of batches(lines, size)) builder.append(batch)
      expect(JSON.stringify(builder.snapshot())).toBe(whole)
    }
    // The build's fold: the Trajectory reads the conversation's counters, fed the same batches first.
    for (const size of [1, 7, lines.length]) {
      const conversation = new ConversationBuilder()
      const builder = new TrajectoryBuilder(conversation.counters)
      for (const batch of batches(lines, size)) {
        conversation.append(batch)
        builder.append(batch)
      }
      expect(JSON.stringify(builder.snapshot())).toBe(whole)
    }
    const cuts = fc.uniqueArray(fc.integer({ min: 0, max: lines.length }), { maxLength: 8 }).map((xs) => xs.sort((a, b) => a - b))
    fc.assert(fc.property(cuts, (sorted) => foldIn(lines, sorted) === whole), { numRuns: 10, seed: 29 })
  })
})
