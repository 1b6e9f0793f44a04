/**
 * The one definition of a session's turn and tool-call counts (issue 28: `inspect`, the index, the page header
 * and the PR summary disagreed — one counted `turn/start` events, another only turns that produced an answer;
 * one counted root calls, another code-dispatch sub-calls too). Every surface reads these numbers: the
 * conversation fold (./facts.ts) and `inspect`'s streaming pass (./run-facts.ts) feed the header and each
 * event of the log to the same `CountAccumulator`, in log order.
 *
 * - **Turns**: the distinct turn numbers the log started (`turn/start`; a turn started again — a resumed
 *   session repeating its number — counts once). A turn that failed before any answer counts: the page shows it.
 * - **Tool calls**: every tool invocation the page shows a row for — root calls (the distinct call ids of
 *   `tool/call`, and of appended `tool/result`s whose call is not in the log, which the page shows as orphan
 *   rows) plus code-dispatch sub-calls (the distinct sub-call ids of `tool/code-dispatch-start` /
 *   `tool/code-dispatch` under another call). `subToolCalls` says how many of them were sub-calls.
 * - **Inherited history is the parent's**: a fork or subagent child whose log starts with a copy of its
 *   parent's history (the seed cut, ./seed-cut.ts) counts only what it started itself — the copied turns and
 *   calls are counted in the parent's log, so a sum over an archive counts each once (the usage count,
 *   ./usage.ts, follows the same rule). Its page still shows the copied turns, marked inherited.
 *
 * The activity pill (`1 turns 2 steps`, cards-current.md §8.2) keeps dsh's own rule (turns with a settled
 * answer): it is the client's figure and carries the client's text. Memory: one map entry per distinct id
 * (a few tens of bytes a call).
 */
import type { KnownEvent, SessionHeader } from '../log/events/schema'
import { SeedCut } from './seed-cut'

export interface SessionCounts {
  turns: number
  /** Root calls and sub-calls together. */
  toolCalls: number
  /** The sub-calls among `toolCalls`. */
  subToolCalls: number
}

/** A counted thing: the seq it was last started at (a turn) or first seen at (a call), and a call's tool name. */
interface Seen {
  seq: number
  /** Tool name; `''` for a result whose call is not in the log (the name is never guessed). */
  name: string
}

export class CountAccumulator {
  readonly #seed = new SeedCut()
  readonly #turns = new Map<number, Seen>()
  readonly #roots = new Map<string, Seen>()
  readonly #subs = new Map<string, Seen>()
  /** Per turn number: its latest start (seq, time) and, once it ended after it, its wall time (issue 31's slowest turns). */
  readonly #turnTimes = new Map<number, { seq: number; start: number | null; ms: number | null }>()

  /** The session header: its seed fields place the cut. */
  header(header: SessionHeader): void {
    this.#seed.header(header)
  }

  add(event: KnownEvent): void {
    switch (event.type) {
      case 'turn/start': {
        // A turn started again (a resume) is the session's own from its latest start.
        const seen = this.#turns.get(event.data.turn)
        if (seen === undefined) this.#turns.set(event.data.turn, { seq: event.seq, name: '' })
        else seen.seq = Math.max(seen.seq, event.seq)
        // A turn started again (a resume) is timed from its latest start.
        const timed = this.#turnTimes.get(event.data.turn)
        if (timed === undefined || event.seq > timed.seq) this.#turnTimes.set(event.data.turn, { seq: event.seq, start: event.time, ms: null })
        return
      }
      case 'turn/end': {
        // Wall time from the log's own clocks: a turn with a missing or unreadable time, or one that ends
        // before it started, has no duration (it is not ranked).
        const timed = this.#turnTimes.get(event.data.turn)
        if (timed === undefined || timed.start === null || event.time === null || event.seq < timed.seq) return
        const ms = event.time - timed.start
        if (Number.isSafeInteger(ms) && ms >= 0) timed.ms = ms
        return
      }
      case 'tool/call': {
        // The first name the log gives a call keeps it (a result before its call leaves '' until the call).
        const seen = this.#roots.get(event.data.callId)
        if (seen === undefined) this.#roots.set(event.data.callId, { seq: event.seq, name: event.data.name })
        else if (seen.name === '') seen.name = event.data.name
        return
      }
      case 'tool/result': {
        if (event.surfaceOp !== undefined && event.surfaceOp !== 'append') return
        const source = event.data.message.source
        const callId = typeof source.callId === 'string' ? source.callId : event.data.message.content[0].toolCallId
        if (!this.#roots.has(callId)) this.#roots.set(callId, { seq: event.seq, name: '' })
        return
      }
      case 'tool/code-dispatch-start':
      case 'tool/code-dispatch': {
        if (event.data.subCallId === event.data.rootCallId) return
        const seen = this.#subs.get(event.data.subCallId)
        if (seen === undefined) this.#subs.set(event.data.subCallId, { seq: event.seq, name: event.data.name })
        else if (seen.name === '') seen.name = event.data.name
        return
      }
      case 'session/end-seed':
        this.#seed.take(event)
        return
      default:
    }
  }

  /** The session's own calls per tool name, root calls and sub-calls together (they add up to `toolCalls`). */
  byTool(): Map<string, number> {
    const out = new Map<string, number>()
    for (const seen of [this.#roots, this.#subs]) {
      for (const { seq, name } of seen.values()) if (!this.#seed.inherited(seq)) out.set(name, (out.get(name) ?? 0) + 1)
    }
    return out
  }

  /** Name of the session's own call seen last in the log (root or sub-call); null when it made none, '' for an orphan result. */
  lastTool(): string | null {
    let last: Seen | null = null
    for (const seen of [this.#roots, this.#subs]) {
      for (const call of seen.values()) if (!this.#seed.inherited(call.seq) && (last === null || call.seq > last.seq)) last = call
    }
    return last === null ? null : last.name
  }

  /** The session's own turns with a wall time, slowest first (ties: lower turn first), at most `n`. */
  slowestTurns(n: number): { turn: number; ms: number }[] {
    const out: { turn: number; ms: number }[] = []
    for (const [turn, t] of this.#turnTimes) if (t.ms !== null && !this.#seed.inherited(t.seq)) out.push({ turn, ms: t.ms })
    return out.sort((a, b) => b.ms - a.ms || a.turn - b.turn).slice(0, n)
  }

  counts(): SessionCounts {
    const own = (seen: Map<unknown, Seen>): number => {
      if (this.#seed.cut === null) return seen.size
      let n = 0
      for (const { seq } of seen.values()) if (!this.#seed.inherited(seq)) n++
      return n
    }
    const subs = own(this.#subs)
    return { turns: own(this.#turns), toolCalls: own(this.#roots) + subs, subToolCalls: subs }
  }
}
