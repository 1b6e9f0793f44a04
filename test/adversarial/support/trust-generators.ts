/**
 * Generators of the hostile inputs of issue 32 ("trust it blind", point 3), beside ./generators.ts (issue 17's
 * classes): times no date can hold, session ids that start with a dot, parent links that form a cycle, and
 * secrets that only appear once the page has transformed the text (./secret-generators.ts). Each returns the
 * stored log text, so the tests and the mutation property feed them to build, export, snapshot and live.
 */
import { session, type SessionBuilder } from '../../../src/log/testing/session'

/** Above the largest time a Date holds (8.64e15 ms), yet a safe integer: a valid envelope. */
export const FAR_TIME = 9_000_000_000_000_000

function turnWith(b: SessionBuilder, prompt: string, fill: (b: SessionBuilder) => void): void {
  b.turnStart()
  b.user(prompt)
  b.stepStart()
  fill(b)
  b.stepEnd()
  b.turnEnd()
}

/**
 * A session whose later events carry times past the Date range (and one before it), a tool call among them;
 * `header`: the header's `createdAt` is past the range too.
 */
export function farTimesSession(id: string, options: { header?: boolean } = {}): string {
  const b = session({ id, version: 4, ...(options.header === true ? { header: { createdAt: FAR_TIME } } : {}) })
  turnWith(b, 'first', b => b.assistant('First answer.'))
  turnWith(b, 'second', b => {
    b.call('bash', { command: 'ls', description: 'list' }, 'far-1')
    b.result('far-1', 'a.txt\n[exit code: 0]')
    b.assistant('Second answer.')
  })
  // Seqs 0–5 keep their times; from the second turn on, times lie beyond what a date can hold.
  const far = new Set(b.records.flatMap(r => ('seq' in r && r.seq >= 6 ? [r.seq] : [])))
  const lines = b.jsonl().split('\n')
  return lines
    .map(line => {
      if (line === '') return line
      const record = JSON.parse(line) as { seq?: number; time?: number }
      if (record.seq === undefined || !far.has(record.seq)) return line
      record.time = record.seq === 7 ? -FAR_TIME : FAR_TIME
      return JSON.stringify(record)
    })
    .join('\n')
}

/** A small session with header fields set (a parent link, a start time). */
export function linkedSession(id: string, header: { parentSession?: string; createdAt?: number } = {}): string {
  const b = session({ id, version: 4, header })
  turnWith(b, `I am ${id}`, b => b.assistant(`Answer of ${id}.`))
  return b.jsonl()
}

/**
 * Sessions whose parent links form cycles, newer than an ordinary root: a pair (each the other's parent), a
 * three-cycle with a child hanging off it. `--latest` must still find them (no root leads to them).
 */
export function cycleSessions(t0: number): { id: string; text: string }[] {
  return [
    { id: 'plain-old', text: linkedSession('plain-old', { createdAt: t0 }) },
    { id: 'cyc-a', text: linkedSession('cyc-a', { parentSession: 'cyc-b', createdAt: t0 + 3000 }) },
    { id: 'cyc-b', text: linkedSession('cyc-b', { parentSession: 'cyc-a', createdAt: t0 + 2000 }) },
    { id: 'tri-1', text: linkedSession('tri-1', { parentSession: 'tri-3', createdAt: t0 + 1000 }) },
    { id: 'tri-2', text: linkedSession('tri-2', { parentSession: 'tri-1', createdAt: t0 + 1100 }) },
    { id: 'tri-3', text: linkedSession('tri-3', { parentSession: 'tri-2', createdAt: t0 + 1200 }) },
    { id: 'tri-leaf', text: linkedSession('tri-leaf', { parentSession: 'tri-2', createdAt: t0 + 5000 }) },
  ]
}

/** Session ids that start with a dot (dsh keeps the dot in the folder name), beside ordinary ones. */
export const DOT_IDS = ['.hidden', '.', '..x', '.git-like'] as const

/** A session with one tool result of `lines` short lines (issue 32: memory must not grow with the line count). */
export function manyShortLinesSession(id: string, lines: number): string {
  const b = session({ id, version: 4 })
  turnWith(b, 'list everything', b => {
    b.call('bash', { command: 'seq 1 N', description: 'many lines' }, 'short-1')
    b.result('short-1', `${Array.from({ length: lines }, (_, i) => String(i % 10)).join('\n')}\n[exit code: 0]`)
    b.assistant('Listed.')
  })
  return b.jsonl()
}

/** `text` with a run of `count` blank (or unparsable) lines inserted before line `at` (issue 32: one entry). */
export function withLineRun(text: string, at: number, count: number, kind: 'blank' | 'garbage'): string {
  const lines = text.split('\n')
  const i = Math.min(at, lines.length)
  const run = Array.from({ length: count }, (_, k) => (kind === 'blank' ? '' : `{not json ${k}`))
  return [...lines.slice(0, i), ...run, ...lines.slice(i)].join('\n')
}
