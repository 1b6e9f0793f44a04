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
 * caller keeps frames above its own limit away from here.
 */
import { ZSTDDecoder } from 'zstddec'

export interface WasmZstd {
  /**
   * Decodes exactly one zstd frame into at most `capacity` bytes. Returns a view of the plaintext in the
   * wasm heap (valid until the next call), or zstd's negative error code.
   */
  decode(frame: Uint8Array, capacity: number): Uint8Array | number
}

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
  if (!(memory instanceof WebAssembly.Memory) || typeof decompress !== 'function' || typeof malloc !== 'function' || typeof free !== 'function') return null
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
  }
}
