/**
 * Every plain-JSONL log of the shared corpus (fixtures/corpus: v0, v4/logs, real-host, web-goldens seeds)
 * read end to end: zero invalid lines, contiguous seq 0..n-1, event counts matching an independent count
 * of the stored records — except the files the corpus itself documents as defective, listed below with
 * their reason and checked for exactly that defect. The .zstd logs belong to the src/log/node tests.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from './json/parse-text'
import type { KnownEvent } from './events/schema'

const ROOT = new URL('../../fixtures/corpus/', import.meta.url)
const read = (rel: string) => readFileSync(new URL(rel, ROOT), 'utf8')

function listJsonl(dir: string, keep: (rel: string) => boolean = () => true): string[] {
  const entries = readdirSync(new URL(dir, ROOT), { recursive: true, encoding: 'utf8' })
  return entries.filter((e) => e.endsWith('.jsonl')).map((e) => `${dir}${e.split('\\').join('/')}`).filter(keep).sort()
}

const FILES = [
  ...listJsonl('v0/'),
  ...listJsonl('v4/logs/'),
  ...listJsonl('real-host/'),
  ...listJsonl('web-goldens/', (rel) => rel.endsWith('/seed.jsonl')),
]

/** Files the corpus documents as not well-formed, with the defect each must show. */
const DEFECTIVE: Record<string, { why: string; invalid: string[] }> = {
  'v0/acp-snapshot/suite/blocked-log/session.jsonl': {
    why: 'synthetic acp-snapshot fixture that starts at seq 1 (corpus README, log-format §12.1)',
    invalid: ['seq gap: expected seq 0, got 1'],
  },
}

/** Event types outside dsh-view's catalog that the corpus is known to hold (kept raw, v4 README §2.10). */
const UNKNOWN_TYPES: Record<string, string[]> = {
  'v4/logs/Hebilicious__snapshots_sdk_tool-error-details_session.v3.jsonl': ['agent/harness'],
}

/** Independent count of logical events: one per stored line after the header, a packed row per member. */
function countStoredEvents(text: string): number {
  let n = 0
  for (const line of text.split('\n').slice(1)) {
    if (line === '') continue
    const record: { type: string; data: { texts?: unknown[]; args?: unknown[] } } = JSON.parse(line)
    n += record.type.endsWith('-chunks') ? (record.data.texts ?? record.data.args ?? []).length : 1
  }
  return n
}

describe('shared corpus', () => {
  it('finds the corpus (guards against an empty glob)', () => {
    expect(FILES.length).toBeGreaterThan(120)
    expect(FILES.filter((f) => f.startsWith('v4/logs/'))).toHaveLength(18)
    expect(FILES.filter((f) => f.startsWith('real-host/'))).toHaveLength(1)
  })

  it.each(FILES)('%s', (rel) => {
    const text = read(rel)
    const { lines, tornTail, parser } = parseLogText(text)
    expect(tornTail).toBe(false)
    expect(lines[0]?.kind).toBe('header')
    const events = lines.flatMap((l) => (l.kind === 'event' || l.kind === 'unknown' ? [l.event] : []))
    expect(events).toHaveLength(countStoredEvents(text))
    const invalid = lines.flatMap((l) => (l.kind === 'invalid' ? [l.reason] : []))
    const unknownTypes = [...new Set(lines.flatMap((l) => (l.kind === 'unknown' ? [l.event.type] : [])))]
    expect(unknownTypes).toEqual(UNKNOWN_TYPES[rel] ?? [])
    // Payload mismatches would show up as `unknown` with a schema reason: there must be none.
    expect(lines.flatMap((l) => (l.kind === 'unknown' && !l.reason.startsWith('unknown event type') ? [l.reason] : []))).toEqual([])
    const defect = DEFECTIVE[rel]
    if (defect === undefined) {
      expect(invalid).toEqual([])
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
      expect(parser.nextSeq).toBe(events.length)
    } else {
      expect(invalid).toEqual(defect.invalid)
    }
  })

  it('header-only placeholder files read as a header and no events', () => {
    const headerOnly = FILES.filter((rel) => read(rel).trimEnd().split('\n').length === 1)
    expect(headerOnly.length).toBeGreaterThanOrEqual(5)
    for (const rel of headerOnly) {
      const { lines, parser } = parseLogText(read(rel))
      expect(lines.map((l) => l.kind)).toEqual(['header'])
      expect(parser.nextSeq).toBe(0)
    }
  })
})

describe('v3/v4 logs normalize into the v0 event model', () => {
  const v4Files = FILES.filter((f) => f.startsWith('v4/logs/'))
  const eventsOf = (rel: string): KnownEvent[] => parseLogText(read(rel)).lines.flatMap((l) => (l.kind === 'event' ? [l.event] : []))

  it.each(v4Files)('%s: seqs are synthesized; results, dispatches, ops and citations are normalized', (rel) => {
    const { parser } = parseLogText(read(rel))
    expect(parser.synthesizedSeq).toBe(true)
    const events = eventsOf(rel)
    const bySeq = new Map(events.map((e) => [e.seq, e]))
    for (const e of events) {
      expect(e.time).toBeNull()
      expect(e.type).not.toMatch(/ptc-dispatch/)
      if (e.type === 'tool/result') expect(e.data.message.content[0].type).toBe('tool-result')
      if (e.surfaceOp !== undefined && e.surfaceOp !== 'append') expect(Object.keys(e.surfaceOp).sort()).toEqual(['end', 'op', 'start'])
      // All citations resolve when seq is the line index after the header (v4 README, "Files at a glance").
      for (const cited of e.sourceEventSeqs ?? []) expect(bySeq.has(cited)).toBe(true)
      if (e.type === 'tool/result' && e.sourceEventSeqs?.length === 1) {
        const call = bySeq.get(e.sourceEventSeqs[0] ?? -1)
        expect(call?.type === 'tool/call' && call.data.callId).toBe(e.data.message.content[0].toolCallId)
      }
    }
  })

  it('ptc-round: two PTC sub-calls arrive as code dispatches with the stored name kept', () => {
    const events = eventsOf('v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl')
    const dispatches = events.filter((e) => e.type === 'tool/code-dispatch')
    expect(dispatches.map((d) => [d.seq, d.wireType, d.type === 'tool/code-dispatch' && d.data.subCallId])).toEqual([
      [17, 'tool/ptc-dispatch', 'call_00_6VNoF1gDSerTBKoCfYSH3765:ptc:1'],
      [19, 'tool/ptc-dispatch', 'call_00_6VNoF1gDSerTBKoCfYSH3765:ptc:2'],
    ])
    expect(dispatches[1]?.type === 'tool/code-dispatch' && dispatches[1].data.error).toEqual({ name: 'FsError', code: 'FS_NOT_FOUND' })
  })

  it('compaction-output-reserve seq 19: the v3+ replace op reads as {op, start, end}', () => {
    const events = eventsOf('v4/logs/0217po__snapshots_session_compaction-output-reserve_session.v4.jsonl')
    expect(events[19]).toMatchObject({ type: 'user/message', surfaceOp: { op: 'replace', start: 8, end: 9 }, sourceEventSeqs: [17, 18, 8, 9] })
  })

  it('tool-error-details: the v3 and v4 twins give the same result shape (the v3 file is shifted by one)', () => {
    const result = (rel: string) => eventsOf(rel).find((e) => e.type === 'tool/result' && e.data.error?.code === 'AUTO_REVIEW_DENIED')
    const v3 = result('v4/logs/Hebilicious__snapshots_sdk_tool-error-details_session.v3.jsonl')
    const v4 = result('v4/logs/0217po__snapshots_sdk_tool-error-details_session.v4.jsonl')
    expect([v3?.seq, v4?.seq]).toEqual([16, 15])
    expect(v4?.data).toEqual(v3?.data)
  })

  it('the v0 and v4 tool-call-turn twins carry the same calls and results', () => {
    const summary = (rel: string) =>
      eventsOf(rel).flatMap((e) =>
        e.type === 'tool/call' ? [['call', e.data.callId, e.data.name]] : e.type === 'tool/result' ? [['result', e.data.message.content[0].toolCallId, e.data.message.content[0].content]] : [],
      )
    const v4 = summary('v4/logs/0217po__snapshots_session_tool-call-turn_session.v4.jsonl')
    expect(v4.map((row) => row[0])).toEqual(['call', 'result'])
    expect(v4).toEqual(summary('v0/acp-agent/tool-call-turn/session.jsonl'))
  })
})
