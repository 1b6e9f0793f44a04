/**
 * The build's file writer: writes go out in the background (libuv's thread pool does the syscalls) while
 * the main thread renders the next pages, so writing overlaps rendering instead of following it. A bounded
 * number of writes is in flight; `write` waits only when that many are pending, which also bounds the
 * memory held by pages not yet on disk. `flush` waits for everything and rethrows the first failure.
 * Output does not depend on completion order: every file has its own path, and nothing reads them back
 * during the build. It writes a build's staging folder (./staging.ts), which nothing reads before the build
 * swaps it in whole: a file no earlier build left there is written at its own name, no temporary name and
 * rename (./atomic-write.ts `writeIfChanged`).
 */
import { writeIfChanged, type FileContent } from './atomic-write'

/** Writes in flight at once: enough to keep the thread pool (4 threads by default) busy. */
const IN_FLIGHT = 8

export class FileWriter {
  readonly #pending = new Set<Promise<void>>()
  /** Folders created (or found) so far: one mkdir per folder, not per file. */
  readonly #dirs = new Set<string>()
  #failure: unknown = null
  /** Files actually rewritten (not byte-identical to what was there). */
  changed = 0

  /**
   * `mayExist`: whether a file may already be at a path (default: always). A path it rules out is written
   * without first reading what is there — on a first build that read fails for every file, and the failures
   * cost the build thread more than the writes — and in place.
   */
  constructor(private readonly mayExist: (path: string) => boolean = () => true) {}

  /** Queues `path`; resolves once the write is under way (not finished). */
  async write(path: string, content: FileContent): Promise<void> {
    if (this.#failure !== null) throw this.#failure
    while (this.#pending.size >= IN_FLIGHT) await Promise.race(this.#pending)
    const job: Promise<void> = writeIfChanged(path, content, this.#dirs, this.mayExist(path)).then(
      changed => {
        if (changed) this.changed++
        this.#pending.delete(job)
      },
      err => {
        this.#failure ??= err
        this.#pending.delete(job)
      },
    )
    this.#pending.add(job)
  }

  /** Waits for every queued write; throws the first error any of them met. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending)
    if (this.#failure !== null) throw this.#failure
  }
}
