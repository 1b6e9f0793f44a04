/**
 * Where one log's bytes come from: a file on disk, or an entry of a session export ZIP
 * (log-format.md §2.7), and the chunked byte stream over it. Files are read in reads of at most 1 MiB into two
 * reused buffers (the decoders copy what they keep), so memory does not grow with the file. ZIP entries are
 * read and inflated as a stream too (zip.ts): an export, or a zip bomb, is never held whole.
 */
import { open } from 'node:fs/promises'
import type { LogEncoding } from './line-decoder'
import { zipEntryBytes } from './compressed/zip'

export { listZipEntries } from './compressed/zip'

export interface LogSource {
  /** How messages name this log: the path as the user gave it (relative stays relative). */
  display: string
  encoding: LogEncoding
  /** A ZIP entry's `record`: where the listing found it in the central directory (zip.ts `zipEntryBytes`). */
  location: { kind: 'file'; path: string } | { kind: 'zip'; zip: string; entry: string; record?: number }
}

export const READ_CHUNK = 1024 * 1024

/** The encoding a file name implies: `.zstd` / `.zst` are zstd, everything else raw JSONL. */
export function encodingOf(name: string): LogEncoding {
  return /\.zstd?$/i.test(name) ? 'zstd' : 'jsonl'
}

export function fileSource(path: string, display = path): LogSource {
  return { display, encoding: encodingOf(path), location: { kind: 'file', path } }
}

export function zipEntrySource(zip: string, entry: string, display = `${zip}!${entry}`, record?: number): LogSource {
  return { display, encoding: encodingOf(entry), location: { kind: 'zip', zip, entry, ...(record === undefined ? {} : { record }) } }
}

/**
 * The source's bytes in order. Each yielded view is only valid until the next iteration (two read buffers
 * take turns; the decoders copy what they keep). The buffers are sized to the file (a 150 KB log does not
 * allocate 2 MiB) and not zero-filled. The next read is already under way while the caller decodes the
 * current chunk: waiting for each read in turn left the decoder idle ~15% of the time on a 100 MB log. IO
 * errors propagate as rejections; callers turn them into "unreadable" reports.
 */
export async function* sourceBytes(source: LogSource, chunkSize = READ_CHUNK): AsyncGenerator<Uint8Array> {
  const where = source.location
  if (where.kind === 'zip') {
    yield* zipEntryBytes(where.zip, where.entry, chunkSize, where.record)
    return
  }
  const handle = await open(where.path, 'r')
  let pending: Promise<{ bytesRead: number }> | null = null
  try {
    // One byte more than the file holds, so the read that takes it all also finds its end; a live log that
    // grows meanwhile is read on in reads of that size (at least 4 KiB).
    const size = Math.min(chunkSize, Math.max(MIN_READ, (await handle.stat()).size + 1))
    let current = uninitialized(size)
    let spare = uninitialized(size)
    pending = handle.read(current, 0, size, null)
    for (;;) {
      const bytesRead: number = (await pending).bytesRead
      pending = null
      if (bytesRead === 0) return
      // Reads are sequential (position null): one in flight at a time, into the buffer the caller is
      // done with. A short read usually means end of file: then the next read waits for the caller.
      if (bytesRead === size) pending = handle.read(spare, 0, size, null)
      yield current.subarray(0, bytesRead)
      pending ??= handle.read(spare, 0, size, null)
      ;[current, spare] = [spare, current]
    }
  } finally {
    // A caller that stops early must not close the file under a read still in flight.
    await pending?.catch(() => undefined)
    await handle.close()
  }
}

const MIN_READ = 4096

/** A plain Uint8Array of `size` bytes, not zero-filled (reads overwrite what is handed out). */
function uninitialized(size: number): Uint8Array {
  const buffer = Buffer.allocUnsafeSlow(size)
  // A plain Uint8Array, not a Buffer: the decoders' hot loops then see one kind of array.
  return new Uint8Array(buffer.buffer, buffer.byteOffset, size)
}
