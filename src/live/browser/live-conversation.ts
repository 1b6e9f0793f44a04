/**
 * The live page's model of one session (architecture.md §2.12; live.md §10.2 "merge the layers"): the
 * follower's lines — the truth — folded by the one `ConversationBuilder({ live: true })`, plus, with
 * `--attach`, provisional events a host showed before the file holds them. A `reset` starts over; an
 * `append` extends. Provisional events are appended after the file's last seq and stay only while they
 * agree with it: when the file delivers the same seq with the same event it simply becomes durable; a
 * different event (crash repair wrote closers at that seq) or any file `reset` rebuilds the fold from the
 * file, so the file wins every conflict. The file's lines alone also feed the Trajectory record model
 * (the one `TrajectoryBuilder`, as the build folds it from the same read), which says what the Chat rows link
 * to (record-links.ts); provisional events have no record until the file holds them, as in the build. The
 * record model is derived whole from its fold, which a page must not pay on every line a streaming session
 * writes: given a clock, derivations are paced (./pace.ts) and the previous records stand in meanwhile
 * (`trajectoryDueIn` says when to draw again). Pure: no DOM, no network — the page feeds it messages.
 */
import { ConversationBuilder } from '../../conversation/builder'
import type { Conversation } from '../../conversation/model'
import type { ParsedLine } from '../../log/parsed-line'
import { TrajectoryBuilder } from '../../trajectory/builder'
import type { TrajectorySnapshot } from '../../trajectory/model'
import type { FeedMessage, FeedState } from '../protocol'
import { Pace } from './pace'

type SeqLine = Extract<ParsedLine, { kind: 'event' | 'unknown' }>

export interface LiveConversationOptions {
  /** A clock (ms) to pace the record model's derivation by (the page's `performance.now`); none: every growth derives at once. */
  now?: () => number
}

const seqOf = (line: ParsedLine): number | null => (line.kind === 'event' || line.kind === 'unknown' ? line.event.seq : null)
/** Identity of an event for the merge: the normalized event, not where it was read from. */
const signature = (line: SeqLine): string => `${line.kind}\0${JSON.stringify(line.event)}`

export class LiveConversation {
  #lines: ParsedLine[] = []
  #builder = new ConversationBuilder({ live: true })
  #fileSeq = -1
  /** Provisional lines by seq, all above `#fileSeq`. */
  readonly #overlay = new Map<number, SeqLine>()
  /** Provisional lines already folded into the builder, in order (their seqs follow the file's). */
  #shown: { seq: number; signature: string }[] = []
  #state: FeedState | null = null
  #received = false
  #version = 0
  /** The file's lines folded into records; null once a fold failed (it takes only the Trajectory down). */
  #trajectory: TrajectoryBuilder | null = new TrajectoryBuilder()
  #trajectorySnapshot: { lines: number; snapshot: TrajectorySnapshot | null } | null = null
  /** How often the record model may be derived again (null: at every growth). */
  readonly #pace: Pace | null

  constructor(options: LiveConversationOptions = {}) {
    this.#pace = options.now === undefined ? null : new Pace(options.now)
  }

  /** Bumps on every change that alters what is drawn. */
  get version(): number {
    return this.#version
  }

  /** Whether any feed content (a first `reset`) has arrived. */
  get received(): boolean {
    return this.#received
  }

  get state(): FeedState | null {
    return this.#state
  }

  get lineCount(): number {
    return this.#lines.length
  }

  /** Last event seq the file holds (-1 when none). */
  get fileSeq(): number {
    return this.#fileSeq
  }

  /** How many provisional events are drawn beyond the file right now. */
  get provisional(): number {
    return this.#shown.length
  }

  /** Applies one follower message; true when the drawing changed. */
  apply(message: FeedMessage): boolean {
    if (message.kind === 'status') {
      if (message.state === this.#state) return false
      this.#state = message.state
      // A torn tail is never drawn; the status tells the assembler the log stops mid-line (cards.md).
      this.#builder.setTornTail(message.state === 'crashed-tail')
      return this.#changed()
    }
    if (message.kind === 'reset') {
      this.#received = true
      this.#lines = [...message.lines]
      this.#overlay.clear()
      this.#trajectory = new TrajectoryBuilder()
      // Another log, or the same one repaired: no earlier records stand in for its own.
      this.#trajectorySnapshot = null
      this.#foldTrajectory(this.#lines)
      this.#rebuild()
      return this.#changed()
    }
    this.#received = true
    this.#foldTrajectory(message.lines)
    let conflict = false
    for (const line of message.lines) {
      this.#lines.push(line)
      const seq = seqOf(line)
      if (seq !== null) {
        this.#fileSeq = seq
        for (const s of [...this.#overlay.keys()]) if (s <= seq) this.#overlay.delete(s)
      }
      if (conflict) continue
      const pending = this.#shown[0]
      if (pending === undefined) {
        this.#builder.append([line])
      } else if (seq === pending.seq && (line.kind === 'event' || line.kind === 'unknown') && signature(line) === pending.signature) {
        this.#shown.shift() // already drawn: now durable
      } else {
        conflict = true
      }
    }
    if (conflict) this.#rebuild()
    else this.#foldOverlay()
    return message.lines.length > 0 ? this.#changed() : false
  }

  /** Provisional lines from an attached host; those the file already covers are ignored. */
  overlay(lines: readonly ParsedLine[]): boolean {
    let replaced = false
    let added = false
    for (const line of lines) {
      if (line.kind !== 'event' && line.kind !== 'unknown') continue
      const seq = line.event.seq
      if (seq <= this.#fileSeq) continue
      const shownAt = this.#shown.findIndex((s) => s.seq === seq)
      if (shownAt >= 0 && this.#shown[shownAt]?.signature !== signature(line)) replaced = true
      this.#overlay.set(seq, line)
      added = true
    }
    if (!added) return false
    const before = this.#shown.length
    if (replaced) this.#rebuild()
    else this.#foldOverlay()
    return replaced || this.#shown.length !== before ? this.#changed() : false
  }

  /** Drops every provisional line (the host went away or restarted). */
  clearOverlay(): boolean {
    this.#overlay.clear()
    if (this.#shown.length === 0) return false
    this.#rebuild()
    return this.#changed()
  }

  snapshot(): Conversation {
    return this.#builder.snapshot()
  }

  /**
   * The Trajectory record model of the file's lines (the same snapshot a build of this log folds), or null
   * when its fold failed. Taken again only when the file grew and, with a clock, once `trajectoryDueIn()` is
   * 0: until then the records of fewer lines (a row just written has no record link yet, for a moment).
   */
  trajectory(): TrajectorySnapshot | null {
    const last = this.#trajectorySnapshot
    if (last?.lines === this.#lines.length) return last.snapshot
    if (this.#trajectory === null) {
      this.#trajectorySnapshot = { lines: this.#lines.length, snapshot: null }
      return null
    }
    if (last !== null && this.trajectoryDueIn() > 0) return last.snapshot
    const builder = this.#trajectory
    let snapshot: TrajectorySnapshot | null = null
    try {
      snapshot = this.#pace === null ? builder.snapshot() : this.#pace.run(() => builder.snapshot())
    } catch {
      this.#trajectory = null
    }
    this.#trajectorySnapshot = { lines: this.#lines.length, snapshot }
    return snapshot
  }

  /** Milliseconds until `trajectory()` may derive the records of lines it does not cover yet (0: now, or nothing to derive). */
  trajectoryDueIn(): number {
    if (this.#pace === null || this.#trajectory === null || this.#trajectorySnapshot?.lines === this.#lines.length) return 0
    return this.#pace.dueIn()
  }

  #foldTrajectory(lines: readonly ParsedLine[]): void {
    try {
      this.#trajectory?.append(lines)
    } catch {
      // As in the build (src/site/fold/fold-log.ts): the Chat goes on without record links.
      this.#trajectory = null
    }
  }

  #rebuild(): void {
    this.#builder = new ConversationBuilder({ live: true })
    this.#builder.setTornTail(this.#state === 'crashed-tail')
    this.#builder.append(this.#lines)
    this.#fileSeq = -1
    for (const line of this.#lines) {
      const seq = seqOf(line)
      if (seq !== null) this.#fileSeq = seq
    }
    for (const s of [...this.#overlay.keys()]) if (s <= this.#fileSeq) this.#overlay.delete(s)
    this.#shown = []
    this.#foldOverlay()
  }

  /** Folds provisional lines that continue the drawn log without a gap. */
  #foldOverlay(): void {
    let next = (this.#shown[this.#shown.length - 1]?.seq ?? this.#fileSeq) + 1
    for (let line = this.#overlay.get(next); line !== undefined; line = this.#overlay.get(next)) {
      this.#builder.append([line])
      this.#shown.push({ seq: next, signature: signature(line) })
      next++
    }
  }

  #changed(): true {
    this.#version++
    return true
  }
}
