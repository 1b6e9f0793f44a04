/**
 * A session dsh-view failed on — reading, folding or rendering threw (issue 17) — still gets its page: the
 * damaged-session page, the session's header facts and one "unreadable line" row that says what failed and
 * where (the log line the fold had reached, or the stage). The build, export, snapshot and live go on with
 * the other sessions; the failure is also reported as a warning and a problem (exit 1).
 */
import { ConversationBuilder } from '../../conversation/builder'
import type { Conversation } from '../../conversation/model'
import type { ParsedLine } from '../../log/parsed-line'
import type { SessionHeader } from '../../log/events/schema'

export type FailedStage = 'read' | 'render'

/** A thrown value as one line: `RangeError: Maximum call stack size exceeded`. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const line = text.split('\n')[0] ?? ''
  return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

/** The line of the log a fold failure was met at, when known (see `FoldFailure`). */
export class FoldFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly line: number | null,
  ) {
    super(describeFailure(error))
    this.name = 'FoldFailure'
  }
}

/** What the damaged page and the warning say. */
export function failureReason(stage: FailedStage, error: unknown): { reason: string; line: number | null } {
  const line = error instanceof FoldFailure ? error.line : null
  const what = error instanceof FoldFailure ? error.message : describeFailure(error)
  const where = stage === 'read' ? (line === null ? 'reading this session' : `reading line ${line}`) : 'rendering this session'
  return { reason: `dsh-view failed while ${where}: ${what}; the session is not shown`, line }
}

/** The conversation of a damaged page: the header (when known) and one unreadable-line row with `reason`. */
export function damagedConversation(header: SessionHeader | null, reason: string, line: number | null): Conversation {
  const builder = new ConversationBuilder()
  const lines: ParsedLine[] = []
  if (header !== null) lines.push({ kind: 'header', line: 1, header })
  lines.push({ kind: 'invalid', line: line ?? 0, text: '', reason, code: 'internal' })
  try {
    builder.append(lines)
  } catch {
    // A header the fold cannot take: the page goes without it.
    const bare = new ConversationBuilder()
    bare.append(lines.slice(-1))
    return bare.snapshot()
  }
  return builder.snapshot()
}
