/**
 * A tool tree as a Chat item (cards.md §3.3): anchored at its `tool/call` seq (else its first result's),
 * settled by results and dispatch events, and interrupted by its root call's step (or turn) boundary.
 */
import type { ChatNode } from './model'
import { isInherited, Item, type BuildContext, type SectionState } from './section'
import type { StepItem } from './step-item'
import { toNode, type Boundary, type ToolTree } from './tool-tree'

export class ToolItem extends Item {
  /** The step that owns the root call; its boundary interrupts whatever is still running. */
  step: StepItem | null = null
  /** The root's turn closed while its step was unknown. */
  turnEnd: Boundary | null = null

  constructor(
    section: SectionState,
    readonly key: string,
    readonly tree: ToolTree,
  ) {
    super(section)
  }

  get boundary(): Boundary | null {
    return this.step?.boundary ?? this.turnEnd
  }

  protected build(ctx: BuildContext): ChatNode {
    const root = this.tree.root
    return { kind: 'tool', key: this.key, anchorSeq: root.seq, inherited: isInherited(ctx, root.seq), call: toNode(root, this.boundary) }
  }
}
