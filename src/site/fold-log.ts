/**
 * One log read and folded in a single streaming pass (architecture.md §2.3): the reader's batches go
 * straight into the `ConversationBuilder`, so the parsed lines of a 100 MB log are never all held at once —
 * only the conversation model is. Damage is judged as `loadSession` judges it (src/log/node/load.ts:
 * `SessionStats` + `assessDamage`), and what the summary reports (unreadable lines, unknown events, a torn
 * tail) is collected on the way with its line numbers.
 */
import { ConversationBuilder } from '../conversation/builder'
import type { Conversation } from '../conversation/model'
import { assessDamage } from '../log/damage'
import { SessionStats } from '../log/node/load'
import { readSession } from '../log/node/read'
import type { LogSource } from '../log/node/source'
import type { Warning } from './manifest'

/** Warnings kept per log; a log with more is damaged throughout, and its pages show every one anyway. */
const MAX_WARNINGS = 200

export type FoldResult =
  | { ok: true; conversation: Conversation; warnings: Warning[]; /** Total, including those beyond the list. */ warningCount: number }
  | { ok: false; error: string }

export async function foldLog(source: LogSource): Promise<FoldResult> {
  const reader = readSession(source)
  const stats = new SessionStats()
  const builder = new ConversationBuilder()
  const warnings: Warning[] = []
  let warningCount = 0
  const path = source.display
  for await (const batch of reader) {
    for (const entry of batch) {
      stats.add(entry)
      if (entry.kind !== 'invalid' && entry.kind !== 'unknown') continue
      warningCount++
      if (warnings.length >= MAX_WARNINGS) continue
      warnings.push({ path, line: entry.line, message: entry.kind === 'invalid' ? entry.reason : `${entry.event.type}: ${entry.reason}` })
    }
    builder.append(batch)
  }
  const summary = reader.summary
  if (summary.unreadable !== null || summary.header === null) return { ok: false, error: summary.unreadable ?? 'no session header' }
  const damage = assessDamage(stats.skeleton, { finalLineComplete: true, ...(source.encoding === 'zstd' ? { tornFrame: summary.tornFrame } : {}) })
  const torn = summary.tornTail || damage.tornTail
  if (torn) {
    builder.setTornTail(true)
    warningCount++
    warnings.push({ path, line: null, message: 'the log ends in a partial line (torn tail); it is not shown' })
  }
  return { ok: true, conversation: builder.snapshot(), warnings, warningCount }
}
