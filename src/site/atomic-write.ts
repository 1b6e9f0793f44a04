/**
 * Every file the build writes goes through here: written beside its target under a temporary name, then
 * renamed over it (architecture.md §2.12). A reader — a browser, a static host syncing the folder, a live
 * page — sees the old file or the new one, never half of one, and an interrupted build leaves no torn
 * page. Unchanged files are not rewritten, so mtimes and rsync stay quiet on incremental builds.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

let counter = 0

/** Writes `data` to `path` atomically, creating parent folders. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}-${++counter}.tmp`
  try {
    await writeFile(temp, data)
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
}

/** Like `writeFileAtomic`, but leaves the file alone when it already holds exactly these bytes. */
export async function writeIfChanged(path: string, data: string | Uint8Array): Promise<boolean> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const old = await readFile(path).catch(() => null)
  if (old !== null && old.length === bytes.length && old.equals(bytes)) return false
  await writeFileAtomic(path, bytes)
  return true
}
