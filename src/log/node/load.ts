/**
 * One log read to the end and summed up: the facts `inspect`, the site builder and the session index
 * need (id, cwd, title, parent, format, counts, damage). `summarizeSession` keeps only the summary, so a
 * multi-GB log costs one record's memory; `loadSession` also keeps every `ParsedLine` (the caller's
 * choice for logs it will render). Torn tail versus corruption is decided by `assessDamage`
 * (src/log/damage.ts, log-format.md §6.1) over the invalid lines and the last `turn/end`, which is all it
 * looks at. So a summary stays small even for a huge damaged log: at most MAX_INVALID invalid entries are
 * kept (stripped of their text), `invalidCount` has the total.
 */
import { assessDamage } from '../damage'
import type { ParsedLine } from '../parsed-line'
import { isKnownType, type SessionHeader } from '../schema'
import type { SeqGap } from '../parser'
import type { LogEncoding } from './line-decoder'
import { readSession, type ReadOptions } from './read'
import type { LogSource } from './source'

export interface InvalidEntry {
  line: number
  frame?: number
  /** Byte offset in the file, for damage found at the frame level. */
  offset?: number
  reason: string
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
  invalid: InvalidEntry[]
  /** All invalid lines, including any beyond the MAX_INVALID kept in `invalid`. */
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
  const offsets = new Map(summary.damage.map((d) => [`${d.line}:${d.reason}`, d.offset]))
  const invalid = stats.invalid.map((entry) => {
    const offset = offsets.get(`${entry.line}:${entry.reason}`)
    return offset === undefined ? entry : { ...entry, offset }
  })
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

/** Invalid entries a summary keeps; beyond this only the count grows. */
export const MAX_INVALID = 10_000

/** Running counts over parsed lines; keeps just what damage assessment needs. */
export class SessionStats {
  readonly counts: SessionCounts = { events: 0 }
  readonly unknownTypes = new Set<string>()
  readonly invalid: InvalidEntry[] = []
  invalidCount = 0
  title: string | null = null
  private readonly invalidLines: ParsedLine[] = []
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
      case 'invalid':
        this.invalidCount++
        if (this.invalid.length >= MAX_INVALID) return
        this.invalid.push(entry.frame === undefined ? { line: entry.line, reason: entry.reason } : { line: entry.line, frame: entry.frame, reason: entry.reason })
        // Without its text and raw value: a huge garbage line must not stay in memory.
        this.invalidLines.push({ line: entry.line, ...(entry.frame === undefined ? {} : { frame: entry.frame }), kind: 'invalid', text: '', reason: entry.reason, ...(entry.code === undefined ? {} : { code: entry.code }) })
        return
      case 'unknown':
        // A known type whose payload did not match still counts as what it is.
        if (!isKnownType(entry.event.type)) this.unknownTypes.add(entry.event.type)
        this.count(entry, entry.event.type)
        return
      case 'event':
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
