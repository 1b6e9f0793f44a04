/**
 * The tool part of the fold (cards.md §3.3): `tool/call`, appended `tool/result` and code-dispatch events
 * into tool trees. Owns the callId → tree index, node keys (`tool:<callId>`, a reused id gets
 * `tool:<callId>@<seq>`), the set of placed sub-call ids, the open-call stack that tells which call spawned
 * a subagent, and child links read from result text (`started subagent <id>`, log-format.md §2.6).
 */
import type { ContentBlock, EventOf } from '../log/events/schema'
import type { FactsAccumulator } from './facts'
import type { SectionState } from './section'
import type { StepItem } from './step-item'
import { ToolItem } from './tool-item'
import { dispatchArgs, dispatchResultOf, newCall, resultOf, ToolTree, type Boundary, type CallState } from './tool-tree'

const STARTED_SUBAGENT = /\bstarted subagent (\S+)/

/** What the tool fold needs from the builder: where a call's step lives and when its turn closed. */
export interface ToolFoldHost {
  facts: FactsAccumulator
  stepFor(turn: number, step: number, seq: number): StepItem
  closedTurn(turn: number): Boundary | null
}

export class ToolFold {
  readonly #trees = new Map<string, ToolItem>()
  readonly #keys = new Set<string>()
  readonly #placed = new Set<string>()
  /** Calls started and not yet settled, oldest first; the last is the innermost. */
  #open: CallState[] = []
  /** Roots whose step is unknown, by turn, so the turn's end can interrupt them. */
  readonly #byTurn = new Map<number, ToolItem[]>()

  constructor(readonly host: ToolFoldHost) {}

  /** Lets go of every tree and lookup (the builder's `finish`: no call arrives any more). */
  release(): void {
    this.#trees.clear()
    this.#keys.clear()
    this.#placed.clear()
    this.#open = []
    this.#byTurn.clear()
  }

  /** The most recently started call still running: the spawner of a subagent created now. */
  get innermostOpen(): string | null {
    return this.#open[this.#open.length - 1]?.callId ?? null
  }

  call(event: EventOf<'tool/call'>, section: SectionState): void {
    const { callId, name, turn, step } = event.data
    const root = newCall({ callId, seq: event.seq, callTime: event.time, turn, step, name, argsRaw: event.data.arguments, hasCallHead: true })
    this.#newTree(root, section)
    this.host.facts.tool(name, false)
    this.#open.push(root)
  }

  result(event: EventOf<'tool/result'>, section: SectionState): void {
    const source = event.data.message.source
    const callId = typeof source.callId === 'string' ? source.callId : event.data.message.content[0].toolCallId
    const result = resultOf(event)
    const item = this.#trees.get(callId)
    if (item === undefined) {
      // Orphan: anchored at the result, no call head, name '' (never guessed from the text).
      const root = newCall({ callId, seq: event.seq, callTime: null, turn: event.data.turn, step: event.data.step })
      root.result = result
      this.#newTree(root, section)
    } else {
      const root = item.tree.root
      if (root.result !== null) {
        // A second result replaces the first and loses the call head (upstream edge case, cards.md §3.3).
        root.hasCallHead = false
        root.name = ''
        root.argsRaw = ''
      } else {
        if (!root.hasCallHead) root.seq = event.seq
        this.host.facts.toolDuration(root.callTime, event.time)
      }
      root.result = result
      this.#settled(root)
      item.touch()
    }
    this.#linkFromText(result.content, callId, event.seq)
  }

  /** A code-dispatch start or settle; returns a raw entry's reason when the edge is rejected. */
  dispatch(event: EventOf<'tool/code-dispatch-start'> | EventOf<'tool/code-dispatch'>, section: SectionState, turn: number | null, step: number | null): string | null {
    const { rootCallId, parentCallId, subCallId, name } = event.data
    const settle = event.type === 'tool/code-dispatch'
    let item = this.#trees.get(rootCallId)
    if (item === undefined) item = this.#newTree(newCall({ callId: rootCallId, seq: event.seq, callTime: null, turn, step }), section)
    const tree = item.tree
    const existing = tree.find(subCallId)
    if (existing !== undefined && existing !== tree.root) {
      if (event.type === 'tool/code-dispatch') {
        existing.name = name
        existing.argsRaw = dispatchArgs(event.data.arguments)
        existing.hasCallHead = true
        existing.result = dispatchResultOf(event)
        this.#settled(existing)
        this.#linkFromText(existing.result.content, subCallId, event.seq)
        item.touch()
      }
      return null // a repeated start for a known child changes nothing
    }
    const child = newCall({ callId: subCallId, seq: event.seq, callTime: settle ? null : event.time, turn, step, name, argsRaw: dispatchArgs(event.data.arguments), hasCallHead: true })
    if (event.type === 'tool/code-dispatch') child.result = dispatchResultOf(event)
    const rejected = tree.addChild(parentCallId, child, this.#placed)
    if (rejected !== null) return `code-dispatch edge rejected: ${rejected}`
    this.#placed.add(subCallId)
    this.host.facts.tool(name, true)
    if (child.result === null) this.#open.push(child)
    else this.#linkFromText(child.result.content, subCallId, event.seq)
    item.touch()
    return null
  }

  /** The turn closed: its running roots with no known step become interrupted; nothing stays "open". */
  closeTurn(turn: number, boundary: Boundary): void {
    for (const item of this.#byTurn.get(turn) ?? []) {
      item.turnEnd ??= boundary
      item.touch()
    }
    this.#byTurn.delete(turn)
    this.#open = []
  }

  #newTree(root: CallState, section: SectionState): ToolItem {
    const plain = `tool:${root.callId}`
    const key = this.#keys.has(plain) ? `${plain}@${root.seq}` : plain
    this.#keys.add(plain)
    this.#keys.add(key)
    const item = new ToolItem(section, key, new ToolTree(root))
    this.#trees.set(root.callId, item)
    const { turn, step } = root
    if (turn !== null && step !== null) {
      item.step = this.host.stepFor(turn, step, root.seq)
      item.step.dependents.push(item)
    } else if (turn !== null) {
      const closed = this.host.closedTurn(turn)
      if (closed !== null) item.turnEnd = closed
      else {
        const open = this.#byTurn.get(turn)
        if (open === undefined) this.#byTurn.set(turn, [item])
        else open.push(item)
      }
    }
    return item
  }

  #settled(call: CallState): void {
    const index = this.#open.indexOf(call)
    if (index !== -1) this.#open.splice(index, 1)
  }

  #linkFromText(content: readonly ContentBlock[], callId: string, seq: number): void {
    for (const block of content) {
      if (block.type !== 'text' || typeof block.text !== 'string') continue
      const match = STARTED_SUBAGENT.exec(block.text)
      if (match?.[1] !== undefined) this.host.facts.child({ sessionId: match[1], via: 'result-text', callId, seq, label: null, mode: null })
    }
  }
}
