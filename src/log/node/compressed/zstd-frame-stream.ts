/**
 * Decoding one large zstd frame a piece at a time (issue 17: a 1.3 GB single-frame log must read in
 * bounded memory). `ZstdLineDecoder` walks the frame's blocks (`ZstdBlockWalker`) and pushes its bytes
 * here as they arrive; the plaintext goes to a sink in pieces of at most 128 KiB, so neither the
 * compressed frame nor its plaintext is ever whole in memory. Two decoders:
 * 1. zstd's `ZSTD_decompressStream` in wasm (wasm-zstd.ts), ~as fast as the whole-frame wasm path. zstd
 *    verifies the content checksum itself at the frame's end, after flushing the last block, so a
 *    `checksum_wrong` error there is a mismatch with every line already delivered, as before.
 * 2. fzstd's streaming `Decompress` when wasm is missing or the frame's window exceeds zstd's default
 *    128 MiB limit; the checksum is then XXH64 over the pieces (xxhash-wasm's streaming `create64`).
 * Damage keeps the codec's wording: "zstd decoding failed: …" (fzstd's message, or zstd's error name), a
 * checksum mismatch as `checksum: 'mismatch'`. What differs from a small frame: a mismatch is only known
 * once the frame's lines were delivered, so its report follows them (it still names the frame's first line).
 */
import { Decompress } from 'fzstd'
import type { ChecksumState, ZstdFrameHeader } from '../../bytes/zstd-frames'
import type { WasmStream, WasmZstd } from './wasm-zstd'

export interface FrameStreamEnd {
  checksum: ChecksumState
  error: string | null
}

export interface FrameStream {
  /** Feeds the frame's next bytes (ignored after an error); plaintext goes to the sink given at open. */
  push(bytes: Uint8Array): void
  /** Why decoding stopped, or null. */
  readonly error: string | null
  /** After the frame's last byte: checks the content checksum (`stored`, from the walker) and frees. */
  finish(stored: number): FrameStreamEnd
  /** Frees without settling (torn or corrupt frame). Idempotent. */
  close(): void
}

/** Receives decoded plaintext; the view is valid during the call only. */
export type PlaintextSink = (plaintext: Uint8Array) => void

type Hasher64 = { create64(seed?: bigint): { update(input: Uint8Array): unknown; digest(): bigint } }

/** zstd's default `ZSTD_d_windowLogMax` (27): larger windows make `ZSTD_decompressStream` refuse the frame. */
const WASM_MAX_WINDOW = 2 ** 27

const ZSTD_CHECKSUM_WRONG = -22

/** zstd's error names (zstd_errors.h) for the codes a damaged frame can produce. */
const ZSTD_ERRORS = new Map<number, string>([
  [1, 'generic error'],
  [10, 'unknown frame descriptor'],
  [14, 'unsupported frame parameter'],
  [16, 'frame requires too much memory for decoding'],
  [20, 'data corruption detected'],
  [24, 'literals block header is wrong'],
  [44, 'table log too large'],
  [46, 'max symbol value too large'],
  [64, 'allocation error: not enough memory'],
  [72, 'source size is incorrect'],
])

export function zstdErrorName(code: number): string {
  return ZSTD_ERRORS.get(-code) ?? `zstd error ${-code}`
}

/** A stream for the frame `header` describes; wasm when it can take it, else fzstd. */
export function openFrameStream(header: ZstdFrameHeader, sink: PlaintextSink, wasm: WasmZstd | null, hasher: Hasher64): FrameStream {
  if (header.dictionaryId !== 0) return failed(`frame needs zstd dictionary ${header.dictionaryId}, which dsh never uses`)
  const stream = wasm !== null && header.windowSize <= WASM_MAX_WINDOW ? wasm.stream() : null
  return stream !== null ? wasmFrameStream(stream, header, sink) : fzstdFrameStream(header, sink, hasher)
}

function failed(error: string): FrameStream {
  return { error, push() {}, finish: () => ({ checksum: 'absent', error }), close() {} }
}

// A stream dropped without `close()` (a reader abandoned mid-frame) still frees its wasm context.
const orphans = new FinalizationRegistry<WasmStream>((stream) => stream.close())

function wasmFrameStream(stream: WasmStream, header: ZstdFrameHeader, sink: PlaintextSink): FrameStream {
  let error: string | null = null
  let mismatch = false
  let complete = false
  const self: FrameStream = {
    get error() {
      return error
    },
    push(bytes) {
      if (error !== null || complete || mismatch) return
      const result = stream.push(bytes, sink)
      if (result === 0) complete = true
      else if (result === ZSTD_CHECKSUM_WRONG) mismatch = true
      else if (result < 0) error = `zstd decoding failed: ${zstdErrorName(result)}`
    },
    finish() {
      self.close()
      if (error !== null) return { checksum: 'absent', error }
      if (mismatch) return { checksum: 'mismatch', error: null }
      if (!complete) return { checksum: 'absent', error: 'zstd decoding failed: the frame ended before its last block was decoded' }
      return { checksum: header.hasChecksum ? 'ok' : 'absent', error: null }
    },
    close() {
      orphans.unregister(self)
      stream.close()
    },
  }
  orphans.register(self, stream, self)
  return self
}

function fzstdFrameStream(header: ZstdFrameHeader, sink: PlaintextSink, hasher: Hasher64): FrameStream {
  const hash = header.hasChecksum ? hasher.create64(0n) : null
  let error: string | null = null
  const decoder = new Decompress((plaintext) => {
    hash?.update(plaintext)
    sink(plaintext)
  })
  const run = (bytes: Uint8Array, final: boolean) => {
    if (error !== null) return
    try {
      decoder.push(bytes, final)
    } catch (err) {
      error = `zstd decoding failed: ${err instanceof Error ? err.message : String(err)}`
    }
  }
  return {
    get error() {
      return error
    },
    push: (bytes) => run(bytes, false),
    finish(stored) {
      run(new Uint8Array(0), true)
      if (error !== null) return { checksum: 'absent', error }
      if (hash === null) return { checksum: 'absent', error: null }
      return { checksum: Number(hash.digest() & 0xffffffffn) === stored ? 'ok' : 'mismatch', error: null }
    },
    close() {},
  }
}
