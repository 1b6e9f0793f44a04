/**
 * One assistant step, `turn:step` (cards.md §3.4): the chunk fold, the settling `assistant/message` that
 * replaces it, `llm/retry` resets, the step/turn boundary that turns chunk evidence into a synthetic
 * interrupted message (and running tool calls into interrupted ones), and the step's timing and usage.
 * A step whose message is only tool calls renders nothing.
 */
import type { EventOf, TokenUsage } from '../log/events/schema'
import { ChunkFold, emptyTiming, isBlank, noteTiming, toAssistantBlocks, type StreamTiming } from './blocks'
import type { AssistantNode, ChatNode } from './model'
import { str } from './narrow'
import { isInherited, Item, type BuildContext, type SectionState } from './section'
import type { Boundary } from './tool-tree'

/** What a settled step contributes to the turn tail and the stats line. */
export interface StepMetrics {
  usage: TokenUsage | null
  ttftMs: number | null
  /** First chunk (or request start) to last chunk. */
  llmMs: number | null
  /** First token to last chunk: the denominator of tok/s. */
  generationMs: number | null
}

/** Anything that must re-render when this step closes (its tool trees). */
export interface Touchable {
  touch(): void
}

const nonNegative = (ms: number | null): number | null => (ms !== null && ms >= 0 ? ms : null)

export class StepItem extends Item {
  readonly fold = new ChunkFold()
  /** Seq of the chunk that first made the streamed step visible (its anchor while running). */
  visibleSeq: number | null = null
  message: EventOf<'assistant/message'> | null = null
  metrics: StepMetrics | null = null
  stepEnd: Boundary | null = null
  turnEnd: Boundary | null = null
  startTime: number | null = null
  readonly timing: StreamTiming = emptyTiming()
  readonly dependents: Touchable[] = []

  constructor(
    section: SectionState,
    readonly turn: number,
    readonly step: number,
    readonly firstSeq: number,
  ) {
    super(section)
  }

  get key(): string {
    return `assistant:${this.turn}.${this.step}@${this.firstSeq}`
  }

  /** The boundary that closes this step: its `step/end`, else its turn's `turn/end`. */
  get boundary(): Boundary | null {
    return this.stepEnd ?? this.turnEnd
  }

  chunk(event: EventOf<'assistant/chunk'>): void {
    const chunk = event.data.chunk
    noteTiming(this.timing, chunk, event.time)
    if (this.message !== null) return // the message already replaced the streamed blocks
    if (this.fold.apply(chunk)) this.visibleSeq = event.seq
    // Only what the Chat shows depends on the fold: skip re-rendering for invisible progress.
    if (this.fold.visible) this.touch()
  }

  retry(): void {
    this.fold.reset()
    this.visibleSeq = null
    this.touch()
  }

  settle(event: EventOf<'assistant/message'>): void {
    this.message = event
    this.fold.reset() // the message is the final truth; drop the streamed pieces (memory)
    // v2+: the embedded stream replaces top-level chunks for timing.
    if (event.data.stream !== undefined) for (const entry of event.data.stream) noteTiming(this.timing, entry.chunk, entry.time)
    const { firstChunkTime, firstTokenTime, lastChunkTime } = this.timing
    const start = this.startTime ?? firstChunkTime
    this.metrics = {
      usage: event.data.usage ?? null,
      ttftMs: this.startTime !== null && firstTokenTime !== null ? nonNegative(firstTokenTime - this.startTime) : null,
      llmMs: start !== null && lastChunkTime !== null ? nonNegative(lastChunkTime - start) : null,
      generationMs: firstTokenTime !== null && lastChunkTime !== null ? nonNegative(lastChunkTime - firstTokenTime) : null,
    }
    this.touch()
  }

  close(kind: 'step' | 'turn', boundary: Boundary): void {
    if (kind === 'step') this.stepEnd ??= boundary
    else this.turnEnd ??= boundary
    this.touch()
    for (const dependent of this.dependents) dependent.touch()
  }

  /** True when the settled message carries non-blank text (a turn's closing message candidate). */
  get bearsText(): boolean {
    if (this.message === null) return false
    return this.message.data.message.content.some((b) => b.type === 'text' && !isBlank(str(b.text) ?? ''))
  }

  protected build(ctx: BuildContext): ChatNode | null {
    const base = { kind: 'assistant' as const, key: this.key, turn: this.turn, step: this.step }
    const message = this.message
    if (message !== null) {
      const blocks = toAssistantBlocks(message.data.message.content)
      const interrupted = message.data.interrupted === true
      if (blocks.length === 0 && !interrupted) return null // tool-call-only steps are invisible
      const source = message.data.message.source
      const node: AssistantNode = {
        ...base, anchorSeq: message.seq, inherited: isInherited(ctx, message.seq), status: interrupted ? 'interrupted' : 'settled', fromChunks: false,
        seq: message.seq, time: message.time, messageId: message.data.message.id, provider: str(source.provider), model: str(source.model),
        usage: message.data.usage ?? null, blocks,
      }
      return node
    }
    const boundary = this.boundary
    if (boundary !== null) {
      if (!this.fold.hasInterruptionEvidence()) return null
      const anchorSeq = boundary.seq - 0.9
      return {
        ...base, anchorSeq, inherited: isInherited(ctx, anchorSeq), status: 'interrupted', fromChunks: true, seq: null, time: boundary.time,
        messageId: null, provider: null, model: null, usage: null, blocks: toAssistantBlocks(this.fold.content()),
      }
    }
    if (!ctx.live || this.visibleSeq === null) return null
    const anchorSeq = this.visibleSeq
    return {
      ...base, anchorSeq, inherited: isInherited(ctx, anchorSeq), status: 'streaming', fromChunks: true, seq: null, time: this.timing.lastChunkTime,
      messageId: null, provider: null, model: null, usage: null, blocks: toAssistantBlocks(this.fold.content(), true),
    }
  }
}
