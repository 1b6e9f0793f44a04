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
 *   total sums sessions; a parent counts only its own requests);
 * - a fork or subagent child whose log starts with a copy of its parent's history (the seed, ./seed-cut.ts)
 *   repeats the parent's settled requests with their usage: those were the parent's requests, counted in the
 *   parent's log, so the child's totals leave them out (`inheritedTotals` says what they were). The request
 *   still has its usage (`usageOf`): the child's Trajectory shows the copied rows as the log holds them.
 *
 * Each counted request keeps its time and model (`ownRequests`), so an archive can bucket the same count by
 * day and model (src/stats) without counting again.
 */
import { tokenUsageSchema, type KnownEvent, type SessionHeader, type TokenUsage } from '../log/events/schema'
import { SeedCut } from './seed-cut'
import type { UsageTotals } from './model'
import { addUsage, emptyUsage } from './usage-totals'

// The sums live apart so the browser's page script can add usage up without the log schema (and zod).
export { addUsage, cacheHitPercent, emptyUsage } from './usage-totals'

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

/** One settled request as the counter keeps it: its usage, where and when it settled, and its model. */
export interface CountedRequest {
  key: string
  usage: TokenUsage
  /** Seq of the settling event (`assistant/message`, `compaction/summary`). */
  seq: number
  /** Its time (ms); null when the log has no clock there. */
  time: number | null
  /** `provider/model` of the request (the message's source, else the route last named); null when unknown. */
  model: string | null
}

/** `provider/model`, or the model alone when the provider is unknown or empty; null without a model name. */
export const modelKey = (provider: unknown, model: unknown): string | null => {
  if (typeof model !== 'string' || model === '') return null
  return typeof provider === 'string' && provider !== '' ? `${provider}/${model}` : model
}

/** The one usage count (module comment). Feed it the header and every event in log order; any batch size. */
export class RequestUsageCounter {
  readonly #byRequest = new Map<string, CountedRequest>()
  /** `turn:step` → the key of the latest request a `step/start` opened for it. */
  readonly #steps = new Map<string, string>()
  readonly #compactions = new Set<string>()
  readonly #seed = new SeedCut()
  /** Requests the session made itself (after the seed cut), and those its seed copied from the parent. */
  readonly #own = emptyUsage()
  readonly #inherited = emptyUsage()
  #ownCount = 0
  /** The route last named (`request/context`, `request/header`): a compaction's model. */
  #route: string | null = null

  /** The session header (its `seedLength` / `isSeeded` place the seed cut, ./seed-cut.ts). */
  header(header: SessionHeader): void {
    if (this.#seed.header(header)) this.#recount()
  }

  take(event: KnownEvent): void {
    switch (event.type) {
      case 'step/start':
        this.#steps.set(`${event.data.turn}:${event.data.step}`, stepRequestKey(event.seq))
        return
      case 'assistant/message': {
        if (event.surfaceOp !== undefined && event.surfaceOp !== 'append') return
        const source = event.data.message.source as Record<string, unknown>
        const model = modelKey(source['provider'], source['model']) ?? this.#route
        this.#settle(this.requestOf(event.data.turn, event.data.step), event.data.usage ?? null, event, model)
        return
      }
      case 'compaction/start':
        this.#compactions.add(event.data.compactionId)
        return
      case 'compaction/summary': {
        const id = event.data.compactionId
        if (this.#compactions.has(id)) this.#settle(compactionRequestKey(id), tokenUsageOf((event.data as { usage?: unknown }).usage), event, this.#route)
        return
      }
      case 'request/context':
        this.#route = modelKey(event.data.provider, event.data.model) ?? this.#route
        return
      case 'request/header': {
        const config = event.data.header.config as Record<string, unknown> | undefined
        this.#route = modelKey(config?.['provider'], config?.['model']) ?? this.#route
        return
      }
      case 'session/end-seed':
        if (this.#seed.take(event)) this.#recount()
        return
      default:
    }
  }

  /** The key of the request an appended `assistant/message` of `turn:step` settles now. */
  requestOf(turn: number, step: number): string {
    return this.#steps.get(`${turn}:${step}`) ?? messageRequestKey(turn, step)
  }

  /** The usage counted for `request` (inherited or not); null when it has none (not settled, or settled without usage). */
  usageOf(request: string): TokenUsage | null {
    return this.#byRequest.get(request)?.usage ?? null
  }

  /** The seed cut (./seed-cut.ts): seqs below it were copied from the parent; null when nothing is. */
  get seedCut(): number | null {
    return this.#seed.cut
  }

  /** How many of the session's own requests have counted usage. */
  get counted(): number {
    return this.#ownCount
  }

  /**
   * The session total so far (a copy): its own requests — a fork or subagent child's inherited requests are
   * the parent's, counted in the parent's log (./seed-cut.ts), so a sum over sessions counts each request once.
   */
  get totals(): UsageTotals {
    return { ...this.#own }
  }

  /** What the child's seed repeats of its parent's requests (a copy); zero when nothing is inherited. */
  get inheritedTotals(): UsageTotals {
    return { ...this.#inherited }
  }

  /** The session's own counted requests, in the order they first settled. */
  ownRequests(): CountedRequest[] {
    return [...this.#byRequest.values()].filter(r => !this.#seed.inherited(r.seq)).map(r => ({ ...r }))
  }

  #settle(request: string, usage: TokenUsage | null, event: KnownEvent, model: string | null): void {
    const before = this.#byRequest.get(request)
    if (before !== undefined) {
      // A request is counted once: its later settle replaces the earlier usage.
      this.#remove(before)
      this.#byRequest.delete(request)
    }
    if (usage === null) return
    const counted: CountedRequest = { key: request, usage, seq: event.seq, time: event.time !== null && event.time > 0 ? event.time : null, model }
    this.#byRequest.set(request, counted)
    this.#add(counted)
  }

  #add(r: CountedRequest): void {
    if (this.#seed.inherited(r.seq)) addUsage(this.#inherited, r.usage)
    else {
      addUsage(this.#own, r.usage)
      this.#ownCount++
    }
  }

  #remove(r: CountedRequest): void {
    if (this.#seed.inherited(r.seq)) subtractUsage(this.#inherited, r.usage)
    else {
      subtractUsage(this.#own, r.usage)
      this.#ownCount--
    }
  }

  /** The seed cut moved: which requests are inherited changed, so both sums are made again. */
  #recount(): void {
    for (const totals of [this.#own, this.#inherited]) Object.assign(totals, emptyUsage())
    this.#ownCount = 0
    for (const r of this.#byRequest.values()) this.#add(r)
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
