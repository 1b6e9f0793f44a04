/**
 * What the reader yields for every stored record: parse results are data, never exceptions. Every line
 * of a log comes back as exactly one of these (a packed row or an embedded stream yields several
 * `event`s for one line). `line` is the 1-based line number in the decoded plaintext; for zstd logs
 * `frame` is the 0-based frame index the line came from.
 */
import type { KnownEvent, RawEvent, SessionHeader } from './schema'

export interface LinePosition {
  line: number
  frame?: number
}

export type ParsedLine =
  | (LinePosition & { kind: 'header'; header: SessionHeader })
  | (LinePosition & { kind: 'event'; event: KnownEvent })
  /** Unknown event type, or a known type whose payload did not match: shown raw, never dropped. */
  | (LinePosition & { kind: 'unknown'; event: RawEvent; reason: string })
  /** Not JSON, not an event envelope, a malformed packed row, a seq gap: visible "unreadable line". */
  | (LinePosition & { kind: 'invalid'; text: string; reason: string })
