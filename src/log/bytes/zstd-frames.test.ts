import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { concat, initZstdEncoder, zstdFrame, type FrameOptions } from '../node/testing/zstd-encode'
import fc from 'fast-check'
import { findZstdMagic, readFrameHeader, scanZstdFrames, withWindowAtLeast, ZstdBlockWalker, type WalkStep } from './zstd-frames'

const REAL_HOST = new URL('../../../fixtures/corpus/real-host/', import.meta.url)

/** Every .zstd log of the real-host corpus (written by the real dsh 0.1.0-rc.8 on Node 22). */
function realZstdLogs(): { name: string; bytes: Uint8Array }[] {
  return readdirSync(REAL_HOST, { recursive: true, encoding: 'utf8' })
    .filter((rel) => rel.endsWith('.jsonl.zstd'))
    .sort()
    .map((rel) => ({ name: rel, bytes: new Uint8Array(readFileSync(new URL(rel, REAL_HOST))) }))
}

await initZstdEncoder()

describe('scanZstdFrames on real dsh logs', () => {
  const logs = realZstdLogs()

  it('finds the real multi-frame logs', () => {
    expect(logs.length).toBeGreaterThanOrEqual(3)
  })

  it.each(logs.map((l) => [l.name, l.bytes] as const))('%s: consecutive complete frames covering the file', (_, bytes) => {
    const scan = scanZstdFrames(bytes)
    expect(scan.corrupt).toBeNull()
    expect(scan.tornStart).toBeNull()
    expect(scan.frames.length).toBeGreaterThan(10)
    let at = 0
    for (const frame of scan.frames) {
      expect(frame.start).toBe(at)
      // What dsh writes (log-format.md §5.1): checksum on, no content size, a 2 MiB window.
      expect(frame).toMatchObject({ kind: 'zstd', hasChecksum: true, contentSize: null, windowSize: 2 * 1024 * 1024, dictionaryId: 0 })
      at = frame.end
    }
    expect(at).toBe(bytes.length)
  })

  it('a cut at every offset of a real log lists exactly the frames before it, and the cut frame as torn', () => {
    const bytes = logs[0]?.bytes ?? new Uint8Array(0)
    const ends = scanZstdFrames(bytes).frames.map((f) => f.end)
    const wrong: number[] = []
    for (let cut = 0; cut <= bytes.length; cut++) {
      const scan = scanZstdFrames(bytes.subarray(0, cut))
      const complete = ends.filter((end) => end <= cut)
      const lastEnd = complete.at(-1) ?? 0
      const ok =
        scan.corrupt === null &&
        scan.frames.length === complete.length &&
        scan.frames.every((f, i) => f.end === complete[i]) &&
        scan.tornStart === (lastEnd === cut ? null : lastEnd)
      if (!ok) wrong.push(cut)
    }
    expect(bytes.length).toBeGreaterThan(10_000)
    expect(wrong).toEqual([])
  })
})

describe('scanZstdFrames on every header variant', () => {
  const plain = 'a'.repeat(300) + '\n' + 'bcd'.repeat(200) + '\n'
  const table: [string, FrameOptions, { contentSize: number | null; hasChecksum: boolean; blocks: number }][] = [
    ['dsh default: window, no content size, checksum', {}, { contentSize: null, hasChecksum: true, blocks: 1 }],
    ['no checksum', { checksum: false }, { contentSize: null, hasChecksum: false, blocks: 1 }],
    ['single segment, 1-byte content size is not enough for 902 bytes: 2-byte', { singleSegment: true, contentSizeBytes: 2 }, { contentSize: 902, hasChecksum: true, blocks: 1 }],
    ['2-byte content size (+256 bias)', { contentSizeBytes: 2 }, { contentSize: 902, hasChecksum: true, blocks: 1 }],
    ['4-byte content size', { contentSizeBytes: 4 }, { contentSize: 902, hasChecksum: true, blocks: 1 }],
    ['8-byte content size', { contentSizeBytes: 8 }, { contentSize: 902, hasChecksum: true, blocks: 1 }],
    ['dictionary id', { dictionaryId: 0x1234 }, { contentSize: null, hasChecksum: true, blocks: 1 }],
    ['many small blocks', { blockSize: 64 }, { contentSize: null, hasChecksum: true, blocks: 15 }],
    ['RLE blocks', { blockSize: 100, rle: true }, { contentSize: null, hasChecksum: true, blocks: 10 }],
  ]

  it.each(table)('%s', (_, options, want) => {
    const frame = zstdFrame(plain, options)
    const scan = scanZstdFrames(frame)
    expect(scan.corrupt).toBeNull()
    expect(scan.tornStart).toBeNull()
    expect(scan.frames).toHaveLength(1)
    expect(scan.frames[0]).toMatchObject({ start: 0, end: frame.length, ...want })
    expect(scan.frames[0]?.maxContentSize).toBeGreaterThanOrEqual(902)
  })

  it('reads a 1-byte content size in a small single-segment frame', () => {
    const frame = zstdFrame('{"x":1}\n', { singleSegment: true })
    expect(scanZstdFrames(frame).frames[0]).toMatchObject({ contentSize: 8, windowSize: 8, maxContentSize: 8 })
  })

  it('walks over skippable frames', () => {
    const skippable = Uint8Array.from([0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3])
    const bytes = concat([zstdFrame('a\n'), skippable, zstdFrame('b\n')])
    const scan = scanZstdFrames(bytes)
    expect(scan.frames.map((f) => f.kind)).toEqual(['zstd', 'skippable', 'zstd'])
    expect(scan.tornStart).toBeNull()
  })
})

describe('scanZstdFrames on damage', () => {
  const good = zstdFrame('{"type":"session"}\n')

  it.each([
    ['bad magic', Uint8Array.from([0x7b, 0x22, 0x74, 0x79, 0x70]), 'bad magic'],
    ['reserved descriptor bit 0x08', Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x0c, 0x58]), 'reserved bit'],
    ['unused descriptor bit 0x10', Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x14, 0x58]), 'reserved bit'],
    ['reserved block type 3', Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x58, 0x07, 0x00, 0x00]), 'reserved block type'],
    ['block over 128 KiB', Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x58, 0x08, 0x00, 0x20]), 'exceeds the 128 KiB'],
  ])('%s after a good frame: the good frame, then corruption at its offset', (_, bad, reason) => {
    const scan = scanZstdFrames(concat([good, bad]))
    expect(scan.frames).toHaveLength(1)
    expect(scan.tornStart).toBeNull()
    expect(scan.corrupt?.offset).toBe(good.length)
    expect(scan.corrupt?.reason).toContain(reason)
  })

  it('treats a short magic prefix as torn and a short non-magic as corrupt', () => {
    expect(scanZstdFrames(Uint8Array.from([0x28, 0xb5])).tornStart).toBe(0)
    expect(scanZstdFrames(Uint8Array.from([0x28, 0x00])).corrupt?.offset).toBe(0)
  })

  it('scans from a start offset and up to an end offset', () => {
    const bytes = concat([good, good, good])
    const scan = scanZstdFrames(bytes, good.length, good.length * 2 + 3)
    expect(scan.frames.map((f) => f.start)).toEqual([good.length])
    expect(scan.tornStart).toBe(good.length * 2)
  })

  it('findZstdMagic finds the next frame start, or -1', () => {
    const bytes = concat([Uint8Array.from([0x28, 1, 2, 0x28, 0xb5]), good])
    expect(findZstdMagic(bytes, 0)).toBe(5)
    expect(findZstdMagic(bytes, 6)).toBe(-1)
  })
})

describe('withWindowAtLeast', () => {
  it('declares the smallest window covering the need, and nothing else changes', () => {
    const frame = zstdFrame('{"a":1}\n')
    const smaller = withWindowAtLeast(frame, 1500)
    expect(scanZstdFrames(smaller).frames[0]?.windowSize).toBe(1536) // 1 KiB + 4 × 128 B
    expect([...smaller.subarray(6)]).toEqual([...frame.subarray(6)])
    expect(frame[5]).toBe(0x58) // the input is not modified
  })

  it('returns the input when the window cannot shrink or there is none', () => {
    const frame = zstdFrame('{"a":1}\n')
    expect(withWindowAtLeast(frame, 4 * 1024 * 1024)).toBe(frame)
    const single = zstdFrame('{"a":1}\n', { singleSegment: true })
    expect(withWindowAtLeast(single, 10)).toBe(single)
    const junk = Uint8Array.from([1, 2, 3, 4, 5, 6, 7])
    expect(withWindowAtLeast(junk, 10)).toBe(junk)
  })
})

/** Walks `frame` (from its start) in pieces cut at `cuts`; returns where it ended and every step. */
function walk(frame: Uint8Array, cuts: number[]): { end: number | null; corrupt: string | null; steps: WalkStep[]; walker: ZstdBlockWalker } {
  const read = readFrameHeader(frame, 0, frame.length)
  if (!('header' in read)) throw new Error('test frame has no header')
  const walker = new ZstdBlockWalker(read.header, read.header.headerEnd)
  const steps: WalkStep[] = []
  let at = read.header.headerEnd
  for (const cut of [...cuts.filter((c) => c > at && c < frame.length)].sort((a, b) => a - b).concat(frame.length)) {
    let piece = frame.subarray(at, cut)
    while (piece.length > 0) {
      const step = walker.advance(piece)
      steps.push(step)
      if (step.corrupt !== null) return { end: null, corrupt: step.corrupt, steps, walker }
      at += step.used
      if (step.done) return { end: at, corrupt: null, steps, walker }
      piece = piece.subarray(step.used)
    }
    at = cut
  }
  return { end: null, corrupt: null, steps, walker }
}

describe('ZstdBlockWalker (the scanner one piece at a time, for frames too large to hold)', () => {
  const text = Array.from({ length: 40 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i * 7)}"}\n`).join('')

  it('ends every frame variant where the scanner does, in any chunking, one block per step', () => {
    const variants = fc.constantFrom<FrameOptions>({}, { checksum: false }, { contentSizeBytes: 4 }, { singleSegment: true, contentSizeBytes: 2 }, { blockSize: 37, rle: true }, { blockSize: 64, checksum: false })
    fc.assert(
      fc.property(variants, fc.array(fc.nat({ max: 4000 }), { maxLength: 12 }), (options, cuts) => {
        const frame = zstdFrame(text, options)
        const scanned = scanZstdFrames(frame).frames[0]
        const walked = walk(frame, cuts)
        expect(walked.end).toBe(scanned?.end)
        expect(walked.corrupt).toBeNull()
        // One step never runs past a block end: a step's bytes finish at most one block.
        expect(walked.steps.filter((s) => !s.done).length).toBeGreaterThanOrEqual((scanned?.blocks ?? 0) - (options.checksum === false ? 1 : 0))
        if (options.checksum !== false) {
          const n = frame.length
          expect(walked.walker.storedChecksum).toBe(((frame[n - 4] ?? 0) | ((frame[n - 3] ?? 0) << 8) | ((frame[n - 2] ?? 0) << 16) | ((frame[n - 1] ?? 0) << 24)) >>> 0)
        }
      }),
    )
  })

  it('stops a torn frame without ending it', () => {
    const frame = zstdFrame(text, { blockSize: 50 })
    expect(walk(frame.subarray(0, frame.length - 30), [20, 77]).end).toBeNull()
  })

  it.each([
    ['reserved block type 3', [0x07, 0x00, 0x00], 'reserved block type at offset'],
    ['block over 128 KiB', [0x08, 0x00, 0x20], 'block of 262145 bytes exceeds the 128 KiB maximum at offset'],
  ])('%s: the scanner\'s words and offset (from the frame start), and where the bad header began', (_, header, reason) => {
    const good = zstdFrame('{"type":"x"}\n', { checksum: false })
    // The good frame's single block, made not-last, followed by a bad block header.
    const bytes = concat([good, Uint8Array.from(header)])
    const read = readFrameHeader(bytes, 0, bytes.length)
    if (!('header' in read)) throw new Error('no header')
    bytes[read.header.headerEnd] = (bytes[read.header.headerEnd] ?? 0) & 0xfe
    const scanned = scanZstdFrames(bytes).corrupt
    for (const cut of [good.length - 1, good.length, good.length + 1, good.length + 2]) {
      const walked = walk(bytes, [cut])
      expect(walked.corrupt).toBe(scanned?.reason)
      expect(walked.corrupt).toBe(`${reason} ${good.length}`)
      const last = walked.steps.at(-1)
      // Where the bad header began, from the start of the last piece (negative: in an earlier one), and its
      // bytes, so a caller can resume the search for the next frame right there.
      expect(last?.badHeader).toEqual(Uint8Array.from(header))
      expect(last?.corruptAt).toBe(good.length - Math.max(cut, good.length))
    }
  })
})
