/**
 * Every file the build writes goes through here: written beside its target under a temporary name, then
 * renamed over it (architecture.md §2.12). A reader — a browser, a static host syncing the folder, a live
 * page — sees the old file or the new one, never half of one, and an interrupted build leaves no torn
 * page. Unchanged files are not rewritten, so mtimes and rsync stay quiet on incremental builds. A file new
 * to a build's staging folder, which no reader sees before the build swaps it in whole, is written at its
 * own name (`writeIfChanged`'s `mayExist` false): a build killed meanwhile leaves it in the staging folder,
 * which the next build deletes (./staging.ts).
 *
 * Content may be a list of byte chunks: a page is written as the encoded pieces it was measured from
 * (src/site/render/render-session.tsx), so a megabyte page is never joined into one string or buffer first — on
 * the build machines fresh large allocations cost more than the copy itself (page faults).
 */
import { close as closeCb, open as openCb, rename as renameCb, writev as writevCb } from 'node:fs'
import { mkdir, open, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { promisify } from 'node:util'

// A page is written through file descriptors, not fs/promises' FileHandle: a handle is an object with its own
// promise machinery and close tracking, and on a long session's build (a thousand pages and more) making and
// closing them cost the build thread more than the writes (issue 29's time goal).
const openFd = promisify(openCb)
const writevFd = promisify(writevCb)
const closeFd = promisify(closeCb)
const renameFile = promisify(renameCb)

/**
 * Bytes made a chunk at a time as they are written (and made again to compare with a file already there): a
 * side text may be a whole 100 MB tool output, and its encoded bytes must never all exist beside the text
 * (issue 32: they were the flat-line build's last peak).
 */
export interface ChunkSource {
  chunks(): Iterable<Uint8Array>
}

/** What a file is made of: text (UTF-8), bytes, byte chunks written in order, or chunks made as they are written. */
export type FileContent = string | Uint8Array | readonly Uint8Array[] | ChunkSource

let counter = 0

const isSource = (data: FileContent): data is ChunkSource => typeof data === 'object' && 'chunks' in data

const chunksOf = (data: Exclude<FileContent, ChunkSource>): readonly Uint8Array[] =>
  typeof data === 'string' ? [Buffer.from(data, 'utf8')] : data instanceof Uint8Array ? [data] : data

/** Bytes a write run holds before it goes out: a run is one writev call. */
const RUN_BYTES = 1 << 20

/** A source's chunks in runs of about RUN_BYTES, each made only when the one before it is written. */
function* runsOf(chunks: Iterable<Uint8Array>): Generator<Uint8Array[]> {
  let run: Uint8Array[] = []
  let held = 0
  for (const chunk of chunks) {
    run.push(chunk)
    held += chunk.length
    if (held >= RUN_BYTES) {
      yield run
      run = []
      held = 0
    }
  }
  yield run
}

/** Writes `data` to `path` atomically, creating parent folders (`dirs`: folders known to exist already). */
export async function writeFileAtomic(path: string, data: FileContent, dirs?: Set<string>): Promise<void> {
  await writeBatchesAtomic(path, isSource(data) ? runsOf(data.chunks()) : [chunksOf(data)], dirs)
}

/**
 * Writes text pieces to `path` atomically, each encoded only as it is written: a one-file export of a
 * long session is never joined into one string or one buffer (issue 32).
 */
export async function writeTextPiecesAtomic(path: string, pieces: Iterable<string>): Promise<number> {
  let bytes = 0
  const chunks = function* (): Generator<Uint8Array> {
    for (const piece of pieces) {
      const chunk = Buffer.from(piece, 'utf8')
      bytes += chunk.length
      yield chunk
    }
  }
  await writeBatchesAtomic(path, runsOf(chunks()))
  return bytes
}

/**
 * The temp-file-and-rename write, its chunks given in batches (each written with writev before the next is
 * made). `inPlace`: the caller knows no file is at `path` and nothing reads the folder before it is complete
 * (a build's staging folder, ./staging.ts): the file is made at its own name (`wx`: never an existing file,
 * which in a staging folder is shared by a hard link with the live site), saving the rename; a file found there
 * after all is replaced by rename as usual.
 */
async function writeBatchesAtomic(path: string, batches: Iterable<readonly Uint8Array[]>, dirs?: Set<string>, inPlace = false): Promise<void> {
  const dir = dirname(path)
  if (dirs === undefined || !dirs.has(dir)) {
    await mkdir(dir, { recursive: true })
    dirs?.add(dir)
  }
  if (inPlace) {
    const fd = await openFd(path, 'wx').catch((err: unknown) => {
      if (err instanceof Error && 'code' in err && err.code === 'EEXIST') return null
      throw err
    })
    if (fd !== null) {
      try {
        await writeAll(fd, batches)
      } catch (err) {
        await rm(path, { force: true })
        throw err
      }
      return
    }
  }
  const temp = `${path}.${process.pid}-${++counter}.tmp`
  try {
    await writeAll(await openFd(temp, 'w'), batches)
    await renameFile(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
}

/** Writes the batches to `fd` and closes it (also when a write fails). */
async function writeAll(fd: number, batches: Iterable<readonly Uint8Array[]>): Promise<void> {
  try {
    for (const batch of batches) {
      let chunks = batch.filter(c => c.length > 0)
      while (chunks.length > 0) {
        // writev may write less than asked (rare for regular files): go on from where it stopped.
        let { bytesWritten } = await writevFd(fd, chunks)
        const rest: Uint8Array[] = []
        for (const chunk of chunks) {
          if (bytesWritten >= chunk.length) bytesWritten -= chunk.length
          else {
            rest.push(bytesWritten === 0 ? chunk : chunk.subarray(bytesWritten))
            bytesWritten = 0
          }
        }
        chunks = rest
      }
    }
  } finally {
    await closeFd(fd)
  }
}

/** Whether `old` holds exactly the bytes of `chunks`, in order. */
export function sameBytes(old: Uint8Array, chunks: readonly Uint8Array[]): boolean {
  let at = 0
  for (const chunk of chunks) {
    if (at + chunk.length > old.length) return false
    if (!Buffer.from(old.buffer, old.byteOffset + at, chunk.length).equals(chunk)) return false
    at += chunk.length
  }
  return at === old.length
}

/** Whether the file at `path` holds exactly `chunks`, read a chunk's length at a time (false: no such file). */
async function holdsChunks(path: string, chunks: Iterable<Uint8Array>): Promise<boolean> {
  const file = await open(path, 'r').catch(() => null)
  if (file === null) return false
  try {
    const { size } = await file.stat()
    let at = 0
    for (const chunk of chunks) {
      if (at + chunk.length > size) return false
      const old = Buffer.allocUnsafe(chunk.length)
      const { bytesRead } = await file.read(old, 0, chunk.length, at)
      if (bytesRead !== chunk.length || !old.equals(chunk)) return false
      at += chunk.length
    }
    return at === size
  } finally {
    await file.close()
  }
}

/**
 * Like `writeFileAtomic`, but leaves the file alone when it already holds exactly these bytes. `mayExist`
 * false: the caller knows there is no such file (a first build into an empty folder) and that nothing reads
 * the folder before it is complete (the writer of a build's staging folder, ./writer.ts): nothing is read
 * first, and the file is written at its own name (`writeBatchesAtomic`'s `inPlace`).
 */
export async function writeIfChanged(path: string, data: FileContent, dirs?: Set<string>, mayExist = true): Promise<boolean> {
  if (isSource(data)) {
    if (mayExist && (await holdsChunks(path, data.chunks()))) return false
    await writeBatchesAtomic(path, runsOf(data.chunks()), dirs, !mayExist)
    return true
  }
  const chunks = chunksOf(data)
  const old = mayExist ? await readFile(path).catch(() => null) : null
  if (old !== null && sameBytes(old, chunks)) return false
  await writeBatchesAtomic(path, [chunks], dirs, !mayExist)
  return true
}
