/**
 * The fold's state → the plain JSON `TrajectorySnapshot`: inspection (./inspection.ts), layout
 * (./layout.ts), numbering (./requests.ts), totals, and what could not be placed. Derived afresh on every
 * call from state that only grows, so a snapshot taken mid-log equals a fresh fold of the same prefix.
 * Prompt snapshots are shared by reference with the fold (each distinct one stored once).
 */
import type { SessionCounts } from '../../conversation/counts'
import type { RequestUsageCounter } from '../../conversation/usage'
import type { Contribution } from '../fold/contributions'
import type { StoredPrompt } from '../fold/prompt-store'
import type { ToolTree } from '../fold/tools'
import type { TrajectorySnapshot, Unexplained } from '../model'
import { inspect } from './inspection'
import { deriveLayout } from './layout'
import { numberRequests } from './requests'

export interface DeriveInput {
  contributions: readonly Contribution[]
  prompts: readonly StoredPrompt[]
  usage: RequestUsageCounter
  /** The session's own calls by the one count (src/conversation/counts.ts). */
  counts: SessionCounts
  unexplained: readonly Unexplained[]
  invalidLines: number
  trees: Iterable<ToolTree>
}

export function derive(input: DeriveInput): TrajectorySnapshot {
  const inspection = inspect(input.contributions, input.prompts, input.usage)
  const { records, sections } = deriveLayout(inspection, input.prompts)
  const requests = numberRequests(inspection, records, sections, (node) => input.usage.usageOf(node.requestKey))
  const unexplained = [...input.unexplained]
  for (const tree of input.trees) {
    if (tree.anchor === null) {
      for (const id of tree.subCallIds()) unexplained.push({ line: tree.lineOf(id), seq: null, type: 'tool/ptc-dispatch', reason: `sub-call ${id} of call ${tree.rootId}, which no loaded tool/call or tool/result names` })
      continue
    }
    for (const id of tree.unreachable()) unexplained.push({ line: tree.lineOf(id), seq: null, type: 'tool/ptc-dispatch', reason: `sub-call ${id}: its parent is not a loaded call of ${tree.rootId}` })
  }
  unexplained.sort((a, b) => a.line - b.line)
  // The totals are the one count's (src/conversation/counts.ts), as `inspect`, the index and the Chat header
  // read them: the ledger may place fewer rows than the log started calls (a sub-call whose edge was refused —
  // its own parent, a cycle, deeper than MAX_CALL_DEPTH — is listed in `unexplained` instead), and counting
  // rows made the Trajectory header disagree with every other surface on such a log.
  const toolCalls = input.counts.toolCalls - input.counts.subToolCalls
  const subtoolCalls = input.counts.subToolCalls
  const usage = input.usage.totals
  const counted = input.usage.counted
  return {
    modelVersion: 1,
    records,
    requests,
    sections,
    prompts: input.prompts.map((p) => ({ config: p.config, system: p.system, tools: p.tools })),
    totals: { requests: requests.length, toolCalls, subtoolCalls, usage: counted === 0 ? null : usage },
    unexplained,
    invalidLines: input.invalidLines,
  }
}
