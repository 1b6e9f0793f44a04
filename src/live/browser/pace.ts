/**
 * Work a live page redoes whole each time the log grows — deriving the Trajectory's record model
 * (src/trajectory `snapshot()`, ~0.15 ms a record: about a second for a 100 MB session), growing a Trajectory
 * page's ledger — must not hold the page's main thread while a session streams a line every few
 * milliseconds. `Pace` times each run with the page's clock and says how long to wait before the next, so
 * that the runs take at most `share` of the page's time; what the page shows meanwhile is the last run's.
 * On a short session a run takes a few milliseconds and the wait is shorter than a frame. `Later` is the one
 * timer each page keeps to draw again when the next run is due.
 */

/** The most of a page's time the runs may take. */
export const PACE_SHARE = 0.2

export class Pace {
  #at = 0
  #cost = 0

  constructor(
    private readonly now: () => number,
    private readonly share = PACE_SHARE,
  ) {}

  /** Milliseconds until the next run may start (0: now). */
  dueIn(): number {
    return Math.max(0, this.#at + this.#cost / this.share - this.now())
  }

  /** Runs `work` and times it (a run that throws is timed too). */
  run<T>(work: () => T): T {
    const at = this.now()
    try {
      return work()
    } finally {
      this.#at = at
      this.#cost = this.now() - at
    }
  }
}

/** The timers a page gives `Later` (its window's; tests may pass their own). */
export type Timers = Pick<Window, 'setTimeout' | 'clearTimeout'>

/** One pending call at most, after a delay: a live page's "draw again when the next run is due". */
export class Later {
  #timer: number | null = null

  constructor(private readonly timers: Timers) {}

  get pending(): boolean {
    return this.#timer !== null
  }

  /** Calls `then` in `ms` (rounded up), unless a call is already pending. */
  call(ms: number, then: () => void): void {
    if (this.#timer !== null) return
    this.#timer = this.timers.setTimeout(() => {
      this.#timer = null
      then()
    }, Math.ceil(ms))
  }

  cancel(): void {
    if (this.#timer !== null) this.timers.clearTimeout(this.#timer)
    this.#timer = null
  }
}
