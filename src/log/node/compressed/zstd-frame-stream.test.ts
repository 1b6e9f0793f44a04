import { readFileSync } from 'node:fs'
import xxhash from 'xxhash-wasm'
import { describe, expect, it } from 'vitest'
import { readFrameHeader, scanZstdFrames, ZstdBlockWalker } from '../../bytes/zstd-frames'
import { initZstdEncoder, zstdFrame } from '../testing/zstd-encode'
import { loadWasmZstd } from './wasm-zstd'
import { openFrameStream, type FrameStreamEnd } from './zstd-frame-stream'

await initZstdEncoder()
const hasher = await xxhash()
const wasm = await loadWasmZstd()
const REAL = new URL('../../../../fixtures/corpus/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd', import.meta.url)

/** Streams `frame` through one decoder, a block per push (as `ZstdLineDecoder` does). */
function stream(frame: Uint8Array, decoder: 'wasm' | 'fzstd'): { text: string; end: FrameStreamEnd } {
  const read = readFrameHeader(frame, 0, frame.length)
  if (!('header' in read)) throw new Error('no header')
  const pieces: Uint8Array[] = []
  const s = openFrameStream(read.header, (p) => pieces.push(p.slice()), decoder === 'wasm' ? wasm : null, hasher)
  s.push(frame.subarray(0, read.header.headerEnd))
  const walker = new ZstdBlockWalker(read.header, read.header.headerEnd)
  let rest = frame.subarray(read.header.headerEnd)
  while (rest.length > 0) {
    const step = walker.advance(rest)
    s.push(rest.subarray(0, step.used))
    rest = rest.subarray(step.used)
    if (step.done) break
  }
  const end = s.finish(walker.storedChecksum)
  return { text: Buffer.concat(pieces).toString('utf8'), end }
}

describe.each(['wasm', 'fzstd'] as const)('a large frame streamed through %s', (decoder) => {
  const plain = Array.from({ length: 3000 }, (_, i) => `{"type":"x","n":${i},"pad":"${'p'.repeat(i % 200)}"}\n`).join('')

  it('gives the plaintext in pieces and checks the content checksum', () => {
    expect(stream(zstdFrame(plain, { blockSize: 4096 }), decoder)).toEqual({ text: plain, end: { checksum: 'ok', error: null } })
    expect(stream(zstdFrame(plain, { checksum: false }), decoder)).toEqual({ text: plain, end: { checksum: 'absent', error: null } })
  })

  it('decodes real compressed frames', () => {
    const bytes = new Uint8Array(readFileSync(REAL))
    for (const f of scanZstdFrames(bytes).frames) {
      const got = stream(bytes.subarray(f.start, f.end), decoder)
      expect(got.end).toEqual({ checksum: 'ok', error: null })
      expect(got.text.endsWith('\n')).toBe(true)
    }
  })

  it('reports a wrong checksum as a mismatch after handing over every byte', () => {
    const frame = zstdFrame(plain, { blockSize: 4096 })
    frame[frame.length - 1] = (frame[frame.length - 1] ?? 0) ^ 0x01
    expect(stream(frame, decoder)).toEqual({ text: plain, end: { checksum: 'mismatch', error: null } })
  })

  it('reports undecodable compressed data as "zstd decoding failed", keeping the blocks before it', () => {
    // Two Raw blocks, then one "compressed" block of garbage.
    const good = zstdFrame('{"a":1}\n{"b":2}\n', { blockSize: 8, checksum: false })
    const read = readFrameHeader(good, 0, good.length)
    if (!('header' in read)) throw new Error('no header')
    const body = good.slice(0, good.length)
    // Un-mark the last Raw block (the second: 3 + 8 bytes from the end) as last, then append the bad block.
    body[good.length - 11] = (body[good.length - 11] ?? 0) & 0xfe
    const bad = Uint8Array.from([0x25, 0x00, 0x00, 0xff, 0xee, 0xdd, 0xcc])
    const frame = new Uint8Array(body.length + bad.length)
    frame.set(body)
    frame.set(bad, body.length)
    const got = stream(frame, decoder)
    expect(got.text).toBe('{"a":1}\n{"b":2}\n')
    expect(got.end.checksum).toBe('absent')
    expect(got.end.error).toMatch(/^zstd decoding failed: /)
  })
})

describe('openFrameStream', () => {
  it('refuses a frame that needs a dictionary, in the codec\'s words', () => {
    const read = readFrameHeader(zstdFrame('x\n', { dictionaryId: 7 }), 0, 40)
    if (!('header' in read)) throw new Error('no header')
    const s = openFrameStream(read.header, () => undefined, wasm, hasher)
    expect(s.finish(0)).toEqual({ checksum: 'absent', error: 'frame needs zstd dictionary 7, which dsh never uses' })
  })
})
