/**
 * Test helpers for the assembler (test-only; nothing in src imports this outside `*.test.ts`): turn a
 * typed `SessionBuilder` (src/log/testing/session) into the `ParsedLine`s the reader would yield, and
 * small typed event makers for shapes that builder does not write (attempts, retries, commands, …).
 */
import type { ParsedLine } from '../log/parsed-line'
import type { SessionBuilder } from '../log/testing/session'

/** Header line plus one `event` line per logical event (line numbers as if each event had its own line). */
export function linesOf(log: SessionBuilder, options: { header?: boolean } = {}): ParsedLine[] {
  const lines: ParsedLine[] = []
  if (options.header !== false) lines.push({ kind: 'header', line: 1, header: log.header })
  log.events.forEach((event, i) => lines.push({ kind: 'event', line: i + 2, event }))
  return lines
}

/** Splits `lines` into consecutive batches of `size` (the last may be shorter). */
export function batches<T>(lines: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < lines.length; i += size) out.push(lines.slice(i, i + size))
  return out
}
