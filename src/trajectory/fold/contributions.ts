/**
 * What the fold hands the derivation (../derive): one contribution per visible thing, in the order its
 * anchor event arrived, each pointing at live state the fold keeps updating (a request's message, a tool's
 * result, a compaction's end). `anchorOf` is the seq that orders it (upstream's `anchorSeq`).
 */
import type { ContentBlock } from '../../log/events/schema'
import type { DisplayFailure } from './failure'
import type { InputMessage } from './inputs'
import type { Boundary } from './location'
import type { HeaderState, SystemNode } from './prompts'
import type { AssistantStep } from './steps'
import type { ToolTree } from './tools'

export interface CompactionState {
  id: string
  startSeq: number
  startTime: number | null
  /** The owning turn; null for a compaction between turns. */
  turn: number | null
  summary: {
    seq: number
    blocks: ContentBlock[] | null
    rawOutput: ContentBlock[] | null
    provider: string | null
    model: string | null
    maxTokens: number | null
  } | null
  end: { time: number | null; error: string | null } | null
  /** The `compact-checkpoint` message that replaced the history. */
  checkpointSeq: number | null
}

export type Contribution =
  | { kind: 'system-prompt'; node: SystemNode }
  | { kind: 'header'; header: HeaderState }
  | { kind: 'input'; input: InputMessage }
  | { kind: 'assistant'; step: AssistantStep }
  | { kind: 'tool'; tree: ToolTree }
  | { kind: 'compaction'; compaction: CompactionState }
  | { kind: 'session-end'; boundary: Boundary }
  | { kind: 'turn-end'; turn: number; boundary: Boundary; error: DisplayFailure | null }

export function anchorOf(contribution: Contribution): number {
  switch (contribution.kind) {
    case 'system-prompt':
      return contribution.node.seq
    case 'header':
      return contribution.header.seq
    case 'input':
      return contribution.input.seq
    case 'assistant': {
      const step = contribution.step
      return step.started || step.message === null ? step.startSeq : step.message.seq
    }
    case 'tool':
      return contribution.tree.anchor ?? 0
    case 'compaction':
      return contribution.compaction.startSeq
    case 'session-end':
    case 'turn-end':
      return contribution.boundary.seq
  }
}
