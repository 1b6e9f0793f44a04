/**
 * The snapshot folder (`--out DIR`): record, check, refresh. dsh's own convention decides what `--check`
 * may write (upstream `apps/web/tests/scaffold.ts`): `DSH_SNAPSHOT=replay` (the default, what CI runs)
 * compares and never writes — a missing snapshot is a failure that names the healing command;
 * `DSH_SNAPSHOT=refresh` is the only writer under `--check`: it creates missing files and rewrites changed
 * ones, and says which. Without `--check`, a run records: every snapshot is written (unchanged bytes are left
 * alone, writes are atomic). Files in the folder that no session maps to are reported as stale, not deleted:
 * the folder may hold snapshots of inputs this run did not cover.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeIfChanged } from '../../site/write/atomic-write'
import { unifiedDiff } from '../unified-diff'

export type SnapshotMode = 'replay' | 'refresh'

/** `DSH_SNAPSHOT=refresh` → refresh; anything else (unset, `replay`) → replay. */
export function snapshotMode(env: Record<string, string | undefined>): SnapshotMode {
  return env['DSH_SNAPSHOT'] === 'refresh' ? 'refresh' : 'replay'
}

export interface SnapshotFile {
  /** File name inside the folder, e.g. `<name>.txt`. */
  file: string
  text: string
}

export type FileOutcome =
  | { file: string; status: 'equal' }
  | { file: string; status: 'changed'; diff: string }
  | { file: string; status: 'missing' }
  | { file: string; status: 'created' }
  | { file: string; status: 'updated'; diff: string }

export interface CheckReport {
  outcomes: FileOutcome[]
  /** Files with the snapshot extension that no session of this run maps to. */
  stale: string[]
  /** True when the folder does not match (replay: changed or missing files). */
  failed: boolean
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

async function staleFiles(dir: string, files: readonly SnapshotFile[], extension: string): Promise<string[]> {
  const names = new Set(files.map((f) => f.file))
  const present = await readdir(dir).catch(() => [] as string[])
  return present.filter((f) => f.endsWith(extension) && !names.has(f)).sort()
}

/** Compares every snapshot with the folder; under `refresh`, creates and rewrites what differs. */
export async function checkSnapshots(files: readonly SnapshotFile[], dir: string, mode: SnapshotMode, extension: string): Promise<CheckReport> {
  const outcomes: FileOutcome[] = []
  for (const { file, text } of files) {
    const path = join(dir, file)
    const committed = await readOrNull(path)
    if (committed === null) {
      if (mode === 'refresh') {
        await writeIfChanged(path, text)
        outcomes.push({ file, status: 'created' })
      } else outcomes.push({ file, status: 'missing' })
      continue
    }
    const diff = unifiedDiff(`${dir}/${file}`, `current ${file}`, committed, text)
    if (diff === '') outcomes.push({ file, status: 'equal' })
    else if (mode === 'refresh') {
      await writeIfChanged(path, text)
      outcomes.push({ file, status: 'updated', diff })
    } else outcomes.push({ file, status: 'changed', diff })
  }
  const failed = outcomes.some((o) => o.status === 'changed' || o.status === 'missing')
  return { outcomes, stale: await staleFiles(dir, files, extension), failed }
}

/** Records every snapshot (no `--check`). Returns the files whose bytes changed. */
export async function writeSnapshots(files: readonly SnapshotFile[], dir: string): Promise<string[]> {
  const written: string[] = []
  for (const { file, text } of files) if (await writeIfChanged(join(dir, file), text)) written.push(file)
  return written
}
