/**
 * The Trajectory fold (trajectory.md §4): `append()` takes the reader's `ParsedLine`s in log order, any
 * batch size — the same lines `ConversationBuilder.append()` takes, so a site feeds both from one read —
 * and `snapshot()` derives the plain JSON model (./derive). This file is the event → contribution
 * dispatch of §4.1; the state each kind needs lives in ./fold, and EVENT_ROLES (./events.ts) says which
 * events show nothing. Older logs arrive already upgraded by the reader (src/log/events/normalize.ts: v4 tool
 * results, `tool/ptc-dispatch*`, decoded streams); the one v0 shape left is the top-level chunk stream,
 * read here for first-token times only, as dsh's upgrade of it into the step's stream would be.
 */
import { runLength } from '../log/damage/invalid-runs'
import type { ParsedLine } from '../log/parsed-line'
import type { EventOf, KnownEvent } from '../log/events/schema'
import { num, prop, str } from '../conversation/narrow'
import { CountAccumulator } from '../conversation/counts'
import { RequestUsageCounter } from '../conversation/usage'
import { derive } from './derive/snapshot'
import { EVENT_ROLES } from './events'
import type { CompactionState, Contribution } from './fold/contributions'
import { displayFailure } from './fold/failure'
import { streamFirstTokenTime, tokenTime } from './fold/first-token'
import { developerContent, InboxClaims, isToolChange } from './fold/inputs'
import { LocationTracker } from './fold/location'
import { PromptStore } from './fold/prompt-store'
import { PromptFold } from './fold/prompts'
import { StepRegistry, type AssistantStep } from './fold/steps'
import { ToolTree, toolResultCallId } from './fold/tools'
import type { TrajectorySnapshot, Unexplained } from './model'

const isAppend = (event: KnownEvent): boolean => event.surfaceOp === undefined || event.surfaceOp === 'append'


/**
 * The one usage count and call count (src/conversation/usage.ts, counts.ts) of the same lines, fed by
 * another fold: a build folds the Chat from the same batches, and its counters are read instead of counting
 * every event a second time (src/site/fold/fold-log.ts). They must have taken every line this builder
 * takes, and no other, by the time `snapshot()` reads them.
 */
export interface SharedCounters {
  usage: RequestUsageCounter
  counts: CountAccumulator
}

export class TrajectoryBuilder {
  readonly #contributions: Contribution[] = []
  readonly #location = new LocationTracker()
  readonly #prompts = new PromptStore()
  readonly #promptFold = new PromptFold(this.#prompts)
  readonly #steps = new StepRegistry()
  readonly #trees = new Map<string, ToolTree>()
  readonly #compactions = new Map<string, CompactionState>()
  readonly #inbox = new InboxClaims()
  readonly #usage: RequestUsageCounter
  /** The one tool-call count (src/conversation/counts.ts): the totals read it, not the ledger's rows. */
  readonly #counts: CountAccumulator
  /** This builder feeds the counters (false: another fold of the same lines does, `SharedCounters`). */
  readonly #feeds: boolean
  readonly #unexplained: Unexplained[] = []
  #invalidLines = 0
  #line = 0

  constructor(shared?: SharedCounters) {
    this.#usage = shared?.usage ?? new RequestUsageCounter()
    this.#counts = shared?.counts ?? new CountAccumulator()
    this.#feeds = shared === undefined
  }

  append(lines: Iterable<ParsedLine>): void {
    for (const line of lines) {
      this.#line = line.line
      switch (line.kind) {
        case 'header':
          // The seed cut: a fork child's copied requests are the parent's (src/conversation/usage.ts).
          if (!this.#feeds) break
          this.#usage.header(line.header)
          this.#counts.header(line.header)
          break
        case 'event':
          this.#event(line.event)
          break
        case 'unknown':
          this.#unexplained.push({ line: line.line, seq: line.event.seq, type: line.event.type, reason: line.reason })
          break
        case 'invalid':
          this.#invalidLines += runLength(line)
          break
        default:
      }
    }
  }

  snapshot(): TrajectorySnapshot {
    return derive({
      contributions: this.#contributions,
      prompts: this.#prompts.prompts,
      usage: this.#usage,
      counts: this.#counts.counts(),
      unexplained: this.#unexplained,
      invalidLines: this.#invalidLines,
      trees: this.#trees.values(),
    })
  }

  #unplaced(event: KnownEvent, reason: string): void {
    this.#unexplained.push({ line: this.#line, seq: event.seq, type: event.wireType ?? event.type, reason })
  }

  #event(stored: KnownEvent): void {
    // Fixtures write 0 where a clock was stripped; no event happens at the epoch (the conversation agrees).
    const event = stored.time !== null && stored.time <= 0 ? ({ ...stored, time: null } as KnownEvent) : stored
    if (this.#feeds) {
      this.#usage.take(event)
      this.#counts.add(event)
    }
    if (PromptFold.reads(event)) {
      const surface = this.#promptFold.surfaceEvent(event, this.#location.current)
      if (surface !== null) this.#contributions.push(surface.kind === 'header' ? { kind: 'header', header: surface.header } : { kind: 'system-prompt', node: surface.node })
    }
    switch (event.type) {
      case 'turn/start':
        return this.#location.turnStart(event.data.turn)
      case 'turn/end': {
        const boundary = { seq: event.seq, time: event.time }
        this.#location.turnEnd(event.data.turn, boundary)
        const reason = event.data.reason
        this.#contributions.push({ kind: 'turn-end', turn: event.data.turn, boundary, error: reason.kind === 'error' ? displayFailure(prop(reason, 'error')) : null })
        return
      }
      case 'step/start': {
        const location = this.#location.stepStart(event.data.turn, event.data.step)
        const step = this.#steps.open(event, location)
        step.contributed = true
        this.#contributions.push({ kind: 'assistant', step })
        return
      }
      case 'step/end': {
        const boundary = { seq: event.seq, time: event.time }
        const step = this.#steps.get(event.data.turn, event.data.step)
        if (step !== undefined) step.stepEnd ??= boundary
        this.#location.stepEnd(event.data.turn, event.data.step, boundary)
        return
      }
      case 'assistant/message':
        if (!isAppend(event)) return // a surface replacement: read by the prompt fold only
        return this.#settle(event)
      case 'assistant/attempt':
        return this.#steps.find(event.data.turn, event.data.step, event.seq).noteFirstToken(streamFirstTokenTime(event.data.stream))
      case 'assistant/chunk':
        return this.#steps.find(event.data.turn, event.data.step, event.seq).noteFirstToken(tokenTime(event.data.chunk, event.time))
      case 'llm/retry': {
        const turn = event.data.turn ?? this.#location.current.turn?.turn
        const step = event.data.step ?? this.#location.current.step?.step
        if (turn !== undefined && step !== undefined) this.#steps.get(turn, step)?.retryWith(event.data)
        return
      }
      case 'system/message':
        return // read by the prompt fold above
      case 'request/header':
        this.#contributions.push({ kind: 'header', header: this.#promptFold.requestHeader(event, this.#location.current) })
        return
      case 'user/message':
        return this.#input(event)
      case 'developer/message': {
        const content = developerContent(event.data)
        if (content !== null && isToolChange(content)) {
          this.#contributions.push({ kind: 'input', input: { kind: 'context', seq: event.seq, time: event.time, content, source: prop(prop(event.data, 'message'), 'source') ?? null, location: this.#location.current } })
        }
        return
      }
      case 'tool/call': {
        const tree = this.#tree(event.data.callId)
        const visible = tree.anchor !== null
        tree.call(event, this.#location.current)
        if (!visible) this.#contributions.push({ kind: 'tool', tree })
        return
      }
      case 'tool/result': {
        if (!isAppend(event)) return // a surface replacement
        const tree = this.#tree(toolResultCallId(event))
        const visible = tree.anchor !== null
        tree.result(event)
        if (!visible) this.#contributions.push({ kind: 'tool', tree })
        return
      }
      case 'tool/code-dispatch-start':
      case 'tool/code-dispatch': {
        const root = event.data.rootCallId
        if (root === '') return this.#unplaced(event, 'a sub-call with an empty rootCallId')
        const refused = this.#tree(root).dispatch(event, this.#line)
        if (refused !== null) this.#unplaced(event, refused)
        return
      }
      case 'compaction/start':
      case 'compaction/summary':
      case 'compaction/end':
        return this.#compaction(event)
      case 'session/end-seed':
        this.#contributions.push({ kind: 'session-end', boundary: { seq: event.seq, time: event.time } })
        return
      case 'agent/inbox/spliced':
        return this.#inbox.splice(event.data)
      default:
        if (EVENT_ROLES[event.type] !== 'nothing-visible') this.#unplaced(event, 'a contribution event the Trajectory builder does not handle')
    }
  }

  #settle(event: EventOf<'assistant/message'>): void {
    const step: AssistantStep = this.#steps.find(event.data.turn, event.data.step, event.seq)
    if (!step.started) step.startSeq = event.seq
    step.settle(event)
    if (!step.contributed) {
      step.contributed = true
      this.#contributions.push({ kind: 'assistant', step })
    }
  }

  #input(event: EventOf<'user/message'>): void {
    const source = event.data.source
    const kind = source.kind !== 'user' ? 'context' : this.#inbox.claims(event.data.id) ? 'steering' : 'user'
    this.#contributions.push({ kind: 'input', input: { kind, seq: event.seq, time: event.time, content: event.data.content, source, location: this.#location.current } })
    const checkpoint = str(source['compactionId'])
    if (source.kind === 'compact-checkpoint' && checkpoint !== null && checkpoint !== '') {
      const compaction = this.#compactions.get(checkpoint)
      if (compaction !== undefined) compaction.checkpointSeq = event.seq
    }
  }

  #compaction(event: EventOf<'compaction/start'> | EventOf<'compaction/summary'> | EventOf<'compaction/end'>): void {
    const id = event.data.compactionId
    const known = this.#compactions.get(id)
    if (event.type === 'compaction/start') {
      // One compaction per id (as the usage counter counts it): a repeated start changes nothing.
      if (known !== undefined) return
      const compaction: CompactionState = { id, startSeq: event.seq, startTime: event.time, turn: num(prop(event.data, 'turn')), summary: null, end: null, checkpointSeq: null }
      this.#compactions.set(id, compaction)
      this.#contributions.push({ kind: 'compaction', compaction })
      return
    }
    if (known === undefined) return this.#unplaced(event, `${event.type} without its compaction/start`)
    const data = event.data as Record<string, unknown>
    if (event.type === 'compaction/summary') {
      known.summary = {
        seq: event.seq,
        blocks: blocksOf(data['summary']),
        rawOutput: blocksOf(data['rawOutput']),
        provider: str(data['provider']),
        model: str(data['model']),
        maxTokens: num(data['maxTokens']),
      }
      return
    }
    const error = data['error']
    known.end = { time: event.time, error: error === undefined || error === null ? null : typeof error === 'string' ? error : displayFailure(error).message }
  }

  #tree(callId: string): ToolTree {
    let tree = this.#trees.get(callId)
    if (tree === undefined) {
      tree = new ToolTree(callId)
      this.#trees.set(callId, tree)
    }
    return tree
  }
}

function blocksOf(value: unknown): EventOf<'user/message'>['data']['content'] | null {
  if (!Array.isArray(value)) return null
  return value.filter((block): block is EventOf<'user/message'>['data']['content'][number] => typeof block === 'object' && block !== null && typeof Reflect.get(block, 'type') === 'string')
}
