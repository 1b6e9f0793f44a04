/**
 * The sessions a `dsh-view snapshot` run covers: every log under the given paths (the same discovery as
 * `inspect` and `build`), each read and folded in one streaming pass (src/site/fold/fold-log.ts, exactly what the
 * site renders from), named for its snapshot file (../names.ts). A log that cannot be read becomes a
 * problem with its path, never a crash, and the others are still snapshotted.
 *
 * Each session stands alone: its snapshot does not depend on which other sessions were in the input (the
 * site's links between a parent and its children are left out on purpose).
 */
import type { Conversation } from '../../conversation/model'
import { discoverLogs, type DiscoveryProblem } from '../../log/node/discover'
import type { LogSource } from '../../log/node/source'
import { foldLog } from '../../site/fold/fold-log'
import { damagedConversation, failureReason } from '../../site/fold/damaged'
import { SnapshotNamer } from '../names'
import type { TrajectorySnapshot } from '../../trajectory/model'

export interface SnapshotSession {
  /** Header id, else the path. */
  id: string
  /** File name stem in the snapshot folder. */
  name: string
  source: LogSource
  conversation: Conversation
  /** The Trajectory record model of the same read, when asked for (`--tab trajectory`); else null. */
  trajectory: TrajectorySnapshot | null
}

export interface LoadOptions {
  env: Record<string, string | undefined>
  homedir: string
  /** Fold the Trajectory record model too (one read feeds both). */
  trajectory?: boolean
}

/**
 * Every readable session under `inputs`, one at a time in discovery order: only one conversation model is
 * held at once, so a root of thousands of sessions costs one session's memory. Paths and logs that cannot
 * be read are appended to `problems`.
 */
export async function* readSnapshotSessions(inputs: readonly string[], options: LoadOptions, problems: DiscoveryProblem[]): AsyncGenerator<SnapshotSession> {
  const discovery = await discoverLogs(inputs, options)
  problems.push(...discovery.problems)
  const namer = new SnapshotNamer()
  for (const log of discovery.logs) {
    let result: Awaited<ReturnType<typeof foldLog>>
    try {
      result = await foldLog(log.source, null, { trajectory: options.trajectory === true })
    } catch (err) {
      // The fold threw (a dsh-view bug on this log): its snapshot is the damaged-session one (issue 17).
      const { reason, line } = failureReason('read', err)
      problems.push({ path: log.source.display, message: reason })
      result = { ok: true, conversation: damagedConversation(null, reason, line), warnings: [], warningCount: 1, tornTail: false, lines: 0, lastSeq: -1, trajectory: null }
    }
    if (!result.ok) {
      problems.push({ path: log.source.display, message: result.error })
      continue
    }
    const conversation = result.conversation
    const id = conversation.header?.id ?? conversation.facts.id ?? log.source.display
    yield { id, name: namer.next(id), source: log.source, conversation, trajectory: result.trajectory }
  }
}

/** All of them at once (tests, small inputs). */
export async function loadSnapshotSessions(inputs: readonly string[], options: LoadOptions): Promise<{ sessions: SnapshotSession[]; problems: DiscoveryProblem[] }> {
  const problems: DiscoveryProblem[] = []
  const sessions: SnapshotSession[] = []
  for await (const session of readSnapshotSessions(inputs, options, problems)) sessions.push(session)
  return { sessions, problems }
}
