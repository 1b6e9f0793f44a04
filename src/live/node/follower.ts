/**
 * Follows one session directory's transcript and turns it into feed messages (live.md §7; architecture.md
 * §2.12): `transcript-reader.ts` says what changed (`reset` or `append`), this keeps the line list and
 * its cursor, decides the liveness badge, and tells subscribers. Wake-ups come from `fs.watch` on the
 * directory (a hint, debounced) plus a bounded poll, so a write is seen well within a second even when
 * the watcher drops events; ticks never overlap. `resume()` answers a reconnecting client's cursor.
 */
import { randomBytes } from 'node:crypto'
import type { ParsedLine } from '../../log/parsed-line'
import type { FeedCursor, FeedMessage, FeedState, LinesMessage } from '../protocol'
import { decideFeedState } from './feed-state'
import { TranscriptReader, type FollowedFile, type FollowTarget } from './transcript-reader'
import { readWriterState, systemLockProbe, type LockProbe, type WriterState } from './writer-lock'
import { fsWatch, unrefTimeout, type WatchFn, type Watcher } from './wake'

export type { FollowedFile, FollowTarget } from './transcript-reader'

export interface FollowerOptions {
  /** Poll interval while the file changes; dsh batches every 200 ms, so 250 ms adds at most one batch. */
  pollMs?: number
  /** Poll interval once quiet for `backoffAfterMs`; keep it under 1 s so a missed watch event costs < 1 s. */
  idlePollMs?: number
  backoffAfterMs?: number
  idleAfterMs?: number
  tornGraceMs?: number
  /** Coalesces bursts of watch events into one tick. */
  debounceMs?: number
  readChunkBytes?: number
  /** How long a `.lock` judgement is reused; the lock only matters when the file is quiet. */
  lockCacheMs?: number
  watch?: WatchFn
  lockProbe?: LockProbe
  /** Whether a transcript path may be read; live mode confines reads to the sessions roots. */
  allowPath?: ((path: string) => Promise<boolean>) | null
  onError?: (error: unknown) => void
  /** ms now, for quiet spells and the lock cache (default Date.now; tests pass a manual clock). */
  clock?: () => number
}

export type FollowerListener = (message: FeedMessage, cursor: FeedCursor) => void

export class SessionFollower {
  readonly ready: Promise<void>
  readonly #target: FollowTarget
  readonly #o: Required<Omit<FollowerOptions, 'onError'>> & { onError: (error: unknown) => void }
  readonly #listeners = new Set<FollowerListener>()
  readonly #epochBase = randomBytes(4).toString('hex')
  #epochCount = 0
  readonly #reader: TranscriptReader
  #lines: ParsedLine[] = []
  #state: FeedState = 'idle'
  #writer: { state: WriterState; at: number } | null = null
  #watcher: Watcher | null = null
  #pollTimer: NodeJS.Timeout | null = null
  #debounceTimer: NodeJS.Timeout | null = null
  #running: Promise<void> | null = null
  #again = false
  #closed = false

  constructor(target: FollowTarget, options: FollowerOptions = {}) {
    this.#target = target
    this.#o = {
      pollMs: options.pollMs ?? 250,
      idlePollMs: options.idlePollMs ?? 750,
      backoffAfterMs: options.backoffAfterMs ?? 5000,
      idleAfterMs: options.idleAfterMs ?? 15_000,
      tornGraceMs: options.tornGraceMs ?? 2000,
      debounceMs: options.debounceMs ?? 10,
      readChunkBytes: options.readChunkBytes ?? 1024 * 1024,
      lockCacheMs: options.lockCacheMs ?? 1000,
      clock: options.clock ?? Date.now,
      watch: options.watch ?? fsWatch,
      lockProbe: options.lockProbe ?? systemLockProbe,
      allowPath: options.allowPath ?? null,
      onError: options.onError ?? (() => {}),
    }
    this.#reader = new TranscriptReader(target, this.#o.readChunkBytes, this.#o.allowPath, this.#o.clock)
    this.ready = this.#tick().then(() => {
      this.#ensureWatcher()
      this.#schedulePoll()
    })
  }

  get dir(): string {
    return this.#target.dir
  }

  /** Every line so far, in order. Do not mutate. */
  get lines(): readonly ParsedLine[] {
    return this.#lines
  }

  get cursor(): FeedCursor {
    return { epoch: this.#epoch(), lines: this.#lines.length, seq: this.#reader.lastSeq }
  }

  get state(): FeedState {
    return this.#state
  }

  /** Newer transcripts passed over because they have no session header (yet): live.md §7.4, issue 17. */
  get skipped(): readonly string[] {
    return this.#reader.skipped
  }

  get file(): FollowedFile | null {
    return this.#reader.file
  }

  get watching(): boolean {
    return this.#watcher !== null
  }

  /** Listens for `reset`/`append`/`status`; returns the unsubscribe function. */
  subscribe(listener: FollowerListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * What a client holding `cursor` is missing: an `append` of the lines after it when the cursor belongs
   * to the current content, else a `reset` with everything. Call it and `subscribe` in the same
   * synchronous block, so nothing is sent twice or lost in between.
   */
  resume(cursor: FeedCursor | null): LinesMessage {
    if (cursor !== null && cursor.epoch === this.#epoch() && cursor.lines <= this.#lines.length) {
      return { kind: 'append', lines: this.#lines.slice(cursor.lines) }
    }
    return { kind: 'reset', lines: this.#lines.slice() }
  }

  /** Checks the file now (a hint from a watcher elsewhere); ticks never overlap. */
  poke(): Promise<void> {
    return this.#tick()
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#listeners.clear()
    if (this.#pollTimer !== null) clearTimeout(this.#pollTimer)
    if (this.#debounceTimer !== null) clearTimeout(this.#debounceTimer)
    this.#watcher?.close()
    this.#watcher = null
    await this.#running?.catch(() => {})
  }

  #epoch(): string {
    return `${this.#epochBase}-${this.#epochCount}`
  }

  #tick(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    if (this.#running !== null) {
      this.#again = true
      return this.#running
    }
    const run = async (): Promise<void> => {
      do {
        this.#again = false
        try {
          await this.#check()
          await this.#updateState()
        } catch (error) {
          this.#o.onError(error)
        }
      } while (this.#again && !this.#closed)
    }
    this.#running = run().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  async #check(): Promise<void> {
    const outcome = await this.#reader.check()
    if (outcome.kind === 'none' || this.#closed) return
    if (outcome.kind === 'reset') {
      // The list grows in place later; listeners get their own array.
      this.#lines = outcome.lines.slice()
      this.#epochCount++
    } else {
      for (const line of outcome.lines) this.#lines.push(line)
    }
    this.#emit(outcome)
  }

  async #updateState(): Promise<void> {
    const reader = this.#reader
    const facts = {
      hasFile: reader.file !== null,
      heldBytes: reader.heldBytes,
      lastEventType: reader.lastEventType,
      quietMs: this.#o.clock() - reader.changedAt,
      writer: await this.#writerState(),
    }
    const state = decideFeedState(facts, this.#o)
    if (state === this.#state || this.#closed) return
    this.#state = state
    this.#emit({ kind: 'status', state })
  }

  async #writerState(): Promise<WriterState> {
    const now = this.#o.clock()
    if (this.#writer !== null && now - this.#writer.at < this.#o.lockCacheMs) return this.#writer.state
    const state = await readWriterState(this.#target.dir, this.#o.lockProbe)
    this.#writer = { state, at: now }
    return state
  }

  #emit(message: FeedMessage): void {
    const cursor = this.cursor
    for (const listener of [...this.#listeners]) {
      try {
        listener(message, cursor)
      } catch (error) {
        this.#o.onError(error)
      }
    }
  }

  #ensureWatcher(): void {
    if (this.#watcher !== null || this.#closed) return
    try {
      this.#watcher = this.#o.watch(this.#target.dir, () => this.#onWatch(), () => {
        // The directory went away or the platform gave up: polling carries on, and a later tick re-watches.
        this.#watcher?.close()
        this.#watcher = null
      })
    } catch {
      this.#watcher = null
    }
  }

  #onWatch(): void {
    if (this.#debounceTimer !== null || this.#closed) return
    this.#debounceTimer = unrefTimeout(() => {
      this.#debounceTimer = null
      void this.#tick()
    }, this.#o.debounceMs)
  }

  #schedulePoll(): void {
    if (this.#closed) return
    const quiet = this.#o.clock() - this.#reader.changedAt >= this.#o.backoffAfterMs
    this.#pollTimer = unrefTimeout(() => {
      this.#ensureWatcher()
      void this.#tick().then(() => this.#schedulePoll())
    }, quiet ? this.#o.idlePollMs : this.#o.pollMs)
  }
}
