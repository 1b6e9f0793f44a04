/**
 * The `skip-superseded` chunk mode of `LogParser` (issue 4 "Budgets and speed": a static build should not
 * pay for the streaming chunks a settled `assistant/message` supersedes). From a step's first chunk on,
 * the parser's output is held back — in order, packed rows unexpanded — until the step resolves:
 * - its `assistant/message` (append) arrives: the held output is released with only the chunk events the
 *   conversation fold can still observe, then the message;
 * - anything else ends it (step/turn boundary, another step's chunk or message, the end of input, a hold
 *   past MAX_HELD_CHARS): everything is released expanded, exactly as the default mode would have given
 *   it — so a step that never settled still has every chunk for the interrupted-prefix fallback
 *   (cards.md §3.4).
 * Which chunks stay observable once the message settles the step (src/conversation: the message replaces
 * the streamed blocks, but chunk times and seqs still count): every chunk that is not a text, reasoning or
 * tool-call delta (block starts/ends, usage, finish — an error finish makes an attempt card); and among
 * deltas the step's first chunk (it may open the step and its section), the first and last with a clock
 * (llm time), the first with a clock carrying non-empty text or reasoning (time to first token), the first
 * with a clock carrying a tool-call name or non-empty arguments when it comes before that (the Trajectory's
 * first token also counts those: src/trajectory/fold/first-token.ts), the earliest and latest clock (session time range), and the
 * highest seq of each run between other entries (what an unreadable line after it anchors to). Output order never changes; only unobservable deltas are
 * left out. superseded.test.ts folds every corpus log both ways and compares the conversations.
 */
import { pushFolded } from '../damage/invalid-runs'
import { pushRowLines, type PackedRow } from './packed'
import type { LinePosition, ParsedLine } from '../parsed-line'
import type { EventOf } from '../events/schema'
import { knownTime } from '../events/time'

/** Chunk modes of `LogParser` (`chunks` option). */
export type ChunkMode = 'expand' | 'skip-superseded'

/** Which block a delta streams into. */
export type DeltaKind = 'text' | 'reasoning' | 'tool-call'

/**
 * Told of each delta the hold leaves out as superseded, as it leaves it out (LogParser's `deltaTap`), so a
 * fold that wants the stream's timing (src/replay) has it without the parser building those events: every
 * other delta still arrives as an `assistant/chunk` event, so the tap and the events together are every
 * delta of the log, each once. `time` is null when unknown (a stripped row); `units` is the piece's length
 * in UTF-16 units. Called before the step's kept entries and its message are handed out.
 */
export interface DeltaTap {
  delta(turn: number, step: number, index: number, kind: DeltaKind, seq: number, time: number | null, units: number): void
}

const ROW_KINDS: Record<PackedRow['type'], DeltaKind> = { 'text-chunks': 'text', 'reasoning-chunks': 'reasoning', 'tool-call-chunks': 'tool-call' }

/**
 * Size of held rows (characters of a parsed line, bytes of a scanned row's members) beyond which a step is
 * released in full: memory stays bounded.
 */
export const MAX_HELD_CHARS = 8 * 1024 * 1024

type Held = { row: PackedRow; pos: LinePosition; entry: null } | { row: null; pos: null; entry: ParsedLine }

const DELTAS = new Set(['text-delta', 'reasoning-delta', 'tool-call-delta'])
const BOUNDARIES = new Set(['turn/start', 'turn/end', 'step/start', 'step/end'])

export class ChunkHold {
  constructor(
    private readonly maxHeldChars = MAX_HELD_CHARS,
    private readonly tap: DeltaTap | null = null,
  ) {}

  #items: Held[] = []
  #turn = 0
  #step = 0
  #chars = 0
  /** `assistant/chunk` events left out as superseded so far. */
  skipped = 0

  /** Whether anything is held back. */
  get holding(): boolean {
    return this.#items.length > 0
  }

  /** A validated packed row of `size` characters or bytes (see MAX_HELD_CHARS), not expanded. */
  row(row: PackedRow, pos: LinePosition, size: number, out: ParsedLine[]): void {
    this.#join(row.turn, row.step, out)
    this.#items.push({ row, pos, entry: null })
    this.#chars += size
    if (this.#chars > this.maxHeldChars) this.#release(out)
  }

  /** The parsed entries of an ordinary line, in order. */
  entries(entries: readonly ParsedLine[], out: ParsedLine[]): void {
    for (const entry of entries) this.#entry(entry, out)
  }

  /** End of input: whatever is held is released expanded. */
  flush(out: ParsedLine[]): void {
    this.#release(out)
  }

  #entry(entry: ParsedLine, out: ParsedLine[]): void {
    if (entry.kind === 'event') {
      const event = entry.event
      if (event.type === 'assistant/chunk') {
        this.#join(event.data.turn, event.data.step, out)
        this.#items.push({ row: null, pos: null, entry })
        return
      }
      if (this.#items.length > 0) {
        if (event.type === 'assistant/message') {
          const settles = event.data.turn === this.#turn && event.data.step === this.#step && (event.surfaceOp === undefined || event.surfaceOp === 'append')
          if (settles) this.#settle(out)
          else this.#release(out)
        } else if (BOUNDARIES.has(event.type)) this.#release(out)
      }
    }
    if (this.#items.length === 0) {
      out.push(entry)
      return
    }
    // A run of unreadable lines inside a held step is held as one entry (../damage/invalid-runs.ts).
    const last = this.#items[this.#items.length - 1]
    if (entry.kind === 'invalid' && last?.entry?.kind === 'invalid') {
      const pair: ParsedLine[] = [last.entry]
      pushFolded(pair, entry)
      if (pair.length === 1) {
        last.entry = pair[0] as ParsedLine
        return
      }
    }
    this.#items.push({ row: null, pos: null, entry })
  }

  /** Starts holding for a chunk of `turn:step`, first releasing another step's hold. */
  #join(turn: number, step: number, out: ParsedLine[]): void {
    if (this.#items.length > 0 && (turn !== this.#turn || step !== this.#step)) this.#release(out)
    if (this.#items.length === 0) {
      this.#turn = turn
      this.#step = step
    }
  }

  #release(out: ParsedLine[]): void {
    for (const item of this.#items) {
      if (item.row === null) out.push(item.entry)
      else pushRowLines(item.row, item.pos, out)
    }
    this.#reset()
  }

  #settle(out: ParsedLine[]): void {
    const keep = observableMembers(this.#items)
    let next = 0 // index into `keep`, ascending like g
    let g = 0
    for (const item of this.#items) {
      const row = item.row
      if (row === null) {
        const entry = item.entry
        if (isChunk(entry)) {
          const kept = keep[next] === g
          if (kept) next++
          if (kept || !DELTAS.has(entry.event.data.chunk.type)) out.push(entry)
          else {
            this.skipped++
            if (this.tap !== null) tapChunk(this.tap, entry.event)
          }
          g++
        } else out.push(entry)
        continue
      }
      const end = g + row.count
      const members: number[] = []
      for (; next < keep.length && (keep[next] ?? end) < end; next++) members.push((keep[next] ?? 0) - g)
      if (members.length > 0) pushRowLines(row, item.pos, out, members)
      if (this.tap !== null) tapRow(this.tap, row, members)
      this.skipped += row.count - members.length
      g = end
    }
    this.#reset()
  }

  #reset(): void {
    this.#items = []
    this.#chars = 0
  }
}

/** A plain chunk event left out: tell the tap. */
function tapChunk(tap: DeltaTap, event: EventOf<'assistant/chunk'>): void {
  const { turn, step, chunk } = event.data
  const text = chunk.type === 'tool-call-delta' ? chunk['argumentsDelta'] : chunk['text']
  const kind: DeltaKind = chunk.type === 'tool-call-delta' ? 'tool-call' : chunk.type === 'reasoning-delta' ? 'reasoning' : 'text'
  const index = typeof chunk['index'] === 'number' ? chunk['index'] : 0
  tap.delta(turn, step, index, kind, event.seq, event.time, typeof text === 'string' ? text.length : 0)
}

/** A row's members left out (every member but the ascending `kept`): tell the tap, with their clocks. */
function tapRow(tap: DeltaTap, row: PackedRow, kept: readonly number[]): void {
  const kind = ROW_KINDS[row.type]
  const { turn, step, index, seq0, dt, count } = row
  let time = row.time0
  let next = 0
  for (let k = 0; k < count; k++) {
    if (k > 0 && time !== null) time += dt[k - 1] ?? 0
    if (kept[next] === k) {
      next++
      continue
    }
    tap.delta(turn, step, index, kind, seq0 + k, time, row.pieceUnits(k))
  }
}

function isChunk(entry: ParsedLine): entry is ParsedLine & { kind: 'event'; event: EventOf<'assistant/chunk'> } {
  return entry.kind === 'event' && entry.event.type === 'assistant/chunk'
}

/** Held-member numbers (ascending) of the deltas the fold can still observe after the message (module comment). */
function observableMembers(items: readonly Held[]): number[] {
  const seen = new Observed()
  for (const item of items) {
    if (item.row !== null) seen.row(item.row)
    else if (isChunk(item.entry)) {
      const { chunk } = item.entry.event.data
      const token = (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') && typeof chunk['text'] === 'string' && chunk['text'] !== ''
      const callToken = chunk.type === 'tool-call-delta' && (typeof chunk['name'] === 'string' || (typeof chunk['argumentsDelta'] === 'string' && chunk['argumentsDelta'] !== ''))
      seen.member(item.entry.event.time, item.entry.event.seq, token, callToken)
    } else seen.endRun()
  }
  seen.endRun()
  return seen.keep()
}

/** The running extremes of `observableMembers`, in held order (-1: none yet). */
class Observed {
  private g = 0
  private firstTimed = -1
  private lastTimed = -1
  private firstToken = -1
  private firstCallToken = -1
  private minAt = -1
  private maxAt = -1
  private minTime = 0
  private maxTime = 0
  private runTop = -1
  private runSeq = 0
  private readonly tops: number[] = []

  /** One chunk event. */
  member(time: number | null, seq: number, token: boolean, callToken: boolean): void {
    const g = this.g++
    if (time !== null && time > 0 && knownTime(time) !== null) this.timed(g, time, token, callToken)
    if (this.runTop === -1 || seq > this.runSeq) {
      this.runTop = g
      this.runSeq = seq
    }
  }

  /** A packed row's members at once: only their clocks need a pass; their seqs rise by one. */
  row(row: PackedRow): void {
    const g = this.g
    const count = row.count
    this.g += count
    const lastSeq = row.seq0 + count - 1
    if (this.runTop === -1 || lastSeq > this.runSeq) {
      this.runTop = g + count - 1
      this.runSeq = lastSeq
    }
    let time = row.time0
    if (time === null) return
    const text = row.type !== 'tool-call-chunks'
    const dt = row.dt
    for (let k = 0; k < count; k++) {
      if (k > 0) time += dt[k - 1] ?? 0
      // The first tokens are looked for only until found: one piece test per step, not per member.
      if (time > 0 && knownTime(time) !== null) this.timed(g + k, time, text && this.firstToken === -1 && !row.pieceEmpty(k), !text && this.firstCallToken === -1 && (row.name !== undefined || !row.pieceEmpty(k)))
    }
  }

  private timed(g: number, time: number, token: boolean, callToken: boolean): void {
    if (this.firstTimed === -1) this.firstTimed = g
    this.lastTimed = g
    if (token && this.firstToken === -1) this.firstToken = g
    if (callToken && this.firstCallToken === -1) this.firstCallToken = g
    if (this.minAt === -1 || time < this.minTime) {
      this.minAt = g
      this.minTime = time
    }
    if (this.maxAt === -1 || time > this.maxTime) {
      this.maxAt = g
      this.maxTime = time
    }
  }

  /** A held entry that is not a chunk: the run of chunks before it ends. */
  endRun(): void {
    if (this.runTop !== -1) this.tops.push(this.runTop)
    this.runTop = -1
  }

  keep(): number[] {
    const keep = new Set(this.tops)
    if (this.g > 0) keep.add(0)
    for (const at of [this.firstTimed, this.lastTimed, this.firstToken, this.minAt, this.maxAt]) if (at !== -1) keep.add(at)
    // A tool-call token matters only when no text or reasoning token comes before it.
    if (this.firstCallToken !== -1 && (this.firstToken === -1 || this.firstCallToken < this.firstToken)) keep.add(this.firstCallToken)
    return [...keep].sort((a, b) => a - b)
  }
}
