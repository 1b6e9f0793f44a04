/**
 * Tool trees (trajectory.md §4.6): a root call (`tool/call`, or — with no call loaded — its first
 * `tool/result`), its result, and its PTC sub-calls from `tool/code-dispatch-start` / `tool/code-dispatch`
 * (`tool/ptc-dispatch*` on the wire), nested by `parentCallId` in first-seen order. An edge is refused when
 * it would re-parent a call, close a cycle, or nest deeper than 256 below the root; a refused edge is
 * reported (the builder lists it as unexplained), never silently dropped. `project()` turns a tree into the
 * call views the layout reads, iteratively: a call still running when its step or turn closed gets the
 * synthetic failed result `Interrupted: interrupted` at the closing event.
 */
import type { ContentBlock, EventOf } from '../../log/events/schema'
import { closedAt, type Boundary, type Location } from './location'

/** Deepest allowed nesting, the root counting as 1 (upstream MAX_DEPTH). */
export const MAX_CALL_DEPTH = 256

export interface CallResult {
  seq: number
  time: number | null
  content: ContentBlock[]
  isError: boolean
  error?: { name: string; code: string }
  /** The call head the result pairs with; null for a result with no loaded call. */
  call: { name: string; argsRaw: string } | null
  /** When the call started; null without a start event. */
  callTime: number | null
  interrupted: boolean
}

interface CallNode {
  callId: string
  /** The start event's seq (`tool/call`, dispatch start); null when only a settle was loaded. */
  seq: number | null
  name: string
  argsRaw: string
  /** The start event's time, for a call seen starting (a settle alone gives none). */
  time: number | null
  result: CallResult | null
}

/** A tree's sub-calls: each node, the children of each parent (in first-seen order), each parent, each first log line. */
interface SubCalls {
  nodes: Map<string, CallNode>
  children: Map<string, string[]>
  parents: Map<string, string>
  /** The log line of each sub-call's first event, for reports. */
  lines: Map<string, number>
}

/** A call as the layout reads it: settled (with result) or running, with its sub-calls in order. */
export interface CallView {
  callId: string
  seq: number | null
  name: string
  argsRaw: string
  time: number | null
  result: CallResult | null
  subCalls: CallView[]
}

/** The call a `tool/result` answers: its source's `callId`, else its result block's `toolCallId`. */
export function toolResultCallId(event: EventOf<'tool/result'>): string {
  const source = event.data.message.source
  return typeof source['callId'] === 'string' ? source['callId'] : event.data.message.content[0].toolCallId
}

export class ToolTree {
  root: CallNode | null = null
  /** The `tool/call` was loaded: the tree has a start location and can be interrupted. */
  started = false
  /** The root's turn and step, from its `tool/call` (a running call is placed by them). */
  turn = 0
  step = 0
  location: Location | null = null
  /** Seq of the event that made the tree visible (its `tool/call`, else its first result). */
  anchor: number | null = null
  /** The PTC sub-calls; null until the first dispatch (most trees have none, and a 100 MB log has 12,000 trees). */
  #subs: SubCalls | null = null

  constructor(readonly rootId: string) {}

  call(event: EventOf<'tool/call'>, location: Location): void {
    this.root = { callId: this.rootId, seq: event.seq, name: event.data.name, argsRaw: event.data.arguments, time: event.time, result: null }
    this.started = true
    this.turn = event.data.turn
    this.step = event.data.step
    this.location = location
    this.anchor = event.seq
  }

  result(event: EventOf<'tool/result'>): void {
    const block = event.data.message.content[0]
    const running = this.root !== null && this.root.result === null ? this.root : null
    if (!this.started && this.root !== null) return // with no call loaded, the first result is the tree
    const result: CallResult = {
      seq: event.seq,
      time: event.time,
      content: block.content,
      isError: block.isError === true,
      call: running === null ? null : { name: running.name, argsRaw: running.argsRaw },
      callTime: running?.time ?? null,
      interrupted: false,
    }
    const error = event.data.error
    if (error !== undefined) result.error = { name: error.name, code: error.code }
    this.root = { callId: this.rootId, seq: running?.seq ?? null, name: running?.name ?? '', argsRaw: running?.argsRaw ?? '', time: running?.time ?? null, result }
    this.anchor ??= event.seq
  }

  /** A dispatch start or settle; returns why the edge was refused, or null. */
  dispatch(event: EventOf<'tool/code-dispatch-start'> | EventOf<'tool/code-dispatch'>, line: number): string | null {
    const { parentCallId: parent, subCallId: child } = event.data
    const subs = (this.#subs ??= { nodes: new Map(), children: new Map(), parents: new Map(), lines: new Map() })
    const known = subs.parents.get(child) === parent
    if (!known) {
      const refused = refuse(subs, parent, child)
      if (refused !== null) return refused
    }
    const start = event.type === 'tool/code-dispatch-start'
    if (start && known) return null
    const argsRaw = event.data.arguments === undefined ? '' : (JSON.stringify(event.data.arguments) ?? '')
    if (start) subs.nodes.set(child, { callId: child, seq: event.seq, name: event.data.name, argsRaw, time: event.time, result: null })
    else {
      const previous = subs.nodes.get(child)
      const settle = event.data as EventOf<'tool/code-dispatch'>['data']
      const result: CallResult = {
        seq: event.seq,
        time: event.time,
        content: settle.content ?? [],
        isError: settle.isError === true,
        call: { name: event.data.name, argsRaw },
        callTime: previous !== undefined && previous.result === null ? previous.time : null,
        interrupted: false,
      }
      if (settle.error !== undefined) result.error = { name: settle.error.name, code: settle.error.code }
      subs.nodes.set(child, { callId: child, seq: previous?.seq ?? null, name: event.data.name, argsRaw: previous?.argsRaw ?? argsRaw, time: previous?.time ?? null, result })
    }
    if (!subs.lines.has(child)) subs.lines.set(child, line)
    if (!known) {
      const siblings = subs.children.get(parent)
      if (siblings === undefined) subs.children.set(parent, [child])
      else siblings.push(child)
      subs.parents.set(child, parent)
    }
    return null
  }

  /** Every sub-call id, in first-seen order. */
  subCallIds(): string[] {
    return this.#subs === null ? [] : [...this.#subs.nodes.keys()]
  }

  lineOf(id: string): number {
    return this.#subs?.lines.get(id) ?? 0
  }

  /** Sub-call ids no path from the root reaches (their parent was never loaded). */
  unreachable(): string[] {
    const subs = this.#subs
    if (subs === null) return []
    const reached = new Set<string>()
    const stack = [this.rootId]
    while (stack.length > 0) {
      const id = stack.pop() as string
      for (const child of subs.children.get(id) ?? []) {
        if (reached.has(child)) continue
        reached.add(child)
        stack.push(child)
      }
    }
    return [...subs.nodes.keys()].filter((id) => !reached.has(id))
  }

  /** The tree as views, with running calls interrupted when the root's step or turn has closed. */
  project(): CallView | null {
    const root = this.root
    if (root === null) return null
    const closed = this.started && this.location !== null ? closedAt(this.location) : null
    const top = view(root, closed)
    const subs = this.#subs
    if (subs === null) return top
    // Iterative depth-first expansion; edges were checked on insertion, `seen` guards anyway.
    const stack: { view: CallView; depth: number }[] = [{ view: top, depth: 1 }]
    const seen = new Set<string>([root.callId])
    while (stack.length > 0) {
      const { view: parent, depth } = stack.pop() as { view: CallView; depth: number }
      if (depth >= MAX_CALL_DEPTH) continue
      for (const id of subs.children.get(parent.callId) ?? []) {
        const node = subs.nodes.get(id)
        if (node === undefined || seen.has(id)) continue
        seen.add(id)
        const child = view(node, closed)
        parent.subCalls.push(child)
        stack.push({ view: child, depth: depth + 1 })
      }
    }
    return top
  }
}

/** Why the edge `parent → child` is refused (re-parenting, a cycle, too deep), or null. */
function refuse(subs: SubCalls, parent: string, child: string): string | null {
  if (parent === child) return `sub-call ${child} is its own parent`
  if (subs.parents.has(child)) return `sub-call ${child} already has parent ${subs.parents.get(child) ?? ''}`
  let parentDepth = 0
  const ancestors = new Set<string>()
  for (let cursor: string | undefined = parent; cursor !== undefined; cursor = subs.parents.get(cursor)) {
    if (cursor === child || ancestors.has(cursor)) return `sub-call ${child} under ${parent} closes a cycle`
    ancestors.add(cursor)
    parentDepth++
  }
  let subtreeDepth = 0
  const pending = [{ id: child, depth: 1 }]
  const descendants = new Set<string>()
  for (let i = 0; i < pending.length; i++) {
    const candidate = pending[i] as { id: string; depth: number }
    if (descendants.has(candidate.id)) return `sub-call ${child} under ${parent} closes a cycle`
    descendants.add(candidate.id)
    subtreeDepth = Math.max(subtreeDepth, candidate.depth)
    for (const nested of subs.children.get(candidate.id) ?? []) pending.push({ id: nested, depth: candidate.depth + 1 })
  }
  return parentDepth + subtreeDepth <= MAX_CALL_DEPTH ? null : `sub-call ${child} under ${parent} nests deeper than ${MAX_CALL_DEPTH}`
}

function view(node: CallNode, closed: Boundary | null): CallView {
  let result = node.result
  if (result === null && closed !== null) {
    result = {
      seq: closed.seq - 0.8,
      time: closed.time,
      content: [],
      isError: true,
      error: { name: 'Interrupted', code: 'interrupted' },
      call: { name: node.name, argsRaw: node.argsRaw },
      callTime: node.time,
      interrupted: true,
    }
  }
  return { callId: node.callId, seq: node.seq, name: node.name, argsRaw: node.argsRaw, time: node.time, result, subCalls: [] }
}
