/**
 * The promise of `chunks: 'skip-superseded'` (src/log/chunks/superseded.ts), on every log of the corpus (both
 * encodings, torn and damaged ones included): the conversation folded from the reduced output is the
 * one folded from the full output — static and live — as is the Trajectory, and the session summary is the same. The reduced
 * output is the full output with only `assistant/chunk` deltas taken out, in the same order. The same
 * holds for a chunk-heavy zstd log with damaged frames and torn tails, where frame damage reports must
 * keep their place among held-back lines. A `deltaTap` is told of exactly the deltas left out: the tap and the
 * kept events together are every delta of the full output, each once, with its seq, clock and length.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { assemble } from '../../conversation'
import { assembleTrajectory } from '../../trajectory'
import type { ParsedLine } from '../parsed-line'
import type { DeltaTap } from '../chunks/superseded'
import { session } from '../testing/session'
import { loadSession, type LoadedSession } from './load'
import { concat, initZstdEncoder, zstdFrame } from './testing/zstd-encode'

const CORPUS = new URL('../../../fixtures/corpus/', import.meta.url)
const LOGS = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
  .map((p) => p.replaceAll('\\', '/'))
  .filter((p) => /\.jsonl(\.zstd)?$/.test(p))
  .sort()

async function load(rel: string, chunks: 'expand' | 'skip-superseded'): Promise<LoadedSession | string> {
  return loadPath(fileURLToPath(new URL(rel, CORPUS)), chunks)
}

/** A delta as the tap tells it: `turn.step#index kind seq@time+units`. */
type TappedDelta = string
const tapped = new WeakMap<LoadedSession, TappedDelta[]>()

async function loadPath(path: string, chunks: 'expand' | 'skip-superseded'): Promise<LoadedSession | string> {
  const taps: TappedDelta[] = []
  const deltaTap: DeltaTap = { delta: (turn, step, index, kind, seq, time, units) => void taps.push(`${turn}.${step}#${index} ${kind} ${seq}@${time}+${units}`) }
  const result = await loadSession(path, chunks === 'skip-superseded' ? { chunks, deltaTap } : { chunks })
  if (result.ok) tapped.set(result.session, taps)
  return result.ok ? result.session : result.error
}

/** A delta event as the tap would tell it. */
function deltaOf(entry: ParsedLine): TappedDelta | null {
  if (!isDelta(entry) || entry.kind !== 'event' || entry.event.type !== 'assistant/chunk') return null
  const { turn, step, chunk } = entry.event.data
  const kind = chunk.type === 'tool-call-delta' ? 'tool-call' : chunk.type === 'reasoning-delta' ? 'reasoning' : 'text'
  const text = chunk.type === 'tool-call-delta' ? chunk['argumentsDelta'] : chunk['text']
  return `${turn}.${step}#${String(chunk['index'])} ${kind} ${entry.event.seq}@${entry.event.time}+${typeof text === 'string' ? text.length : 0}`
}

/** Both modes of one log: same summary, same conversation static and live; returns the lines left out. */
async function compare(full: LoadedSession | string, skip: LoadedSession | string): Promise<number> {
  if (typeof full === 'string' || typeof skip === 'string') {
    // An unreadable log is unreadable either way, for the same reason.
    expect(skip).toEqual(full)
    return 0
  }
  const { lines: fullLines, ...fullSummary } = full
  const { lines: skipLines, ...skipSummary } = skip
  expect(skipSummary).toEqual(fullSummary)
  for (const live of [false, true]) {
    expect(assemble(skipLines, { tornTail: skip.tornTail, live })).toEqual(assemble(fullLines, { tornTail: full.tornTail, live }))
  }
  expect(assembleTrajectory(skipLines)).toEqual(assembleTrajectory(fullLines))
  // A subsequence of the full output that leaves out deltas only.
  let at = 0
  for (const entry of skipLines) {
    while (at < fullLines.length && isDelta(fullLines[at]) && !sameEntry(fullLines[at], entry)) at++
    expect(fullLines[at]).toEqual(entry)
    at++
  }
  for (; at < fullLines.length; at++) expect(isDelta(fullLines[at])).toBe(true)
  // The tap heard exactly the deltas left out.
  const kept = skipLines.map(deltaOf).filter((d): d is TappedDelta => d !== null)
  const all = fullLines.map(deltaOf).filter((d): d is TappedDelta => d !== null)
  const seqOf = (d: TappedDelta) => Number(/ (\d+)@/.exec(d)?.[1])
  expect([...kept, ...(tapped.get(skip) ?? [])].sort((a, b) => seqOf(a) - seqOf(b))).toEqual(all)
  expect(tapped.get(skip)?.length ?? 0).toBe(fullLines.length - skipLines.length)
  return fullLines.length - skipLines.length
}

const DELTAS = new Set(['text-delta', 'reasoning-delta', 'tool-call-delta'])
const isDelta = (entry: ParsedLine | undefined) => entry?.kind === 'event' && entry.event.type === 'assistant/chunk' && DELTAS.has(entry.event.data.chunk.type)

let skippedTotal = 0

describe.each(LOGS)('%s', (rel) => {
  it('folds to the same conversation with superseded chunks skipped', async () => {
    skippedTotal += await compare(await load(rel, 'expand'), await load(rel, 'skip-superseded'))
  })
})

describe('the corpus as a whole', () => {
  it('had chunks to skip (the comparison above is not vacuous)', () => {
    expect(skippedTotal).toBeGreaterThan(3000)
  })
})

function sameEntry(a: ParsedLine | undefined, b: ParsedLine): boolean {
  return a !== undefined && a.kind === 'event' && b.kind === 'event' && a.event.seq === b.event.seq && a.event.type === b.event.type
}

describe('a chunk-heavy zstd log with damaged frames', async () => {
  await initZstdEncoder()
  const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-skip-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))
  const b = session()
  for (let turn = 0; turn < 3; turn++) {
    b.turnStart()
    for (let step = 0; step < 2; step++) {
      b.stepStart()
      b.chunk({ type: 'block-start', index: 0, blockType: 'reasoning' })
      b.chunkRow('reasoning-chunks', ['so', ' I', ' will', ' look'])
      b.chunkRow('text-chunks', ['Let', ' me', ' check', '.'], { index: 1 })
      b.chunkRow('tool-call-chunks', ['', '{"cmd"', ':"ls"}'], { index: 2, id: `c${turn}${step}`, name: 'bash' })
      b.chunk({ type: 'finish', reason: { kind: 'tool-calls' } })
      b.assistant('Let me check.')
      b.result(b.call('bash', { cmd: 'ls' }, `c${turn}${step}`).data.callId, 'a\nb')
      b.stepEnd()
    }
    b.turnEnd()
  }
  // One frame per stored line after the header frame, so damage can land between any two lines.
  const lines = b.jsonl().split('\n').slice(0, -1)
  const frames = lines.map((line) => zstdFrame(`${line}\n`))
  const cases: [string, Uint8Array][] = []
  for (const k of [3, 5, 8, 20]) {
    const damaged = frames.map((f, i) => (i === k ? flipLast(f) : f))
    cases.push([`checksum damage in frame ${k}`, concat(damaged)])
    const garbled = frames.map((f, i) => (i === k ? garble(f) : f))
    cases.push([`undecodable frame ${k}`, concat(garbled)])
  }
  const whole = concat(frames)
  for (const cut of [0.3, 0.55, 0.8]) cases.push([`torn at ${cut}`, whole.subarray(0, Math.floor(whole.length * cut))])

  it.each(cases)('%s', async (name, bytes) => {
    const path = join(tmp, `${name.replaceAll(' ', '-')}.jsonl.zstd`)
    writeFileSync(path, bytes)
    const full = await loadPath(path, 'expand')
    if (typeof full === 'string') throw new Error(full)
    // Not vacuous: the damage is there to be kept in place.
    if (name.startsWith('torn')) expect(full.tornTail).toBe(true)
    else expect(full.invalid.length).toBeGreaterThan(0)
    await compare(full, await loadPath(path, 'skip-superseded'))
  })

  it('skips chunks in the undamaged log', async () => {
    const path = join(tmp, 'whole.jsonl.zstd')
    writeFileSync(path, whole)
    expect(await compare(await loadPath(path, 'expand'), await loadPath(path, 'skip-superseded'))).toBeGreaterThan(20)
  })
})

function flipLast(frame: Uint8Array): Uint8Array {
  const copy = frame.slice()
  copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff
  return copy
}

/** The same frame with its one block marked compressed: it scans, but does not decode. */
function garble(frame: Uint8Array): Uint8Array {
  const copy = frame.slice()
  copy[6] = ((copy[6] ?? 0) & ~0x06) | 0x04
  return copy
}
