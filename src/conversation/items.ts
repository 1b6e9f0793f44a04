/**
 * The simple Chat items: messages and context rows (cards.md §3.5), the system prompt, retries, failed
 * attempts, slash commands, compaction and replacement markers (log-format.md §7.1, §8.1), and raw entries
 * for unknown events and invalid lines. Assistant steps live in ./step-item, tool trees in ./tool-item,
 * turn tails in ./tail.
 */
import type { InvalidCode, InvalidRun } from '../log/parsed-line'
import type { ContentBlock, EventOf, RawEvent } from '../log/events/schema'
import { ChunkFold, toAssistantBlocks } from './blocks'
import { contextLabel } from './message-source'
import type { ChatNode, CommandNode, CompactionNode, Failure, RawNode } from './model'
import { failureOf, num, prop, str } from './narrow'
import { isInherited, Item, type BuildContext, type SectionState } from './section'

function joinText(content: readonly ContentBlock[]): string {
  const parts: string[] = []
  for (const block of content) if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text)
  return parts.join('\n\n')
}

/** A person's prompt or injected context, fixed once seen. */
export class MessageItem extends Item {
  constructor(
    section: SectionState,
    readonly event: EventOf<'user/message'>,
    readonly steering: boolean,
    readonly trigger = false,
  ) {
    super(section)
  }

  protected build(ctx: BuildContext): ChatNode {
    const { event } = this
    const base = { anchorSeq: event.seq, inherited: isInherited(ctx, event.seq), seq: event.seq, time: event.time, messageId: event.data.id, content: event.data.content }
    const source = event.data.source
    if (source.kind === 'user') {
      const kind = this.steering ? 'steering' : 'user'
      return { ...base, kind, key: `${kind}:${event.seq}`, text: joinText(event.data.content) }
    }
    const label = contextLabel(source)
    return { ...base, kind: 'context', key: `context:${event.seq}`, sourceKind: source.kind, ...label, source, ...(this.trigger ? { trigger: true } : {}) }
  }
}

export class SystemItem extends Item {
  constructor(section: SectionState, readonly event: EventOf<'system/message'>) {
    super(section)
  }

  protected build(ctx: BuildContext): ChatNode {
    const { seq, data } = this.event
    return { kind: 'system', key: `system:${seq}`, anchorSeq: seq, inherited: isInherited(ctx, seq), seq, messageId: str(prop(data.message, 'id')), content: data.message.content }
  }
}

export class RetryItem extends Item {
  constructor(section: SectionState, readonly event: EventOf<'llm/retry'>, readonly turn: number | null, readonly step: number | null) {
    super(section)
  }

  protected build(ctx: BuildContext): ChatNode {
    const { seq, time, data } = this.event
    return {
      kind: 'retry', key: `retry:${seq}`, anchorSeq: seq, inherited: isInherited(ctx, seq), seq, time, turn: this.turn, step: this.step,
      retry: num(prop(data, 'retry')), maxRetries: num(prop(data, 'maxRetries')), delayMs: num(prop(data, 'delayMs')), failure: failureOf(prop(data, 'failure')),
    }
  }
}

/** A failed attempt: a v4 `assistant/attempt` (with its streamed blocks) or a v0 error finish chunk. */
export class AttemptItem extends Item {
  constructor(
    section: SectionState,
    readonly seq: number,
    readonly time: number | null,
    readonly turn: number | null,
    readonly step: number | null,
    readonly fold: ChunkFold | null,
    readonly finishReason: string | null,
    readonly failure: Failure | null,
  ) {
    super(section)
  }

  static fromAttempt(section: SectionState, event: EventOf<'assistant/attempt'>): AttemptItem {
    const fold = new ChunkFold()
    for (const entry of event.data.stream ?? []) fold.apply(entry.chunk)
    return new AttemptItem(section, event.seq, event.time, event.data.turn, event.data.step, fold, fold.finish?.kind ?? null, fold.finish?.failure ?? null)
  }

  protected build(ctx: BuildContext): ChatNode {
    const { seq } = this
    return {
      kind: 'attempt', key: `attempt:${seq}`, anchorSeq: seq, inherited: isInherited(ctx, seq), seq, time: this.time, turn: this.turn, step: this.step,
      finishReason: this.finishReason, failure: this.failure,
      blocks: this.fold === null ? [] : toAssistantBlocks(this.fold.content()),
      usage: this.fold?.usage ?? null,
    }
  }
}

export class CommandItem extends Item {
  name = ''
  args: string | null = null
  runSeq: number | null = null
  doneSeq: number | null = null
  time: number | null = null
  status: CommandNode['status'] = 'running'
  text: string | null = null

  constructor(section: SectionState, readonly commandId: string, readonly anchorSeq: number) {
    super(section)
  }

  run(event: EventOf<'command/run'>): void {
    this.name = event.data.name
    this.args = event.data.args ?? null
    this.runSeq = event.seq
    this.time = event.time
    this.touch()
  }

  done(event: EventOf<'command/done'>): void {
    this.doneSeq = event.seq
    this.status = event.data.kind === 'error' ? 'error' : 'success'
    this.text = event.data.text ?? null
    this.time ??= event.time
    this.touch()
  }

  protected build(ctx: BuildContext): ChatNode {
    const { commandId, anchorSeq } = this
    return {
      kind: 'command', key: `command:${commandId}`, anchorSeq, inherited: isInherited(ctx, anchorSeq), commandId, name: this.name, args: this.args,
      status: this.status, text: this.text, runSeq: this.runSeq, doneSeq: this.doneSeq, time: this.time,
    }
  }
}

export class CompactionItem extends Item {
  status: CompactionNode['status'] = 'running'
  turn: number | null = null
  startSeq: number | null = null
  endSeq: number | null = null
  summary: ContentBlock[] | null = null
  shadowedSeqs: number[] = []
  shadowedTokenCount: number | null = null
  readonly replacementSeqs: number[] = []
  error: Failure | null = null

  constructor(section: SectionState, readonly compactionId: string | null, readonly anchorSeq: number, readonly mode: CompactionNode['mode']) {
    super(section)
  }

  /** Reads the fields compaction/start, /summary, /end and /prune carry (payloads are wide). */
  take(type: 'start' | 'summary' | 'end' | 'prune', seq: number, data: unknown): void {
    if (type === 'start') {
      this.startSeq = seq
      this.turn = num(prop(data, 'turn'))
    }
    if (type === 'summary') {
      const summary = prop(data, 'summary')
      if (Array.isArray(summary)) this.summary = summary.filter((b): b is ContentBlock => typeof prop(b, 'type') === 'string')
    }
    if (type === 'summary' || type === 'prune') {
      const seqs = prop(data, 'shadowedSeqs')
      if (Array.isArray(seqs)) this.shadowedSeqs = seqs.filter((s): s is number => typeof s === 'number')
      this.shadowedTokenCount = num(prop(data, 'shadowedTokenCount'))
    }
    if (type === 'end' || type === 'prune') {
      this.endSeq = seq
      const error = prop(data, 'error')
      this.error = error === undefined ? null : (failureOf(error) ?? { message: str(error), code: null })
      this.status = error === undefined ? 'done' : 'failed'
    }
    this.touch()
  }

  addReplacement(seq: number): void {
    this.replacementSeqs.push(seq)
    this.touch()
  }

  protected build(ctx: BuildContext): ChatNode {
    const { anchorSeq } = this
    return {
      kind: 'compaction', key: this.compactionId === null ? `prune:${anchorSeq}` : `compaction:${this.compactionId}`, anchorSeq, inherited: isInherited(ctx, anchorSeq),
      compactionId: this.compactionId, mode: this.mode, status: this.status, turn: this.turn, startSeq: this.startSeq, endSeq: this.endSeq,
      summary: this.summary, shadowedSeqs: this.shadowedSeqs, shadowedTokenCount: this.shadowedTokenCount, replacementSeqs: [...this.replacementSeqs], error: this.error,
    }
  }
}

export class ReplacementItem extends Item {
  constructor(section: SectionState, readonly seq: number, readonly eventType: string, readonly start: number, readonly end: number) {
    super(section)
  }

  protected build(ctx: BuildContext): ChatNode {
    const { seq } = this
    return { kind: 'replacement', key: `replacement:${seq}`, anchorSeq: seq, inherited: isInherited(ctx, seq), seq, eventType: this.eventType, start: this.start, end: this.end }
  }
}

export interface RawInput {
  rawKind: RawNode['rawKind']
  line: number
  frame: number | null
  /** Chat position: the event's seq, or just after the previous event for an unreadable line. */
  anchorSeq: number
  event: RawEvent | null
  reason: string
  text: string | null
  /** Unreadable lines: why (a run joins only lines of one kind, ../log/invalid-runs.ts). */
  code?: InvalidCode
  /** Unreadable lines: the run of consecutive ones this row stands for (extended while the log grows). */
  run?: InvalidRun
}

export class RawItem extends Item {
  constructor(section: SectionState, readonly input: RawInput) {
    super(section)
  }

  protected build(ctx: BuildContext): ChatNode {
    const { rawKind, line, frame, anchorSeq, event, reason, text, run } = this.input
    // Line numbers are zero-padded so ties on anchorSeq sort in line order.
    const key = event === null ? `line:${String(line).padStart(9, '0')}` : `raw:${event.seq}`
    const node: RawNode = {
      kind: 'raw', key, anchorSeq, inherited: isInherited(ctx, anchorSeq), rawKind, line, frame,
      seq: event?.seq ?? null, type: event?.type ?? null, reason, text, data: event === null ? null : event.data,
    }
    if (run !== undefined) node.run = { count: run.count, lastLine: run.lastLine, more: run.more.map(m => ({ line: m.line, reason: m.reason, text: m.text })) }
    return node
  }
}
