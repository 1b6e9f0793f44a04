/**
 * Assistant requests (trajectory.md §4.1–4.4, §4.9): `step/start` opens one; the appended
 * `assistant/message` of its turn and step settles it (a later message for the same request replaces the
 * earlier one); `assistant/attempt` streams, v0 `assistant/chunk` events and the message's own stream give
 * the first-token time, the first one found winning across attempts; `llm/retry` records the last failed
 * attempt (the request keeps its status, first token and usage); the request's `step/end` (or its turn's
 * end) closes it. A message with no `step/start` loaded is a message-only step: numbered by its message,
 * status from the message, no request timing. Only what the inspector shows is kept: the message's id,
 * content, source, usage and interruption flag — never its stream.
 */
import type { ContentBlock, EventOf, MessageSource, TokenUsage } from '../../log/events/schema'
import { num, prop } from '../../conversation/narrow'
import { messageRequestKey, stepRequestKey } from '../../conversation/usage'
import { displayFailure } from './failure'
import { streamFirstTokenTime } from './first-token'
import { closedAt, type Boundary, type Location } from './location'
import { PairMap } from '../pair-map'

export interface SettledMessage {
  seq: number
  time: number | null
  content: ContentBlock[]
  source: MessageSource
  usage: TokenUsage | null
  interrupted: boolean
}

export interface RetryFacts {
  message: string
  code?: string
  retry: number
  maxRetries?: number
  delayMs: number
}

export class AssistantStep {
  message: SettledMessage | null = null
  firstTokenTime: number | null = null
  retry: RetryFacts | null = null
  stepEnd: Boundary | null = null
  /** Whether the builder has placed this step among the contributions. */
  contributed = false

  constructor(
    readonly turn: number,
    readonly step: number,
    /** A `step/start` opened it (a RequestView); false for a message-only step. */
    readonly started: boolean,
    /** The `step/start` seq (message-only: its message's seq, set when it arrives). */
    public startSeq: number,
    readonly startTime: number | null,
    readonly location: Location | null,
  ) {}

  /** The request key the usage counter gives it (src/conversation/usage.ts). */
  get requestKey(): string {
    return this.started ? stepRequestKey(this.startSeq) : messageRequestKey(this.turn, this.step)
  }

  /** The step's own end, else its start location's step or turn end; null while open. */
  get boundary(): Boundary | null {
    return this.stepEnd ?? (this.location === null ? null : closedAt(this.location))
  }

  noteFirstToken(time: number | null): void {
    if (this.firstTokenTime === null && time !== null) this.firstTokenTime = time
  }

  settle(event: EventOf<'assistant/message'>): void {
    const data = event.data
    this.noteFirstToken(streamFirstTokenTime(data.stream))
    this.message = {
      seq: event.seq,
      time: event.time,
      content: data.message.content,
      source: data.message.source,
      usage: data.usage ?? null,
      interrupted: data.interrupted === true,
    }
  }

  retryWith(data: unknown): void {
    const retry = num(prop(data, 'retry'))
    if (retry === null) return
    const failure = displayFailure(prop(data, 'failure'))
    const facts: RetryFacts = { message: failure.message, retry, delayMs: num(prop(data, 'delayMs')) ?? 0 }
    if (failure.code !== undefined) facts.code = failure.code
    const max = num(prop(data, 'maxRetries'))
    if (prop(data, 'mode') === 'normal' && max !== null) facts.maxRetries = max
    this.retry = facts
  }
}

/** The latest assistant step per `turn:step`, as messages, attempts, retries and chunks find them. */
export class StepRegistry {
  readonly #steps = new PairMap<AssistantStep>()

  get(turn: number, step: number): AssistantStep | undefined {
    return this.#steps.get(turn, step)
  }

  open(event: EventOf<'step/start'>, location: Location): AssistantStep {
    const step = new AssistantStep(event.data.turn, event.data.step, true, event.seq, event.time, location)
    this.#steps.set(event.data.turn, event.data.step, step)
    return step
  }

  /** The step a message, attempt or chunk of `turn:step` belongs to; a message-only step when none is open. */
  find(turn: number, step: number, seq: number): AssistantStep {
    const known = this.get(turn, step)
    if (known !== undefined) return known
    const created = new AssistantStep(turn, step, false, seq, null, null)
    this.#steps.set(turn, step, created)
    return created
  }
}
