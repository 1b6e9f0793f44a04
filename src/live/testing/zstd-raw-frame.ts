/**
 * A zstd frame writer for tests (RFC 8878), because Node 20 has no zstd compressor: the payload is stored
 * in Raw blocks (no compression) inside a standard frame with the same header dsh's writer produces
 * (log-format.md §5.1: descriptor 0x04 — checksum on, no content size, a 2 MiB window byte) and the
 * 4-byte content checksum, the low 32 bits of XXH64(plaintext, seed 0). Any conforming decoder reads it;
 * the block layout is exposed so a fake crash can know which records of a torn frame dsh would salvage.
 * Test-only.
 */
import xxhash from 'xxhash-wasm'

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd]
const DESCRIPTOR = 0x04
/** Window_Descriptor for 2 MiB: exponent 21 - 10 = 11, mantissa 0. */
const WINDOW_2MIB = 11 << 3
/** Block_Maximum_Size is min(window, 128 KiB). */
export const RAW_BLOCK_MAX = 128 * 1024
/** magic + descriptor + window byte */
export const FRAME_HEADER_BYTES = 6

export type FrameEncoder = (plaintext: Uint8Array) => Uint8Array

let hasher: Promise<Awaited<ReturnType<typeof xxhash>>> | null = null

export async function createRawFrameEncoder(): Promise<FrameEncoder> {
  hasher ??= xxhash()
  const h = await hasher
  return (plaintext) => {
    const blocks = Math.max(1, Math.ceil(plaintext.length / RAW_BLOCK_MAX))
    const out = new Uint8Array(FRAME_HEADER_BYTES + blocks * 3 + plaintext.length + 4)
    out.set(MAGIC, 0)
    out[4] = DESCRIPTOR
    out[5] = WINDOW_2MIB
    let at = FRAME_HEADER_BYTES
    for (let i = 0; i < blocks; i++) {
      const piece = plaintext.subarray(i * RAW_BLOCK_MAX, (i + 1) * RAW_BLOCK_MAX)
      const last = i === blocks - 1 ? 1 : 0
      const header = last | (0 << 1) | (piece.length << 3) // block type 0 = Raw
      out[at] = header & 0xff
      out[at + 1] = (header >>> 8) & 0xff
      out[at + 2] = (header >>> 16) & 0xff
      out.set(piece, at + 3)
      at += 3 + piece.length
    }
    const checksum = Number(h.h64Raw(plaintext, 0n) & 0xffffffffn)
    out[at] = checksum & 0xff
    out[at + 1] = (checksum >>> 8) & 0xff
    out[at + 2] = (checksum >>> 16) & 0xff
    out[at + 3] = (checksum >>> 24) & 0xff
    return out
  }
}

/**
 * How many plaintext bytes a decoder can recover from the first `cut` bytes of a frame made here: the
 * contents of every complete Raw block (fzstd's streaming decoder emits whole blocks, and dsh's
 * `ZSTD_e_flush` read of a torn frame gives at least those).
 */
export function recoverablePlaintext(plaintextLength: number, cut: number): number {
  let at = FRAME_HEADER_BYTES
  let recovered = 0
  let left = plaintextLength
  do {
    const size = Math.min(left, RAW_BLOCK_MAX)
    if (at + 3 + size > cut) return recovered
    at += 3 + size
    recovered += size
    left -= size
  } while (left > 0)
  return recovered
}
