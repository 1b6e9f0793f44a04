/**
 * The first derivation step (upstream's snapshot builder, trajectory.md §4.2–4.9): the fold's
 * contributions, walked in anchor order, become the finalized nodes the ledger is laid out from (input
 * messages, settled assistant messages, settled or interrupted tool trees), the request views (assistant
 * requests opened by `step/start`, compactions), the calls still running, and each call's schema at call
 * time. Headers apply to the request of the step they sit in, else to every later request; each prompt
 * change is consumed by one request. Then a `session/end-seed` interrupts the latest compaction still
 * running before it, and an `error` turn end fails the turn's last assistant request.
 */
import type { ContentBlock, MessageSource, TokenUsage } from '../../log/events/schema'
import { str } from '../../conversation/narrow'
import { compactionRequestKey, type RequestUsageCounter } from '../../conversation/usage'
import { anchorOf, type CompactionState, type Contribution } from '../fold/contributions'
import type { DisplayFailure } from '../fold/failure'
import type { InputMessage } from '../fold/inputs'
import type { Boundary } from '../fold/location'
import type { StoredPrompt } from '../fold/prompt-store'
import type { HeaderChange, HeaderState, SystemNode } from '../fold/prompts'
import type { AssistantStep, RetryFacts } from '../fold/steps'
import type { CallView, ToolTree } from '../fold/tools'
import type { TrajectoryStatus } from '../model'
import { PairMap } from '../pair-map'

/** A settled assistant message, as the layout reads it. */
export interface AssistantNode {
  kind: 'assistant'
  seq: number
  time: number | null
  turn: number
  step: number
  content: ContentBlock[]
  source: MessageSource
  usage: TokenUsage | null
  interrupted: boolean
  stepStartTime: number | null
  firstTokenTime: number | null
  /** The request the usage counter settles with this message. */
  requestKey: string
  /** Options of the header in force, for a request opened by `step/start`. */
  requestConfig?: unknown
}

export interface ToolResultNode {
  kind: 'tool-result'
  seq: number
  time: number | null
  call: CallView
}

export interface InputNode {
  kind: 'input'
  seq: number
  input: InputMessage
}

export type Node = AssistantNode | ToolResultNode | InputNode

interface RequestBase {
  startSeq: number
  startedAt: number | null
  completedAt: number | null
  status: TrajectoryStatus
  error?: DisplayFailure & { interruptedCompaction?: true }
  provider?: string
  model?: string
  requestConfig?: unknown
  usage: TokenUsage | null
  resultSeq?: number
}

export interface AssistantRequestView extends RequestBase {
  kind: 'assistant'
  turn: number
  step: number
  prompt?: number
  promptChange?: HeaderChange
  retry?: RetryFacts
  firstTokenTime: number | null
  /** Envelope times exist for it (§4.10): false for a stripped log. */
  timed: boolean
}

export interface CompactionRequestView extends RequestBase {
  kind: 'compaction'
  turn: number | null
  compaction: CompactionState
}

export type RequestView = AssistantRequestView | CompactionRequestView

export interface RunningCall {
  turn: number
  step: number
  call: CallView
}

export interface Inspection {
  systemPrompts: SystemNode[]
  /** Sorted by seq (the layout merges them in this order with its other entries). */
  nodes: Node[]
  requests: RequestView[]
  runningCalls: RunningCall[]
  callSchemas: Map<string, { prompt: number; name: string }>
}

const text = (value: unknown): string | undefined => str(value) ?? undefined


function assistantRequest(step: AssistantStep, usage: TokenUsage | null): AssistantRequestView {
  const message = step.message
  const boundary: Boundary | null = message === null ? step.boundary : null
  const status: TrajectoryStatus = message !== null ? (message.interrupted ? 'error' : 'complete') : boundary !== null ? 'error' : 'running'
  const completedAt = message !== null ? message.time : (boundary?.time ?? null)
  const view: AssistantRequestView = {
    kind: 'assistant',
    startSeq: step.startSeq,
    turn: step.turn,
    step: step.step,
    startedAt: step.startTime,
    completedAt,
    status,
    usage,
    firstTokenTime: step.firstTokenTime,
    timed: step.startTime !== null || completedAt !== null,
  }
  if (step.retry !== null) {
    view.retry = step.retry
    view.error = { message: step.retry.message, ...(step.retry.code === undefined ? {} : { code: step.retry.code }) }
  }
  if (message !== null) {
    view.resultSeq = message.seq
    const provider = text(message.source['provider'])
    const model = text(message.source['model'])
    if (provider !== undefined) view.provider = provider
    if (model !== undefined) view.model = model
  }
  return view
}

/** A compaction's request view; its usage is the one count's for it (its last `compaction/summary`). */
function compactionRequest(compaction: CompactionState, usage: RequestUsageCounter): CompactionRequestView {
  const end = compaction.end
  const view: CompactionRequestView = {
    kind: 'compaction',
    startSeq: compaction.startSeq,
    turn: compaction.turn,
    startedAt: compaction.startTime,
    completedAt: end?.time ?? null,
    status: end === null ? 'running' : end.error === null ? 'complete' : 'error',
    usage: compaction.summary === null ? null : usage.usageOf(compactionRequestKey(compaction.id)),
    compaction,
  }
  if (end !== null && end.error !== null) view.error = { message: end.error }
  const summary = compaction.summary
  if (summary !== null) {
    view.resultSeq = summary.seq
    if (summary.provider !== null) view.provider = summary.provider
    if (summary.model !== null) view.model = summary.model
    view.requestConfig = { provider: summary.provider, model: summary.model, purpose: 'compaction', ...(summary.maxTokens === null ? {} : { maxTokens: summary.maxTokens }) }
  }
  return view
}

/** Each call of a tree (root first, then its sub-calls depth first; iterative) whose tool `tools` names gets the header's schema. */
function noteSchemas(root: CallView, header: HeaderState, tools: ReadonlySet<string>, schemas: Inspection['callSchemas']): void {
  const stack = [root]
  while (stack.length > 0) {
    const call = stack.pop() as CallView
    const name = call.result?.call?.name ?? call.name
    if (tools.has(name)) schemas.set(call.callId, { prompt: header.prompt, name })
    for (let i = call.subCalls.length - 1; i >= 0; i--) stack.push(call.subCalls[i] as CallView)
  }
}

export function inspect(contributions: readonly Contribution[], prompts: readonly StoredPrompt[], usage: RequestUsageCounter): Inspection {
  const ordered = anchorOrder(contributions)
  // By the turn and step a header sits in.
  const headersByStep = new PairMap<{ latest: HeaderState; change?: HeaderChange }>()
  const represented = new Set<number>()
  for (let i = 0; i < ordered.length; i++) {
    const c = ordered[i] as Contribution
    if (c.kind !== 'header') continue
    const header = c.header
    if (header.change !== undefined) represented.add(header.change.seq)
    const { turn, step } = header.location
    if (turn === null || step === null) continue
    const change = header.change ?? headersByStep.get(turn.turn, step.step)?.change
    headersByStep.set(turn.turn, step.step, change === undefined ? { latest: header } : { latest: header, change })
  }

  const out: Inspection = { systemPrompts: [], nodes: [], requests: [], runningCalls: [], callSchemas: new Map() }
  const boundaries: Boundary[] = []
  const endings: { turn: number; boundary: Boundary; error: DisplayFailure }[] = []
  const consumed = new Set<number>()
  let previousHeader: HeaderState | undefined
  let previousTools: ReadonlySet<string> = new Set<string>()
  const toolNames = new Map<number, Set<string>>()

  for (let i = 0; i < ordered.length; i++) {
    const c = ordered[i] as Contribution
    switch (c.kind) {
      case 'system-prompt':
        if (!represented.has(c.node.seq)) out.systemPrompts.push(c.node)
        break
      case 'header': {
        previousHeader = c.header
        // Most headers repeat one of a few prompts: each prompt's tool names are gathered once.
        let names = toolNames.get(c.header.prompt)
        if (names === undefined) {
          names = new Set()
          const tools = prompts[c.header.prompt]?.tools ?? []
          for (let t = 0; t < tools.length; t++) {
            const tool = tools[t]
            const name = typeof tool === 'object' && tool !== null ? Reflect.get(tool, 'name') : undefined
            if (typeof name === 'string') names.add(name)
          }
          toolNames.set(c.header.prompt, names)
        }
        previousTools = names
        break
      }
      case 'input':
        out.nodes.push({ kind: 'input', seq: c.input.seq, input: c.input })
        break
      case 'assistant': {
        const step = c.step
        const header = step.started
          ? (headersByStep.get(step.turn, step.step) ?? (previousHeader !== undefined && previousHeader.seq < step.startSeq ? { latest: previousHeader, change: previousHeader.change } : undefined))
          : undefined
        const message = step.message
        // The step's getter writes its key anew at each read: read once, for the node and the request.
        const requestKey = step.requestKey
        if (message !== null) {
          const node: AssistantNode = {
            kind: 'assistant', seq: message.seq, time: message.time, turn: step.turn, step: step.step, content: message.content, source: message.source,
            usage: message.usage, interrupted: message.interrupted, stepStartTime: step.started ? step.startTime : null, firstTokenTime: step.firstTokenTime, requestKey,
          }
          if (header !== undefined) node.requestConfig = prompts[header.latest.prompt]?.config ?? null
          out.nodes.push(node)
        }
        if (!step.started) break
        const request = assistantRequest(step, usage.usageOf(requestKey))
        if (header !== undefined) {
          request.prompt = header.latest.prompt
          request.requestConfig = prompts[header.latest.prompt]?.config ?? null
          const change = header.change
          if (change !== undefined && !consumed.has(change.seq)) {
            request.promptChange = change
            consumed.add(change.seq)
          }
        }
        out.requests.push(request)
        break
      }
      case 'tool': {
        const view = c.tree.project()
        if (view === null) break
        if (view.result !== null) out.nodes.push({ kind: 'tool-result', seq: view.result.seq, time: view.result.time, call: view })
        else out.runningCalls.push({ turn: c.tree.turn, step: c.tree.step, call: view })
        if (previousHeader !== undefined && previousHeader.seq < anchorOf(c)) noteSchemas(view, previousHeader, previousTools, out.callSchemas)
        break
      }
      case 'compaction':
        out.requests.push(compactionRequest(c.compaction, usage))
        break
      case 'session-end':
        boundaries.push(c.boundary)
        break
      case 'turn-end':
        if (c.error !== null) endings.push({ turn: c.turn, boundary: c.boundary, error: c.error })
        break
    }
  }

  out.requests.sort((a, b) => a.startSeq - b.startSeq)
  interruptCompactions(out.requests, boundaries)
  applyTurnErrors(out.requests, endings)
  out.nodes.sort((a, b) => a.seq - b.seq)
  return out
}

/**
 * The contributions by anchor, ties in arrival order. The fold adds each at its anchor event, so they
 * arrive in order and are returned as they are; the sort is for anything that does not.
 */
function anchorOrder(contributions: readonly Contribution[]): readonly Contribution[] {
  let previous = Number.NEGATIVE_INFINITY
  let sorted = true
  for (let i = 0; i < contributions.length; i++) {
    const anchor = anchorOf(contributions[i] as Contribution)
    if (!(anchor >= previous)) {
      sorted = false
      break
    }
    previous = anchor
  }
  if (sorted) return contributions
  return contributions.map((c, i) => ({ c, anchor: anchorOf(c), i })).sort((a, b) => a.anchor - b.anchor || a.i - b.i).map((x) => x.c)
}

/** Each `session/end-seed` fails the latest compaction still running that started before it. */
function interruptCompactions(requests: RequestView[], boundaries: readonly Boundary[]): void {
  let next = 0
  const running: CompactionRequestView[] = []
  for (const boundary of boundaries) {
    for (; next < requests.length; next++) {
      const request = requests[next] as RequestView
      if (request.startSeq >= boundary.seq) break
      if (request.kind === 'compaction' && request.status === 'running') running.push(request)
    }
    let request = running.pop()
    while (request !== undefined && request.status !== 'running') request = running.pop()
    if (request === undefined) continue
    request.completedAt = boundary.time
    request.status = 'error'
    request.error = { message: '', interruptedCompaction: true }
  }
}

/** An `error` turn end fails the last assistant request of that turn. */
function applyTurnErrors(requests: RequestView[], endings: readonly { turn: number; boundary: Boundary; error: DisplayFailure }[]): void {
  const last = new Map<number, AssistantRequestView>()
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i] as RequestView
    if (request.kind === 'assistant') last.set(request.turn, request)
  }
  for (const ending of endings) {
    const request = last.get(ending.turn)
    if (request === undefined) continue
    request.completedAt ??= ending.boundary.time
    request.status = 'error'
    request.error = { ...ending.error }
  }
}
