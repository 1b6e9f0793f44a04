/**
 * The one definition of a session's turn and tool-call counts (issue 28: `inspect`, the index, the page header
 * and the PR summary disagreed — one counted `turn/start` events, another only turns that produced an answer;
 * one counted root calls, another code-dispatch sub-calls too). Every surface reads these numbers: the
 * conversation fold (./facts.ts) and `inspect`'s streaming pass (./run-facts.ts) feed each event of the log to
 * the same `CountAccumulator`, in log order.
 *
 * - **Turns**: the distinct turn numbers the log started (`turn/start`; a turn started again — a resumed
 *   session repeating its number — counts once). A turn that failed before any answer counts: the page shows it.
 * - **Tool calls**: every tool invocation the page shows a row for — root calls (the distinct call ids of
 *   `tool/call`, and of appended `tool/result`s whose call is not in the log, which the page shows as orphan
 *   rows) plus code-dispatch sub-calls (the distinct sub-call ids of `tool/code-dispatch-start` /
 *   `tool/code-dispatch` under another call). `subToolCalls` says how many of them were sub-calls.
 *
 * The activity pill (`1 turns 2 steps`, cards-current.md §8.2) keeps dsh's own rule (turns with a settled
 * answer): it is the client's figure and carries the client's text. Memory: one set entry per distinct id
 * (a few tens of bytes a call).
 */
import type { KnownEvent } from '../log/schema'

export interface SessionCounts {
  turns: number
  /** Root calls and sub-calls together. */
  toolCalls: number
  /** The sub-calls among `toolCalls`. */
  subToolCalls: number
}

export class CountAccumulator {
  readonly #turns = new Set<number>()
  readonly #roots = new Set<string>()
  readonly #subs = new Set<string>()

  add(event: KnownEvent): void {
    switch (event.type) {
      case 'turn/start':
        this.#turns.add(event.data.turn)
        return
      case 'tool/call':
        this.#roots.add(event.data.callId)
        return
      case 'tool/result': {
        if (event.surfaceOp !== undefined && event.surfaceOp !== 'append') return
        const source = event.data.message.source
        const callId = typeof source.callId === 'string' ? source.callId : event.data.message.content[0].toolCallId
        this.#roots.add(callId)
        return
      }
      case 'tool/code-dispatch-start':
      case 'tool/code-dispatch':
        if (event.data.subCallId !== event.data.rootCallId) this.#subs.add(event.data.subCallId)
        return
      default:
    }
  }

  counts(): SessionCounts {
    const subs = this.#subs.size
    return { turns: this.#turns.size, toolCalls: this.#roots.size + subs, subToolCalls: subs }
  }
}
