/**
 * The cheap first look at every log before anything is rendered: a content hash (xxHash64 over the raw
 * file bytes, several GB/s, so an unchanged log costs one read and no parsing) and the header (id, parent),
 * which decides file names and which sessions render together. The header is parsed from the first 64 KiB
 * the hash went over, kept for it, so the log is opened once. Nothing throws: an unreadable log comes back
 * with its error (a damaged ZIP entry is hashed as far as it reads: its fold reports the damage).
 */
import { open } from 'node:fs/promises'
import xxhash from 'xxhash-wasm'
import { readSession, type SessionReader } from '../../log/node/read'
import { sourceBytes, type LogSource } from '../../log/node/source'
import { ZipDamage } from '../../log/node/compressed/zip'
import { readSize } from '../fold/fold-log'
import type { SessionHeader } from '../../log/events/schema'

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

/**
 * Feeds a file's bytes to `h` and returns how many there were. Two buffers, sized to the file (at most
 * READ_CHUNK; a 150 KB log does not get 1 MiB) and reused from read to read, one read ahead of the hashing:
 * the hash keeps nothing, so unlike the reader (src/log/node/source.ts, whose parsers keep views of what it
 * read) it has no reason to take fresh memory for every read — on the build machines a fresh megabyte
 * costs more in page faults than hashing it. The first `headMax` bytes are also copied out (`head`), for the
 * header.
 */
async function hashFile(path: string, h: { update(data: Uint8Array): unknown }, headMax: number): Promise<{ bytes: number; head: Uint8Array }> {
  const handle = await open(path, 'r')
  let pending: Promise<{ bytesRead: number; buffer: Uint8Array }> | null = null
  try {
    const fileSize = (await handle.stat()).size
    const size = readSize(fileSize)
    const head = new Uint8Array(Math.min(headMax, fileSize))
    const buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)] as const
    let turn = 0
    const next = () => handle.read(buffers[turn++ % 2] as Buffer, 0, size, null)
    let bytes = 0
    pending = next()
    for (;;) {
      const { bytesRead, buffer } = await pending
      pending = null
      if (bytesRead === 0) return { bytes, head: head.subarray(0, Math.min(bytes, head.length)) }
      if (bytes < head.length) head.set(buffer.subarray(0, Math.min(bytesRead, head.length - bytes)), bytes)
      // Reads are sequential (position null), so one in flight at a time, into the other buffer; a short
      // read is usually the end of the file, and the read that confirms it can wait.
      if (bytesRead === size) pending = next()
      h.update(buffer.subarray(0, bytesRead))
      bytes += bytesRead
      pending ??= next()
    }
  } finally {
    // Never close the file under a read still in flight.
    await pending?.catch(() => undefined)
    await handle.close()
  }
}

/** A file's size and first `headMax` bytes, nothing more read. */
async function headOf(path: string, headMax: number): Promise<{ bytes: number; head: Uint8Array }> {
  const handle = await open(path, 'r')
  try {
    const bytes = (await handle.stat()).size
    const head = new Uint8Array(Math.min(headMax, bytes))
    let at = 0
    while (at < head.length) {
      const { bytesRead } = await handle.read(head, at, head.length - at, at)
      if (bytesRead === 0) break
      at += bytesRead
    }
    return { bytes, head: head.subarray(0, at) }
  } finally {
    await handle.close()
  }
}

/**
 * `hash: false` (a `--shard` build looking at the logs other shards render, site/shard.ts): a log file's
 * size and header only, its hash left empty (''); other sources are scanned whole.
 */
export async function scanLog(source: LogSource, options: { hash?: boolean } = {}): Promise<ScannedLog> {
  hasher ??= xxhash()
  const { create64 } = await hasher
  const h = create64()
  let bytes = 0
  // The log's first bytes, kept while hashing: the header is almost always in them.
  let head: Uint8Array | null = null
  const headerOnly = options.hash === false && source.location.kind === 'file'
  try {
    if (source.location.kind === 'file') ({ bytes, head } = headerOnly ? await headOf(source.location.path, HEADER_CHUNK) : await hashFile(source.location.path, h, HEADER_CHUNK))
    else {
      try {
        for await (const chunk of sourceBytes(source)) {
          h.update(chunk)
          bytes += chunk.length
        }
      } catch (err) {
        if (!(err instanceof ZipDamage)) throw err
        // The archive opened and lists the entry, but its data is damaged (cut short, a CRC or size the
        // directory does not match): a session all the same, whose fold meets the damage again and gets the
        // damaged-session page saying why. The reason joins the hash, so mending the archive rebuilds it.
        h.update(new TextEncoder().encode(`\0${err.message}`))
      }
    }
  } catch (err) {
    return { source, hash: null, bytes, header: null, error: err instanceof Error ? err.message : String(err) }
  }
  // From the bytes kept; read from the log again only when its header line is longer than them.
  let reader = readSession(source, head === null ? { chunkSize: Math.min(HEADER_CHUNK, readSize(bytes)) } : { head })
  if ((await headerOf(reader)) === null && head !== null && head.length < bytes) {
    reader = readSession(source, { chunkSize: Math.min(HEADER_CHUNK, readSize(bytes)) })
    await headerOf(reader)
  }
  const header = reader.summary.header
  return {
    source,
    hash: headerOnly ? '' : h.digest().toString(16).padStart(16, '0'),
    bytes,
    header,
    error: header === null ? (reader.summary.unreadable ?? 'no session header') : null,
  }
}

/** Reads until the header is known (or the log ends without one). */
async function headerOf(reader: SessionReader): Promise<SessionHeader | null> {
  for await (const _batch of reader) {
    if (reader.summary.header !== null) break
  }
  return reader.summary.header
}

/**
 * Logs scanned at once. A small log's scan is a few file-system calls (stat, open, read, close, twice) with
 * little work between, so one at a time leaves the build thread waiting on libuv's threads; a few in
 * flight keep them busy. Results are in input order whatever order the scans finish in.
 */
const SCANS_IN_FLIGHT = 8

/** `scanLog` of every source, in order. */
export async function scanLogs(sources: readonly LogSource[], options: { hash?: boolean } = {}): Promise<ScannedLog[]> {
  const scans: ScannedLog[] = new Array(sources.length)
  let next = 0
  const lane = async () => {
    for (let i = next++; i < sources.length; i = next++) scans[i] = await scanLog(sources[i] as LogSource, options)
  }
  await Promise.all(Array.from({ length: Math.min(SCANS_IN_FLIGHT, sources.length) }, lane))
  return scans
}
