/**
 * The same-conversation benchmark's input (bench/chain-corpus.ts): real corpus logs chained into one session
 * must be a log dsh-view reads without a warning — no invalid line, seq gap, unknown event, torn tail or
 * damage — whose tool calls, message and compaction ids stay unique across copies, and the same bytes every time.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findCorpus, loadTemplates, writeChainedSession } from '../../bench/chain-corpus'
import { fileSource } from '../../src/log/node/source'
import { summarizeSession } from '../../src/log/node/load'
import { foldLog } from '../../src/site/fold/fold-log'

const dir = mkdtempSync(join(tmpdir(), 'chain-corpus-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each([0, 3, 4] as const)('a chained version-%i session', (version) => {
  const { templates, skipped } = loadTemplates(findCorpus(), version)
  const corpusBytes = templates.reduce((n, t) => n + t.plaintextBytes, 0)
  const name = version === 0 ? 'session.jsonl' : `session.v${version}.jsonl`
  const path = join(dir, `v${version}`, name)

  it('uses real logs and says why others are left out', () => {
    expect(templates.length).toBeGreaterThan(version === 0 ? 40 : 1)
    for (const s of skipped) expect(s.reason).not.toBe('')
    if (version === 3) expect(skipped.map(s => s.reason)).toContain('holds an event type outside the catalog (agent/harness)')
  })

  it('reads and folds without a warning, over several copies of the corpus', async () => {
    mkdirSync(join(dir, `v${version}`), { recursive: true })
    const result = writeChainedSession(path, templates, corpusBytes * 2.5, { version, id: `chain-v${version}` })
    expect(result.copies).toBe(3)
    const loaded = await summarizeSession(fileSource(path))
    if (!loaded.ok) throw new Error(loaded.error)
    const summary = loaded.session
    expect(summary.format.version).toBe(version)
    expect({ invalid: summary.invalid, gaps: summary.seqGaps, unknown: summary.unknownTypes, torn: summary.tornTail, corrupt: summary.corrupt })
      .toEqual({ invalid: [], gaps: [], unknown: [], torn: false, corrupt: false })
    const folded = await foldLog(fileSource(path), null, { chunks: 'skip-superseded' })
    if (!folded.ok) throw new Error(folded.error)
    expect(folded.warnings).toEqual([])
    expect(folded.lastSeq).toBe(result.events - 1)
    expect(folded.conversation.sections.filter(s => s.turn !== null).length).toBe(result.turnStarts)
    expect(Math.max(...folded.conversation.sections.map(s => s.turn ?? 0))).toBe(result.turns)
  })

  it('keeps call, message and compaction ids unique and is deterministic', () => {
    const text = readFileSync(path, 'utf8')
    const calls = [...text.matchAll(/"type":"tool\/call","seq":\d+,"time":-?\d+,"data":\{(?:"turn":\d+,"step":\d+,)?"callId":("(?:[^"\\]|\\.)*")/g)].map(m => m[1])
    expect(calls.length).toBeGreaterThan(0)
    expect(new Set(calls).size).toBe(calls.length)
    // A compaction's start, summary and end share its id: one start per id (the fold joins them by it).
    const compactions = [...text.matchAll(/"type":"compaction\/start"[^\n]*?"compactionId":("(?:[^"\\]|\\.)*")/g)].map(m => m[1])
    if (version === 0) expect(compactions.length).toBeGreaterThan(1)
    expect(new Set(compactions).size).toBe(compactions.length)
    const again = join(dir, `again-${name}`)
    writeChainedSession(again, templates, corpusBytes * 2.5, { version, id: `chain-v${version}` })
    expect(readFileSync(again).equals(readFileSync(path))).toBe(true)
  })
})
