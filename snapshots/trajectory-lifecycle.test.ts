/**
 * The Trajectory request-lifecycle golden (trajectory.md §10.1): dsh's request and assistant detail panels
 * for the ptc-round log, one `<dl>` per captured state. Each section's term/definition pairs are compared
 * with the same pairs drawn from the Trajectory model by the §5.3 / §5.4 rules (English, §11): the settled
 * sections against the complete log, the live-only sections listed in trajectory-live-only.ts (kept exact;
 * a state a truncated log reaches is checked on that truncation).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../src/log/json/parse-text'
import { parseAria } from '../src/snapshot/aria-tree'
import { assembleTrajectory, type TrajectoryRecord, type TrajectoryRequest, type TrajectorySnapshot } from '../src/trajectory'
import { LIVE_ONLY } from './trajectory-live-only'

const corpus = (p: string) => new URL(`../fixtures/corpus/${p}`, import.meta.url)
const GOLDEN = readFileSync(corpus('v4/goldens/zq0929__snapshots_web_ptc-round_request-lifecycle.expected.md'), 'utf8')
const LOG = readFileSync(corpus('v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl'), 'utf8')

type Pairs = [string, string][]

/** `# Heading` sections of term/definition pairs, in order (a button definition reads as its name). */
function sections(text: string): { heading: string; pairs: Pairs }[] {
  return text.split(/^# /m).slice(1).map((block) => {
    const [heading = '', ...rest] = block.split('\n')
    const nodes = parseAria(rest.join('\n'))
    const pairs: Pairs = []
    nodes.forEach((n, i) => {
      const next = nodes[i + 1]
      if (n.role === 'term' && n.value !== null && next?.role === 'definition') pairs.push([n.value, next.value ?? next.children.map((c) => c.name ?? c.value ?? '').join(' ')])
    })
    return { heading: heading.trim(), pairs }
  })
}

const STATUS = { complete: 'Completed', running: 'Pending', error: 'Failed' } as const

/** `formatDurationMs` (§6). */
function durationMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  const s = ms / 1000
  return s < 10 ? `${s.toFixed(2)} s` : `${s.toFixed(1)} s`
}

/** The request Summary's definition list (§5.3). */
function requestTerms(request: TrajectoryRequest): Pairs {
  const pairs: Pairs = [['Status', STATUS[request.status]]]
  if (request.kind === 'compaction') pairs.push(['Purpose', 'Compaction'])
  if (request.provider !== undefined) pairs.push(['Provider', request.provider])
  if (request.model !== undefined) pairs.push(['Model', request.model])
  pairs.push(['Tool calls', String(request.toolCalls)])
  if (request.subtoolCalls > 0) pairs.push(['Subtool calls', String(request.subtoolCalls)])
  if (request.error !== undefined) {
    const term = request.status !== 'error' && request.retry !== undefined ? 'Last attempt error' : 'Error'
    pairs.push([term, request.error.label?.key === 'details.failure.auth' ? 'API key is invalid' : request.error.message])
  }
  if (request.retry !== undefined) {
    pairs.push(['Retry', request.retry.maxRetries === undefined ? String(request.retry.retry) : `${request.retry.retry} of ${request.retry.maxRetries}`])
    pairs.push(['Retry delay', durationMs(request.retry.delayMs)])
  }
  if (request.resultRecord !== undefined) pairs.push(['Result', request.kind === 'compaction' ? 'Compacted' : 'Assistant Message'])
  return pairs
}

/** An ASSISTANT record's Summary list (§5.4). */
function assistantTerms(record: TrajectoryRecord): Pairs {
  const pairs: Pairs = []
  if (record.request !== null) pairs.push(['Source', `Request #${record.request}`])
  pairs.push(['Status', STATUS[record.status]])
  const output = record.usage?.outputTokens
  const reasoning = record.usage?.reasoningTokens
  pairs.push(['Tokens', output === undefined ? '—' : `${output} tok`])
  if (reasoning !== undefined) pairs.push(['Reasoning', `${reasoning} tok`])
  if (output !== undefined && reasoning !== undefined) pairs.push(['Content', `${Math.max(0, output - reasoning)} tok`])
  return pairs
}

/** What the model gives for a section: Request #1's panel, or (an "assistant" section) its result record's. */
function panel(snapshot: TrajectorySnapshot, heading: string): Pairs {
  const request = snapshot.requests[0]
  if (request === undefined) return []
  if (!/assistant/i.test(heading)) return requestTerms(request)
  const record = request.resultRecord === undefined ? undefined : snapshot.records[request.resultRecord - 1]
  return record === undefined ? [] : assistantTerms(record)
}

const complete = assembleTrajectory(parseLogText(LOG).lines)
const golden = sections(GOLDEN)

describe('request-lifecycle golden (trajectory.md §10.1)', () => {
  it('has the five captured states', () => {
    expect(golden.map((s) => s.heading)).toEqual(['Waiting for output', 'Streaming assistant', 'Streaming request', 'Settled request', 'Settled assistant'])
  })

  const settled = golden.filter((s) => !LIVE_ONLY.some((l) => l.section === s.heading))
  it.each(settled.map((s) => [s.heading, s.pairs] as const))('%s matches the complete log', (heading, pairs) => {
    expect(panel(complete, heading)).toEqual(pairs)
  })

  it.each(LIVE_ONLY.map((l) => [l.section, l] as const))('%s is live-only: the complete log differs (the allowlist stays exact)', (section, entry) => {
    expect(entry.reason.length).toBeGreaterThan(40)
    const captured = golden.find((s) => s.heading === section)
    expect(captured).toBeDefined()
    expect(panel(complete, section)).not.toEqual(captured?.pairs)
  })

  it.each(LIVE_ONLY.filter((l) => l.truncatedAfter !== undefined).map((l) => [l.section, l.truncatedAfter as string] as const))(
    '%s is what the log gives when it ends right there (§4.10)',
    (section, marker) => {
      const lines = LOG.split('\n')
      const cut = lines.findIndex((line) => line.includes(marker))
      expect(cut).toBeGreaterThan(0)
      const truncated = assembleTrajectory(parseLogText(`${lines.slice(0, cut + 1).join('\n')}\n`).lines)
      expect(panel(truncated, section)).toEqual(golden.find((s) => s.heading === section)?.pairs)
    },
  )

  it('pins the settled figures of §10.1 and §10.4', () => {
    const [first, second] = complete.requests
    expect(first).toMatchObject({ number: 1, status: 'complete', provider: 'deepseek-official', model: 'deepseek-v4-flash', toolCalls: 1, subtoolCalls: 2, resultSeq: 14 })
    expect(complete.records[(first?.resultRecord ?? 0) - 1]?.usage).toEqual({ inputTokens: 8082, outputTokens: 235, cacheReadTokens: 384, reasoningTokens: 75 })
    expect(second?.usage).toEqual({ inputTokens: 196, outputTokens: 17, cacheReadTokens: 8576, reasoningTokens: 14 })
    // Session cumulative at Request #2: Input 17238 = Cached 8960 + Other 8278; Output 252 = Reasoning 89 + Content 163.
    expect(second?.cumulativeUsage).toEqual({ inputTokens: 8278, outputTokens: 252, cacheReadTokens: 8960, reasoningTokens: 89 })
    expect(complete.requests.map((r) => r.timing.firstTokenAt)).toEqual([1790389380425, 1790389384428])
    expect(complete.records.length).toBe(9)
  })
})
