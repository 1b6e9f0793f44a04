/**
 * Token usage (log-format.md §7.3 TokenUsage: the counts are disjoint, `inputTokens` excludes cached input,
 * reasoning is part of output) and the one place it is counted (issue 29 item 5). `totalTokens` is input +
 * output + cacheRead + cacheWrite: ptc-round's 17,490 in the v4 README §1 footer is exactly that sum over
 * its two requests.
 *
 * `RequestUsageCounter` is the count every surface reads — the Chat pills and page facts (./facts.ts),
 * `inspect --json` (./run-facts.ts), the Trajectory's request usage and cumulative (src/trajectory) — so
 * they cannot disagree. The rule (trajectory.md §4.5): a request's usage is the usage of the message that
 * settles it, counted once per request —
 * - an assistant request is opened by `step/start` (its key is that seq); an appended `assistant/message`
 *   settles the latest request opened for its turn and step, or, with no `step/start` loaded, the
 *   message-only request of that turn and step. A second message for the same request replaces the first
 *   one's usage instead of adding to it;
 * - a compaction request (one per `compactionId`, opened by `compaction/start`) is settled by its
 *   `compaction/summary`'s usage: compactions are provider calls, and the Trajectory's session cumulative
 *   includes them;
 * - nothing else counts: stream `usage` chunks and failed attempts' usage (`assistant/attempt`, a retried
 *   attempt) repeat or precede the settled figure, a compaction's replacement message (a surface
 *   replacement, not an append) repeats history, and a subagent's requests are in its own log (an archive
 *   total sums sessions; a parent counts only its own requests).
 */
import { tokenUsageSchema, type KnownEvent, type TokenUsage } from '../log/schema'
import type { UsageTotals } from './model'

export function emptyUsage(): UsageTotals {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 0 }
}

export function addUsage(totals: UsageTotals, usage: TokenUsage | null): void {
  if (usage === null) return
  const input = usage.inputTokens ?? 0
  const output = usage.outputTokens ?? 0
  const cacheRead = usage.cacheReadTokens ?? 0
  const cacheWrite = usage.cacheWriteTokens ?? 0
  totals.inputTokens += input
  totals.outputTokens += output
  totals.cacheReadTokens += cacheRead
  totals.cacheWriteTokens += cacheWrite
  totals.reasoningTokens += usage.reasoningTokens ?? 0
  totals.totalTokens += input + output + cacheRead + cacheWrite
}

/**
 * Cache-hit share of prompt tokens (cards-current.md §8.2): `cacheRead / prompt` as a whole percent
 * (ties up), except that a partial hit that would round to 100 gets just enough decimals to stay below
 * it (`99.9`, `99.96`, the last digit rounded half down and never 0); a full hit is 100; no prompt → null.
 * Integer arithmetic only, so the result does not depend on floating-point ties.
 */
export function cacheHitPercent(cacheRead: number, prompt: number): number | null {
  if (!(prompt > 0) || !Number.isSafeInteger(prompt) || !Number.isSafeInteger(cacheRead) || cacheRead < 0 || cacheRead > prompt) {
    return prompt > 0 ? Math.min(100, Math.round((cacheRead / prompt) * 100)) : null
  }
  const missed = prompt - cacheRead
  if (missed === 0) return 100
  const whole = Math.floor((200 * cacheRead + prompt) / (2 * prompt))
  if (whole < 100) return whole
  // gap in units of 10^-places percent = missed·100·10^places / prompt; add places until it exceeds ½ unit.
  let places = 1
  let doubledGap = missed * 200 * 10
  while (doubledGap <= prompt) {
    doubledGap *= 10
    places++
  }
  let loss = 5
  for (let candidate = 1; candidate < 5; candidate++) {
    if (doubledGap <= (2 * candidate + 1) * prompt) {
      loss = candidate
      break
    }
  }
  const scale = 10 ** places
  return (100 * scale - loss) / scale
}

/** A running field-wise sum in which a field appears once any summand has it (trajectory.md §4.5). */
export interface UsageSum {
  inputTokens?: number
  outputTokens?: number
  cacheReadTokens?: number
  cacheWriteTokens?: number
  reasoningTokens?: number
}

const SUM_FIELDS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const

/** `total + usage`, field by field; a field absent from both stays absent. `total` is not changed. */
export function sumUsage(total: UsageSum | null, usage: TokenUsage | null): UsageSum | null {
  if (usage === null) return total
  const out: UsageSum = { ...total }
  for (const field of SUM_FIELDS) {
    const value = usage[field]
    if (value !== undefined) out[field] = (out[field] ?? 0) + value
  }
  return out
}

/** A payload's `usage` as a TokenUsage (numeric fields checked), or null when absent or malformed. */
export function tokenUsageOf(value: unknown): TokenUsage | null {
  if (value === undefined || value === null) return null
  const parsed = tokenUsageSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** Request keys: the identity the counter and the Trajectory give a request (module comment). */
export const stepRequestKey = (startSeq: number): string => `step@${startSeq}`
export const messageRequestKey = (turn: number, step: number): string => `message@${turn}:${step}`
export const compactionRequestKey = (compactionId: string): string => `compaction@${compactionId}`

/** The one usage count (module comment). Feed it every event in log order; any batch size. */
export class RequestUsageCounter {
  readonly #byRequest = new Map<string, TokenUsage>()
  /** `turn:step` → the key of the latest request a `step/start` opened for it. */
  readonly #steps = new Map<string, string>()
  readonly #compactions = new Set<string>()
  readonly #totals = emptyUsage()

  take(event: KnownEvent): void {
    switch (event.type) {
      case 'step/start':
        this.#steps.set(`${event.data.turn}:${event.data.step}`, stepRequestKey(event.seq))
        return
      case 'assistant/message':
        if (event.surfaceOp !== undefined && event.surfaceOp !== 'append') return
        this.#settle(this.requestOf(event.data.turn, event.data.step), event.data.usage ?? null)
        return
      case 'compaction/start':
        this.#compactions.add(event.data.compactionId)
        return
      case 'compaction/summary': {
        const id = event.data.compactionId
        if (this.#compactions.has(id)) this.#settle(compactionRequestKey(id), tokenUsageOf((event.data as { usage?: unknown }).usage))
        return
      }
      default:
    }
  }

  /** The key of the request an appended `assistant/message` of `turn:step` settles now. */
  requestOf(turn: number, step: number): string {
    return this.#steps.get(`${turn}:${step}`) ?? messageRequestKey(turn, step)
  }

  /** The usage counted for `request`; null when it has none (not settled, or settled without usage). */
  usageOf(request: string): TokenUsage | null {
    return this.#byRequest.get(request) ?? null
  }

  /** How many requests have counted usage. */
  get counted(): number {
    return this.#byRequest.size
  }

  /** The session total so far (a copy). */
  get totals(): UsageTotals {
    return { ...this.#totals }
  }

  #settle(request: string, usage: TokenUsage | null): void {
    const before = this.#byRequest.get(request)
    if (before !== undefined) {
      // A request is counted once: its later settle replaces the earlier usage.
      subtractUsage(this.#totals, before)
      this.#byRequest.delete(request)
    }
    if (usage === null) return
    this.#byRequest.set(request, usage)
    addUsage(this.#totals, usage)
  }
}

function subtractUsage(totals: UsageTotals, usage: TokenUsage): void {
  const input = usage.inputTokens ?? 0
  const output = usage.outputTokens ?? 0
  const cacheRead = usage.cacheReadTokens ?? 0
  const cacheWrite = usage.cacheWriteTokens ?? 0
  totals.inputTokens -= input
  totals.outputTokens -= output
  totals.cacheReadTokens -= cacheRead
  totals.cacheWriteTokens -= cacheWrite
  totals.reasoningTokens -= usage.reasoningTokens ?? 0
  totals.totalTokens -= input + output + cacheRead + cacheWrite
}
