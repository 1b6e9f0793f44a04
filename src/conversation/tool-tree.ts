/**
 * One tool tree while it is being folded: the root call (`tool/call`), its results and its code-dispatch
 * children (cards.md §3.3). Owns pairing by id, the "second result replaces, with no call head" edge case,
 * dispatch edge rules (self, re-parent, cycle, depth 256) and the synthetic interrupted result at a closed
 * step/turn. `toNode()` turns the mutable state into the plain `ToolCallNode` the cards read.
 */
import type { EventOf } from '../log/events/schema'
import type { ToolCallNode, ToolCallResult } from './tool-call'

/** Deepest allowed code-dispatch nesting below a root (cards.md §3.3). */
export const MAX_DISPATCH_DEPTH = 256

/** A closed step or turn: where running calls become interrupted. */
export interface Boundary {
  seq: number
  time: number | null
}

export interface CallState {
  callId: string
  name: string
  argsRaw: string
  hasCallHead: boolean
  seq: number
  callTime: number | null
  turn: number | null
  step: number | null
  result: ToolCallResult | null
  children: CallState[]
  parentCallId: string | null
  depth: number
}

export function newCall(init: Pick<CallState, 'callId' | 'seq' | 'callTime' | 'turn' | 'step'> & Partial<CallState>): CallState {
  return {
    name: '',
    argsRaw: '',
    hasCallHead: false,
    result: null,
    children: [],
    parentCallId: null,
    depth: 0,
    ...init,
  }
}

/** The settled result of an appended `tool/result` (v0 wrapper shape after normalization). */
export function resultOf(event: EventOf<'tool/result'>): ToolCallResult {
  const block = event.data.message.content[0]
  const result: ToolCallResult = {
    seq: event.seq,
    time: event.time,
    content: block.content,
    isError: block.isError === true,
    error: event.data.error ?? null,
    synthetic: false,
  }
  if (event.data.meta !== undefined) result.meta = event.data.meta
  return result
}

/** A dispatch settle: `content ?? []`, `isError === true`; v4 `error`/`meta` are kept when present. */
export function dispatchResultOf(event: EventOf<'tool/code-dispatch'>): ToolCallResult {
  const result: ToolCallResult = {
    seq: event.seq,
    time: event.time,
    content: event.data.content ?? [],
    isError: event.data.isError === true,
    error: event.data.error ?? null,
    synthetic: false,
  }
  if (event.data.meta !== undefined) result.meta = event.data.meta
  return result
}

/** Compact JSON re-serialisation of dispatch arguments (an object on the wire, not model text). */
export function dispatchArgs(args: unknown): string {
  return args === undefined ? '' : (JSON.stringify(args) ?? '')
}

/** The synthetic settle for a call still running when its step (or turn) closed (cards.md §3.3). */
export function interruptedResult(boundary: Boundary): ToolCallResult {
  return {
    seq: boundary.seq - 0.8,
    time: boundary.time,
    content: [],
    isError: true,
    error: { name: 'Interrupted', code: 'interrupted' },
    synthetic: true,
  }
}

export type EdgeRejection = 'self' | 'cycle' | 'already-placed' | 'unknown-parent' | 'depth'

/**
 * All calls of one tree by id, so dispatch events find their node in O(1). `placed` is shared by every
 * tree of a conversation: a sub-call id already placed anywhere cannot get a second parent.
 */
export class ToolTree {
  readonly root: CallState
  readonly #byId = new Map<string, CallState>()

  constructor(root: CallState) {
    this.root = root
    this.#byId.set(root.callId, root)
  }

  find(callId: string): CallState | undefined {
    return this.#byId.get(callId)
  }

  /**
   * Validates and adds a new child edge `parentCallId → child`. Returns the rejection reason instead of
   * adding when the edge is a self-loop, would close a cycle (the child is this tree's root), re-parents
   * an id placed elsewhere, hangs under a parent this tree does not know, or nests deeper than 256.
   */
  addChild(parentCallId: string, child: CallState, placed: ReadonlySet<string>): EdgeRejection | null {
    if (parentCallId === child.callId) return 'self'
    if (child.callId === this.root.callId) return 'cycle'
    if (placed.has(child.callId)) return 'already-placed'
    const parent = this.#byId.get(parentCallId)
    if (parent === undefined) return 'unknown-parent'
    if (parent.depth + 1 > MAX_DISPATCH_DEPTH) return 'depth'
    child.parentCallId = parent.callId
    child.depth = parent.depth + 1
    parent.children.push(child)
    this.#byId.set(child.callId, child)
    return null
  }
}

/** Plain-JSON node for the cards; running calls settle as interrupted when `boundary` is known. */
export function toNode(call: CallState, boundary: Boundary | null): ToolCallNode {
  const result = call.result ?? (boundary === null ? null : interruptedResult(boundary))
  return {
    callId: call.callId,
    name: call.name,
    argsRaw: call.argsRaw,
    hasCallHead: call.hasCallHead,
    seq: call.seq,
    callTime: call.callTime,
    turn: call.turn,
    step: call.step,
    result,
    subCalls: call.children.map((child) => toNode(child, boundary)),
    parentCallId: call.parentCallId,
  }
}
