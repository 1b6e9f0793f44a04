import { decompress } from 'fzstd'
import { describe, expect, it } from 'vitest'
import { scanZstdFrames } from '../../log/bytes/zstd-frames'
import { ZstdCodec } from '../../log/node/compressed/zstd-codec'
import { createRawFrameEncoder, RAW_BLOCK_MAX, recoverablePlaintext } from './zstd-raw-frame'

/** Byte equality (the codec hands out a Uint8Array subclass, and toEqual on 400 KB is slow). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length))
const text = (n: number) => new TextEncoder().encode(`${'{"type":"x"}\n'.repeat(Math.ceil(n / 13))}`.slice(0, n))

describe('raw-block zstd frames', () => {
  it.each([1, 13, 1000, RAW_BLOCK_MAX, RAW_BLOCK_MAX + 1, 3 * RAW_BLOCK_MAX + 77])('a %i-byte payload decodes back with a valid checksum', async (size) => {
    const encode = await createRawFrameEncoder()
    const plain = text(size)
    const frame = encode(plain)
    const scan = scanZstdFrames(frame)
    expect(scan.corrupt).toBeNull()
    expect(scan.tornStart).toBeNull()
    const [info] = scan.frames
    expect(info).toMatchObject({ kind: 'zstd', start: 0, end: frame.length, hasChecksum: true, contentSize: null, windowSize: 2 * 1024 * 1024, blocks: Math.max(1, Math.ceil(size / RAW_BLOCK_MAX)) })
    expect(same(decompress(frame), plain)).toBe(true)
    const codec = await ZstdCodec.create()
    if (info === undefined) throw new Error('no frame')
    const decoded = codec.decodeFrame(frame, info)
    expect(decoded.checksum).toBe('ok')
    expect(same(decoded.plaintext, plain)).toBe(true)
  })

  it('a flipped payload byte fails the checksum', async () => {
    const frame = (await createRawFrameEncoder())(text(100))
    frame[20] = (frame[20] ?? 0) ^ 1
    const [info] = scanZstdFrames(frame).frames
    if (info === undefined) throw new Error('no frame')
    expect((await ZstdCodec.create()).decodeFrame(frame, info).checksum).toBe('mismatch')
  })

  it('knows how much of a torn frame a decoder can recover (whole blocks only)', () => {
    const size = 2 * RAW_BLOCK_MAX + 10
    expect(recoverablePlaintext(size, 5)).toBe(0)
    expect(recoverablePlaintext(size, 6 + 3 + RAW_BLOCK_MAX - 1)).toBe(0)
    expect(recoverablePlaintext(size, 6 + 3 + RAW_BLOCK_MAX)).toBe(RAW_BLOCK_MAX)
    expect(recoverablePlaintext(size, 6 + 2 * (3 + RAW_BLOCK_MAX) + 3 + 10)).toBe(size)
  })
})
