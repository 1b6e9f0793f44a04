/**
 * Crash-safe output folders (issue 17). A build never writes into the site folder itself: it writes into
 * a staging folder beside it (`.<name>.dsh-view-staging`), which starts as a hard-linked copy of the current
 * site (so unchanged pages cost a link, not a copy, and stay byte-identical), and swaps it in at the end:
 * site → `.<name>.dsh-view-old`, staging → site, old removed. Killed at any moment, the folder is the old
 * site or the new one, and the next build finishes or undoes a half-done swap, drops the staging folder
 * and proceeds (`recover`). Files are replaced by rename, never written in place, so a page shared by a
 * link with the old site is never changed under it.
 *
 * A first build into a folder that holds nothing yet may put a preview there first (the first pages of its
 * biggest sessions, `publishPreview`), swapped out at the end like any old site.
 *
 * A lock file beside the folder (`.<name>.dsh-view-lock`, ./lock.ts) keeps a second build out while one runs.
 */
import { existsSync } from 'node:fs'
import { copyFile, link, lstat, mkdir, readdir, readlink, rename, rm, rmdir, symlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { writeFileAtomic, type FileContent } from './atomic-write'

export const siblingOf = (outDir: string, what: 'staging' | 'old' | 'lock' | 'preview'): string => join(dirname(outDir), `.${basename(outDir)}.dsh-view-${what}`)

const codeOf = (err: unknown): unknown => (err instanceof Error && 'code' in err ? err.code : undefined)

/**
 * Finishes or undoes what a killed build left: a swap stopped between its two renames (the old site
 * comes back), an old site not yet removed, a staging folder.
 */
export async function recover(outDir: string): Promise<void> {
  const old = siblingOf(outDir, 'old')
  if (existsSync(old)) {
    if (existsSync(outDir)) await rm(old, { recursive: true, force: true })
    else await rename(old, outDir)
  }
  await rm(siblingOf(outDir, 'staging'), { recursive: true, force: true })
  await rm(siblingOf(outDir, 'preview'), { recursive: true, force: true })
}

/**
 * Puts a preview site in place of a folder that holds nothing yet: its files are written into a sibling
 * folder, which is then renamed to `outDir` in one step, so the folder is at any moment absent (or empty)
 * or the whole preview. The preview carries a manifest, so a build killed after this point finds a dsh-view
 * site to replace; the build that published it replaces it with `commitStaging` as any old site.
 */
export async function publishPreview(outDir: string, files: readonly { path: string; content: FileContent }[]): Promise<void> {
  const dir = siblingOf(outDir, 'preview')
  await rm(dir, { recursive: true, force: true })
  try {
    const dirs = new Set<string>()
    for (const file of files) await writeFileAtomic(join(dir, file.path), file.content, dirs)
    // An empty folder the user made for the site gives way to the preview (rmdir fails if it is not empty:
    // something was put there meanwhile, and the preview is not published).
    if (existsSync(outDir)) await rmdir(outDir)
    await rename(dir, outDir)
  } catch (err) {
    await rm(dir, { recursive: true, force: true })
    throw err
  }
}

/** A fresh staging folder holding the current site (hard links; copies where links fail). */
export async function openStaging(outDir: string): Promise<string> {
  const stage = siblingOf(outDir, 'staging')
  await rm(stage, { recursive: true, force: true })
  await mkdir(stage, { recursive: true })
  if (existsSync(outDir)) await linkTree(outDir, stage)
  return stage
}

/** Swaps the staging folder in: the site folder holds the new site. */
export async function commitStaging(outDir: string, stage: string): Promise<void> {
  const old = siblingOf(outDir, 'old')
  if (existsSync(outDir)) {
    await rename(outDir, old)
    await rename(stage, outDir)
    await rm(old, { recursive: true, force: true })
  } else {
    await rename(stage, outDir)
  }
}

/**
 * Entries of one folder linked at once: each link is a syscall on libuv's threads, and one at a time a big
 * site's staging copy is mostly waiting (a site of 20,000 sessions holds 40,000 files in `sessions/`).
 */
const LINKS_IN_FLIGHT = 16

/** `from`'s tree into the empty folder `to` (iterative: a site is shallow, but nothing here assumes it). */
async function linkTree(from: string, to: string): Promise<void> {
  const dirs: [string, string][] = [[from, to]]
  while (dirs.length > 0) {
    const [src, dst] = dirs.pop() as [string, string]
    const entries = await readdir(src, { withFileTypes: true })
    let next = 0
    const lane = async () => {
      for (let i = next++; i < entries.length; i = next++) {
        const entry = entries[i] as (typeof entries)[number]
        const s = join(src, entry.name)
        const d = join(dst, entry.name)
        if (entry.isDirectory()) {
          await mkdir(d)
          dirs.push([s, d])
        } else if (entry.isSymbolicLink()) {
          await symlink(await readlink(s), d)
        } else if (entry.isFile()) {
          await link(s, d).catch(async (err: unknown) => {
            if (codeOf(err) === 'EEXIST') throw err
            await copyFile(s, d)
          })
        } else {
          // A FIFO or socket a user left in the site: not ours to copy; it stays with the old site.
          await lstat(s)
        }
      }
    }
    // allSettled first: a failed lane must not leave others linking into a folder being removed.
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(LINKS_IN_FLIGHT, entries.length) }, lane))
    for (const r of lanes) if (r.status === 'rejected') throw r.reason
  }
}
