/**
 * What the reader yields for every stored record: parse results are data, never exceptions. Every line
 * of a log comes back as one or more of these (a packed row yields several `event`s for one line; a seq
 * gap yields an `invalid` report followed by the event, which is kept). `line` is the 1-based line number
 * in the decoded plaintext; for zstd logs `frame` is the 0-based frame index the line came from.
 */
import type { KnownEvent, RawEvent, SessionHeader } from './events/schema'

export interface LinePosition {
  line: number
  frame?: number
  /**
   * Byte offset of the line's start in the log's text (the file for a raw log, the decoded plaintext for a
   * zstd log; for damage found below the line level, where the damage is), when the reader knows it. Only
   * unreadable lines keep it, to say where they are.
   */
  offset?: number
}

/** Why a line is `invalid` (log-format.md §6.1 "issues"); `reason` holds the human wording. */
export type InvalidCode =
  | 'empty' // blank line
  | 'json' // not parseable JSON
  | 'not-object' // JSON, but not an object
  | 'header' // line 1 is not a usable session header (the rest of the log still parses)
  | 'misplaced-header' // a `type:"session"` record after line 1
  | 'envelope' // type/seq/time missing or of the wrong type
  | 'packed-row' // malformed text-chunks / reasoning-chunks / tool-call-chunks row
  | 'seq-gap' // seq differs from the running count; the event itself follows as its own entry
  | 'internal' // a reader bug caught at the line boundary
  | 'utf8' // invalid UTF-8 bytes in a line, reported before it (the line itself shows them as U+FFFD)

export type ParsedLine =
  | (LinePosition & { kind: 'header'; header: SessionHeader })
  /** `raw` is the stored record, present only when normalization changed it (legacy, v3/v4 spellings). */
  | (LinePosition & { kind: 'event'; event: KnownEvent; raw?: unknown })
  /** Unknown event type, or a known type whose payload did not match: shown raw, never dropped. */
  | (LinePosition & { kind: 'unknown'; event: RawEvent; reason: string; raw?: unknown })
  /**
   * Not JSON, not an event envelope, a malformed packed row, a seq gap: visible "unreadable line". With
   * `run`, this entry stands for a run of consecutive unreadable lines starting at this one (./damage/invalid-runs.ts).
   */
  | (LinePosition & { kind: 'invalid'; text: string; reason: string; code?: InvalidCode; raw?: unknown; run?: InvalidRun })

/** One unreadable line of a run, as the run keeps it. */
export interface InvalidSample {
  line: number
  frame?: number
  offset?: number
  reason: string
  text: string
}

/**
 * Consecutive unreadable lines folded into the entry of the first (./damage/invalid-runs.ts): how many, where the
 * run ends, and the next few lines' positions and reasons. Its size does not grow with the run.
 */
export interface InvalidRun {
  /** Lines in the run, the entry's own included (≥ 2). */
  count: number
  /** The run's last line (and its zstd frame). */
  lastLine: number
  lastFrame?: number
  /** The lines after the first that the run keeps, in order: at most RUN_SAMPLES − 1. */
  more: InvalidSample[]
}
