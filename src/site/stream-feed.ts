/**
 * The build's side of a session folded on a worker thread (./fold-stream.ts, ./fold-worker.ts): the
 * worker's batches of page sections as an async iterable for `SessionRenderer.render` (a `SectionStream`),
 * and the fold's end. Each batch is acknowledged as the render takes it, which lets the worker send another.
 * A stream the worker abandons, a worker that fails or exits early, all end the batches with a
 * `StreamAbandoned` error: the caller then folds the log itself (src/site/family.ts).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Locale, PageSection } from '../cards/types'
import type { LogSource } from '../log/node/source'
import type { FoldEnd, FoldJob, FromFold } from './fold-stream'

/** Below this much log a session is folded on the build's thread (a worker's start costs ~50–100 ms). */
export const STREAM_MIN_BYTES = 8 * 1024 * 1024

/**
 * The fold worker's young generation, MB. A second isolate's default young generation is one more ~32 MB on
 * top of the build thread's; at 8 MB the 100 MB bench session's peak went from ~331–337 to ~310–317 MB
 * (3× its log is 315 MB), at the same CPU within the noise (src/site/README.md "Speed").
 */
const FOLD_YOUNG_MB = 8

export class StreamAbandoned extends Error {}

/** The bundled fold worker next to this module's bundle, or null (running from source). */
export function findFoldWorkerScript(): string | null {
  for (const rel of ['./fold-worker.mjs', '../fold-worker.mjs']) {
    const path = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(path)) return path
  }
  return null
}

export class FoldStream {
  readonly #worker: Worker
  readonly #queue: PageSection[][] = []
  #end: FoldEnd | null = null
  #failure: StreamAbandoned | null = null
  #wake: (() => void) | null = null
  #closed = false

  constructor(script: string, job: FoldJob) {
    this.#worker = new Worker(script, { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: FOLD_YOUNG_MB } })
    this.#worker.on('message', (message: FromFold) => {
      if (message.type === 'sections') this.#queue.push(message.sections)
      else if (message.type === 'end') this.#end = message.end
      else this.#fail(message.reason)
      this.#poke()
    })
    this.#worker.on('error', (error: Error) => this.#fail(`the fold worker failed: ${error.message}`))
    this.#worker.on('exit', code => {
      if (this.#end === null) this.#fail(`the fold worker exited (${code}) before the fold's end`)
    })
  }

  /** The batches in order; ends after the last, or throws `StreamAbandoned`. Iterate once. */
  async *batches(): AsyncGenerator<PageSection[]> {
    for (;;) {
      const next = this.#queue.shift()
      if (next !== undefined) {
        this.#worker.postMessage('ack')
        yield next
        continue
      }
      if (this.#failure !== null) throw this.#failure
      if (this.#end !== null) return
      await new Promise<void>(resolve => (this.#wake = resolve))
    }
  }

  /** The fold's end, once every batch was taken. */
  end(): FoldEnd {
    if (this.#end === null || this.#queue.length > 0) throw this.#failure ?? new StreamAbandoned('the fold has not ended')
    return this.#end
  }

  /** Stops the worker (idempotent). */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#worker.terminate()
  }

  #fail(reason: string): void {
    if (this.#end !== null || this.#failure !== null) return
    this.#failure = new StreamAbandoned(reason)
    this.#poke()
  }

  #poke(): void {
    const wake = this.#wake
    this.#wake = null
    wake?.()
  }
}

/**
 * Fold workers for the build's big sessions (src/site/family-stream.ts): `wants` says which member streams
 * (at least `minBytes` of log); `start` starts one's fold ahead of its render (the build starts the first
 * while its preview renders); `take` hands the render its fold, started then or now. `close` stops any
 * fold started and never taken (a build that failed first).
 */
export class FoldStarter {
  readonly #started = new Map<string, FoldStream>()

  constructor(
    readonly script: string,
    readonly minBytes: number,
    /** Tests: the worker's read size (default: up to the log's size, at most 1 MiB). */
    readonly readBytes: number | null,
    readonly locale: Locale,
  ) {}

  wants(member: { bytes: number }): boolean {
    return member.bytes >= this.minBytes
  }

  start(member: { stem: string; source: LogSource; bytes: number }): void {
    if (!this.#started.has(member.stem)) this.#started.set(member.stem, this.#fold(member))
  }

  take(member: { stem: string; source: LogSource; bytes: number }): FoldStream {
    const started = this.#started.get(member.stem)
    this.#started.delete(member.stem)
    return started ?? this.#fold(member)
  }

  async close(): Promise<void> {
    for (const fold of this.#started.values()) await fold.close()
    this.#started.clear()
  }

  #fold(member: { source: LogSource; bytes: number }): FoldStream {
    return new FoldStream(this.script, { source: member.source, bytes: Math.min(member.bytes, this.readBytes ?? Number.POSITIVE_INFINITY), locale: this.locale })
  }
}
