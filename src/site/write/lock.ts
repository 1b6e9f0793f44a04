/**
 * The site folder's lock (issue 17; liveness rules issue 32 point 2): `.<name>.dsh-view-lock` beside the
 * folder keeps a second build out while one runs. It names its holder — pid, host, the process's start
 * (./process-state.ts) and a nonce — as one JSON line, written to a private file first and linked to the
 * lock's name, so the lock never exists half written (link fails when the lock exists).
 *
 * A lock holds while its holder lives, judged so that nothing but a running build can hold the folder:
 * - on this host: the pid runs, is no zombie (a build killed with SIGKILL and not yet reaped), and started
 *   when the holder did (a reused pid is another process);
 * - from another host (a shared network folder, where no pid can be checked): while the lock is fresh. The
 *   holder refreshes the lock's mtime every HEARTBEAT_MS; a lock not refreshed for STALE_MS is stale. Hosts
 *   sharing a folder must agree on the time within that margin (minus one beat).
 * A stale lock is taken over. A lock written by an older dsh-view holds only a pid: it is judged as this
 * host's, by state alone. Before its folder is swapped in, a build checks that the lock is still its own
 * (`confirm`): a holder stopped past STALE_MS (a suspended laptop) may have lost it to another host's build.
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { link, mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { processState, ownStart } from './process-state'
import { siblingOf } from './staging'

/** Another build holds the folder (or took it over from this one). */
export class LockError extends Error {}

/** How often a build refreshes its lock's mtime. */
export const HEARTBEAT_MS = 15_000
/** A lock from another host not refreshed for this long is stale (8 missed beats). */
export const STALE_MS = 120_000

export interface LockHolder {
  pid: number
  /** null: a lock of an older dsh-view (a bare pid), judged as this host's. */
  host: string | null
  /** The holder process's start (./process-state.ts), null when its platform could not tell. */
  start: string | null
}

export interface HeldLock {
  /** Throws LockError unless the lock is still this build's. */
  confirm(): Promise<void>
  /** Stops the heartbeat and removes the lock if it is still this build's. */
  release(): Promise<void>
}

export interface LockOptions {
  /** Heartbeat period (default HEARTBEAT_MS). */
  heartbeatMs?: number
  /** Called after each heartbeat (tests). */
  onBeat?: () => void
}

const codeOf = (err: unknown): unknown => (err instanceof Error && 'code' in err ? err.code : undefined)

/** The holder a lock's text names; null when it names none (garbage: stale). */
export function parseHolder(text: string): LockHolder | null {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), host: null, start: null }
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { pid, host, start } = value as Record<string, unknown>
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return null
  return { pid, host: typeof host === 'string' ? host : null, start: typeof start === 'string' ? start : null }
}

/** Whether the lock at `lock`, naming `holder`, still keeps other builds out (see the module comment). */
export async function lockHolds(lock: string, holder: LockHolder | null, host = hostname(), now = Date.now()): Promise<boolean> {
  if (holder === null) return false
  if (holder.host !== null && holder.host !== host) {
    const info = await stat(lock).catch(() => null)
    return info !== null && now - info.mtimeMs < STALE_MS
  }
  const state = await processState(holder.pid)
  if (state.kind !== 'running') return false
  return holder.start === null || state.start === null || state.start === holder.start
}

function describe(holder: LockHolder | null): string {
  if (holder === null) return 'unknown'
  return holder.host === null || holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`
}

let counter = 0

/** Takes the folder's lock (see the module comment); throws LockError while another build holds it. */
export async function acquireLock(outDir: string, options: LockOptions = {}): Promise<HeldLock> {
  const lock = siblingOf(outDir, 'lock')
  await mkdir(dirname(outDir), { recursive: true })
  const host = hostname()
  const text = `${JSON.stringify({ pid: process.pid, host, start: await ownStart(), nonce: randomBytes(8).toString('hex') })}\n`
  const mine = `${lock}.${process.pid}-${++counter}`
  await writeFile(mine, text)
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(mine, lock)
        return held(outDir, lock, text, options)
      } catch (err) {
        if (codeOf(err) !== 'EEXIST') throw err
      }
      const found = await readFile(lock, 'utf8').catch(() => null)
      if (found === null) continue // released meanwhile
      const holder = parseHolder(found)
      if (await lockHolds(lock, holder, host)) {
        throw new LockError(`${outDir} is being written by another dsh-view build (${describe(holder)}); wait for it to finish`)
      }
      await takeOver(lock, found)
    }
    throw new LockError(`could not take the lock ${lock}`)
  } finally {
    await rm(mine, { force: true })
  }
}

/**
 * Removes a stale lock whose text was `judged`. Moved aside first and read again: if another build replaced
 * it meanwhile (took it over, and its lock is fresh), that lock is put back instead of removed.
 */
async function takeOver(lock: string, judged: string): Promise<void> {
  const aside = `${lock}.stale-${process.pid}-${++counter}`
  try {
    await rename(lock, aside)
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return
    throw err
  }
  try {
    const moved = await readFile(aside, 'utf8').catch(() => judged)
    if (moved !== judged) await link(aside, lock).catch(() => undefined)
  } finally {
    await rm(aside, { force: true })
  }
}

function held(outDir: string, lock: string, text: string, options: LockOptions): HeldLock {
  const beat = setInterval(() => {
    const now = new Date()
    utimes(lock, now, now).then(
      () => options.onBeat?.(),
      () => options.onBeat?.(),
    )
  }, options.heartbeatMs ?? HEARTBEAT_MS)
  beat.unref()
  const ours = async () => (await readFile(lock, 'utf8').catch(() => null)) === text
  return {
    async confirm() {
      if (await ours()) return
      const holder = parseHolder((await readFile(lock, 'utf8').catch(() => '')) ?? '')
      throw new LockError(`${outDir}: another dsh-view build (${describe(holder)}) took over this build's lock while it was stopped; nothing was published`)
    },
    async release() {
      clearInterval(beat)
      if (await ours()) await rm(lock, { force: true })
    },
  }
}
