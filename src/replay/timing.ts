/**
 * The replay's own fold over a log (issue 30): what the conversation model does not keep of the log's
 * clocks. It takes the same `ParsedLine` batches as `ConversationBuilder.append()` (one read, beside the
 * conversation fold, as src/trajectory is fed), plus — when the reader leaves superseded deltas out
 * (`skip-superseded`) — those deltas through its `tap` (src/log/chunks/superseded.ts `DeltaTap`), so every delta of
 * the log is seen once either way. It keeps, per stream (a settled message, a failed v4 attempt, a step
 * that never settled), the arrival curve of each text and reasoning block (./curve.ts, a few knots each), and
 * the clocks of the few boundary events the model names only by seq (turn start and end, compaction start
 * and end, a command's end). Memory: those, plus the deltas of the one step being streamed.
 *
 * Clocks of 0 or below are unknown (stripped fixtures write 0), as everywhere in dsh-view.
 */
import type { ParsedLine } from '../log/parsed-line'
import type { DeltaKind, DeltaTap } from '../log/parser'
import type { ContentBlock, KnownEvent, StreamChunk, StreamEntry } from '../log/events/schema'
import { visibleBlocks } from '../conversation/blocks'
import { simplifyCurve, type Curve } from './curve'

/**
 * One stream's timing: the arrival curve of each of its visible blocks, in the order the conversation
 * model lists them (`AssistantNode.blocks`, `AttemptNode.blocks`: row `key:i` is `blocks[i]`), and the
 * stream's first and last clock.
 */
export interface StreamTimes {
  /** The step's `step/start` clock (the wait for the first token starts there); null when unknown. */
  start: number | null
  /** The first and last clock of any chunk of the stream; null when it had none. */
  first: number | null
  last: number | null
  /** Per visible block: its curve (text and Think blocks with clocks), else null. */
  blocks: (Curve | null)[]
}

export interface ReplayTiming {
  /** Any positive clock at all (a log without any is replayed paced only). */
  timed: boolean
  /** Clocks by seq of the boundary events the model keeps only seqs of (see `BOUNDARY_TYPES`). */
  clocks: Map<number, number>
  /** `m<seq>` a settled message, `a<seq>` a v4 attempt, `i<turn>.<step>` a step that never settled. */
  streams: Map<string, StreamTimes>
}

/** Events whose clock the schedule needs by seq (a section's start and end, a marker's end). */
const BOUNDARY_TYPES = new Set(['turn/start', 'turn/end', 'compaction/start', 'compaction/end', 'compaction/prune', 'command/done'])

const clockOf = (time: number | null | undefined): number | null => (typeof time === 'number' && time > 0 ? time : null)

const NON_BLANK = /\S/

/** What one block index of a stream was, as far as a block list folded from the stream needs it. */
interface IndexShape {
  type: string
  /** Some non-blank text arrived (or the block's final form has some). */
  text: boolean
  /** A `block-end` gave the final block: its type and text win over the deltas (as in ChunkFold). */
  final: boolean
}

/** A delta or block marker: `units` ≥ 0 for text and reasoning deltas, -1 otherwise; `shape` updates the index's. */
type Shape = { type: string; text: boolean; final: boolean } | null

/** The deltas (and block markers) of the step being streamed, as parallel arrays in arrival order. */
class OpenStep {
  readonly seqs: number[] = []
  readonly times: (number | null)[] = []
  readonly index: number[] = []
  readonly units: number[] = []
  readonly shapes: Shape[] = []
  /** Seq after which the stream restarted (an error finish, a retry): earlier deltas are an attempt's. */
  cut = -1
  start: number | null = null

  add(seq: number, time: number | null, index: number, units: number, shape: Shape): void {
    this.seqs.push(seq)
    this.times.push(time)
    this.index.push(index)
    this.units.push(units)
    this.shapes.push(shape)
  }

  /** The stream after the last cut, in seq order; `content` is the settling message's (else folded). */
  finish(content: readonly ContentBlock[] | null): StreamTimes {
    const order: number[] = []
    for (let i = 0; i < this.seqs.length; i++) if ((this.seqs[i] as number) > this.cut) order.push(i)
    order.sort((a, b) => (this.seqs[a] as number) - (this.seqs[b] as number))
    const fold = new StreamFold(this.start)
    for (const i of order) fold.add(this.times[i] ?? null, this.index[i] as number, this.units[i] as number, this.shapes[i] ?? null)
    return fold.finish(content)
  }
}

/** Deltas in stream order → curves per block index → curves per visible block. */
class StreamFold {
  readonly #times = new Map<number, number[]>()
  readonly #units = new Map<number, number[]>()
  readonly #count = new Map<number, number>()
  readonly #shapes = new Map<number, IndexShape>()
  #first: number | null = null
  #last: number | null = null

  constructor(readonly start: number | null) {}

  add(time: number | null, index: number, units: number, shape: Shape): void {
    const clock = clockOf(time)
    if (clock !== null) {
      this.#first ??= clock
      this.#last = clock
    }
    if (index < 0) return
    if (shape !== null) {
      const known = this.#shapes.get(index)
      if (known === undefined) this.#shapes.set(index, { ...shape })
      else if (shape.final) Object.assign(known, shape)
      else if (!known.final) known.text ||= shape.text
    }
    if (units < 0) return
    const count = (this.#count.get(index) ?? 0) + units
    this.#count.set(index, count)
    if (clock === null) return
    let times = this.#times.get(index)
    let counts = this.#units.get(index)
    if (times === undefined || counts === undefined) {
      this.#times.set(index, (times = []))
      this.#units.set(index, (counts = []))
    }
    times.push(clock)
    counts.push(count)
  }

  /** A chunk of an embedded stream or of an `assistant/chunk` event. */
  chunk(chunk: StreamChunk, time: number | null): void {
    const index = typeof chunk['index'] === 'number' ? chunk['index'] : -1
    const delta = deltaOf(chunk)
    this.add(time, index, delta.units, delta.shape)
  }

  /**
   * Curves per visible block. A message's `content` says which content block each visible block is (its
   * index is the stream's block index); without it the blocks are folded from the stream as the
   * conversation folds them (ChunkFold: indices ascending, holes skipped), from the shapes seen.
   */
  finish(content: readonly ContentBlock[] | null): StreamTimes {
    const curveOf = (index: number | undefined): Curve | null => {
      const times = index === undefined ? undefined : this.#times.get(index)
      if (times === undefined || index === undefined) return null
      const curve = simplifyCurve(times, this.#units.get(index) ?? [])
      return curve.times.length > 0 ? curve : null
    }
    let blocks: (Curve | null)[]
    if (content !== null) blocks = visibleBlocks(content).sources.map(curveOf)
    else {
      const indices = [...this.#shapes.keys()].sort((a, b) => a - b)
      const folded: ContentBlock[] = indices.map(i => {
        const shape = this.#shapes.get(i) as IndexShape
        return shape.type === 'text' || shape.type === 'reasoning' ? { type: shape.type, text: shape.text ? 'x' : '' } : { type: shape.type }
      })
      blocks = visibleBlocks(folded).sources.map(position => curveOf(indices[position]))
    }
    return { start: this.start, first: this.#first, last: this.#last, blocks }
  }
}

/** What a chunk adds: units of a text or reasoning delta (-1 for anything else), and its block's shape. */
function deltaOf(chunk: StreamChunk): { units: number; shape: Shape } {
  switch (chunk.type) {
    case 'text-delta':
    case 'reasoning-delta': {
      const text = typeof chunk['text'] === 'string' ? chunk['text'] : ''
      return { units: text.length, shape: { type: chunk.type === 'text-delta' ? 'text' : 'reasoning', text: NON_BLANK.test(text), final: false } }
    }
    case 'tool-call-delta':
      return { units: -1, shape: { type: 'tool-call', text: false, final: false } }
    case 'block-start': {
      const type = typeof chunk['blockType'] === 'string' ? chunk['blockType'] : 'unknown'
      return { units: -1, shape: { type, text: false, final: false } }
    }
    case 'block-end': {
      const block = chunk['block']
      if (typeof block !== 'object' || block === null || typeof (block as Record<string, unknown>)['type'] !== 'string') return { units: -1, shape: null }
      const { type, text } = block as Record<string, unknown>
      return { units: -1, shape: { type: type as string, text: typeof text === 'string' && NON_BLANK.test(text), final: true } }
    }
    default:
      return { units: -1, shape: null }
  }
}

function streamOf(entries: readonly StreamEntry[], start: number | null, content: readonly ContentBlock[] | null): StreamTimes {
  const fold = new StreamFold(start)
  for (const entry of entries) fold.chunk(entry.chunk, entry.time)
  return fold.finish(content)
}

const isAppend = (event: KnownEvent): boolean => event.surfaceOp === undefined || event.surfaceOp === 'append'

export class ReplayTimingBuilder {
  readonly #clocks = new Map<number, number>()
  readonly #streams = new Map<string, StreamTimes>()
  /** Steps being streamed, by `turn.step`. */
  readonly #open = new Map<string, OpenStep>()
  #turn: number | null = null
  #step: number | null = null
  #timed = false

  /** Give this to the reader (`readSession(…, { deltaTap })`) when it skips superseded deltas. */
  readonly tap: DeltaTap = {
    delta: (turn: number, step: number, index: number, kind: DeltaKind, seq: number, time: number | null, units: number) => {
      this.#stepFor(turn, step).add(seq, time, index, kind === 'tool-call' ? -1 : units, null)
    },
  }

  append(lines: Iterable<ParsedLine>): void {
    for (const line of lines) {
      if (line.kind === 'header') {
        if (clockOf(line.header.createdAt) !== null) this.#timed = true
        continue
      }
      if (line.kind !== 'event') continue
      this.#event(line.event)
    }
  }

  finish(): ReplayTiming {
    // Steps still streaming when the log ended: shown from their chunks (interrupted, or cut off).
    for (const [key, step] of this.#open) if (step.seqs.length > 0) this.#streams.set(`i${key}`, step.finish(null))
    this.#open.clear()
    return { timed: this.#timed, clocks: this.#clocks, streams: this.#streams }
  }

  #stepFor(turn: number, step: number): OpenStep {
    const key = `${turn}.${step}`
    let open = this.#open.get(key)
    if (open === undefined) this.#open.set(key, (open = new OpenStep()))
    return open
  }

  #event(event: KnownEvent): void {
    const clock = clockOf(event.time)
    if (clock !== null) this.#timed = true
    if (clock !== null && BOUNDARY_TYPES.has(event.type)) this.#clocks.set(event.seq, clock)
    switch (event.type) {
      case 'turn/start':
        this.#turn = event.data.turn
        this.#step = null
        return
      case 'step/start':
        this.#turn = event.data.turn
        this.#step = event.data.step
        this.#stepFor(event.data.turn, event.data.step).start = clock
        return
      case 'step/end':
        return this.#close(`${event.data.turn}.${event.data.step}`)
      case 'turn/end':
        for (const key of [...this.#open.keys()]) if (key.startsWith(`${event.data.turn}.`)) this.#close(key)
        return
      case 'assistant/chunk': {
        const { turn, step, chunk } = event.data
        const open = this.#stepFor(turn, step)
        if (chunk.type === 'finish') {
          const reason = chunk['reason']
          if (typeof reason === 'object' && reason !== null && (reason as Record<string, unknown>)['kind'] === 'error') open.cut = event.seq
          return
        }
        const delta = deltaOf(chunk)
        open.add(event.seq, event.time, typeof chunk['index'] === 'number' ? chunk['index'] : -1, delta.units, delta.shape)
        return
      }
      case 'llm/retry': {
        const turn = event.data.turn ?? this.#turn
        const step = event.data.step ?? this.#step
        if (turn !== null && step !== null) this.#stepFor(turn, step).cut = event.seq
        return
      }
      case 'assistant/attempt':
        this.#streams.set(`a${event.seq}`, streamOf(event.data.stream ?? [], this.#open.get(`${event.data.turn}.${event.data.step}`)?.start ?? null, null))
        return
      case 'assistant/message': {
        if (!isAppend(event)) return
        const key = `${event.data.turn}.${event.data.step}`
        const open = this.#open.get(key)
        this.#open.delete(key)
        const stream = event.data.stream
        const content = event.data.message.content
        const times = stream !== undefined ? streamOf(stream, open?.start ?? null, content) : open === undefined ? null : open.finish(content)
        if (times !== null) this.#streams.set(`m${event.seq}`, times)
        return
      }
      default:
    }
  }

  /** A step's boundary: deltas no message settled are an interrupted step's (the model shows them). */
  #close(key: string): void {
    const open = this.#open.get(key)
    if (open === undefined) return
    this.#open.delete(key)
    if (open.seqs.length > 0) this.#streams.set(`i${key}`, open.finish(null))
  }
}

