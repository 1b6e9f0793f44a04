import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textDecoderTextOf } from '../bytes/line-splitter'
import { ByteStore } from '../bytes/byte-store'
import { scanZstdFrames } from '../bytes/zstd-frames'
import { bufferByteOps, bufferTextOf, createLineDecoder, type Damage, type LogEncoding } from './line-decoder'
import { concat, initZstdEncoder, zstdFrame } from './testing/zstd-encode'
import { ZstdCodec } from './compressed/zstd-codec'

await initZstdEncoder()
const codec = await ZstdCodec.create()
const enc = new TextEncoder()
const REAL = new URL('../../../fixtures/corpus/real-host/node22-basic/sessions/--home-dev-project--/session-b94a9975-e964-4e8f-8181-dea1d289823b/session.jsonl.zstd', import.meta.url)

interface Seen {
  lines: { text: string; line: number; frame: number | undefined }[]
  damage: Damage[]
}

function run(encoding: LogEncoding, bytes: Uint8Array, chunk = bytes.length || 1) {
  const seen: Seen = { lines: [], damage: [] }
  const decoder = createLineDecoder(encoding, { line: (text, line, frame) => seen.lines.push({ text, line, frame }), damage: (d) => seen.damage.push(d) }, codec)
  const consumed: number[] = []
  for (let at = 0; at < bytes.length; at += chunk) {
    decoder.push(bytes.slice(at, at + chunk))
    consumed.push(decoder.consumed)
  }
  return { ...seen, end: decoder.end(), consumed }
}

describe('bufferTextOf', () => {
  it('decodes any bytes exactly as TextDecoder does (U+FFFD for invalid UTF-8, a BOM kept)', () => {
    const portable = textDecoderTextOf()
    const fast = bufferTextOf()
    const bytes = fc.uint8Array({ maxLength: 40 }).chain((b) => fc.tuple(fc.constant(b), fc.nat({ max: b.length }), fc.nat({ max: b.length })))
    fc.assert(
      fc.property(bytes, ([b, x, y]) => {
        const [start, end] = x <= y ? [x, y] : [y, x]
        expect(fast(b, start, end)).toBe(portable(b, start, end))
      }),
      { numRuns: 3000 },
    )
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0xc3])
    expect(fast(bom, 0, 5)).toBe('\ufeffA\ufffd')
  })
})

describe('bufferByteOps', () => {
  it('finds bytes exactly as Uint8Array#indexOf does, across views of any buffers (property)', () => {
    const ops = bufferByteOps()
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uint8Array({ maxLength: 30 }), fc.nat(), fc.nat({ max: 3 }))), (cases) => {
        for (const [bytes, from, which] of cases) {
          // A view into a larger buffer, so byteOffset matters.
          const host = new Uint8Array(bytes.length + which)
          host.set(bytes, which)
          const view = host.subarray(which)
          const at = from % (bytes.length + 1)
          expect(ops.find(view, 10, at)).toBe(view.indexOf(10, at))
          expect(ops.textOf(view, 0, view.length)).toBe(new TextDecoder('utf-8', { ignoreBOM: true }).decode(view))
        }
      }),
    )
  })
})

describe('raw JSONL decoding', () => {
  const log = enc.encode('{"type":"session"}\n{"seq":0}\n{"seq":1}\n{"seq":2,"x":"')

  it.each([1, 2, 5, 64])('gives the same lines in %i-byte chunks, and holds the partial line as a torn tail', (chunk) => {
    const result = run('jsonl', log, chunk)
    expect(result.lines.map((l) => l.text)).toEqual(['{"type":"session"}', '{"seq":0}', '{"seq":1}'])
    expect(result.lines.map((l) => l.frame)).toEqual([undefined, undefined, undefined])
    expect(result.end).toEqual({ tornTail: true, tornBytes: 14, tornFrame: null, frames: 0 })
    expect(result.consumed.at(-1)).toBe(log.length - 14)
  })
})

describe('zstd decoding', () => {
  const real = new Uint8Array(readFileSync(REAL))
  const whole = run('zstd', real)

  it('decodes every frame of a real dsh log, numbering lines across frames', () => {
    const frames = scanZstdFrames(real).frames.length
    expect(whole.end).toEqual({ tornTail: false, tornBytes: 0, tornFrame: null, frames })
    expect(whole.damage).toEqual([])
    expect(whole.lines[0]).toMatchObject({ line: 1, frame: 0 })
    expect(whole.lines.map((l) => l.line)).toEqual(whole.lines.map((_, i) => i + 1))
    expect(whole.lines.at(-1)?.frame).toBe(frames - 1)
    for (const l of whole.lines) expect(() => JSON.parse(l.text)).not.toThrow()
  })

  it.each([1, 3, 100, 4096])('gives identical lines in %i-byte chunks; consumed stops at frame ends', (chunk) => {
    const result = run('zstd', real, chunk)
    expect(result.lines).toEqual(whole.lines)
    const ends = new Set([0, ...scanZstdFrames(real).frames.map((f) => f.end)])
    for (const c of result.consumed) expect(ends.has(c)).toBe(true)
  })

  it('hands a lineBytes sink the same lines undecoded; with a store their bytes stay valid after later frames', () => {
    const views: { bytes: Uint8Array; start: number; end: number; copy: Uint8Array; line: number; frame: number | undefined }[] = []
    const sink = {
      line: () => {
        throw new Error('a lineBytes sink gets no text')
      },
      lineBytes: (bytes: Uint8Array, start: number, end: number, line: number, frame: number | undefined) => views.push({ bytes, start, end, copy: bytes.slice(start, end), line, frame }),
      damage: () => undefined,
    }
    const decoder = createLineDecoder('zstd', sink, codec, { store: new ByteStore(() => true) })
    for (let at = 0; at < real.length; at += 333) decoder.push(real.slice(at, at + 333))
    decoder.end()
    expect(views.map((v) => ({ text: new TextDecoder().decode(v.copy), line: v.line, frame: v.frame }))).toEqual(whole.lines)
    // Every view still shows its line: nothing was decoded over it.
    for (const v of views) expect(v.bytes.subarray(v.start, v.end)).toEqual(v.copy)
  })

  it('reports a complete frame that ends mid-record, with the cut text, and reads on', () => {
    const bytes = concat([zstdFrame('{"h":1}\n'), zstdFrame('{"a":1}\n{"b":'), zstdFrame('{"c":3}\n')])
    const result = run('zstd', bytes)
    expect(result.lines.map((l) => [l.text, l.line, l.frame])).toEqual([
      ['{"h":1}', 1, 0],
      ['{"a":1}', 2, 1],
      ['{"c":3}', 4, 2],
    ])
    expect(result.damage).toEqual([{ line: 3, frame: 1, offset: zstdFrame('{"h":1}\n').length, reason: expect.stringContaining('ends in the middle of a record'), text: '{"b":' }])
  })

  it('reports garbage between frames once, naming frame and offset, then resumes at the next frame', () => {
    const first = zstdFrame('{"h":1}\n')
    const garbage = enc.encode('not zstd at all, some bytes')
    const bytes = concat([first, garbage, zstdFrame('{"a":1}\n')])
    for (const chunk of [1, 7, bytes.length]) {
      const result = run('zstd', bytes, chunk)
      expect(result.lines.map((l) => l.text)).toEqual(['{"h":1}', '{"a":1}'])
      expect(result.damage).toHaveLength(1)
      expect(result.damage[0]).toMatchObject({ frame: 1, offset: first.length })
      expect(result.damage[0]?.reason).toContain(`frame 1 at byte ${first.length}: not a zstd frame (bad magic)`)
      expect(result.end.tornTail).toBe(false)
    }
  })

  it('reports a checksum mismatch and still gives the frame lines', () => {
    const second = zstdFrame('{"a":1}\n')
    second[second.length - 1] = (second[second.length - 1] ?? 0) ^ 1
    const result = run('zstd', concat([zstdFrame('{"h":1}\n'), second]))
    expect(result.lines.map((l) => l.text)).toEqual(['{"h":1}', '{"a":1}'])
    expect(result.damage).toEqual([expect.objectContaining({ line: 2, frame: 1, reason: expect.stringContaining('checksum mismatch') })])
  })

  it('keeps the complete lines of a torn final frame and marks the tail', () => {
    const last = zstdFrame('{"a":1}\n{"b":2}\n{"c":3}\n', { blockSize: 8 })
    const bytes = concat([zstdFrame('{"h":1}\n'), last]).subarray(0, -10)
    const result = run('zstd', bytes)
    expect(result.lines.map((l) => l.text)).toEqual(['{"h":1}', '{"a":1}', '{"b":2}'])
    expect(result.lines.at(-1)?.frame).toBe(1)
    expect(result.end).toMatchObject({ tornTail: true, tornFrame: 1, frames: 1, tornBytes: last.length - 10 })
  })
})
