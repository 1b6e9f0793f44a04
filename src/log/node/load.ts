/**
 * One log read to the end and summed up: the facts `inspect`, the site builder and the session index
 * need (id, cwd, title, parent, format, counts, damage). `summarizeSession` keeps only the summary, so a
 * multi-GB log costs one record's memory; `loadSession` also keeps every `ParsedLine` (the caller's
 * choice for logs it will render). Torn tail versus corruption is decided by `assessDamage`
 * (src/log/damage/damage.ts, log-format.md §6.1) over the invalid lines and the last `turn/end`, which is all it
 * looks at. So a summary stays small even for a huge damaged log: at most MAX_INVALID invalid entries are
 * kept (stripped of their text), `invalidCount` has the total.
 */
import { assessDamage } from '../damage/damage'
import { extendRun, joins, runLength } from '../damage/invalid-runs'
import type { ParsedLine } from '../parsed-line'
import { isKnownType, type SessionHeader } from '../events/schema'
import type { SeqGap } from '../parser'
import type { LogEncoding } from './line-decoder'
import { readSession, type ReadOptions } from './read'
import type { LogSource } from './source'

export interface InvalidEntry {
  line: number
  frame?: number
  /**
   * Byte offset: where the line starts (in the file for a raw log, in the decoded text for a zstd log), or
   * for damage found at the frame level where that damage is in the file.
   */
  offset?: number
  reason: string
  /**
   * A run of consecutive unreadable lines (src/log/damage/invalid-runs.ts) is one entry: `lines` lines from `line`
   * to `lastLine`, and the positions and reasons of the two after the first (`more`).
   */
  lines?: number
  lastLine?: number
  more?: { line: number; frame?: number; offset?: number; reason: string }[]
}

export interface SessionCounts {
  /**
   * Logical events after expanding packed rows; unknown-type events count, the header does not. Turns and tool
   * calls are the conversation's to count (src/conversation/counts.ts), from the same lines.
   */
  events: number
}

export interface SessionSummary {
  id: string
  path: string
  source: LogSource
  header: SessionHeader
  format: { version: number | null; encoding: LogEncoding }
  parentSession: string | null
  cwd: string | null
  /** The latest `session/title`, or null. */
  title: string | null
  counts: SessionCounts
  /** Partial last line or torn final frame, or damage only at the tail (no later `turn/end`). */
  tornTail: boolean
  /** Damage inside committed history (log-format.md §6.1): dsh itself would refuse this log. */
  corrupt: boolean
  /** Invalid lines and runs of them, one entry a run: the first MAX_INVALID entries. */
  invalid: InvalidEntry[]
  /** All invalid lines (every line of a run), including any beyond the entries kept in `invalid`. */
  invalidCount: number
  seqGaps: readonly SeqGap[]
  /** Event types outside dsh-view's catalog, in order of first appearance. */
  unknownTypes: string[]
  synthesizedSeq: boolean
  bytes: number
}

export interface LoadedSession extends SessionSummary {
  lines: ParsedLine[]
}

export type LoadResult<T> = { ok: true; session: T } | { ok: false; source: LogSource; path: string; error: string }

/** Reads a log to the end keeping only its summary; `observe` sees every parsed line as it passes. */
export function summarizeSession(source: LogSource | string, options?: ReadOptions, observe?: (line: ParsedLine) => void): Promise<LoadResult<SessionSummary>> {
  return collect(source, options, null, observe)
}

/** Reads a log to the end keeping every parsed line. */
export async function loadSession(source: LogSource | string, options?: ReadOptions): Promise<LoadResult<LoadedSession>> {
  const lines: ParsedLine[] = []
  const result = await collect(source, options, lines)
  return result.ok ? { ok: true, session: { ...result.session, lines } } : result
}

async function collect(source: LogSource | string, options: ReadOptions | undefined, keep: ParsedLine[] | null, observe?: (line: ParsedLine) => void): Promise<LoadResult<SessionSummary>> {
  const reader = readSession(source, options)
  const stats = new SessionStats()
  for await (const batch of reader) {
    for (const entry of batch) {
      stats.add(entry)
      observe?.(entry)
      if (keep !== null) keep.push(entry)
    }
  }
  const summary = reader.summary
  const header = summary.header
  if (summary.unreadable !== null || header === null) {
    return { ok: false, source: reader.source, path: reader.source.display, error: summary.unreadable ?? 'no session header' }
  }
  const damage = assessDamage(stats.skeleton, {
    finalLineComplete: true,
    ...(reader.source.encoding === 'zstd' ? { tornFrame: summary.tornFrame } : {}),
  })
  const invalid = stats.invalid
  return {
    ok: true,
    session: {
      id: header.id,
      path: reader.source.display,
      source: reader.source,
      header,
      format: { version: header.version ?? null, encoding: reader.source.encoding },
      parentSession: header.parentSession ?? null,
      cwd: header.cwd ?? null,
      title: stats.title,
      // Chunk events left out in skip-superseded mode are still events of the log.
      counts: { ...stats.counts, events: stats.counts.events + summary.parser.skippedEvents },
      tornTail: summary.tornTail || damage.tornTail,
      corrupt: damage.corrupt,
      invalid,
      invalidCount: stats.invalidCount,
      seqGaps: summary.parser.seqGaps,
      unknownTypes: [...stats.unknownTypes],
      synthesizedSeq: summary.parser.synthesizedSeq,
      bytes: summary.bytesRead,
    },
  }
}

/**
 * Invalid entries a summary keeps; beyond this only the count grows. An entry is a line or a whole run of
 * consecutive unreadable lines (src/log/damage/invalid-runs.ts), so 10,000 entries (~1 MB of `inspect --json`)
 * name every damaged place of any log a person could still read; a log with more is garbage throughout, and
 * its count says how much.
 */
export const MAX_INVALID = 10_000

/** Running counts over parsed lines; keeps just what damage assessment needs. */
export class SessionStats {
  readonly counts: SessionCounts = { events: 0 }
  readonly unknownTypes = new Set<string>()
  readonly invalid: InvalidEntry[] = []
  invalidCount = 0
  title: string | null = null
  private readonly invalidLines: ParsedLine[] = []
  /** Whether the last entry added was an unreadable line (a run may continue it). */
  #lastWasInvalid = false
  private lastTurnEnd: ParsedLine | null = null

  /** The invalid lines and the last `turn/end`, in log order: enough for `assessDamage`. */
  get skeleton(): ParsedLine[] {
    const last = this.lastTurnEnd
    if (last === null) return this.invalidLines
    const first = this.invalidLines[0]
    return first !== undefined && last.line > first.line ? [...this.invalidLines, last] : [last, ...this.invalidLines]
  }

  add(entry: ParsedLine): void {
    switch (entry.kind) {
      case 'header':
        return
      case 'invalid': {
        this.invalidCount += runLength(entry)
        // A run may go on in the next batch: it then extends the entry it started.
        const last = this.invalidLines[this.invalidLines.length - 1]
        if (last !== undefined && this.#lastWasInvalid && last.kind === 'invalid' && joins(last, entry)) {
          last.run = extendRun(last, entry)
          this.invalid[this.invalid.length - 1] = invalidEntry(last)
          return
        }
        this.#lastWasInvalid = true
        if (this.invalid.length >= MAX_INVALID) return
        // Without its text and raw value: a huge garbage line must not stay in memory.
        const kept: ParsedLine = { line: entry.line, ...(entry.frame === undefined ? {} : { frame: entry.frame }), ...(entry.offset === undefined ? {} : { offset: entry.offset }), kind: 'invalid', text: '', reason: entry.reason, ...(entry.code === undefined ? {} : { code: entry.code }) }
        if (entry.run !== undefined) kept.run = { ...entry.run, more: entry.run.more.map(m => ({ ...m, text: '' })) }
        this.invalidLines.push(kept)
        this.invalid.push(invalidEntry(kept))
        return
      }
      case 'unknown':
        this.#lastWasInvalid = false
        // A known type whose payload did not match still counts as what it is.
        if (!isKnownType(entry.event.type)) this.unknownTypes.add(entry.event.type)
        this.count(entry, entry.event.type)
        return
      case 'event':
        this.#lastWasInvalid = false
        this.count(entry, entry.event.type)
        if (entry.event.type === 'session/title') this.title = entry.event.data.title
        return
    }
  }

  private count(entry: ParsedLine, type: string): void {
    this.counts.events++
    if (type === 'turn/end') this.lastTurnEnd = entry
  }
}

/** The summary's form of a kept unreadable line or run (its samples without their text). */
function invalidEntry(entry: ParsedLine): InvalidEntry {
  if (entry.kind !== 'invalid') throw new Error('invalidEntry: not an invalid line')
  const out: InvalidEntry = {
    line: entry.line,
    ...(entry.frame === undefined ? {} : { frame: entry.frame }),
    ...(entry.offset === undefined ? {} : { offset: entry.offset }),
    reason: entry.reason,
  }
  const run = entry.run
  if (run !== undefined) {
    out.lines = run.count
    out.lastLine = run.lastLine
    out.more = run.more.map(({ text: _text, ...position }) => position)
  }
  return out
}
