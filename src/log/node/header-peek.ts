/**
 * Reads just a transcript's header for the index (live.md §7.4: "read just the header, the first zstd
 * frame or the first line, for the list view"): a small read at the start of the file, the first line
 * (raw) or the first complete frame (zstd, decoded and checksum-verified by the shared codec), parsed by
 * the one `LogParser`. Null when the header is not complete yet or is not a session header; never throws
 * for bad bytes. Also how discovery tells a readable generation from an empty or garbage newer one.
 */
import { open } from 'node:fs/promises'
import { scanZstdFrames } from '../bytes/zstd-frames'
import { LogParser } from '../parser'
import type { SessionHeader } from '../events/schema'
import { ZstdCodec } from './compressed/zstd-codec'

/** Raw JSONL (live mode says 'raw', the reader 'jsonl') or zstd. */
export type PeekEncoding = 'raw' | 'jsonl' | 'zstd'

const FIRST_READ = 16 * 1024
/** A header line is a few hundred bytes; stop looking well before reading a big log. */
const MAX_HEADER_BYTES = 1024 * 1024

let codec: Promise<ZstdCodec> | null = null

export async function peekHeader(path: string, encoding: PeekEncoding): Promise<SessionHeader | null> {
  const handle = await open(path, 'r')
  try {
    let size = FIRST_READ
    for (;;) {
      const buffer = new Uint8Array(size)
      const { bytesRead } = await handle.read(buffer, 0, size, 0)
      const bytes = buffer.subarray(0, bytesRead)
      const line = encoding === 'zstd' ? await firstFrameLine(bytes) : firstLine(bytes)
      if (line !== undefined) return line === null ? null : parseHeader(line)
      if (bytesRead < size || size >= MAX_HEADER_BYTES) return null
      size *= 4
    }
  } finally {
    await handle.close()
  }
}

/** The first line's text; undefined when more bytes are needed. */
function firstLine(bytes: Uint8Array): string | undefined {
  const end = bytes.indexOf(0x0a)
  return end === -1 ? undefined : new TextDecoder().decode(bytes.subarray(0, end))
}

/**
 * The first line of frame 0; undefined when more bytes are needed, null when it is unreadable. A frame 0
 * larger than the read (a log written as one huge frame, issue 17) gives its header line from the complete
 * blocks read so far, unverified (its checksum is at the end of the frame).
 */
async function firstFrameLine(bytes: Uint8Array): Promise<string | null | undefined> {
  const scan = scanZstdFrames(bytes)
  const frame = scan.frames[0]
  codec ??= ZstdCodec.create()
  if (frame === undefined) {
    if (scan.corrupt !== null) return null
    if (scan.tornStart !== 0 || scan.tornMaxContentSize === 0) return undefined
    const prefix = (await codec).decodePrefix(bytes, scan.tornMaxContentSize)
    return firstLine(prefix.plaintext)
  }
  const decoded = (await codec).decodeFrame(bytes.subarray(frame.start, frame.end), frame)
  if (decoded.error !== null || decoded.checksum === 'mismatch') return null
  return firstLine(decoded.plaintext) ?? null
}

function parseHeader(text: string): SessionHeader | null {
  const parser = new LogParser()
  parser.line(text, { line: 1 })
  return parser.header
}
