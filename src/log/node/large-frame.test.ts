/**
 * Issue 17, bounded memory: a log whose plaintext sits in one huge zstd frame is decoded as it is read
 * (frames over `STREAM_FRAMES_ABOVE`), so neither the compressed frame nor its plaintext is ever whole in
 * memory. Each test log is a real dsh log's records repeated to ~24 MB in ONE frame, written two ways: Raw
 * blocks (our test encoder, dsh's frame layout) and, when /usr/bin/zstd exists, real compressed blocks.
 * Memory is checked on what stays deterministic: `arrayBuffers` (every Buffer/typed array the reader
 * holds) sampled at every line and batch, and the wasm heap's size. Damage in a big frame is compared with
 * what the whole-frame path (streaming off) reports for the same bytes.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, describe, expect, it } from 'vitest'
import type { ParsedLine } from '../parsed-line'
import { peekHeader } from './header-peek'
import { createLineDecoder, type Damage, type DecodeEnd } from './line-decoder'
import { readSession } from './read'
import { splitLog } from './testing/layout'
import { concat, initZstdEncoder, zstdFrame } from './testing/zstd-encode'
import { STREAM_FRAMES_ABOVE, ZstdCodec } from './compressed/zstd-codec'

await initZstdEncoder()
const codec = await ZstdCodec.create()
const ZSTD_CLI = '/usr/bin/zstd'
const SOURCE = new URL('../../../fixtures/corpus/real-host/node20-basic/sessions/--home-dev-project--/session-c1b30693-54cd-473a-b18c-92c5df8fa13b/session.jsonl', import.meta.url)
const MiB = 1024 * 1024

const dir = mkdtempSync(join(tmpdir(), 'dsh-large-frame-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The source log's records repeated until the plaintext passes `bytes`. */
function bigLog(bytes: number): string {
  const { header, records } = splitLog(readFileSync(SOURCE, 'utf8'))
  const parts = [`${header}\n`]
  const body = `${records.join('\n')}\n`
  for (let size = parts[0]?.length ?? 0; size < bytes; size += body.length) parts.push(body)
  return parts.join('')
}

const plain = bigLog(24 * MiB)
const plainBytes = new TextEncoder().encode(plain)
const plainPath = join(dir, 'session.jsonl')
writeFileSync(plainPath, plain)
const rawFrame = zstdFrame(plainBytes)
const rawPath = join(dir, 'raw-blocks.jsonl.zstd')
writeFileSync(rawPath, rawFrame)
const cliPath = join(dir, 'compressed.jsonl.zstd')
const haveCli = existsSync(ZSTD_CLI)
if (haveCli) execFileSync(ZSTD_CLI, ['-q', '-3', '-f', plainPath, '-o', cliPath])

// Warm-up: one streamed decode grows the wasm heap to its high-water mark first. Node counts the wasm
// memory in `arrayBuffers` once a view of a newly grown heap exists, which would otherwise show up as ~16 MB
// of "growth" that no reader allocated.
const warm = createLineDecoder('zstd', { line: () => undefined, damage: () => undefined }, codec, { streamFramesAbove: STREAM_FRAMES_ABOVE })
warm.push(rawFrame)
warm.end()

function withoutFrame(entry: ParsedLine): unknown {
  const { frame: _frame, ...rest } = entry as ParsedLine & { frame?: number }
  return rest
}

async function readAll(path: string, sample?: () => void) {
  const reader = readSession(path)
  const entries: unknown[] = []
  let batches = 0
  for await (const batch of reader) {
    if (++batches % 64 === 0) sample?.()
    for (const entry of batch) entries.push(withoutFrame(entry))
  }
  return { entries, summary: reader.summary }
}

// A full GC before each sample makes `arrayBuffers` count what is live, not garbage awaiting collection.
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

/** Growth of the Buffer/typed-array memory live at each `sample()`, and of the wasm heap. */
function memoryProbe() {
  gc()
  const base = process.memoryUsage().arrayBuffers
  const heap = codec.wasmHeapBytes
  let peak = 0
  return {
    sample: () => {
      gc()
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - base)
    },
    get peak() {
      return peak
    },
    get heapGrowth() {
      return codec.wasmHeapBytes - heap
    },
  }
}

describe('one ~24 MB zstd frame', () => {
  const cases = [['raw blocks (dsh layout, our encoder)', rawPath, true] as const, ['compressed by the zstd CLI', cliPath, haveCli] as const]

  it.each(cases)('%s: reads as the plain .jsonl does, in bounded memory', async (_, path, present) => {
    if (!present) return // no zstd CLI here: the raw-block case still runs
    expect(plainBytes.length).toBeGreaterThan(3 * STREAM_FRAMES_ABOVE)
    const want = await readAll(plainPath)
    const streamed = codec.counts.streamed
    const probe = memoryProbe()
    const got = await readAll(path, probe.sample)
    expect(codec.counts.streamed - streamed).toBe(1)
    expect(got.summary.frames).toBe(1)
    expect(got.summary.damage).toEqual([])
    expect(got.summary.tornTail).toBe(false)
    expect(got.entries.length).toBe(want.entries.length)
    expect(got.entries).toEqual(want.entries)
    // Live Buffers stay a few MiB: the two 1 MiB read buffers, a frame's first ≤ 1 MiB (waiting for its
    // size to show), 128 KiB of plaintext. The whole-frame path held ~24 MB of frame and of plaintext. The
    // bound is half the frame: the probe counts the process's Buffers, and a loaded CI run measured 7.0 MB.
    expect(probe.peak).toBeLessThan(12 * MiB)
    expect(probe.heapGrowth).toBeLessThan(6 * MiB)
  })

  /** Peak live Buffer memory over one decode of `rawFrame`, sampled every ~1 MB of lines. */
  function decodePeak(options: { streamFramesAbove?: number }): { peak: number; lines: number } {
    const probe = memoryProbe()
    let lines = 0
    const decoder = createLineDecoder(
      'zstd',
      {
        line: () => {
          if (++lines % 2048 === 0) probe.sample()
        },
        damage: () => undefined,
      },
      codec,
      options,
    )
    // Pushed as the reader pushes it: 16 KiB slices.
    for (let at = 0; at < rawFrame.length; at += 16 * 1024) decoder.push(rawFrame.subarray(at, at + 16 * 1024))
    expect(decoder.end().tornTail).toBe(false)
    return { peak: probe.peak, lines }
  }

  it.each(cases)('%s: its header is found from the first complete blocks (discovery picks generations by it)', async (_, path, present) => {
    if (!present) return
    const header = await peekHeader(path, 'zstd')
    expect(header?.id).toBe(JSON.parse(splitLog(plain).header).id)
  })

  it('never holds the frame or its plaintext: live memory sampled while its lines are delivered', () => {
    const streamed = decodePeak({ streamFramesAbove: STREAM_FRAMES_ABOVE })
    expect(streamed.lines).toBe(plain.split('\n').length - 1)
    // What may be live: the frame's first ≤ 1 MiB while its size is unknown (in a queue of ≤ 2 MiB, plus the
    // 1 MiB the queue keeps when idle), 128 KiB of plaintext, a partial line: ~3.5 MiB, never the ~24 MB frame
    // (bounded at half the frame, with room for what else the process holds).
    expect(streamed.peak).toBeLessThan(12 * MiB)
    // The probe sees the difference: decoded whole, the frame and its plaintext are live during the lines.
    const whole = decodePeak({})
    expect(whole.lines).toBe(streamed.lines)
    expect(whole.peak).toBeGreaterThan(plainBytes.length)
  })
})

interface Outcome {
  lines: string[]
  damage: Damage[]
  end: DecodeEnd
}

/** Decodes `bytes`, streaming large frames (as the reader does) or not (the whole-frame path). */
function decode(bytes: Uint8Array, stream: boolean): Outcome {
  const lines: string[] = []
  const damage: Damage[] = []
  const decoder = createLineDecoder('zstd', { line: (text) => lines.push(text), damage: (d) => damage.push(d) }, codec, stream ? { streamFramesAbove: STREAM_FRAMES_ABOVE } : {})
  if (stream) for (let at = 0; at < bytes.length; at += 16 * 1024) decoder.push(bytes.subarray(at, at + 16 * 1024))
  else decoder.push(bytes)
  return { lines, damage, end: decoder.end() }
}

describe('damage inside a large frame, streamed, reads as the whole-frame path reports it', () => {
  const all = plain.split('\n').slice(0, -1)
  const next = zstdFrame('{"after":"frame"}\n')

  it('a wrong content checksum: every line, then the mismatch naming the frame and its first line', () => {
    const damaged = rawFrame.slice()
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] ?? 0) ^ 0xff
    const before = decode(damaged, false)
    const now = decode(damaged, true)
    expect(now.damage).toEqual(before.damage)
    expect(now.damage).toEqual([expect.objectContaining({ line: 1, frame: 0, offset: 0, reason: 'frame 0 at byte 0: content checksum mismatch (the frame is damaged; its lines are shown as decoded)' })])
    expect(now.lines).toEqual(all)
    expect(now.lines).toEqual(before.lines)
  })

  it('garbage after the frame: the same "not a zstd frame" report after the same lines', () => {
    const bytes = concat([rawFrame, new TextEncoder().encode('garbage, not a frame'), next])
    const before = decode(bytes, false)
    const now = decode(bytes, true)
    expect(now.damage).toEqual(before.damage)
    expect(now.damage.map((d) => d.reason)).toEqual([`frame 1 at byte ${rawFrame.length}: not a zstd frame (bad magic); skipped to the next frame`])
    expect(now.lines).toEqual([...all, '{"after":"frame"}'])
    expect(now.lines).toEqual(before.lines)
    expect(now.end).toEqual(before.end)
  })

  it('a 20 MB skippable frame between frames: skipped as it arrives, the same lines and frame count', () => {
    const skippable = new Uint8Array(8 + 20 * MiB)
    skippable.set([0x50, 0x2a, 0x4d, 0x18])
    new DataView(skippable.buffer).setUint32(4, 20 * MiB, true)
    const bytes = concat([next, skippable, next])
    const before = decode(bytes, false)
    const now = decode(bytes, true)
    expect(now).toEqual(before)
    expect(now.lines).toEqual(['{"after":"frame"}', '{"after":"frame"}'])
    expect(now.end.frames).toBe(3)
    // Torn inside it: a torn tail of the bytes it had, as before.
    const torn = bytes.subarray(0, next.length + 12 * MiB)
    expect(decode(torn, true).end).toEqual(decode(torn, false).end)
  })

  it('a frame torn at the end of the file: the same torn tail, and at least the lines of its complete blocks', () => {
    const cut = Math.floor(rawFrame.length * 0.6)
    const torn = rawFrame.subarray(0, cut)
    const before = decode(torn, false)
    const now = decode(torn, true)
    expect(now.end).toEqual(before.end)
    expect(now.end).toEqual({ tornTail: true, tornBytes: cut, tornFrame: 0, frames: 0 })
    expect(now.damage).toEqual([])
    // zstd also hands over a Raw block's bytes before the whole block has arrived: a few more lines.
    expect(now.lines.slice(0, before.lines.length)).toEqual(before.lines)
    expect(now.lines).toEqual(all.slice(0, now.lines.length))
    expect(before.lines.length).toBeGreaterThan(all.length / 2)
  })

  it('a frame cut in the middle and followed by another: the same report; its lines up to the cut are kept', () => {
    // Cut at a block boundary (a 6-byte frame header, then 3 + 128 KiB per Raw block), as a crash leaves it:
    // the next frame's magic is then read as a block header.
    const block = 3 + 128 * 1024
    const cut = 6 + Math.floor((rawFrame.length * 0.4) / block) * block
    const bytes = concat([rawFrame.subarray(0, cut), next, zstdFrame('{"third":"frame"}\n'), next])
    const before = decode(bytes, false)
    const now = decode(bytes, true)
    expect(now.damage.map((d) => d.reason)).toEqual(before.damage.map((d) => d.reason))
    expect(now.damage[0]?.reason).toMatch(/^frame 0 at byte 0: (block of \d+ bytes exceeds the 128 KiB maximum|reserved block type) at offset \d+; skipped to the next frame$/)
    // The whole-frame path lost every line of the big frame; streaming delivered those before the cut.
    expect(before.lines).not.toContain(all[1])
    expect(now.lines.length).toBeGreaterThan(all.length / 3)
    const kept = now.lines.filter((l) => !l.startsWith('{"after"') && !l.startsWith('{"third"'))
    expect(kept).toEqual(all.slice(0, kept.length))
    expect(now.lines.slice(kept.length)).toEqual(before.lines)
  })
})

describe('a line longer than the line limit', () => {
  // With a 1 MiB limit, a 3 MiB line stands in for one beyond 256 MiB (the splitter's own test walks 600 MB).
  const { header, records } = splitLog(readFileSync(SOURCE, 'utf8'))
  const giant = `{"type":"tool/result","seq":1,"time":1,"data":{"output":"${'y'.repeat(3 * MiB)}"}}`
  const text = `${header}\n${records[0]}\n${giant}\n${records.slice(1, 20).join('\n')}\n`
  // Then a line with an invalid UTF-8 byte: its reported offset must count the skipped line's bytes.
  const bytes = concat([new TextEncoder().encode(`${text}{"bad":"`), Uint8Array.from([0xff]), new TextEncoder().encode('"}\n')])
  const badAt = new TextEncoder().encode(text).length + 8
  const jsonl = join(dir, 'giant.jsonl')
  const zstd = join(dir, 'giant.jsonl.zstd')
  writeFileSync(jsonl, bytes)
  writeFileSync(zstd, zstdFrame(bytes))

  it.each([
    ['jsonl', jsonl, `line of ${giant.length} bytes at byte ${header.length + 1 + (records[0]?.length ?? 0) + 1} is longer than the ${MiB}-byte line limit; skipped`],
    ['zstd, one streamed frame', zstd, `frame 0 at byte 0: line of ${giant.length} bytes at decoded byte ${header.length + 1 + (records[0]?.length ?? 0) + 1} is longer than the ${MiB}-byte line limit; skipped`],
  ])('%s: reported at its line, not held, and reading goes on after it', async (_, path, reason) => {
    const reader = readSession(path, { maxLineBytes: MiB, streamFramesAbove: MiB })
    const entries: ParsedLine[] = []
    for await (const batch of reader) entries.push(...batch)
    expect(reader.summary.damage).toEqual([
      expect.objectContaining({ line: 3, offset: path === jsonl ? header.length + 1 + (records[0]?.length ?? 0) + 1 : 0, reason }),
      expect.objectContaining({ line: 23, offset: badAt, reason: expect.stringContaining(`byte ${badAt} `) }),
    ])
    expect(entries.find((e) => e.line === 3)).toMatchObject({ kind: 'invalid', reason, text: '' })
    // Every other line reads as without the giant one, under the same numbers.
    expect(entries.filter((e) => e.line !== 3 && e.kind !== 'invalid').length).toBeGreaterThan(15)
    expect(Math.max(...entries.map((e) => e.line))).toBe(23)
    expect(reader.summary.lineCount).toBe(22)
  })
})
