/**
 * Exact per-turn token accounting for the turn usage button (cards-current.md §8.1 rules 2–4). The turn's
 * events are folded in log order: a model attempt is opened by `step/start` (or, after a retry, by
 * `llm/retry-started`) and closed by its `assistant/message` (usage = `data.usage`, else the last `usage`
 * chunk of `data.stream`), an `assistant/attempt` (usage from its stream), `llm/retry` or `step/end`.
 * Every attempt must carry an exact usage: non-negative safe integer input/output, sane optional buckets,
 * and either a consistent `totalTokens` or both cache buckets (the total is then derived). A missing
 * sample, a turn/step mismatch or an out-of-order boundary voids the whole turn (null), as does a turn
 * without its `turn/end`. A compaction replacement message (replace op, no turn/step) is skipped. The fold
 * is incremental, so a live `append()` reaches the same result as one batch.
 */
import type { KnownEvent, StreamEntry } from '../log/events/schema'
import type { ExactAttemptUsage, ExactTurnUsage } from './model'
import { isRecord, num, prop } from './narrow'

type State =
  | { kind: 'idle' }
  | { kind: 'open'; step: number; sample: unknown }
  | { kind: 'closed-by-attempt'; step: number }
  | { kind: 'settled'; step: number; by: 'message' | 'retry' }

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The safe sum, or null when it leaves the safe-integer range. */
function safeSum(values: readonly number[]): number | null {
  let total = 0
  for (const value of values) {
    total += value
    if (!Number.isSafeInteger(total)) return null
  }
  return total
}

/** The last `usage` chunk's usage in an embedded stream (entries are decoded; their count is the log's). */
function streamUsage(stream: readonly StreamEntry[] | undefined): unknown {
  if (stream === undefined) return undefined
  for (let i = stream.length - 1; i >= 0; i--) {
    const chunk = stream[i]?.chunk
    if (chunk !== undefined && chunk.type === 'usage') {
      const usage = prop(chunk, 'usage')
      if (isRecord(usage)) return usage
    }
  }
  return undefined
}

/** Rule 4: the attempt's exact usage, or null when it is not exact. */
export function exactAttemptUsage(usage: unknown): ExactAttemptUsage | null {
  if (!isRecord(usage)) return null
  const input = prop(usage, 'inputTokens')
  const output = prop(usage, 'outputTokens')
  const cacheRead = prop(usage, 'cacheReadTokens')
  const cacheWrite = prop(usage, 'cacheWriteTokens')
  const reasoning = prop(usage, 'reasoningTokens')
  const total = prop(usage, 'totalTokens')
  if (!isCount(input) || !isCount(output)) return null
  if (cacheRead !== undefined && !isCount(cacheRead)) return null
  if (cacheWrite !== undefined && !isCount(cacheWrite)) return null
  if (reasoning !== undefined && (!isCount(reasoning) || reasoning > output)) return null
  const read = cacheRead === undefined ? null : cacheRead
  const write = cacheWrite === undefined ? null : cacheWrite
  const knownPrompt = safeSum([input, read ?? 0, write ?? 0])
  if (knownPrompt === null) return null
  let exact: number
  if (total !== undefined) {
    if (!isCount(total)) return null
    const prompt = total - output
    if (prompt < knownPrompt) return null
    if (read !== null && write !== null && prompt !== knownPrompt) return null
    exact = total
  } else {
    if (read === null || write === null) return null
    const derived = safeSum([knownPrompt, output])
    if (derived === null) return null
    exact = derived
  }
  return { inputTokens: input, outputTokens: output, cacheReadTokens: read, cacheWriteTokens: write, reasoningTokens: reasoning === undefined ? null : reasoning, totalTokens: exact }
}

export class TurnUsageFold {
  #state: State = { kind: 'idle' }
  #ended = false
  #invalid = false
  readonly #attempts: ExactAttemptUsage[] = []

  constructor(readonly turn: number) {}

  /** Closes the open attempt with its sample; false when it has none or it is not exact. */
  #close(): boolean {
    const state = this.#state
    if (state.kind !== 'open') return false
    const exact = exactAttemptUsage(state.sample)
    if (exact === null) return false
    this.#attempts.push(exact)
    return true
  }

  /** The same attempt (turn and step) as the current state's; false when idle. */
  #same(turn: unknown, step: unknown): boolean {
    const state = this.#state
    return state.kind !== 'idle' && turn === this.turn && step === state.step
  }

  take(event: KnownEvent): void {
    if (this.#invalid) return
    switch (event.type) {
      case 'turn/start':
        this.#invalid = true // a second start inside the turn
        return
      case 'turn/end':
        if (event.data.turn !== this.turn || this.#state.kind !== 'idle' || this.#ended) this.#invalid = true
        else this.#ended = true
        return
      case 'step/start':
      case 'llm/retry-started':
      case 'assistant/attempt':
      case 'assistant/message':
      case 'llm/retry':
      case 'step/end':
        if (this.#ended) {
          this.#invalid = true
          return
        }
        this.#attempt(event)
        return
      default:
        return
    }
  }

  #attempt(event: KnownEvent): void {
    const state = this.#state
    switch (event.type) {
      case 'step/start':
        if (event.data.turn !== this.turn || state.kind !== 'idle') this.#invalid = true
        else this.#state = { kind: 'open', step: event.data.step, sample: undefined }
        return
      case 'llm/retry-started': {
        const turn = num(prop(event.data, 'turn'))
        const step = num(prop(event.data, 'step'))
        if (step === null || state.kind !== 'settled' || state.by !== 'retry' || !this.#same(turn, step)) this.#invalid = true
        else this.#state = { kind: 'open', step, sample: undefined }
        return
      }
      case 'assistant/attempt':
        if (state.kind !== 'open' || !this.#same(event.data.turn, event.data.step)) {
          this.#invalid = true
          return
        }
        this.#state = { ...state, sample: streamUsage(event.data.stream) ?? state.sample }
        if (!this.#close()) this.#invalid = true
        else this.#state = { kind: 'closed-by-attempt', step: state.step }
        return
      case 'assistant/message': {
        const op = event.surfaceOp
        if (typeof op === 'object' && op.op === 'replace' && prop(event.data, 'turn') == null && prop(event.data, 'step') == null) return
        if (state.kind !== 'open' || !this.#same(event.data.turn, event.data.step)) {
          this.#invalid = true
          return
        }
        this.#state = { ...state, sample: event.data.usage ?? streamUsage(event.data.stream) ?? state.sample }
        if (!this.#close()) this.#invalid = true
        else this.#state = { kind: 'settled', step: state.step, by: 'message' }
        return
      }
      case 'llm/retry':
        if (state.kind === 'idle' || state.kind === 'settled' || !this.#same(event.data.turn, event.data.step) || (state.kind === 'open' && !this.#close())) {
          this.#invalid = true
          return
        }
        this.#state = { kind: 'settled', step: state.step, by: 'retry' }
        return
      case 'step/end':
        if (!this.#same(event.data.turn, event.data.step) || (state.kind === 'open' && !this.#close())) {
          this.#invalid = true
          return
        }
        this.#state = { kind: 'idle' }
        return
      default:
        return
    }
  }

  /** The turn's exact usage; null while open, when any rule failed, or without any attempt. */
  result(): ExactTurnUsage | null {
    if (this.#invalid || !this.#ended || this.#state.kind !== 'idle' || this.#attempts.length === 0) return null
    const total = safeSum(this.#attempts.map(a => a.totalTokens))
    if (total === null) return null
    return { totalTokens: total, attempts: this.#attempts.map(a => ({ ...a })) }
  }
}
