/**
 * Reading a session export ZIP (log-format.md §2.7) in bounded memory: the entry list comes from the central
 * directory, found through the end-of-central-directory record (ZIP64 too) and read in reads of at most
 * 1 MiB, and an entry's bytes are read and inflated as a stream (node's zlib), so neither a big export nor a
 * zip bomb — a small archive whose entry inflates to gigabytes — is ever held whole. The archive is
 * untrusted: absurd counts and sizes, entries that run past the archive, encryption, methods other than
 * stored and deflated, and data that inflates to another size or CRC-32 than the directory says are
 * `ZipDamage` errors, which the callers report as the log's (or archive's) reason, never a crash.
 */
import { open, type FileHandle } from 'node:fs/promises'
import { pipeline, Readable } from 'node:stream'
import { crc32, createInflateRaw } from 'node:zlib'

/** What is wrong with an archive or one of its entries (a user-facing reason, no stack). */
export class ZipDamage extends Error {}

export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflated (others are rejected when read). */
  method: number
  flags: number
  crc: number
  compressedSize: number
  size: number
  /** Offset of the entry's local header. */
  localHeader: number
  /** Offset of the entry's record in the central directory (where `zipEntryBytes` can find it again at once). */
  record: number
}

/** A central directory larger than this is taken for damage (an export's holds a few entries a session). */
export const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024
/** Bytes per read of the directory and of an entry's stored data. */
const READ = 1024 * 1024
/** Bytes per inflated piece handed on: zlib's output buffer size. */
const INFLATE_OUT = 256 * 1024

const EOCD = 0x06054b50
const EOCD_SIZE = 22
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_EOCD = 0x06064b50
const CENTRAL = 0x02014b50
const CENTRAL_SIZE = 46
const LOCAL = 0x04034b50
const LOCAL_SIZE = 30
const MAX_COMMENT = 0xffff

const utf8 = new TextDecoder()

interface Directory {
  offset: number
  size: number
  count: number
}

/** An entry of a ZIP as listed: its name, and where its record sits in the central directory. */
export interface ZipListing {
  name: string
  record: number
}

/** The entries of a ZIP, in directory order, without reading any entry's data. */
export async function listZipEntries(zip: string): Promise<ZipListing[]> {
  const handle = await open(zip, 'r')
  try {
    const listed: ZipListing[] = []
    for await (const entry of walkDirectory(handle, await findDirectory(handle))) listed.push({ name: entry.name, record: entry.record })
    return listed
  } finally {
    await handle.close()
  }
}

/**
 * The bytes of entry `name` (the first entry of that name), inflated as they are read, in pieces of at most
 * `chunkSize` (stored) or 256 KiB (deflated). Throws `ZipDamage` — possibly after pieces were yielded — when
 * the entry cannot be read or is not what the directory says (size, CRC-32).
 * `record`, where a listing found the entry's record, is read first: an export with thousands of subagent
 * logs would otherwise walk the directory from its start for every log it reads (quadratic in the entries).
 * A record that is not there, or names another entry (the archive changed), falls back to the walk.
 */
export async function* zipEntryBytes(zip: string, name: string, chunkSize = READ, record?: number): AsyncGenerator<Uint8Array> {
  const handle = await open(zip, 'r')
  try {
    const directory = await findDirectory(handle)
    let entry = record === undefined ? null : await entryAt(handle, directory, record, name)
    if (entry === null) {
      for await (const each of walkDirectory(handle, directory)) {
        if (each.name === name) {
          entry = each
          break
        }
      }
    }
    if (entry === null) throw new ZipDamage(`${name} is not in the archive`)
    if ((entry.flags & 1) !== 0) throw new ZipDamage('the entry is encrypted (not supported)')
    if (entry.method !== 0 && entry.method !== 8) throw new ZipDamage(`the entry uses compression method ${entry.method} (only stored and deflated entries are read)`)
    const local = await readAt(handle, entry.localHeader, LOCAL_SIZE, 'the entry\'s local header')
    if (u32(local, 0) !== LOCAL) throw new ZipDamage(`no local header where the directory puts the entry (offset ${entry.localHeader})`)
    const dataAt = entry.localHeader + LOCAL_SIZE + u16(local, 26) + u16(local, 28)
    if (dataAt + entry.compressedSize > directory.offset) throw new ZipDamage('the entry\'s data runs past where the archive\'s entries end (cut short or damaged)')
    if (entry.method === 0 && entry.compressedSize !== entry.size) throw new ZipDamage(`a stored entry of ${entry.compressedSize} bytes that the directory says holds ${entry.size}`)
    const raw = rangeBytes(handle, dataAt, entry.compressedSize, Math.max(1, chunkSize))
    let crc = 0
    let size = 0
    for await (const piece of entry.method === 0 ? raw : inflated(raw)) {
      size += piece.length
      if (size > entry.size) throw new ZipDamage(`the entry inflates past the ${entry.size} bytes the directory says it holds`)
      crc = crc32(piece, crc)
      yield piece
    }
    if (size !== entry.size) throw new ZipDamage(`the entry inflates to ${size} bytes; the directory says ${entry.size}`)
    if (crc !== entry.crc) throw new ZipDamage(`the entry's data is damaged: its CRC-32 is ${hex(crc)}, the directory says ${hex(entry.crc)}`)
  } finally {
    await handle.close()
  }
}

/** The end-of-central-directory record (the last one in the archive's final 64 KiB + 22 bytes), checked. */
async function findDirectory(handle: FileHandle): Promise<Directory> {
  const fileSize = (await handle.stat()).size
  if (fileSize < EOCD_SIZE) throw new ZipDamage(`${fileSize} bytes is too short for a ZIP archive`)
  const tailSize = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT)
  const tailAt = fileSize - tailSize
  const tail = await readAt(handle, tailAt, tailSize, 'the archive\'s end')
  let at = tailSize - EOCD_SIZE
  while (at >= 0 && u32(tail, at) !== EOCD) at--
  if (at < 0) throw new ZipDamage('no end-of-central-directory record (not a ZIP archive, or cut short)')
  const eocdAt = tailAt + at
  let count = u16(tail, at + 10)
  let size = u32(tail, at + 12)
  let offset = u32(tail, at + 16)
  let end = eocdAt
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    // ZIP64: the locator just before the record points at the 64-bit record.
    const locator = eocdAt >= 20 ? await readAt(handle, eocdAt - 20, 20, 'the ZIP64 locator') : null
    if (locator !== null && u32(locator, 0) === ZIP64_LOCATOR) {
      const recordAt = u64(locator, 8)
      if (recordAt + 56 > eocdAt - 20) throw new ZipDamage('the ZIP64 end record lies outside the archive')
      const record = await readAt(handle, recordAt, 56, 'the ZIP64 end record')
      if (u32(record, 0) !== ZIP64_EOCD) throw new ZipDamage('no ZIP64 end record where its locator points')
      count = u64(record, 32)
      size = u64(record, 40)
      offset = u64(record, 48)
      end = recordAt
    }
  } else if (u16(tail, at + 4) !== 0 || u16(tail, at + 6) !== 0 || u16(tail, at + 8) !== count) {
    throw new ZipDamage('a multi-part (spanned) archive is not supported')
  }
  if (offset + size > end) throw new ZipDamage(`the central directory (${size} bytes at offset ${offset}) lies outside the archive`)
  if (size > MAX_DIRECTORY_BYTES) throw new ZipDamage(`a central directory of ${size} bytes is more than ${MAX_DIRECTORY_BYTES} (taken for damage)`)
  if (count * CENTRAL_SIZE > size) throw new ZipDamage(`${count} entries cannot fit in a central directory of ${size} bytes`)
  return { offset, size, count }
}

/** The directory's entries in order, read in pieces of at most 1 MiB (an entry's record is ≤ 192 KiB). */
async function* walkDirectory(handle: FileHandle, directory: Directory): AsyncGenerator<ZipEntry> {
  const end = directory.offset + directory.size
  let next = directory.offset
  let buffer = new Uint8Array(0)
  let at = 0
  const need = async (bytes: number): Promise<void> => {
    while (buffer.length - at < bytes) {
      if (next >= end) throw new ZipDamage('the central directory is cut short')
      const more = await readAt(handle, next, Math.min(READ, end - next), 'the central directory')
      next += more.length
      const joined = new Uint8Array(buffer.length - at + more.length)
      joined.set(buffer.subarray(at))
      joined.set(more, buffer.length - at)
      buffer = joined
      at = 0
    }
  }
  for (let i = 0; i < directory.count; i++) {
    await need(CENTRAL_SIZE)
    if (u32(buffer, at) !== CENTRAL) throw new ZipDamage(`the central directory is damaged at entry ${i + 1}`)
    const recordSize = centralSize(buffer, at)
    await need(recordSize)
    yield centralEntry(buffer, at, next - (buffer.length - at))
    at += recordSize
  }
}

/** The size of the central record at `at` (its fixed part must be in `buffer`). */
const centralSize = (buffer: Uint8Array, at: number): number => CENTRAL_SIZE + u16(buffer, at + 28) + u16(buffer, at + 30) + u16(buffer, at + 32)

/** The entry of the whole central record at `at` in `buffer`, which sits at `record` in the archive. */
function centralEntry(buffer: Uint8Array, at: number, record: number): ZipEntry {
  const nameLength = u16(buffer, at + 28)
  const extraLength = u16(buffer, at + 30)
  const flags = u16(buffer, at + 8)
  const nameBytes = buffer.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength)
  const entry: ZipEntry = {
    // Bit 11 says the name is UTF-8; otherwise it is read byte for byte (as fflate did).
    name: (flags & 0x800) !== 0 ? utf8.decode(nameBytes) : Buffer.from(nameBytes).toString('latin1'),
    method: u16(buffer, at + 10),
    flags,
    crc: u32(buffer, at + 16),
    compressedSize: u32(buffer, at + 20),
    size: u32(buffer, at + 24),
    localHeader: u32(buffer, at + 42),
    record,
  }
  zip64Sizes(entry, buffer.subarray(at + CENTRAL_SIZE + nameLength, at + CENTRAL_SIZE + nameLength + extraLength))
  return entry
}

/** The entry whose central record is at `record`, when one is there, inside the directory, and named `name`. */
async function entryAt(handle: FileHandle, directory: Directory, record: number, name: string): Promise<ZipEntry | null> {
  const end = directory.offset + directory.size
  if (!Number.isSafeInteger(record) || record < directory.offset || record + CENTRAL_SIZE > end) return null
  const fixed = await readAt(handle, record, CENTRAL_SIZE, 'the central directory')
  if (u32(fixed, 0) !== CENTRAL) return null
  const size = centralSize(fixed, 0)
  if (record + size > end) return null
  const entry = centralEntry(await readAt(handle, record, size, 'the central directory'), 0, record)
  return entry.name === name ? entry : null
}

/** The ZIP64 extra field (id 1) holds, in order, the 64-bit size, compressed size and offset left at 0xffffffff. */
function zip64Sizes(entry: ZipEntry, extra: Uint8Array): void {
  if (entry.size !== 0xffffffff && entry.compressedSize !== 0xffffffff && entry.localHeader !== 0xffffffff) return
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = u16(extra, at)
    const length = u16(extra, at + 2)
    if (id === 1) {
      const field = extra.subarray(at + 4, Math.min(extra.length, at + 4 + length))
      let read = 0
      const take = (): number => {
        if (read + 8 > field.length) throw new ZipDamage(`the ZIP64 sizes of ${entry.name} are cut short`)
        read += 8
        return u64(field, read - 8)
      }
      if (entry.size === 0xffffffff) entry.size = take()
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take()
      if (entry.localHeader === 0xffffffff) entry.localHeader = take()
      return
    }
    at += 4 + length
  }
}

/** `size` bytes from `start`, in pieces of at most `chunkSize` (fresh buffers: zlib may keep them a while). */
async function* rangeBytes(handle: FileHandle, start: number, size: number, chunkSize: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < size; ) {
    const piece = await readAt(handle, start + at, Math.min(chunkSize, size - at), 'the entry\'s data')
    at += piece.length
    yield piece
  }
}

/** Raw deflate data inflated as it arrives; zlib's backpressure keeps at most a few pieces in flight. */
async function* inflated(compressed: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = createInflateRaw({ chunkSize: INFLATE_OUT })
  // The pipeline destroys the inflater with the source's error; the iteration below then throws it.
  pipeline(Readable.from(compressed), inflater, () => undefined)
  try {
    for await (const piece of inflater as AsyncIterable<Buffer>) yield new Uint8Array(piece.buffer, piece.byteOffset, piece.length)
  } catch (err) {
    if (err instanceof ZipDamage) throw err
    throw new ZipDamage(`the entry's deflate data is damaged (${err instanceof Error ? err.message : String(err)})`)
  } finally {
    inflater.destroy()
  }
}

/** Exactly `length` bytes at `position`, or `ZipDamage` naming `what` when the archive ends first. */
async function readAt(handle: FileHandle, position: number, length: number, what: string): Promise<Uint8Array> {
  const out = new Uint8Array(length)
  let got = 0
  while (got < length) {
    const { bytesRead } = await handle.read(out, got, length - got, position + got)
    if (bytesRead === 0) throw new ZipDamage(`the archive ends inside ${what} (cut short)`)
    got += bytesRead
  }
  return out
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)
}

function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0
}

/** A 64-bit little-endian size or offset; beyond 2^53 it is no size any file has. */
function u64(bytes: Uint8Array, at: number): number {
  const high = u32(bytes, at + 4)
  if (high >= 0x200000) throw new ZipDamage('a ZIP64 size or offset beyond any file')
  return high * 0x100000000 + u32(bytes, at)
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`
}
