/**
 * One big session rendered on several threads (issue 14: "one big session uses every core"). The build's
 * thread still folds the log once, walks the section feed, feeds the search collector and keeps the order;
 * each batch of SECTION_BATCH raw sections (plain data) goes to a lane — a site worker (src/site/pool.ts
 * script, message `lane`) with fewer than two batches, else the build's thread itself — which cuts, colours
 * and renders it exactly as the build's thread would (`SessionRenderer.renderLaneBatch`) and sends back the
 * pieces (bytes transferred, sizes, ids) and the side texts; the build's thread puts them into the page spool
 * in batch order and writes the side files. A lane's code is coloured by the build thread's highlighter
 * (src/highlight/relay.ts). Measured: no gain on two cores (src/site/README.md "Speed").
 *
 * What carries over from one batch to the next, and how each is handled:
 * - the session's colour budget (src/site/render/enrich.ts): sequential, so which code section k colours depends
 *   on what the sections before it spent. Before a batch is sent, the build's thread spends the budget on it
 *   as the lane will (`Enricher.plan`: the batch cut and planned with a colourer that only decides, through
 *   the same `grantColour` as `Highlighter.highlight`), and the lane starts from what was left before it.
 *   Once nothing is left, no planning is needed (no later section can colour anything). So a session whose
 *   budget is never spent also gets lanes; only its planning costs the build's thread a cut and a Markdown
 *   lex of the batches before the budget runs out.
 * - the row extras (`extras`): keyed by row; a batch's rows get their child-session links from the build's
 *   thread and their full-text links from their own cuts (row keys are unique in a session).
 * - side texts: deduplicated by hash on the build's thread, as before.
 * - `#split` recuts a section without colours from its own rows; the Cutter is made per batch; pieces of a
 *   section depend on that section alone; `highlightWaitMs` is a timing only.
 * The search collector (order-dependent) stays on the build's thread.
 */
import { Worker } from 'node:worker_threads'
import type { PageSection } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import { CharBudget } from '../highlight/budget'
import type { Highlighter, HighlightStats } from '../highlight/highlighter'
import type { ColourDone, ColourRequest } from '../highlight/relay'
import type { Cutter, SideText } from './render/cut'
import type { Enricher } from './render/enrich'
import type { Size } from './render/measure'
import type { PoolSummary, WorkerSetup } from './pool'
import type { Piece } from './render/render-session'
import type { RowExtra } from './types'

/** Below this much log, a session renders on the build's thread alone (a lane worker's start costs ~0.2–0.4 s). */
export const LANE_MIN_BYTES = 8 * 1024 * 1024

/** A lane worker's young generation, MB (see `LanePool`). */
const LANE_YOUNG_MB = 8

/** One batch for a lane (plain data: it is copied to the worker). */
export interface LaneJob {
  stem: string
  /** The transcript room of a page (the renderer's `limit`). */
  limit: Size
  viewMode: ViewMode
  /** What the session's colour budget had left before this batch. */
  sessionLeft: number
  sections: PageSection[]
  /** Child-session links after the batch's rows, by row key. */
  links: Record<string, RowExtra[]>
}

export interface LaneResult {
  pieces: Piece[]
  /** Side texts the batch's cuts made, in the order they were made (duplicates included). */
  sideTexts: SideText[]
  highlightWaitMs: number
}

/**
 * Where lane batches run: worker threads (`LanePool`), or anything else that renders them the same way
 * (tests). The build's own thread is a lane too: a batch goes to a worker when one has room for it
 * (`hasRoom`), else the build's thread renders it itself, so `size` lanes are the build's thread and
 * `size - 1` workers.
 */
export interface Lanes {
  /** Lanes, the build's thread included. */
  readonly size: number
  /** Whether a worker would take a batch now (it holds fewer than two). */
  hasRoom(): boolean
  run(job: LaneJob): Promise<LaneResult>
}

/** A lane's result as it crosses threads: every piece's bytes in one transferred buffer. */
export interface WireLaneResult {
  bytes: ArrayBuffer
  lengths: number[]
  sizes: Size[]
  ids: string[][]
  sideTexts: SideText[]
  highlightWaitMs: number
}

export function toWire(result: LaneResult): WireLaneResult {
  const total = result.pieces.reduce((n, p) => n + p.bytes.length, 0)
  // A buffer of its own (not Node's shared pool), so it can be transferred.
  const all = new Uint8Array(new ArrayBuffer(total))
  let at = 0
  for (const p of result.pieces) {
    all.set(p.bytes, at)
    at += p.bytes.length
  }
  return { bytes: all.buffer, lengths: result.pieces.map(p => p.bytes.length), sizes: result.pieces.map(p => p.size), ids: result.pieces.map(p => p.ids), sideTexts: result.sideTexts, highlightWaitMs: result.highlightWaitMs }
}

export function fromWire(wire: WireLaneResult): LaneResult {
  let at = 0
  const pieces = wire.lengths.map((length, i): Piece => {
    const bytes = Buffer.from(wire.bytes, at, length)
    at += length
    return { bytes, size: wire.sizes[i] as Size, ids: wire.ids[i] ?? [] }
  })
  return { pieces, sideTexts: wire.sideTexts, highlightWaitMs: wire.highlightWaitMs }
}

/**
 * One session's batches sent to lanes, handed back in batch order. `send` plans the batch's colour budget
 * (see above), starts it, and returns the batches done so far in order once no more than twice the lanes are
 * in flight (so memory holds a few batches, not the session); `finish` returns the rest.
 */
export class LaneFeed {
  readonly #flight: Promise<LaneResult>[] = []

  constructor(
    private readonly lanes: Lanes,
    private readonly enricher: Enricher,
    private readonly cutter: (level: number) => Cutter,
    private readonly job: { stem: string; limit: Size; viewMode: ViewMode },
    /** Renders a batch on the build's own thread, as a worker would. */
    private readonly here: (job: LaneJob) => Promise<LaneResult>,
  ) {}

  async send(sections: PageSection[], links: Record<string, RowExtra[]>): Promise<LaneResult[]> {
    const sessionLeft = this.enricher.sessionLeft
    if (this.enricher.colours && sessionLeft > 0) {
      const base = this.cutter(0)
      const cut = sections.map(raw => base.section(raw))
      this.enricher.plan(cut)
    }
    const job: LaneJob = { ...this.job, sessionLeft, sections, links }
    // Workers first; when every one is busy, this thread renders the batch (and the feed waits meanwhile).
    const toWorker = this.lanes.hasRoom()
    const running = toWorker ? this.lanes.run(job) : this.here(job)
    // Awaited in order later; a failure meanwhile is not an unhandled rejection (whoever awaits still gets it).
    running.catch(() => {})
    if (!toWorker) await running.catch(() => {})
    this.#flight.push(running)
    const done: LaneResult[] = []
    while (this.#flight.length > 2 * this.lanes.size) done.push(await (this.#flight.shift() as Promise<LaneResult>))
    return done
  }

  async finish(): Promise<LaneResult[]> {
    const done: LaneResult[] = []
    while (this.#flight.length > 0) done.push(await (this.#flight.shift() as Promise<LaneResult>))
    return done
  }
}

export type ToLane = { type: 'lane'; id: number; job: LaneJob } | ColourDone
export type FromLane = { type: 'lane-done'; id: number; result: WireLaneResult } | ColourRequest

/** Any block the lane granted colour to: the lane's budgets decided already. */
const GRANTED = Number.MAX_SAFE_INTEGER

interface Lane {
  worker: Worker
  pending: Map<number, { resolve: (r: LaneResult) => void; reject: (e: Error) => void }>
  finished: ((summary: PoolSummary) => void) | null
}

/**
 * Lane workers: site workers (the script of src/site/pool.ts) started on the first batch and kept for the
 * build's later big sessions. A batch that throws in a worker rejects that batch (the session then gets its
 * damaged page, as a render failure on the build's thread does); a worker that dies rejects its batches and
 * is replaced on the next batch. `close` collects the highlight cache entries the workers used or made.
 */
export class LanePool implements Lanes {
  #lanes: Lane[] = []
  #next = 0
  #closing = false
  readonly #summary: PoolSummary = { cache: [], stats: { blocks: 0, chars: 0, ms: 0 }, cacheHits: 0 }

  /** `size` lanes: the build's thread and `size - 1` workers. */
  constructor(
    private readonly script: string,
    readonly size: number,
    private readonly setup: WorkerSetup,
    /** The build thread's highlighter, which colours the lanes' code (null: no colours). */
    private readonly highlighter: Highlighter | null,
  ) {}

  get #workers(): number {
    return Math.max(0, this.size - 1)
  }

  hasRoom(): boolean {
    if (this.#closing || this.#workers === 0) return false
    this.start()
    return this.#lanes.some(lane => lane.pending.size < 2)
  }

  /**
   * Starts the workers now (they load the highlight cache and shiki while the build's thread folds the log);
   * `run` starts any that are missing.
   */
  start(): void {
    if (this.#closing) return
    while (this.#lanes.length < this.#workers) this.#lanes.push(this.#start())
  }

  run(job: LaneJob): Promise<LaneResult> {
    if (this.#closing) return Promise.reject(new Error('the lane pool is closed'))
    this.start()
    const lane = this.#lanes.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
    const id = this.#next++
    return new Promise<LaneResult>((resolve, reject) => {
      lane.pending.set(id, { resolve, reject })
      const message: ToLane = { type: 'lane', id, job }
      lane.worker.postMessage(message)
    })
  }

  #start(): Lane {
    // A small young generation: a lane's garbage is short-lived (a batch), and the default let each worker's
    // heap hold ~30 MB more (100 MB bench log, two lanes: peak RSS 370 → 340 MB, time within noise).
    const setup: WorkerSetup = { ...this.setup, cacheFile: null, highlight: false, laneColours: this.highlighter !== null }
    const worker = new Worker(this.script, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: LANE_YOUNG_MB } })
    const lane: Lane = { worker, pending: new Map(), finished: null }
    worker.on('message', (message: FromLane | { type: 'failed'; id: number | null; message: string; stack: string | null } | { type: 'finished'; cache: [string, string][]; stats: HighlightStats; cacheHits: number }) => {
      switch (message.type) {
        case 'colour': {
          const reply = (html: string | null, error: string | null) => {
            const done: ToLane = { type: 'colour-done', id: message.id, html, error }
            worker.postMessage(done)
          }
          if (this.highlighter === null) return reply(null, null)
          this.highlighter.highlight({ text: message.text, lang: message.lang }, new CharBudget(GRANTED)).then(
            html => reply(html, null),
            (err: unknown) => reply(null, err instanceof Error ? err.message : String(err)),
          )
          return
        }
        case 'lane-done': {
          const waiter = lane.pending.get(message.id)
          lane.pending.delete(message.id)
          waiter?.resolve(fromWire(message.result))
          return
        }
        case 'failed': {
          const err = new Error(message.message)
          if (message.stack !== null) err.stack = message.stack
          const waiter = message.id === null ? undefined : lane.pending.get(message.id)
          if (waiter === undefined) return this.#lost(lane, err)
          lane.pending.delete(message.id as number)
          waiter.reject(err)
          return
        }
        case 'finished':
          this.#summary.cache.push(...message.cache)
          this.#summary.stats.blocks += message.stats.blocks
          this.#summary.stats.chars += message.stats.chars
          this.#summary.stats.ms += message.stats.ms
          this.#summary.cacheHits += message.cacheHits
          lane.finished?.(this.#summary)
          return
      }
    })
    worker.on('error', err => this.#lost(lane, err))
    worker.on('exit', code => this.#lost(lane, new Error(`a lane worker stopped (exit code ${code})`)))
    return lane
  }

  /** A worker gone: its batches fail, and the next batch starts a new one in its place. */
  #lost(lane: Lane, err: Error): void {
    this.#lanes = this.#lanes.filter(l => l !== lane)
    for (const waiter of lane.pending.values()) waiter.reject(err)
    lane.pending.clear()
    lane.finished?.(this.#summary)
    lane.finished = null
    void lane.worker.terminate()
  }

  /** Stops every worker (after its batches), with what they did to the highlight cache. */
  async close(): Promise<PoolSummary> {
    this.#closing = true
    const lanes = this.#lanes
    await Promise.all(lanes.map(lane => new Promise<void>(resolve => {
      lane.finished = () => resolve()
      lane.worker.postMessage({ type: 'finish' })
    })))
    this.#lanes = []
    await Promise.all(lanes.map(lane => lane.worker.terminate()))
    return this.#summary
  }
}
