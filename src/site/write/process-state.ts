/**
 * Whether a process on this machine still runs, for the site folder's lock (./lock.ts). `kill(pid, 0)` is not
 * enough (issue 32 point 2): a build killed with SIGKILL stays a zombie until its parent reaps it — forever in
 * a container whose init does not reap — and `kill` still finds it; and a pid is reused once the process is
 * gone, so an unrelated process can wear a dead build's pid. So a process is judged by its state (a zombie is
 * dead) and by its start: the lock records its holder's start (`startToken`), and a pid whose start differs is
 * another process.
 *
 * Linux: `/proc/<pid>/stat` — state (field 3) and start time in clock ticks since boot (field 22), with the
 * boot id, so a pid and tick count seen again after a reboot do not match. Other Unixes: `ps -o stat=,lstart=`.
 * Elsewhere (Windows): `kill(pid, 0)` alone, the best available; the start is unknown (null) and not compared.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'

export type ProcessState =
  /** Running (or stopped): `start` as `startToken` gives it, null when this platform cannot tell. */
  | { kind: 'running'; start: string | null }
  /** A zombie: dead, only its exit status left for a parent that has not reaped it. */
  | { kind: 'zombie' }
  | { kind: 'gone' }

const codeOf = (err: unknown): unknown => (err instanceof Error && 'code' in err ? err.code : undefined)

/** `kill(pid, 0)`: whether a process with this pid exists (EPERM: it does, someone else's). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return codeOf(err) === 'EPERM'
  }
}

let bootId: Promise<string> | null = null
const linuxBootId = (): Promise<string> => (bootId ??= readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(s => s.trim(), () => ''))

/** State and start of `pid` from `/proc/<pid>/stat`; null when /proc cannot tell (not mounted). */
async function fromProc(pid: number): Promise<ProcessState | null> {
  let stat: string
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  } catch (err) {
    if (codeOf(err) === 'ENOENT' || codeOf(err) === 'ESRCH') return exists(pid) ? null : { kind: 'gone' }
    return null
  }
  // `pid (comm) state …`: comm may hold spaces and parentheses, so fields are counted after the last `)`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const state = fields[0] ?? ''
  if (state === 'Z' || state === 'X' || state === 'x') return { kind: 'zombie' }
  const ticks = fields[22 - 3]
  return { kind: 'running', start: ticks === undefined ? null : `linux:${await linuxBootId()}:${ticks}` }
}

/** State and start of `pid` from `ps` (macOS, BSD); null when `ps` cannot be run. */
function fromPs(pid: number): Promise<ProcessState | null> {
  return new Promise(done => {
    execFile('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], { env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' } }, (err, stdout) => {
      const line = String(stdout).trim()
      if (line === '') return done(err !== null && codeOf(err) === 'ENOENT' ? null : { kind: 'gone' })
      const [state = '', ...start] = line.split(/\s+/)
      done(state.startsWith('Z') ? { kind: 'zombie' } : { kind: 'running', start: `ps:${start.join(' ')}` })
    })
  })
}

/** What became of process `pid` on this machine. */
export async function processState(pid: number): Promise<ProcessState> {
  if (!Number.isSafeInteger(pid) || pid <= 0) return { kind: 'gone' }
  const seen = process.platform === 'linux' ? await fromProc(pid) : process.platform === 'win32' ? null : await fromPs(pid)
  if (seen !== null) return seen
  return exists(pid) ? { kind: 'running', start: null } : { kind: 'gone' }
}

/** This process's start as `processState` reports it (null where the platform cannot tell). */
export async function ownStart(): Promise<string | null> {
  const state = await processState(process.pid)
  return state.kind === 'running' ? state.start : null
}
