/**
 * The seed cut (log-format.md §2.6, §8 `session/end-seed`): the seq below which a child session's events were
 * copied from its parent — a fork or a subagent that starts from the parent's history. One rule, read by the
 * conversation fold (inherited sections and rows) and by the usage count (an inherited request was the
 * parent's, ./usage.ts):
 *
 * - the header's `seedLength` when it is positive (the child's own events start at that seq);
 * - else the last `session/end-seed` tagged `{inherited: true}` (v4 logs write the tag instead of a length);
 * - else, in a header marked `isSeeded`, the last `session/end-seed` of any kind;
 * - else none: an untagged `session/end-seed` in an unseeded log marks a resume of the same session, whose
 *   earlier events are its own, not copies.
 *
 * Fed in log order; the cut may move while a log is read (the tag comes after the copied events).
 */
import type { KnownEvent, SessionHeader } from '../log/events/schema'

export class SeedCut {
  #seedLength: number | null = null
  #seeded = false
  #taggedEnd: number | null = null
  #anyEnd: number | null = null

  /** The session header; returns whether the cut moved. */
  header(header: SessionHeader): boolean {
    const before = this.cut
    const length = header.seedLength
    this.#seedLength = typeof length === 'number' && length > 0 ? length : null
    this.#seeded = header.isSeeded === true
    return this.cut !== before
  }

  /** An event in log order; returns whether the cut moved (only a `session/end-seed` can move it). */
  take(event: KnownEvent): boolean {
    if (event.type !== 'session/end-seed') return false
    const before = this.cut
    this.#anyEnd = event.seq
    const data = event.data as { inherited?: unknown } | null
    if (typeof data === 'object' && data !== null && data.inherited === true) this.#taggedEnd = event.seq
    return this.cut !== before
  }

  /** Events with a seq below this were copied from the parent; null when nothing is inherited. */
  get cut(): number | null {
    return this.#seedLength ?? this.#taggedEnd ?? (this.#seeded ? this.#anyEnd : null)
  }

  /** The event at `seq` was copied from the parent. */
  inherited(seq: number): boolean {
    const cut = this.cut
    return cut !== null && seq < cut
  }
}
