/**
 * What `inspect` says about how a session ran (issue 15 item 2), gathered line by line while a log is
 * streamed — no conversation model is built, so a multi-GB log costs no more memory than its summary:
 * start and end time, models, token totals — counted as the page's facts count them (the one
 * `RequestUsageCounter`, ./usage.ts: once per request, compactions included; models from messages and
 * request events), which run-facts.test.ts checks on every corpus log — and the status.
 *
 * Status: the one rule every surface uses (`sessionStatus`, ./status.ts: damaged, running, failed,
 * interrupted, completed from the log alone), which inspect — a command run now, not a page kept — then
 * sharpens with the file's age: an open last turn in a log quiet for RUNNING_WINDOW_MS is `interrupted` (a
 * crash dsh has not repaired yet; dsh appends at least every step), and a torn last line in a log written
 * within it is `running` (a line being written, not damage).
 */
import type { ParsedLine } from '../log/parsed-line'
import { CountAccumulator } from './counts'
import type { UsageTotals } from './model'
import { sessionStatus } from './status'
import { modelKey, RequestUsageCounter, type CountedRequest } from './usage'

export type RunStatus = 'completed' | 'interrupted' | 'failed' | 'running' | 'damaged'

/** A log written within this long, whose last turn is open, is running. */
export const RUNNING_WINDOW_MS = 10 * 60 * 1000

export interface StatusFacts {
  /** The last turn started and has not ended. */
  openTurn: boolean
  /** `reason.kind` of the `turn/end` closing the last turn; null when none did. */
  lastEnd: string | null
  corrupt: boolean
  tornTail: boolean
  /** When the log was last written (file mtime, ms); null when unknown (an archive entry). */
  writtenAt: number | null
  now: number
}

export function runStatus(f: StatusFacts): RunStatus {
  const recent = f.writtenAt !== null && f.now - f.writtenAt <= RUNNING_WINDOW_MS
  const lastTurn = f.openTurn ? { endReason: null } : f.lastEnd === null ? null : { endReason: f.lastEnd }
  const status = sessionStatus({ tornTail: f.tornTail, invalidLines: f.corrupt ? 1 : 0, lastTurn })
  if (status === 'damaged' && !f.corrupt && recent) return 'running'
  if (status === 'running' && !recent) return 'interrupted'
  return status
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

export class RunFacts {
  startTime: number | null = null
  endTime: number | null = null
  readonly #usage = new RequestUsageCounter()
  readonly models: string[] = []
  openTurn = false
  lastEnd: string | null = null
  /** Turns and tool calls by the one definition the pages use (./counts.ts). */
  readonly counts = new CountAccumulator()
  #createdAt: number | null = null

  add(line: ParsedLine): void {
    if (line.kind === 'header') {
      this.#usage.header(line.header)
      this.counts.header(line.header)
      const created = line.header.createdAt
      // Fixtures write 0 for unknown clocks; a session cannot start at the epoch.
      if (typeof created === 'number' && created > 0) this.#createdAt = created
      return
    }
    if (line.kind === 'invalid') return
    const event = line.event
    this.#time(event.time)
    if (line.kind !== 'event') return
    const e = line.event
    this.counts.add(e)
    this.#usage.take(e)
    switch (e.type) {
      case 'turn/start':
        this.openTurn = true
        this.lastEnd = null
        return
      case 'turn/end':
        this.openTurn = false
        this.lastEnd = e.data.reason.kind
        return
      case 'assistant/message': {
        if (e.surfaceOp !== undefined && e.surfaceOp !== 'append') return
        const source = e.data.message.source as Record<string, unknown>
        this.#model(str(source['provider']), str(source['model']))
        return
      }
      case 'request/context':
        this.#model(e.data.provider ?? null, e.data.model ?? null)
        return
      case 'request/header': {
        const config = e.data.header.config as Record<string, unknown> | undefined
        this.#model(str(config?.['provider']), str(config?.['model']))
        return
      }
    }
  }

  /** The session's token totals (./usage.ts). */
  get usage(): UsageTotals {
    return this.#usage.totals
  }

  /** The session's own settled requests, with their time and model (./usage.ts `ownRequests`). */
  requests(): CountedRequest[] {
    return this.#usage.ownRequests()
  }

  /** Start: the header's `createdAt`, else the first event time; end: the last event time. */
  get start(): number | null {
    return this.#createdAt ?? this.startTime
  }

  #time(time: number | null): void {
    if (time === null || time <= 0) return
    if (this.startTime === null || time < this.startTime) this.startTime = time
    if (this.endTime === null || time > this.endTime) this.endTime = time
  }

  #model(provider: string | null, model: string | null): void {
    // The request counter's key (./usage.ts), so a session's model and its requests' models group together.
    const name = modelKey(provider, model)
    if (name !== null && !this.models.includes(name)) this.models.push(name)
  }
}
