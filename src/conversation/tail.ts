/**
 * The turn tail (cards.md §3.6) and Deliverables (cards.md §12): after a closed turn, its duration, first
 * step TTFT, token usage and throughput, and the files its successful root write/edit/str_replace_editor
 * calls produced, in result order, deduplicated, cut at the turn's closing (last text-bearing) assistant
 * message. The tail sits just after that message (`seq + 0.1`), or at the `turn/end` without one.
 */
import { parseCapped } from '../log/json/depth'
import type { ChatNode, DeliveredFile } from './model'
import { prop, str } from './narrow'
import { isInherited, Item, type BuildContext, type SectionState } from './section'
import { StepItem } from './step-item'
import { ToolItem } from './tool-item'
import type { CallState } from './tool-tree'
import { TurnUsageFold } from './turn-usage'
import { addUsage, emptyUsage } from './usage'

function parseArgs(argsRaw: string): unknown {
  try {
    return parseCapped(argsRaw)
  } catch {
    return null
  }
}

const EDITOR_WRITES = new Set(['create', 'str_replace', 'insert'])

/** The path a successful root call produced, or null (cards.md §12 table). */
export function producedPath(call: CallState): string | null {
  if (!call.hasCallHead || call.parentCallId !== null) return null
  const args = call.name === 'write' || call.name === 'edit' || call.name === 'str_replace_editor' ? parseArgs(call.argsRaw) : null
  if (args === null) return null
  let path: string | null = null
  if (call.name === 'str_replace_editor') {
    const command = str(prop(args, 'command'))
    if (command !== null && EDITOR_WRITES.has(command)) path = str(prop(args, 'path'))
  } else path = str(prop(args, 'file_path'))
  return path === '' ? null : path
}

/** Deliverables of one turn: real root results (never synthetic) at or before `cutoffSeq`. */
export function deliverables(tools: readonly ToolItem[], cutoffSeq: number): string[] {
  const produced: { seq: number; path: string }[] = []
  for (const tool of tools) {
    const root = tool.tree.root
    const result = root.result
    if (result === null || result.isError || result.seq > cutoffSeq) continue
    const path = producedPath(root)
    if (path !== null) produced.push({ seq: result.seq, path })
  }
  produced.sort((a, b) => a.seq - b.seq)
  return [...new Set(produced.map((p) => p.path))]
}

/**
 * The delivered files of a turn (cards-current.md §8.3): `deliverables/presented` entries with seq below
 * `cutoffSeq`; entries without a non-blank string `path` are skipped; the latest declaration of a path wins;
 * order = first appearance.
 */
export function deliveredFiles(presented: readonly { seq: number; files: readonly unknown[] }[], cutoffSeq: number): DeliveredFile[] {
  const byPath = new Map<string, DeliveredFile>()
  for (const event of presented) {
    if (event.seq >= cutoffSeq) continue
    for (const entry of event.files) {
      const path = str(prop(entry, 'path'))
      if (path === null || path.trim() === '') continue
      const description = str(prop(entry, 'description'))
      const existing = byPath.get(path)
      if (existing === undefined) byPath.set(path, { path, description })
      else existing.description = description
    }
  }
  return [...byPath.values()]
}

export class TailItem extends Item {
  /** The exact-usage fold of this turn (cards-current.md §8.1), fed every event of the open turn. */
  readonly usage: TurnUsageFold

  constructor(section: SectionState, turn: number) {
    super(section)
    section.tail = this
    this.usage = new TurnUsageFold(turn)
  }

  protected build(ctx: BuildContext): ChatNode | null {
    const { section } = this
    const end = section.end
    if (end === null || section.turn === null) return null
    const steps: StepItem[] = []
    const tools: ToolItem[] = []
    for (const item of section.items) {
      if (item instanceof StepItem) steps.push(item)
      else if (item instanceof ToolItem) tools.push(item)
    }
    let closing: number | null = null
    const usage = emptyUsage()
    let generationMs = 0
    let settledSteps = 0
    let ttftMs: number | null = null
    let firstStepSeen = false
    for (const step of steps) {
      if (step.message === null || step.metrics === null) continue
      settledSteps++
      if (step.bearsText && (closing === null || step.message.seq > closing)) closing = step.message.seq
      addUsage(usage, step.metrics.usage)
      generationMs += step.metrics.generationMs ?? 0
      if (!firstStepSeen) {
        firstStepSeen = true
        ttftMs = step.metrics.ttftMs
      }
    }
    const anchorSeq = closing === null ? end.seq : closing + 0.1
    const delivered = deliveredFiles(section.presented, closing ?? end.seq)
    return {
      kind: 'turn-tail', key: `tail:${section.startSeq}`, anchorSeq, inherited: isInherited(ctx, anchorSeq), turn: section.turn, endSeq: end.seq,
      endReason: end.reason, error: end.error, closingMessageSeq: closing,
      durationMs: section.startTime !== null && end.time !== null && end.time >= section.startTime ? end.time - section.startTime : null,
      ttftMs, steps: settledSteps, usage,
      tokensPerSecond: generationMs > 0 ? Math.round((usage.outputTokens / generationMs) * 1000 * 10) / 10 : null,
      deliverables: deliverables(tools, closing ?? end.seq),
      ...(delivered.length > 0 ? { delivered } : {}),
      exactUsage: this.usage.result(),
    }
  }
}
