/**
 * Every file the build writes goes through here: written beside its target under a temporary name, then
 * renamed over it (architecture.md §2.12). A reader — a browser, a static host syncing the folder, a live
 * page — sees the old file or the new one, never half of one, and an interrupted build leaves no torn
 * page. Unchanged files are not rewritten, so mtimes and rsync stay quiet on incremental builds.
 *
 * Content may be a list of byte chunks: a page is written as the encoded pieces it was measured from
 * (src/site/render/render-session.tsx), so a megabyte page is never joined into one string or buffer first — on
 * the build machines fresh large allocations cost more than the copy itself (page faults).
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

/** What a file is made of: text (UTF-8), bytes, or byte chunks written in order. */
export type FileContent = string | Uint8Array | readonly Uint8Array[]

let counter = 0

const chunksOf = (data: FileContent): readonly Uint8Array[] =>
  typeof data === 'string' ? [Buffer.from(data, 'utf8')] : data instanceof Uint8Array ? [data] : data

/** Writes `data` to `path` atomically, creating parent folders (`dirs`: folders known to exist already). */
export async function writeFileAtomic(path: string, data: FileContent, dirs?: Set<string>): Promise<void> {
  await writeBatchesAtomic(path, [chunksOf(data)], dirs)
}

/**
 * Writes text pieces to `path` atomically, each encoded only as it is written: a one-file export of a
 * long session is never joined into one string or one buffer (issue 32).
 */
export async function writeTextPiecesAtomic(path: string, pieces: Iterable<string>): Promise<number> {
  let bytes = 0
  const batches = function* (): Generator<Uint8Array[]> {
    let batch: Uint8Array[] = []
    let held = 0
    for (const piece of pieces) {
      const chunk = Buffer.from(piece, 'utf8')
      batch.push(chunk)
      held += chunk.length
      bytes += chunk.length
      if (held >= 1 << 20) {
        yield batch
        batch = []
        held = 0
      }
    }
    yield batch
  }
  await writeBatchesAtomic(path, batches())
  return bytes
}

/** The temp-file-and-rename write, its chunks given in batches (each written with writev before the next is made). */
async function writeBatchesAtomic(path: string, batches: Iterable<readonly Uint8Array[]>, dirs?: Set<string>): Promise<void> {
  const dir = dirname(path)
  if (dirs === undefined || !dirs.has(dir)) {
    await mkdir(dir, { recursive: true })
    dirs?.add(dir)
  }
  const temp = `${path}.${process.pid}-${++counter}.tmp`
  try {
    const file = await open(temp, 'w')
    try {
      for (const batch of batches) {
        let chunks = batch.filter(c => c.length > 0)
        while (chunks.length > 0) {
          // writev may write less than asked (rare for regular files): go on from where it stopped.
          let { bytesWritten } = await file.writev(chunks)
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
      await file.close()
    }
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
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

/**
 * Like `writeFileAtomic`, but leaves the file alone when it already holds exactly these bytes. `mayExist`
 * false (the caller knows there is no such file: a first build into an empty folder) skips reading it.
 */
export async function writeIfChanged(path: string, data: FileContent, dirs?: Set<string>, mayExist = true): Promise<boolean> {
  const chunks = chunksOf(data)
  const old = mayExist ? await readFile(path).catch(() => null) : null
  if (old !== null && sameBytes(old, chunks)) return false
  await writeFileAtomic(path, chunks, dirs)
  return true
}
