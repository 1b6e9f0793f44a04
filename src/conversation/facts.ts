/**
 * Session-level facts for pages, the index and the stats line (v4 README §1 footer numbers; log-format.md
 * §2.6 for child links): title, cwd, models, times, counts, token totals, cache and context percentages,
 * status and subagent/fork links in both directions. Accumulated incrementally; `snapshot()` is O(children
 * + distinct tools + models).
 */
import type { SessionHeader, TokenUsage } from '../log/events/schema'
import type { ChildLink, ModelRef, SessionFacts, SessionStatus } from './model'
import { CountAccumulator } from './counts'
import type { StepMetrics } from './step-item'
import { cacheHitPercent, RequestUsageCounter } from './usage'
import { promptTokens } from './usage-totals'

/** `min(100, round(used / window × 100))`; null for a window that is not positive. */
const contextPercent = (used: number, window: number): number | null => (window > 0 ? Math.min(100, Math.round((used / window) * 100)) : null)

function sortedCounts(counts: Map<string, number>): Record<string, number> {
  // Tool names are log strings: `fromEntries` defines each as an own key (`__proto__` never sets a prototype).
  return Object.fromEntries([...counts.keys()].sort().map(name => [name, counts.get(name) ?? 0]))
}

export class FactsAccumulator {
  title: string | null = null
  /** Settled (append) `assistant/message`s: the activity pill's steps (cards-current.md §8.2). */
  steps = 0
  /** Turns having at least one settled assistant message: the activity pill's turns. */
  readonly #turns = new Set<number>()
  /** Turns and tool calls by the one definition (./counts.ts); the builder gives it every event. */
  readonly counts = new CountAccumulator()
  /** The one usage count (./usage.ts): the builder feeds it every event. */
  readonly usage = new RequestUsageCounter()
  lastRequest: TokenUsage | null = null
  contextWindow: number | null = null
  minTime: number | null = null
  maxTime: number | null = null
  unknownEvents = 0
  invalidLines = 0
  readonly #tools = new Map<string, number>()
  readonly #subTools = new Map<string, number>()
  readonly #models: ModelRef[] = []
  readonly #modelKeys = new Set<string>()
  readonly #children = new Map<string, ChildLink>()
  #llmMs: number | null = null
  #toolMs: number | null = null
  #ttftSum = 0
  #ttftCount = 0
  /** Σ output tokens and Σ decode time over steps with stream timing (the tok/s of §8.2). */
  #decodeOutput = 0
  #decodeMs = 0

  noteTime(time: number | null): void {
    // Fixtures write 0 for unknown clocks; a session cannot start at the epoch.
    if (time === null || time <= 0) return
    if (this.minTime === null || time < this.minTime) this.minTime = time
    if (this.maxTime === null || time > this.maxTime) this.maxTime = time
  }

  model(provider: string | null, model: string | null): void {
    if (model === null || model === '') return
    const key = `${provider ?? ''}\u0000${model}`
    if (this.#modelKeys.has(key)) return
    this.#modelKeys.add(key)
    this.#models.push({ provider, model })
  }

  /** One call of tool `name` for the per-tool counts (the totals are ./counts.ts's). */
  tool(name: string, sub: boolean): void {
    const counts = sub ? this.#subTools : this.#tools
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }

  toolDuration(callTime: number | null, resultTime: number | null): void {
    if (callTime === null || resultTime === null || resultTime < callTime) return
    this.#toolMs = (this.#toolMs ?? 0) + (resultTime - callTime)
  }

  /** One settled assistant message of `turn`. */
  step(turn: number, metrics: StepMetrics): void {
    this.#turns.add(turn)
    this.steps++
    if (metrics.usage !== null) this.lastRequest = metrics.usage
    if (metrics.llmMs !== null) this.#llmMs = (this.#llmMs ?? 0) + metrics.llmMs
    if (metrics.ttftMs !== null) {
      this.#ttftSum += metrics.ttftMs
      this.#ttftCount++
    }
    if (metrics.generationMs !== null && metrics.generationMs > 0) {
      this.#decodeMs += metrics.generationMs
      this.#decodeOutput += metrics.usage?.outputTokens ?? 0
    }
  }

  /** Records a child link; later evidence fills fields the first one lacked, never overrides them. */
  child(link: ChildLink): void {
    const known = this.#children.get(link.sessionId)
    if (known === undefined) {
      this.#children.set(link.sessionId, { ...link })
      return
    }
    known.callId ??= link.callId
    known.label ??= link.label
    known.mode ??= link.mode
  }

  snapshot(header: SessionHeader | null, status: SessionStatus, inheritedBeforeSeq: number | null): SessionFacts {
    const usage = this.usage.totals
    const last = this.lastRequest
    const lastInput = last === null ? null : (last.inputTokens ?? 0) + (last.cacheReadTokens ?? 0) + (last.cacheWriteTokens ?? 0)
    const lastTotal = last === null || lastInput === null ? null : lastInput + (last.outputTokens ?? 0)
    const createdAt = header?.createdAt
    return {
      id: header?.id ?? null,
      title: this.title,
      cwd: header?.cwd ?? null,
      formatVersion: header?.version ?? null,
      agentPreset: header?.agentPreset ?? null,
      models: this.#models.map((m) => ({ ...m })),
      startTime: createdAt !== undefined && createdAt > 0 ? createdAt : this.minTime,
      endTime: this.maxTime,
      status,
      toolCounts: sortedCounts(this.#tools),
      subToolCounts: sortedCounts(this.#subTools),
      stats: {
        ...this.counts.counts(),
        activityTurns: this.#turns.size,
        steps: this.steps,
        usage,
        cacheHitPercent: cacheHitPercent(usage.cacheReadTokens, promptTokens(usage)),
        contextWindow: this.contextWindow,
        lastRequestInputTokens: lastInput,
        lastRequestTokens: lastTotal,
        contextUsedPercent: lastTotal === null || this.contextWindow === null ? null : contextPercent(lastTotal, this.contextWindow),
        llmMs: this.#llmMs,
        toolMs: this.#toolMs,
        ttftAvgMs: this.#ttftCount > 0 ? Math.round(this.#ttftSum / this.#ttftCount) : null,
        tokensPerSecond: this.#decodeMs > 0 ? Math.round((this.#decodeOutput / this.#decodeMs) * 10_000) / 10 : null,
      },
      parentSessionId: header?.parentSession ?? null,
      origin: header?.origin ?? null,
      delegationDepth: header?.delegationDepth ?? null,
      inheritedBeforeSeq,
      children: [...this.#children.values()].map((c) => ({ ...c })),
      unknownEvents: this.unknownEvents,
      invalidLines: this.invalidLines,
    }
  }
}
