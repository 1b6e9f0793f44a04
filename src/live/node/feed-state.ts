/**
 * The liveness badge of a followed session (live.md §6.7–6.8, §7.3 step 5, §7.5), decided from facts the
 * follower already has: whether the file ends in held-back bytes, the last event's type, how long the file
 * has been quiet, and what the lock says about the writer. Pure, so every row of the table is a unit test.
 * Why these rules: dsh has no "closed" record, only `turn/end`; a `.lock` means "a process that wrote this
 * is alive", not "a turn is running"; and a partial tail is normal for a few milliseconds while a batch is
 * being written, so it only counts as a crash once it has stopped changing and no live writer holds it.
 */
import type { FeedState } from '../protocol'
import type { WriterState } from './writer-lock'

export interface FeedFacts {
  /** A transcript file exists and was read. */
  hasFile: boolean
  /** Bytes after the last complete line or frame (held back, never shown). */
  heldBytes: number
  /** Type of the last event (or unknown event) in the log, or null. */
  lastEventType: string | null
  /** ms since the file last changed (size, mtime or identity). */
  quietMs: number
  writer: WriterState
}

export interface FeedTimings {
  /** Quiet time after which a session with no known live writer counts as idle. */
  idleAfterMs: number
  /** Quiet time after which held-back bytes with no live writer count as a crash tail. */
  tornGraceMs: number
}

export function decideFeedState(facts: FeedFacts, timings: FeedTimings): FeedState {
  if (!facts.hasFile) return 'idle'
  const torn = facts.heldBytes > 0
  if (torn && facts.quietMs >= timings.tornGraceMs && facts.writer !== 'alive') return 'crashed-tail'
  if (!torn && facts.lastEventType === 'turn/end') return 'finished'
  if (facts.writer === 'alive' || facts.quietMs < timings.idleAfterMs) return 'live'
  return 'idle'
}
