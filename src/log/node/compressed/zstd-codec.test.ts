import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scanZstdFrames, type ZstdFrame } from '../../bytes/zstd-frames'
import { initZstdEncoder, zstdFrame, type FrameOptions } from '../testing/zstd-encode'
import { ZstdCodec } from './zstd-codec'

await initZstdEncoder()
const codec = await ZstdCodec.create()
const text = new TextDecoder()
const REAL_HOST = new URL('../../../../fixtures/corpus/real-host/', import.meta.url)

function onlyFrame(bytes: Uint8Array): ZstdFrame {
  const frame = scanZstdFrames(bytes).frames[0]
  if (frame === undefined) throw new Error('test frame did not scan')
  return frame
}

function decode(bytes: Uint8Array) {
  const result = codec.decodeFrame(bytes, onlyFrame(bytes))
  return { ...result, text: text.decode(result.plaintext) }
}

describe('ZstdCodec on real dsh frames', () => {
  const files = readdirSync(REAL_HOST, { recursive: true, encoding: 'utf8' }).filter((rel) => rel.endsWith('.zstd'))

  it.each(files)('%s: every frame decodes to whole lines with a matching checksum', (rel) => {
    const bytes = new Uint8Array(readFileSync(new URL(rel, REAL_HOST)))
    const frames = scanZstdFrames(bytes).frames
    const before = codec.counts.wasm
    const texts = frames.map((f) => {
      const result = codec.decodeFrame(bytes.subarray(f.start, f.end), f)
      expect(result.error).toBeNull()
      expect(result.checksum).toBe('ok')
      return text.decode(result.plaintext)
    })
    // Frame 0 is the header line alone (log-format.md §5.1); every frame ends on a record boundary.
    expect(texts[0]?.split('\n')).toHaveLength(2)
    expect(JSON.parse(texts[0] ?? '').type).toBe('session')
    for (const t of texts) expect(t.endsWith('\n')).toBe(true)
    // The fast path (zstd's C decoder in wasm) settled every one of them.
    expect(codec.counts.wasm - before).toBe(frames.length)
  })

  it('decodes a real frame to the same bytes with wasm and with fzstd', () => {
    const bytes = new Uint8Array(readFileSync(new URL(files[0] ?? '', REAL_HOST)))
    const frame = scanZstdFrames(bytes).frames[1]
    if (frame === undefined) throw new Error('no second frame')
    const fast = text.decode(codec.decodeFrame(bytes.subarray(frame.start, frame.end), frame).plaintext)
    // The same frame with a wrong content checksum skips wasm; the fzstd path decodes it in full.
    const damaged = bytes.slice(frame.start, frame.end)
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] ?? 0) ^ 1
    const slow = text.decode(codec.decodeFrame(damaged, onlyFrame(damaged)).plaintext)
    expect(slow).toBe(fast)
  })

  it('reports a flipped checksum byte as a mismatch, keeping the plaintext', () => {
    const file = files[0] ?? ''
    const bytes = new Uint8Array(readFileSync(new URL(file, REAL_HOST)))
    const frame = scanZstdFrames(bytes).frames[1]
    if (frame === undefined) throw new Error('no second frame')
    const damaged = bytes.slice(frame.start, frame.end)
    damaged[damaged.length - 2] = (damaged[damaged.length - 2] ?? 0) ^ 0x40
    const wasm = codec.counts.wasm
    const result = codec.decodeFrame(damaged, onlyFrame(damaged))
    // zstd's decoder refused it (checksum_wrong); the fallback worded it.
    expect(codec.counts.wasm).toBe(wasm)
    expect(result.checksum).toBe('mismatch')
    expect(result.error).toBeNull()
    expect(text.decode(result.plaintext)).toMatch(/^\{"type":/)
  })
})

describe('ZstdCodec on every frame variant', () => {
  it('is one codec per process (its scratch space is shared)', async () => {
    expect(await ZstdCodec.create()).toBe(codec)
  })

  const plain = '{"type":"a"}\n{"type":"b","pad":"' + ' '.repeat(500) + '"}\n'
  it.each<[string, FrameOptions]>([
    ['dsh default', {}],
    ['content size, no checksum', { checksum: false, contentSizeBytes: 4 }],
    ['single segment', { singleSegment: true, contentSizeBytes: 2 }],
    ['no checksum, no content size (exact slow path)', { checksum: false }],
    ['small raw and RLE blocks', { blockSize: 50, rle: true }],
  ])('%s', (_, options) => {
    const result = decode(zstdFrame(plain, options))
    expect(result.text).toBe(plain)
    expect(result.error).toBeNull()
    expect(result.checksum).toBe(options.checksum === false ? 'absent' : 'ok')
  })

  it('finds the exact length when the plaintext holds a NUL byte (the fast path cannot)', () => {
    const withNul = 'abc\u0000def\n'
    const result = decode(zstdFrame(withNul))
    expect(result.text).toBe(withNul)
    expect(result.checksum).toBe('ok')
  })

  it('reports a damaged payload byte as a checksum mismatch', () => {
    const frame = zstdFrame('{"type":"x"}\n')
    frame[10] = 0x5a
    const result = decode(frame)
    expect(result.checksum).toBe('mismatch')
  })

  it('reports a frame that needs a dictionary as an error, not a throw', () => {
    const result = decode(zstdFrame('x\n', { dictionaryId: 7 }))
    expect(result.error).toContain('dictionary')
  })

  it('reports undecodable compressed data as an error, not a throw', () => {
    // A structurally valid frame holding one "compressed" block of garbage.
    const frame = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x58, 0x25, 0x00, 0x00, 0xff, 0xee, 0xdd, 0xcc, 0, 0, 0, 0])
    expect(scanZstdFrames(frame).corrupt).toBeNull()
    const result = decode(frame)
    expect(result.error).toMatch(/zstd decoding failed/)
    expect(result.checksum).toBe('absent')
  })

  it('decodes the complete blocks of a torn frame', () => {
    const frame = zstdFrame('line one\nline two\nline three\n', { blockSize: 9 })
    const torn = frame.subarray(0, frame.length - 12)
    const prefix = codec.decodePrefix(torn, scanZstdFrames(torn).tornMaxContentSize)
    expect(text.decode(prefix.plaintext)).toBe('line one\nline two\n')
  })

  it('decodes multi-megabyte frames in wasm (its heap grows under them) and small frames after them', () => {
    const wasm = codec.counts.wasm
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `{"type":"x","n":${i},"pad":"${'z'.repeat(90)}"}\n`).join('')
    // 5 MB, then 8 MB: the second input buffer no longer fits the heap's first 16 MB, so memory grows.
    const five = lines(45_000)
    const eight = lines(68_000)
    expect(decode(zstdFrame('small one\n')).text).toBe('small one\n')
    expect(decode(zstdFrame(five)).text).toBe(five)
    expect(decode(zstdFrame(eight)).text).toBe(eight)
    expect(decode(zstdFrame('small two\n')).text).toBe('small two\n')
    expect(codec.counts.wasm - wasm).toBe(4)
  })

  it('releases oversized scratch space and still returns correct data for a large frame', () => {
    const big = `${'y'.repeat(9 * 1024 * 1024)}\n`
    const wasm = codec.counts.wasm
    expect(decode(zstdFrame(big)).text.length).toBe(big.length)
    // Beyond 8 MiB the wasm heap (which never shrinks) is not used.
    expect(codec.counts.wasm).toBe(wasm)
    expect(decode(zstdFrame('small\n')).text).toBe('small\n')
  })
})
