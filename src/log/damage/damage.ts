/**
 * Torn tail versus corruption (log-format.md §6.1), decided over a whole parsed log. Every `invalid`
 * line is an issue (a run of them, ./invalid-runs.ts, is one: its lines hold no event between them). Issues are a torn tail when no later line holds a `turn/end` (dsh would drop them
 * as a crash tail) and corruption when one does (the defect sits inside committed history). A bad
 * header is always corruption (dsh: "first line is not a session header"); in zstd mode any issue in a
 * complete frame is (§5.2). A dropped partial last line is a torn tail by itself. This only reports: the
 * viewer shows every readable line either way.
 */
import { runEnd } from './invalid-runs'
import type { ParsedLine } from '../parsed-line'

export interface DamageOptions {
  /** False when the text ended without a newline: that partial line was dropped. */
  finalLineComplete: boolean
  /** zstd only: index of the torn final frame, when there is one (its complete lines are in the list). */
  tornFrame?: number | null
}

export interface DamageIssue {
  line: number
  frame?: number
  reason: string
}

export interface DamageReport {
  tornTail: boolean
  corrupt: boolean
  issues: DamageIssue[]
}

export function assessDamage(lines: readonly ParsedLine[], options: DamageOptions): DamageReport {
  const issues: DamageIssue[] = []
  let firstIssue = -1
  let corrupt = false
  let lastLine = 0
  let lastTurnEnd = -1
  const zstd = options.tornFrame !== undefined
  for (let i = 0; i < lines.length; i++) {
    const entry = lines[i]
    if (entry === undefined) continue
    lastLine = Math.max(lastLine, entry.kind === 'invalid' ? runEnd(entry) : entry.line)
    if (entry.kind === 'event' || entry.kind === 'unknown') {
      if (entry.event.type === 'turn/end') lastTurnEnd = i
      continue
    }
    if (entry.kind !== 'invalid') continue
    issues.push(entry.frame === undefined ? { line: entry.line, reason: entry.reason } : { line: entry.line, frame: entry.frame, reason: entry.reason })
    // Invalid UTF-8 is reported, but its line was still read: it neither tears the tail nor corrupts history.
    if (entry.code === 'utf8') continue
    if (firstIssue === -1) firstIssue = i
    if (entry.code === 'header') corrupt = true
    // In zstd mode a defect inside a complete (checksummed) frame is corruption whatever follows it.
    if (zstd && entry.frame !== undefined && entry.frame !== options.tornFrame) corrupt = true
  }
  // A `turn/end` after the first issue means the damage sits inside committed history.
  if (firstIssue !== -1 && lastTurnEnd > firstIssue && lineOf(lines, lastTurnEnd) > lineOf(lines, firstIssue)) corrupt = true
  let tornTail = firstIssue !== -1 && !corrupt
  if (!options.finalLineComplete) {
    tornTail = true
    issues.push({ line: lastLine + 1, reason: 'torn tail: partial last line (no trailing newline) dropped' })
  }
  return { tornTail, corrupt, issues }
}

function lineOf(lines: readonly ParsedLine[], index: number): number {
  return lines[index]?.line ?? 0
}
