/**
 * The cheap first look at every log before anything is rendered: a content hash (xxHash64 over the raw
 * file bytes, several GB/s, so an unchanged log costs one read and no parsing) and the header (id, parent),
 * which decides file names and which sessions render together. Reading the header decodes only the first
 * chunk of the log. Nothing throws: an unreadable log comes back with its error.
 */
import { stat } from 'node:fs/promises'
import xxhash from 'xxhash-wasm'
import { readSession } from '../log/node/read'
import { sourceBytes, type LogSource } from '../log/node/source'
import { readSize } from './fold-log'
import type { SessionHeader } from '../log/schema'

export interface ScannedLog {
  source: LogSource
  /** xxHash64 of the raw bytes, hex; null when the file could not be read. */
  hash: string | null
  bytes: number
  header: SessionHeader | null
  /** Why the log cannot be read at all (no file, no header). */
  error: string | null
}

let hasher: ReturnType<typeof xxhash> | undefined

/** First chunk only: enough for the header line of any real log. */
const HEADER_CHUNK = 64 * 1024

export async function scanLog(source: LogSource): Promise<ScannedLog> {
  hasher ??= xxhash()
  const { create64 } = await hasher
  const h = create64()
  let bytes = 0
  try {
    // Reads no bigger than the file: a 150 KB log must not zero-fill two 1 MiB buffers.
    const size = source.location.kind === 'file' ? (await stat(source.location.path)).size : null
    for await (const chunk of sourceBytes(source, ...(size === null ? [] : [readSize(size)]))) {
      h.update(chunk)
      bytes += chunk.length
    }
  } catch (err) {
    return { source, hash: null, bytes, header: null, error: err instanceof Error ? err.message : String(err) }
  }
  const reader = readSession(source, { chunkSize: Math.min(HEADER_CHUNK, readSize(bytes)) })
  for await (const _batch of reader) {
    if (reader.summary.header !== null) break
  }
  const header = reader.summary.header
  return {
    source,
    hash: h.digest().toString(16).padStart(16, '0'),
    bytes,
    header,
    error: header === null ? (reader.summary.unreadable ?? 'no session header') : null,
  }
}
