/**
 * What the reader yields for every stored record: parse results are data, never exceptions. Every line
 * of a log comes back as one or more of these (a packed row yields several `event`s for one line; a seq
 * gap yields an `invalid` report followed by the event, which is kept). `line` is the 1-based line number
 * in the decoded plaintext; for zstd logs `frame` is the 0-based frame index the line came from.
 */
import type { KnownEvent, RawEvent, SessionHeader } from './schema'

export interface LinePosition {
  line: number
  frame?: number
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
  /** Not JSON, not an event envelope, a malformed packed row, a seq gap: visible "unreadable line". */
  | (LinePosition & { kind: 'invalid'; text: string; reason: string; code?: InvalidCode; raw?: unknown })
