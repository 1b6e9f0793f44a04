/**
 * Issue 2: "truncating a raw and a zstd log at every byte offset never throws and never loses a complete
 * line". Each cut runs the whole decode path below the file system (bytes → lines → LogParser): the
 * decoded lines must be exactly a prefix of the log's lines, holding at least every line that was
 * complete before the cut (raw) or every line of the complete frames (zstd, plus what the torn frame's
 * complete blocks give), with `tornTail` set exactly when the cut is not on a line / frame boundary.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scanZstdFrames } from '../bytes/zstd-frames'
import { LogParser } from '../parser'
import { createLineDecoder, type LogEncoding } from './line-decoder'
import { concat, initZstdEncoder, zstdFrame } from './testing/zstd-encode'
import { ZstdCodec } from './compressed/zstd-codec'

await initZstdEncoder()
const codec = await ZstdCodec.create()
const CORPUS = new URL('../../../fixtures/corpus/', import.meta.url)
const RAW_LOG = 'v0/jsonrpc-agent/text-turn/session.jsonl'
const REAL_ZSTD = 'real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd'

function decodeAll(encoding: LogEncoding, bytes: Uint8Array) {
  const lines: string[] = []
  const parser = new LogParser()
  let parsed = 0
  let damage = 0
  const decoder = createLineDecoder(
    encoding,
    {
      line(text, line, frame) {
        lines.push(text)
        parsed += parser.line(text, frame === undefined ? { line } : { line, frame }).length
      },
      damage: () => damage++,
    },
    codec,
  )
  decoder.push(bytes)
  return { lines, parsed, damage, end: decoder.end() }
}

describe('a raw log cut at every byte offset', () => {
  const bytes = new Uint8Array(readFileSync(new URL(RAW_LOG, CORPUS)))
  const all = new TextDecoder().decode(bytes).split('\n').slice(0, -1)

  it('keeps exactly the lines complete before the cut', () => {
    expect(all.length).toBeGreaterThan(10)
    const wrong: number[] = []
    for (let cut = 0; cut <= bytes.length; cut++) {
      const prefix = bytes.subarray(0, cut)
      const complete = prefix.lastIndexOf(0x0a) + 1
      const want = all.slice(0, new TextDecoder().decode(prefix.subarray(0, complete)).split('\n').length - 1)
      const got = decodeAll('jsonl', prefix)
      const ok = got.lines.length === want.length && got.lines.every((l, i) => l === want[i]) && got.end.tornTail === (complete !== cut) && got.damage === 0 && got.parsed >= want.length
      if (!ok) wrong.push(cut)
    }
    expect(wrong).toEqual([])
  })
})

describe('a zstd log cut at every byte offset', () => {
  function check(bytes: Uint8Array, minimumFromTorn: (cut: number, tornStart: number) => number) {
    const all = decodeAll('zstd', bytes).lines
    const frames = scanZstdFrames(bytes).frames
    // Lines per complete-frame prefix: frames never split a line, so frame k ends after lineEnds[k] lines.
    const lineEnds: number[] = []
    let count = 0
    for (const f of frames) {
      count += decodeAll('zstd', bytes.subarray(f.start, f.end)).lines.length
      lineEnds.push(count)
    }
    const wrong: number[] = []
    for (let cut = 0; cut <= bytes.length; cut++) {
      const got = decodeAll('zstd', bytes.subarray(0, cut))
      const completeFrames = frames.filter((f) => f.end <= cut).length
      const fromFrames = completeFrames === 0 ? 0 : (lineEnds[completeFrames - 1] ?? 0)
      const boundary = completeFrames === 0 ? cut === 0 : frames[completeFrames - 1]?.end === cut
      const atLeast = boundary ? fromFrames : fromFrames + minimumFromTorn(cut, frames[completeFrames]?.start ?? 0)
      const atMost = boundary ? fromFrames : (lineEnds[completeFrames] ?? all.length)
      const ok =
        got.lines.length >= atLeast &&
        got.lines.length <= atMost &&
        got.lines.every((l, i) => l === all[i]) &&
        got.end.tornTail === !boundary &&
        got.damage === 0
      if (!ok) wrong.push(cut)
    }
    return wrong
  }

  it('real compressed frames: every complete frame survives, no partial line ever appears', () => {
    // The first frames of a real dsh log, without its one 10 KB frame, keep the loop short.
    const real = new Uint8Array(readFileSync(new URL(REAL_ZSTD, CORPUS)))
    const frames = scanZstdFrames(real).frames.filter((f) => f.end - f.start < 2000).slice(0, 8)
    const bytes = concat(frames.map((f) => real.subarray(f.start, f.end)))
    expect(bytes.length).toBeGreaterThan(1500)
    expect(check(bytes, () => 0)).toEqual([])
  })

  it('raw-block frames: the complete lines inside the torn frame are recovered too', () => {
    const text = new TextDecoder().decode(readFileSync(new URL(RAW_LOG, CORPUS)))
    const [header = '', ...rest] = text.split('\n').slice(0, -1)
    const batches = [rest.slice(0, 3), rest.slice(3, 9), rest.slice(9)]
    const BLOCK = 48
    const frames = [zstdFrame(`${header}\n`, { blockSize: BLOCK }), ...batches.map((b) => zstdFrame(`${b.join('\n')}\n`, { blockSize: BLOCK }))]
    const bytes = concat(frames)
    const plaintexts = [`${header}\n`, ...batches.map((b) => `${b.join('\n')}\n`)].map((t) => new TextEncoder().encode(t))
    // Inside a torn frame every whole raw block (3-byte header + 48 bytes) decodes; count the lines they complete.
    const minimum = (cut: number, tornStart: number) => {
      const index = frames.findIndex((_, i) => frames.slice(0, i).reduce((n, f) => n + f.length, 0) === tornStart)
      const plain = plaintexts[index] ?? new Uint8Array(0)
      const blocks = Math.max(0, Math.floor((cut - tornStart - 6) / (BLOCK + 3)))
      const decoded = plain.subarray(0, Math.min(plain.length, blocks * BLOCK))
      return decoded.filter((b) => b === 0x0a).length
    }
    expect(check(bytes, minimum)).toEqual([])
  })
})
