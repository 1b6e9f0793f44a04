/**
 * A session's status, in one place: the index, the page header, the Markdown summary and `inspect --json`
 * all read `facts.status`, which the conversation builder computes with `sessionStatus` below. The rule reads
 * only the log — never the clock — so the same bytes always give the same status:
 *
 * 1. `damaged` — the log could not be read whole: it ends in a partial line (torn tail) or holds lines
 *    that are not JSON/valid records. A live log caught mid-write is damaged until the line completes.
 * 2. `running` — the last turn has a `turn/start` and no `turn/end` (and the tail is whole).
 * 3. `failed` — the last turn ended with `turn/end {kind:'error'}` (the model request failed for good).
 * 4. `interrupted` — the last turn was cancelled (`aborted`: user, parent, disposed, hook, legacy) or closed by
 *    crash repair (`interrupted`).
 * 5. `completed` — otherwise: the last turn ended `completed`, `max-tokens` or `blocked` (an end the agent
 *    chose), a reason this viewer does not know, or the session has no turn at all.
 *
 * Only the last turn counts: an earlier interruption or failure that the user moved on from does not stick.
 */
import type { SessionStatus } from './model'

/** What the rule looks at; the builder gathers it (src/conversation/builder.ts). */
export interface StatusEvidence {
  /** The log ends in a held-back partial line (log-format.md §6.1). */
  tornTail: boolean
  /** Lines that could not be read as events (unknown event *types* are not damage: newer dsh). */
  invalidLines: number
  /** The last turn: null when the log has none; `endReason` null while it is open. */
  lastTurn: { endReason: string | null } | null
}

/** Every status, in the order the index lists their counts. */
export const SESSION_STATUSES: readonly SessionStatus[] = ['completed', 'interrupted', 'failed', 'running', 'damaged']

const INTERRUPTED_REASONS = new Set(['aborted', 'interrupted'])

/** The session's status by the rule above. Pure; the one definition every surface uses. */
export function sessionStatus(evidence: StatusEvidence): SessionStatus {
  if (evidence.tornTail || evidence.invalidLines > 0) return 'damaged'
  const last = evidence.lastTurn
  if (last === null) return 'completed'
  if (last.endReason === null) return 'running'
  if (last.endReason === 'error') return 'failed'
  if (INTERRUPTED_REASONS.has(last.endReason)) return 'interrupted'
  return 'completed'
}
