/**
 * zstd's own C decoder (zstddec 0.3.4: zstd 1.5 compiled to wasm) driven through its raw exports, for
 * `ZstdCodec`'s fast path. We call `ZSTD_decompress` ourselves instead of zstddec's `decode()` because
 * that wrapper hides the result code: on a torn frame or a checksum mismatch zstd returns an error code,
 * and `decode()` turns it into a silently empty (or, given a wrong size, wrong-length) array
 * (log-format.md §5.3). Here a negative result is an error the caller sees and falls back on; a
 * non-negative one is the exact plaintext length, with the frame's XXH64 content checksum already
 * verified by zstd (it fails with `checksum_wrong` otherwise). zstddec exposes the module instance only
 * through its public `_init(result)` hook, so we wrap that hook once to keep the exports.
 * Input and output scratch buffers live in the wasm heap and are reused; the heap never shrinks, so the
 * caller keeps frames above its own limit away from here. Larger frames go through `stream()`: zstd's
 * `ZSTD_decompressStream` with its own context, fed and drained 128 KiB at a time, so the heap holds the
 * frame's window (≤ 128 MiB, zstd's default limit) plus two buffers, never the frame. zstddec's `stream`
 * build is the one that exports the streaming functions (same zstd, more exports).
 */
import { ZSTDDecoder } from 'zstddec/stream'

export interface WasmZstd {
  /**
   * Decodes exactly one zstd frame into at most `capacity` bytes. Returns a view of the plaintext in the
   * wasm heap (valid until the next call), or zstd's negative error code.
   */
  decode(frame: Uint8Array, capacity: number): Uint8Array | number
  /** A decoder for one frame fed in pieces; null when the wasm heap cannot hold its context. */
  stream(): WasmStream | null
  /** The wasm heap's size (it never shrinks): tests check that a large frame does not grow it. */
  heapBytes(): number
}

/** One frame's streaming decoder (its own zstd context: several logs may be mid-frame at once). */
export interface WasmStream {
  /**
   * Decodes `input`, the frame's next bytes, handing every decoded piece to `out` (valid during the call
   * only: the buffer is reused). Returns 0 once the frame is complete (zstd has verified its checksum), a
   * positive number while it wants more input, or zstd's negative error code (the stream is then done).
   */
  push(input: Uint8Array, out: (plaintext: Uint8Array) => void): number
  /** Frees the context and buffers; the stream is unusable afterwards. */
  close(): void
}

/** Bytes handed to / taken from `ZSTD_decompressStream` per call (zstd's own recommended sizes, rounded). */
const STREAM_IN = 128 * 1024
const STREAM_OUT = 128 * 1024

let loading: Promise<WasmZstd | null> | null = null

/** Returned when the scratch buffers cannot be allocated (zstd's own error codes are small negatives). */
const OUT_OF_MEMORY = -1_000_000

/** The shared decoder, or null when the wasm module cannot be instantiated here (callers fall back). */
export function loadWasmZstd(): Promise<WasmZstd | null> {
  loading ??= instantiate().catch(() => null)
  return loading
}

async function instantiate(): Promise<WasmZstd | null> {
  const decoder = new ZSTDDecoder()
  const seen: { instance?: WebAssembly.Instance } = {}
  const original = decoder._init.bind(decoder)
  decoder._init = (result) => {
    seen.instance = result.instance
    original(result)
  }
  await decoder.init()
  // `init()` is memoised per process: only the first caller sees the instance (we are the only caller).
  return seen.instance === undefined ? null : fromExports(seen.instance.exports)
}

function fromExports(exports: WebAssembly.Exports): WasmZstd | null {
  const memory = exports['memory']
  const decompress = exports['ZSTD_decompress']
  const malloc = exports['malloc']
  const free = exports['free']
  const createDCtx = exports['ZSTD_createDCtx']
  const freeDCtx = exports['ZSTD_freeDCtx']
  const decompressStream = exports['ZSTD_decompressStream']
  if (!(memory instanceof WebAssembly.Memory) || typeof decompress !== 'function' || typeof malloc !== 'function' || typeof free !== 'function') return null
  if (typeof createDCtx !== 'function' || typeof freeDCtx !== 'function' || typeof decompressStream !== 'function') return null
  let heap = new Uint8Array(memory.buffer)
  let src = 0
  let srcCapacity = 0
  let dst = 0
  let dstCapacity = 0
  /** Frees `previous` and allocates `size` bytes; 0 when the wasm heap cannot grow. */
  const allocate = (previous: number, size: number): number => {
    if (previous !== 0) free(previous)
    return Number(malloc(size))
  }
  // Any wasm call that allocates (malloc, and ZSTD_decompress's own context) may grow the memory, which
  // detaches every view of the old buffer: the view is renewed after each call.
  const view = (): Uint8Array => (heap.buffer === memory.buffer ? heap : (heap = new Uint8Array(memory.buffer)))
  return {
    decode(frame, capacity) {
      if (frame.length > srcCapacity) {
        srcCapacity = Math.max(frame.length, 64 * 1024)
        src = allocate(src, srcCapacity)
      }
      if (capacity > dstCapacity) {
        dstCapacity = Math.max(capacity, 256 * 1024)
        dst = allocate(dst, dstCapacity)
      }
      if (src === 0 || dst === 0) {
        // Out of wasm memory: start over next time, and let the caller fall back.
        srcCapacity = dstCapacity = 0
        return OUT_OF_MEMORY
      }
      view().set(frame, src)
      // size_t comes back as a signed i32: zstd's error codes are the small negative values.
      const written = Number(decompress(dst, capacity, src, frame.length))
      return written < 0 ? written : view().subarray(dst, dst + written)
    },
    heapBytes: () => memory.buffer.byteLength,
    stream() {
      const dctx = Number(createDCtx())
      // ZSTD_inBuffer and ZSTD_outBuffer: { pointer, size, pos }, 4 bytes each in wasm32.
      const structs = Number(malloc(24))
      const inBuf = Number(malloc(STREAM_IN))
      const outBuf = Number(malloc(STREAM_OUT))
      let open = true
      const close = () => {
        if (!open) return
        open = false
        for (const p of [structs, inBuf, outBuf]) if (p !== 0) free(p)
        if (dctx !== 0) freeDCtx(dctx)
      }
      if (dctx === 0 || structs === 0 || inBuf === 0 || outBuf === 0) {
        close()
        return null
      }
      const inStruct = structs
      const outStruct = structs + 12
      // Plaintext is copied out of the heap before it is handed over: a Buffer view of the wasm memory would
      // make Node count (and keep reachable) the whole heap, and the copy costs ~1% of decoding.
      const copy = new Uint8Array(STREAM_OUT)
      let done = false
      return {
        push(input, out) {
          if (!open || done) return OUT_OF_MEMORY
          for (let at = 0; at < input.length; ) {
            const piece = input.subarray(at, at + STREAM_IN)
            at += piece.length
            view().set(piece, inBuf)
            let fields = new DataView(memory.buffer)
            fields.setUint32(inStruct, inBuf, true)
            fields.setUint32(inStruct + 4, piece.length, true)
            fields.setUint32(inStruct + 8, 0, true)
            // Drain until the piece is used up and the last call left room in the output (nothing pending).
            for (;;) {
              fields.setUint32(outStruct, outBuf, true)
              fields.setUint32(outStruct + 4, STREAM_OUT, true)
              fields.setUint32(outStruct + 8, 0, true)
              const result = Number(decompressStream(dctx, outStruct, inStruct))
              fields = new DataView(memory.buffer)
              const produced = fields.getUint32(outStruct + 8, true)
              if (produced > 0) {
                copy.set(view().subarray(outBuf, outBuf + produced))
                out(copy.subarray(0, produced))
              }
              if (result < 0) {
                done = true
                return result
              }
              if (result === 0) {
                done = true
                return 0
              }
              if (fields.getUint32(inStruct + 8, true) >= piece.length && produced < STREAM_OUT) break
            }
          }
          return 1
        },
        close,
      }
    },
  }
}
