/**
 * Whether a session's writer is still alive (live.md §6.7, §6.9, §7.5), for the liveness badge. It reads
 * the Gen A `.lock` (`{pid, hostname, startedAt}`, created before the first write, removed on clean exit,
 * left behind by a crash) and only checks for the Gen B `session.lock`, whose presence means nothing: it
 * is never probed with flock, because even a shared lock held for a moment can make dsh's own
 * non-blocking exclusive acquire fail. Reading never needs the lock; this never writes it.
 */
import { readFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

/**
 * `alive`: a Gen A `.lock` names a running process on this host. `dead`: no lock at all (a clean exit
 * removes it) or its process is gone (a crash). `unknown`: another host's lock, an unreadable lock (it is
 * momentarily empty while being written), or only a Gen B `session.lock`, whose presence means nothing.
 */
export type WriterState = 'alive' | 'dead' | 'unknown'

export interface LockProbe {
  /** `process.kill(pid, 0)` semantics: true when the process exists (EPERM counts as existing). */
  pidAlive(pid: number): boolean
  hostname(): string
}

export const systemLockProbe: LockProbe = {
  pidAlive(pid) {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return isErrno(error) && error.code === 'EPERM'
    }
  },
  hostname: () => hostname(),
}

/** Reads `<dir>/.lock` (and looks for `session.lock`) to judge the writer. Never throws. */
export async function readWriterState(dir: string, probe: LockProbe = systemLockProbe): Promise<WriterState> {
  let text: string
  try {
    text = await readFile(join(dir, '.lock'), 'utf8')
  } catch (error) {
    if (!isErrno(error) || error.code !== 'ENOENT') return 'unknown'
    const genB = await readFile(join(dir, 'session.lock')).then(
      () => true,
      () => false,
    )
    return genB ? 'unknown' : 'dead'
  }
  return judgeLock(text, probe)
}

/** The judgement on a `.lock`'s text, separate so it is testable without a file system. */
export function judgeLock(text: string, probe: LockProbe): WriterState {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'unknown'
  }
  if (typeof value !== 'object' || value === null) return 'unknown'
  const pid = 'pid' in value ? value.pid : undefined
  const host = 'hostname' in value ? value.hostname : undefined
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0 || typeof host !== 'string') return 'unknown'
  if (host !== probe.hostname()) return 'unknown'
  return probe.pidAlive(pid) ? 'alive' : 'dead'
}

export function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error
}
