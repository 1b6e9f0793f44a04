/**
 * The Trajectory record model (trajectory.md §4), the plain JSON `TrajectoryBuilder.snapshot()` returns:
 * one record per ledger row, one request per provider call (`Request #N`), the sections and groups the
 * ledger is laid out in, the distinct prompt snapshots the requests share, and what the fold could not
 * place. Locale-free: any text dsh itself would write (the §11 dictionary) is a `TrajectoryLabel` key,
 * never English; log text is kept as written. Times are envelope epoch ms; durations are ms, clamped ≥ 0.
 */
import type { ContentBlock, TokenUsage } from '../log/events/schema'
import type { UsageTotals } from '../conversation/model'
import type { UsageSum } from '../conversation/usage'

export type { UsageSum } from '../conversation/usage'

/** Ledger row kinds (§3.2); `message` is the ASSISTANT row. */
export type RecordKind = 'system' | 'user' | 'context' | 'compacted' | 'message' | 'tool' | 'subtool'

/** Request and record states (§4.3): Completed, Pending, Failed. */
export type TrajectoryStatus = 'complete' | 'running' | 'error'

/** A group inside a section (§3.1): `Message`, `Step {step}` or `Compaction {seq}`. */
export type GroupKey = { kind: 'message' } | { kind: 'step'; step: number } | { kind: 'compaction'; seq: number }

/** dsh's own text, by its `trajectory` locale key (§11), with interpolation values. */
export interface TrajectoryLabel {
  key: TrajectoryLabelKey
  values?: { count?: number; name?: string; names?: string; added?: number; removed?: number }
}

export type TrajectoryLabelKey =
  | 'layout.initialSystemPrompt'
  | 'layout.systemPromptUpdated'
  | 'layout.toolsUpdated'
  | 'layout.systemPromptAndToolsUpdated'
  | 'layout.toolAdded'
  | 'layout.toolRemoved'
  | 'layout.toolUpdateNotice'
  | 'layout.toolsChanged'
  | 'layout.toolsAddedCount'
  | 'layout.toolsRemovedCount'
  | 'layout.toolsAdded'
  | 'layout.toolsRemoved'
  | 'layout.toolCallOnly'
  | 'layout.imageCount'
  | 'layout.fileAttachments'
  | 'layout.compacting'
  | 'layout.compactionFailed'
  | 'layout.compacted'
  | 'layout.compactionInterrupted'
  | 'record.noOutput'
  | 'details.failure.auth'

/** How a prompt differs from the previous recorded state (§4.7). */
export type PromptChangeKind = 'initial' | 'system' | 'tools' | 'system-and-tools'

/** One distinct prompt state (`{config, system, tools}`), stored once and referred to by its index. */
export interface PromptSnapshot {
  /** `request/header.header.config`: the request's Options; null when the header had none. */
  config: unknown
  /** The effective system prompt text; '' when the surface has none. */
  system: string
  /** The complete tool catalog of the request (schemas as logged). */
  tools: unknown[]
}

/** A prompt change a SYSTEM record shows (`promptChange`, §4.7). */
export interface PromptChange {
  seq: number
  time: number | null
  kind: PromptChangeKind
  /** The state before the change (index into `prompts`); absent for `initial`. */
  previous?: number
}

/** A tool call's result as the ledger and inspector show it (§4.6). */
export interface TrajectoryResult {
  /** Result text (an error code, or '' when a preview or label carries it). */
  text: string
  labels: TrajectoryLabel[]
  /** Plain preview of the first non-empty text block (§3.2 previews). */
  preview?: string
  /** Result detail: text blocks joined by `\n`, `{name}: {code}` for an error, or JSON of the content. */
  detail: string
  detailLabels: TrajectoryLabel[]
  blocks: ContentBlock[]
  isError: boolean
  error?: { name: string; code: string }
  /** A synthetic `interrupted` result: the call's step or turn closed without one (§4.6). */
  interrupted: boolean
}

/** A `run_code` program (§4.6). */
export interface CodeProgram {
  code: string
  description: string
  language: 'typescript' | 'python' | null
}

/** Facts behind an ASSISTANT record's timing (§4.4). */
export interface AssistantMetrics {
  /** False when the log has no envelope times for this step (§4.10: "Not recorded"). */
  timingRecorded: boolean
  stepStartTime: number | null
  firstTokenTime: number | null
  completedTime: number | null
  usageProvided: boolean
  outputTokens: number | null
}

/** One ledger row. Optional fields are absent (never undefined) when they do not apply. */
export interface TrajectoryRecord {
  /** 1-based, in fold order (§3.1); the ledger's display order is `sections`. */
  index: number
  /** Identity that survives renumbering (§8: `assistant:{turn}:{step}`, `{kind}:call:{id}`, `{kind}:seq:{seq}`). */
  id: string
  kind: RecordKind
  /** A request with no assistant record (waiting, failed or empty attempt): a marker row with no content. */
  requestOnly: boolean
  /** The section's turn; null in a "Between turns" section. */
  turn: number | null
  group: GroupKey
  /** The request of this record's group (`Request #N`), when there is one. */
  request: number | null
  /** The event the row comes from (compaction: its start). */
  seq: number | null
  /** Log text: a tool name, an error text; '' when a label or preview carries the row. */
  text: string
  labels: TrajectoryLabel[]
  preview?: string
  inputDetail?: string
  /** Tool-change CONTEXT rows: "Added: …" / "Removed: …" lines. */
  inputDetailLabels?: TrajectoryLabel[]
  outputDetail?: string
  reasoningDetail?: string
  /** The message content blocks in source order (compaction: the raw output). */
  blocks?: ContentBlock[]
  /** A compaction's summary blocks. */
  outputBlocks?: ContentBlock[]
  /** A USER / CONTEXT message's `source`. */
  source?: unknown
  opensTurn?: boolean
  /** A steering prompt claimed by a `next-step` inbox splice (placed in its step's group). */
  steering?: boolean
  callId?: string
  toolName?: string
  parentCallId?: string
  /** The call-time tool schema: `prompts[prompt].tools`, the entry named `name`. */
  schema?: { prompt: number; name: string }
  program?: CodeProgram
  result?: TrajectoryResult
  /** SYSTEM rows: the prompt this change introduced, the change, and known text without a header. */
  prompt?: number
  promptChange?: PromptChange
  systemText?: string
  isError: boolean
  status: TrajectoryStatus
  startedAt: number | null
  /** Own duration in ms (§4.4), clamped ≥ 0; null when unknown or still running. */
  duration: number | null
  /** The message's (or compaction's) provider usage. */
  usage?: TokenUsage
  metrics?: AssistantMetrics
}

/** A request's error (§4.9, §5.3): shown as "Error", or "Last attempt error" while retrying or recovered. */
export interface RequestError {
  /** Sanitised: '' for AUTH. */
  message: string
  code?: string
  /** dsh's text instead of the message: AUTH → `details.failure.auth`; an interrupted compaction. */
  label?: TrajectoryLabel
}

/** Derived request timing (§4.4, §5.5). Null where an input is missing; never a mix of surrogate clocks. */
export interface RequestTiming {
  /** False when the log has no envelope times for this request (§4.10). */
  recorded: boolean
  startedAt: number | null
  firstTokenAt: number | null
  completedAt: number | null
  ttftMs: number | null
  generationMs: number | null
  totalMs: number | null
  /** outputTokens / generation seconds (reasoning included); null when any input is missing or generation ≤ 0. */
  tokensPerSecond: number | null
}

/** One provider call, `Request #N` (§4.2). */
export interface TrajectoryRequest {
  number: number
  kind: 'assistant' | 'compaction'
  /** Where it sorts: its `step/start` (or, without one, its message) or `compaction/start` seq. */
  startSeq: number
  turn: number | null
  /** 0 for compactions. */
  step: number
  group: GroupKey
  status: TrajectoryStatus
  provider?: string
  model?: string
  /** The request's Options (`requestConfig`): header config, or the compaction's. */
  options?: unknown
  /** The prompt in force (index into `prompts`), assistant requests with a loaded header only. */
  prompt?: number
  promptChange?: PromptChange
  usage?: UsageSum
  /** Running sum over requests in number order, compactions included. */
  cumulativeUsage?: UsageSum
  timing: RequestTiming
  retry?: { retry: number; maxRetries?: number; delayMs: number }
  error?: RequestError
  /** The settling message (compaction: its start). */
  resultSeq?: number
  /** The "Result" button's record: the record at `resultSeq`, else the group's assistant record. */
  resultRecord?: number
  /** The row carrying the `Request #N` marker: the group's first record that is not USER or CONTEXT. */
  markerRecord?: number
  toolCalls: number
  subtoolCalls: number
  compaction?: { id: string; replacementSeq?: number }
}

/** A group of a section, its records in display order. */
export interface TrajectoryGroup {
  key: GroupKey
  records: number[]
}

/** A turn, or a standalone compaction ("Between turns", `turn` null), sorted by first record (§3.1). */
export interface TrajectorySection {
  turn: number | null
  groups: TrajectoryGroup[]
}

/** Something the fold could not place: an unknown event, or a dispatch no loaded call owns. */
export interface Unexplained {
  line: number
  seq: number | null
  type: string
  reason: string
}

export interface TrajectorySnapshot {
  modelVersion: 1
  records: TrajectoryRecord[]
  requests: TrajectoryRequest[]
  sections: TrajectorySection[]
  prompts: PromptSnapshot[]
  /** `usage`: the session total (the one count, src/conversation/usage.ts); null when no request reported usage. */
  totals: { requests: number; toolCalls: number; subtoolCalls: number; usage: UsageTotals | null }
  unexplained: Unexplained[]
  invalidLines: number
}
