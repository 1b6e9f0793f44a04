/**
 * The only fold from reader output to the conversation model (architecture §2.3; cards.md §3). `append()`
 * takes `ParsedLine`s in log order, any batch size; `snapshot()` returns plain JSON. Owns sections (turns
 * and the stretches between them), turn/step location (cards.md §3.1), steps, message and context rows,
 * commands, compactions, replacement markers, raw entries, the seed cut and session facts; tool trees are
 * delegated to ./tool-fold. Knows nothing of cards, files or the DOM.
 */
import { extendRun, joins, runLength } from '../log/damage/invalid-runs'
import type { ParsedLine } from '../log/parsed-line'
import type { EventOf, KnownEvent, SessionHeader } from '../log/events/schema'
import { FactsAccumulator } from './facts'
import { AttemptItem, CommandItem, CompactionItem, MessageItem, RawItem, ReplacementItem, RetryItem, SystemItem } from './items'
import type { Conversation, Section, SessionStatus, TodoWrite } from './model'
import { failureOf, prop, str } from './narrow'
import { SectionState, type BuildContext } from './section'
import { SeedCut } from './seed-cut'
import type { CountAccumulator } from './counts'
import type { CountedRequest, RequestUsageCounter } from './usage'
import { sessionStatus, type StatusEvidence } from './status'
import { StepItem } from './step-item'
import { TailItem } from './tail'
import { ToolFold } from './tool-fold'
import type { Boundary } from './tool-tree'

export interface ConversationOptions {
  /** Live mode: an open step shows its streamed blocks as they arrive. */
  live?: boolean
  /** The reader held back a partial final line (log-format.md §6.1): status becomes `damaged` (./status.ts). */
  tornTail?: boolean
}

const isAppend = (event: KnownEvent): boolean => event.surfaceOp === undefined || event.surfaceOp === 'append'

/** A session's slowest turns kept for the archive overview (its list shows the root's slowest few). */
export const SLOW_TURNS = 5

export class ConversationBuilder {
  readonly #live: boolean
  #torn: boolean
  #header: SessionHeader | null = null
  readonly #sections: SectionState[] = []
  #current: SectionState | null = null
  readonly #facts = new FactsAccumulator()
  readonly #tools: ToolFold
  #turn: number | null = null
  #step: number | null = null
  #lastSeq = -1
  /** The unreadable-line row the log's last entry made: a run that goes on in the next batch extends it. */
  #lastInvalid: RawItem | null = null
  readonly #steps = new Map<string, StepItem>()
  #lastStep: StepItem | null = null
  readonly #turnSteps = new Map<number, StepItem[]>()
  readonly #closedTurns = new Map<number, Boundary>()
  readonly #commands = new Map<string, CommandItem>()
  readonly #compactions = new Map<string, CompactionItem>()
  readonly #steeringIds = new Set<string>()
  /** Ids of producer messages an inbox queued to open a turn (cards-current.md §4.3): `next-turn`, or `next-step` (idle steer). */
  readonly #triggerIds = { nextTurn: new Set<string>(), nextStep: new Set<string>() }
  /** The seed cut (./seed-cut.ts): events below it were copied from the parent. */
  readonly #seed = new SeedCut()
  readonly #todoWrites: TodoWrite[] = []
  #finished = false

  constructor(options: ConversationOptions = {}) {
    this.#live = options.live === true
    this.#torn = options.tornTail === true
    this.#tools = new ToolFold({
      facts: this.#facts,
      stepFor: (turn, step, seq) => this.#stepFor(turn, step, seq, false),
      closedTurn: (turn) => this.#closedTurns.get(turn) ?? null,
    })
  }

  append(lines: Iterable<ParsedLine>): void {
    if (this.#finished) throw new Error('ConversationBuilder: finished, it takes no more lines')
    for (const line of lines) this.#take(line)
  }

  /**
   * The one usage count and call count this fold feeds with every line (./usage.ts, ./counts.ts): a fold of
   * the same lines reads them instead of counting again (the Trajectory's, src/site/fold/fold-log.ts).
   */
  get counters(): { usage: RequestUsageCounter; counts: CountAccumulator } {
    return { usage: this.#facts.usage, counts: this.#facts.counts }
  }

  /** Whether the log currently ends in a held-back partial line (live tails come and go). */
  setTornTail(torn: boolean): void {
    this.#torn = torn
  }

  /**
   * The session's own settled requests and its calls per tool, as the one counts hold them (./usage.ts,
   * ./counts.ts): what an archive's per-day and per-tool figures are made of (src/stats), so nothing counts
   * a second time.
   */
  countedDetail(): { requests: CountedRequest[]; tools: Map<string, number>; lastTool: string | null; slowTurns: { turn: number; ms: number }[] } {
    return { requests: this.#facts.usage.ownRequests(), tools: this.#facts.counts.byTool(), lastTool: this.#facts.counts.lastTool(), slowTurns: this.#facts.counts.slowestTurns(SLOW_TURNS) }
  }

  snapshot(): Conversation {
    return this.#model(this.#sections, () => this.#facts.snapshot(this.#header, this.#status(), this.#seed.cut), false)
  }

  /**
   * The model of `states`, with the facts `facts()` gives once the sections are taken. `release`: each state
   * is let go (its slot emptied) once its section is taken, and the todo list is handed over rather than
   * copied (`finish`).
   */
  #model(states: SectionState[], facts: () => Conversation['facts'], release: boolean): Conversation {
    const ctx: BuildContext = { live: this.#live, inheritedBeforeSeq: this.#seed.cut }
    const sections: Section[] = []
    for (let i = 0; i < states.length; i++) {
      const section = (states[i] as SectionState).snapshot(ctx)
      if (release) states[i] = null as unknown as SectionState
      if (section.turn !== null || section.nodes.length > 0) sections.push(section)
    }
    const todoWrites = release ? this.#todoWrites.splice(0) : this.#todoWrites.slice()
    return { modelVersion: 1, live: this.#live, header: this.#header, facts: facts(), sections, ...(todoWrites.length > 0 ? { todoWrites } : {}) }
  }

  /**
   * The final snapshot, taken once at the end of a fold that will not go on (a static build): each
   * section's state is let go as soon as its part is taken, with the lookups that would keep it alive, so
   * the model and the fold's own state are never both whole (issue 17: a build's peak is this moment). The
   * builder takes no lines afterwards. Equal to `snapshot()`.
   */
  finish(): Conversation {
    // The facts first: the session's status reads the section states.
    const facts = this.#facts.snapshot(this.#header, this.#status(), this.#seed.cut)
    this.#steps.clear()
    this.#turnSteps.clear()
    this.#commands.clear()
    this.#compactions.clear()
    this.#tools.release()
    this.#current = null
    this.#lastStep = null
    this.#finished = true
    return this.#model(this.#sections.splice(0), () => facts, true)
  }

  #status(): SessionStatus {
    let lastTurn: StatusEvidence['lastTurn'] = null
    for (let i = this.#sections.length - 1; i >= 0 && lastTurn === null; i--) {
      const section = this.#sections[i]
      if (section !== undefined && section.turn !== null) lastTurn = { endReason: section.end === null ? null : section.end.reason }
    }
    return sessionStatus({ tornTail: this.#torn, invalidLines: this.#facts.invalidLines, lastTurn })
  }

  #take(line: ParsedLine): void {
    if (line.kind !== 'invalid') this.#lastInvalid = null
    switch (line.kind) {
      case 'header':
        this.#header = line.header
        this.#facts.usage.header(line.header)
        this.#facts.counts.header(line.header)
        if (this.#seed.header(line.header)) this.#cutMoved()
        return
      case 'event':
        this.#event(line.event, line.line, line.frame ?? null)
        return
      case 'unknown': {
        const { event } = line
        this.#facts.unknownEvents++
        this.#facts.noteTime(event.time)
        const section = this.#sectionAt(event.seq)
        this.#lastSeq = Math.max(this.#lastSeq, event.seq)
        new RawItem(section, { rawKind: 'unknown', line: line.line, frame: line.frame ?? null, anchorSeq: event.seq, event, reason: line.reason, text: null })
        return
      }
      case 'invalid': {
        this.#facts.invalidLines += runLength(line)
        // A run of unreadable lines split across batches stays one row (../log/invalid-runs.ts).
        const last = this.#lastInvalid
        if (last !== null && joins(last.input, line)) {
          last.input.run = extendRun(last.input, line)
          last.touch()
          return
        }
        // Unreadable lines have no seq: they sit right after the event before them.
        const anchorSeq = this.#lastSeq + 0.5
        // The run is copied: the model extends its own, never the reader's.
        const run = line.run === undefined ? undefined : { ...line.run, more: [...line.run.more] }
        this.#lastInvalid = new RawItem(this.#sectionAt(anchorSeq), { rawKind: 'invalid', line: line.line, frame: line.frame ?? null, anchorSeq, event: null, reason: line.reason, text: line.text, ...(line.code === undefined ? {} : { code: line.code }), ...(run === undefined ? {} : { run }) })
      }
    }
  }

  /** The section an event at `seq` belongs to: the open turn, or a between-turns stretch. */
  #sectionAt(seq: number): SectionState {
    const current = this.#current
    if (current !== null && (current.turn === null || current.end === null)) return current
    return this.#open(new SectionState(`between@${seq}`, null, seq, null))
  }

  #open(section: SectionState): SectionState {
    this.#sections.push(section)
    this.#current = section
    return section
  }

  #stepFor(turn: number, step: number, seq: number, fresh: boolean): StepItem {
    const last = this.#lastStep
    if (last !== null && last.turn === turn && last.step === step && !(fresh && last.boundary !== null)) return last
    const key = `${turn}:${step}`
    let item = this.#steps.get(key)
    if (item === undefined || (fresh && item.boundary !== null)) {
      item = new StepItem(this.#sectionAt(seq), turn, step, seq)
      this.#steps.set(key, item)
      const closed = this.#closedTurns.get(turn)
      if (closed !== undefined) item.close('turn', closed)
      else {
        const open = this.#turnSteps.get(turn)
        if (open === undefined) this.#turnSteps.set(turn, [item])
        else open.push(item)
      }
    }
    this.#lastStep = item
    return item
  }

  #event(event: KnownEvent, line: number, frame: number | null): void {
    this.#facts.noteTime(event.time)
    this.#facts.counts.add(event)
    this.#facts.usage.take(event)
    const section = event.type === 'turn/start' ? this.#open(new SectionState(`turn@${event.seq}`, event.data.turn, event.seq, event.time)) : this.#sectionAt(event.seq)
    if (event.seq > section.maxSeq) section.maxSeq = event.seq
    if (event.seq > this.#lastSeq) this.#lastSeq = event.seq
    if (section.end === null && section.tail instanceof TailItem) section.tail.usage.take(event)
    switch (event.type) {
      case 'turn/start':
        this.#turn = event.data.turn
        this.#step = null
        this.#closedTurns.delete(event.data.turn)
        new TailItem(section, event.data.turn)
        return
      case 'turn/end':
        return this.#turnEnd(event, section, { seq: event.seq, time: event.time })
      case 'step/start': {
        this.#turn = event.data.turn
        this.#step = event.data.step
        this.#stepFor(event.data.turn, event.data.step, event.seq, true).startTime = event.time
        return
      }
      case 'step/end': {
        this.#steps.get(`${event.data.turn}:${event.data.step}`)?.close('step', { seq: event.seq, time: event.time })
        if (this.#turn === event.data.turn && this.#step === event.data.step) this.#step = null
        return
      }
      case 'user/message':
        return this.#userMessage(event, section)
      case 'system/message':
        new SystemItem(section, event)
        return
      case 'assistant/chunk': {
        const step = this.#stepFor(event.data.turn, event.data.step, event.seq, false)
        step.chunk(event)
        const chunk = event.data.chunk
        if (chunk.type === 'finish' && step.message === null && step.fold.finish?.kind === 'error') {
          new AttemptItem(section, event.seq, event.time, event.data.turn, event.data.step, null, 'error', step.fold.finish.failure)
        }
        return
      }
      case 'assistant/message': {
        if (!isAppend(event)) return this.#replacement(event, section)
        const step = this.#stepFor(event.data.turn, event.data.step, event.seq, false)
        step.settle(event)
        if (step.metrics !== null) this.#facts.step(event.data.turn, step.metrics)
        const source = event.data.message.source
        this.#facts.model(str(source.provider), str(source.model))
        return
      }
      case 'assistant/attempt':
        AttemptItem.fromAttempt(section, event)
        return
      case 'llm/retry': {
        const turn = event.data.turn ?? this.#turn
        const step = event.data.step ?? this.#step
        new RetryItem(section, event, turn, step)
        if (turn !== null && step !== null) this.#stepFor(turn, step, event.seq, false).retry()
        return
      }
      case 'tool/call':
        return this.#tools.call(event, section)
      case 'tool/result':
        if (!isAppend(event)) return this.#replacement(event, section)
        return this.#tools.result(event, section)
      case 'tool/code-dispatch-start':
      case 'tool/code-dispatch': {
        const rejected = this.#tools.dispatch(event, section, this.#turn, this.#step)
        if (rejected !== null) new RawItem(section, { rawKind: 'unknown', line, frame, anchorSeq: event.seq, event, reason: rejected, text: null })
        return
      }
      case 'command/run':
        return this.#command(event.data.commandId, event.seq, section).run(event)
      case 'command/done':
        return this.#command(event.data.commandId, event.seq, section).done(event)
      case 'compaction/start':
      case 'compaction/summary':
      case 'compaction/end': {
        const id = event.data.compactionId
        let item = this.#compactions.get(id)
        if (item === undefined) {
          item = new CompactionItem(section, id, event.seq, 'compaction')
          this.#compactions.set(id, item)
        }
        item.take(event.type === 'compaction/start' ? 'start' : event.type === 'compaction/summary' ? 'summary' : 'end', event.seq, event.data)
        return
      }
      case 'compaction/prune':
        new CompactionItem(section, null, event.seq, 'prune').take('prune', event.seq, event.data)
        return
      case 'session/title':
        this.#facts.title = event.data.title
        return
      case 'request/context':
        if (event.data.contextWindow !== undefined) this.#facts.contextWindow = event.data.contextWindow
        this.#facts.model(event.data.provider ?? null, event.data.model ?? null)
        return
      case 'request/header': {
        const config = event.data.header.config
        this.#facts.model(str(prop(config, 'provider')), str(prop(config, 'model')))
        return
      }
      case 'session/end-seed':
        if (this.#seed.take(event)) this.#cutMoved()
        return
      case 'subagent/catalog':
        this.#facts.child({ sessionId: event.data.childId, via: 'subagent-catalog', callId: this.#tools.innermostOpen, seq: event.seq, label: str(prop(event.data, 'label')), mode: str(prop(event.data, 'mode')) })
        return
      case 'tool-workflow/agent-start': {
        const childId = str(prop(event.data, 'childId'))
        if (childId !== null) this.#facts.child({ sessionId: childId, via: 'workflow-agent', callId: this.#tools.innermostOpen, seq: event.seq, label: str(prop(event.data, 'label')), mode: null })
        return
      }
      case 'agent/inbox/spliced':
        return this.#splice(event.data)
      case 'deliverables/presented':
        section.presented.push({ seq: event.seq, files: event.data.files.slice() })
        section.dirty = true
        return
      case 'todo/write':
        // Kept in seq order (a replayed or out-of-order line is placed where its seq says), for the to-do diff.
        return this.#todoWrite(event.seq, event.data.todos)
      default:
        return // known, log-only, not drawn (approvals, hooks, titles requests, team, …)
    }
  }

  #turnEnd(event: EventOf<'turn/end'>, section: SectionState, boundary: Boundary): void {
    const turn = event.data.turn
    if (section.turn !== null && section.end === null) {
      const reason = event.data.reason
      section.end = { seq: event.seq, time: event.time, reason: reason.kind, error: failureOf(prop(reason, 'error')) }
      section.dirty = true
    }
    for (const step of this.#turnSteps.get(turn) ?? []) step.close('turn', boundary)
    this.#turnSteps.delete(turn)
    this.#closedTurns.set(turn, boundary)
    this.#tools.closeTurn(turn, boundary)
    this.#turn = null
    this.#step = null
  }

  #userMessage(event: EventOf<'user/message'>, section: SectionState): void {
    const source = event.data.source
    if (!isAppend(event)) {
      // Compaction checkpoints are model-only: they join their compaction's marker (cards.md §2.3).
      const compaction = this.#compactions.get(str(source.compactionId) ?? '')
      if (compaction !== undefined) compaction.addReplacement(event.seq)
      else this.#replacement(event, section)
      return
    }
    const steering = source.kind === 'user' && (this.#steeringIds.has(event.data.id) || event.wireType === 'steering/message' || (this.#step !== null && this.#step > 1))
    const id = event.data.id
    // A producer message the inbox claimed to start this turn opens it as a trigger notice (cards-current.md
    // §4.3); only the turn's first opener qualifies, so a reused placeholder id cannot make a mid-turn notice one.
    const trigger = source.kind !== 'user' && section.turn !== null && !section.opened &&
      (this.#triggerIds.nextTurn.has(id) || (this.#triggerIds.nextStep.has(id) && (this.#step === null || this.#step <= 1)))
    if (source.kind === 'user' || trigger) section.opened = true
    new MessageItem(section, event, steering, trigger)
    if (source.kind === 'subagent-settled' || source.kind === 'subagent-report') {
      const sender = str(source.senderSessionId)
      if (sender !== null) this.#facts.child({ sessionId: sender, via: 'settled-notice', callId: null, seq: event.seq, label: null, mode: null })
    }
  }

  #replacement(event: KnownEvent, section: SectionState): void {
    const op = event.surfaceOp
    if (op === undefined || op === 'append') return
    new ReplacementItem(section, event.seq, event.type, op.start, op.end)
  }

  #command(commandId: string, seq: number, section: SectionState): CommandItem {
    let item = this.#commands.get(commandId)
    if (item === undefined) {
      item = new CommandItem(section, commandId, seq)
      this.#commands.set(commandId, item)
    }
    return item
  }

  #todoWrite(seq: number, todos: unknown[]): void {
    const list = this.#todoWrites
    let at = list.length
    while (at > 0 && (list[at - 1]?.seq ?? -1) > seq) at--
    list.splice(at, 0, { seq, todos: todos.slice() })
  }

  #splice(data: unknown): void {
    const target = prop(data, 'target')
    if (target !== 'next-step' && target !== 'next-turn') return
    const inserted = prop(data, 'inserted')
    if (!Array.isArray(inserted)) return
    for (const message of inserted) {
      const id = str(prop(message, 'id'))
      if (id === null) continue
      // Only prompts steer; queued producer notices reuse placeholder ids in fixtures.
      if (prop(prop(message, 'source'), 'kind') === 'user') {
        if (target === 'next-step') this.#steeringIds.add(id)
      } else (target === 'next-turn' ? this.#triggerIds.nextTurn : this.#triggerIds.nextStep).add(id)
    }
  }

  /** Seed cut (log-format.md §2.6; v4 README §2.2): v0 `seedLength`, else the last tagged end-seed. */
  /** The seed cut moved: every section's `inherited` flags are computed again. */
  #cutMoved(): void {
    for (const section of this.#sections) section.touchAll()
  }
}

/** Folds a whole log at once (the static build, goldens). */
export function assemble(lines: Iterable<ParsedLine>, options: ConversationOptions = {}): Conversation {
  const builder = new ConversationBuilder(options)
  builder.append(lines)
  return builder.snapshot()
}
