/**
 * `--latest N` for commands that take paths (build, inspect, export): the paths narrowed to the log files
 * of the N newest session trees (src/log/node/latest.ts says what "newest" means). A path that could not
 * be read is reported as the full run would report it; finding no session at all is a one-line user error.
 */
import { homedir } from 'node:os'
import type { Io } from './io'
import type { Reporter } from './reporter'
import { UserError } from './user-error'
import { discoverLogs, type DiscoveredLog } from '../src/log/node/discover'
import { latestSessions } from '../src/log/node/latest'

/** The path to hand on for one log: the file, or the archive it is in. */
export function inputOf(log: DiscoveredLog): string {
  const where = log.source.location
  return where.kind === 'file' ? where.path : where.zip
}

/** The logs of the newest `n` session trees (discovery order), and their roots, newest first. */
export async function latestLogs(inputs: readonly string[], n: number, io: Io, reporter: Reporter): Promise<{ logs: DiscoveredLog[]; roots: DiscoveredLog[] }> {
  const discovery = await discoverLogs(inputs, { env: io.env, homedir: io.env['HOME'] ?? homedir() })
  const { logs, roots } = await latestSessions(discovery, n)
  if (logs.length === 0) {
    const where = discovery.problems.map(p => `${p.path}: ${p.message}`).join('; ')
    throw new UserError(`--latest ${n}: no readable session${where === '' ? '' : ` (${where})`}`, 'Pass the logs or a sessions root.', 1)
  }
  for (const p of discovery.problems) reporter.error(`dsh-view: could not read ${p.path}: ${p.message}`)
  return { logs, roots: roots.map(r => r.log) }
}

/** The inputs narrowed to the newest `n` session trees, each log file once (an archive once). */
export async function latestInputs(inputs: readonly string[], n: number, io: Io, reporter: Reporter): Promise<string[]> {
  return [...new Set((await latestLogs(inputs, n, io, reporter)).logs.map(inputOf))]
}
