/**
 * The conversation model: what `ConversationBuilder.snapshot()` returns and every later stage (card models,
 * site pages, the live page, the golden `model.json` files) reads. It is the dsh web client's Chat node
 * sequence (cards.md §3) plus session-level facts (title, models, counts, status, child links).
 *
 * Plain JSON only (no Map, Date or class): a golden is `JSON.stringify`, an SSE message needs no conversion.
 * Every node has a stable `key` derived from log content and seqs (never from build order), so a deep link
 * survives a rebuild and a live page can diff by key. Nodes are grouped in `sections` (one per turn, plus
 * the stretches between turns); concatenating the sections' nodes gives the Chat order (`anchorSeq`, ties
 * by `key`), see `chatNodes()` in ./index. A section that did not change keeps its identity between
 * snapshots, which is what makes live appends cheap.
 *
 * Stability: this file is a contract with src/cards and src/site. Extend it with optional fields only.
 */
import type { ContentBlock, MessageSource, SessionHeader, TokenUsage } from '../log/events/schema'
import type { ToolCallNode } from './tool-call'
import type { SessionCounts } from './counts'

export type { ToolCallNode, ToolCallResult, ToolError } from './tool-call'

// ---------------------------------------------------------------------------------------------------
// The whole model

export interface Conversation {
  /** Bumped when the model's shape changes incompatibly (goldens say which version they hold). */
  modelVersion: 1
  /** Built by a live builder (open steps show their streamed blocks). */
  live: boolean
  /** The header line as read; null when the log had none (or it was unreadable). */
  header: SessionHeader | null
  facts: SessionFacts
  /** Turns and the stretches between them, in log order. */
  sections: Section[]
  /**
   * Every `todo/write` event in log order (the to-do diff's baselines, cards-current.md §11.9). Set only when
   * there is one, so goldens of sessions without any stay unchanged (absent = none).
   */
  todoWrites?: TodoWrite[]
}

/** One `todo/write` event: the list the Host recorded at `seq` (items as logged, validated by the card). */
export interface TodoWrite {
  seq: number
  todos: unknown[]
}

/**
 * One turn (`turn/start` … `turn/end`), or a stretch of session-level events outside any turn
 * (`turn: null`, e.g. queued prompts, commands and compactions between turns). Sections partition the log
 * by seq, so their nodes never interleave.
 */
export interface Section {
  /** `turn@<turn/start seq>` or `between@<seq of the first event>`. */
  key: string
  /** Turn number from `turn/start`; null for a between-turns stretch. */
  turn: number | null
  /** Seq of the `turn/start` (or of the first event of a between-turns stretch). */
  startSeq: number
  /** Seq of the `turn/end`; null while the turn is open and for between-turns stretches. */
  endSeq: number | null
  /** `turn/end.data.reason` kind (`completed`, `aborted`, `error`, `interrupted`, …); null while open. */
  endReason: string | null
  /** True when every event of the section lies before the seed cut (fork/subagent inherited history). */
  inherited: boolean
  nodes: ChatNode[]
}

// ---------------------------------------------------------------------------------------------------
// Chat nodes (cards.md §3.2 "renders as")

export type ChatNode =
  | MessageNode
  | ContextNode
  | SystemNode
  | AssistantNode
  | AttemptNode
  | RetryNode
  | ToolNode
  | CommandNode
  | CompactionNode
  | ReplacementNode
  | TurnTailNode
  | RawNode

export type ChatNodeKind = ChatNode['kind']

interface NodeBase {
  /** Stable id, unique within a conversation, derived from seqs/ids (e.g. `tool:call_1`, `user:4`). */
  key: string
  /** Chat position: nodes sort by `anchorSeq`, ties by `key` (cards.md §3.6). May be fractional. */
  anchorSeq: number
  /** Before the seed cut of a fork/subagent child (shown collapsed or dimmed). */
  inherited: boolean
}

/** A human prompt (`source.kind: 'user'`); `steering` when it arrived mid-turn (cards.md §3.5). */
export interface MessageNode extends NodeBase {
  kind: 'user' | 'steering'
  seq: number
  time: number | null
  messageId: string
  content: ContentBlock[]
  /** The text blocks joined with a blank line; images and other blocks stay in `content`. */
  text: string
}

/** Injected context (`user/message` from a producer, not a person): a collapsed row (cards.md §3.5). */
export interface ContextNode extends NodeBase {
  kind: 'context'
  seq: number
  time: number | null
  messageId: string
  /** `source.kind` verbatim. */
  sourceKind: string
  /** Which title the row uses: `Context injection` or `Session recall` (cards.md §14). */
  title: 'injection' | 'recall'
  /** The producer label after the title (e.g. `@deepseek-ai/dsh-system-prompt`, `skill-catalog`). */
  label: string
  /** The third segment for `form:'notice'` sources with a non-empty summary; else null. */
  summary: string | null
  /** `source.form` when it is a string (a rendering hint: snapshot, catalog, notice, relay, …). */
  form: string | null
  content: ContentBlock[]
  source: MessageSource
  /** The inbox claimed this producer message to open its turn: a trigger notice row (cards-current.md §4.3). */
  trigger?: true
}

/** The system prompt (`system/message`, v3+): never user input; collapsed. */
export interface SystemNode extends NodeBase {
  kind: 'system'
  seq: number
  messageId: string | null
  content: ContentBlock[]
}

/** One visible block of an assistant step, in message order (cards.md §3.4 "Block rendering"). */
export type AssistantBlock =
  /** A Think row: `summary` is the first line (while streaming: the last non-empty line). */
  | { type: 'think'; text: string; summary: string }
  | { type: 'markdown'; text: string }
  /** Consecutive image blocks form one group. */
  | { type: 'images'; images: ContentBlock[] }
  /** Anything else: shown as JSON labelled `Unknown content block`. */
  | { type: 'unknown'; block: ContentBlock }

export interface AssistantNode extends NodeBase {
  kind: 'assistant'
  turn: number
  step: number
  /**
   * `settled`: from `assistant/message`; `interrupted`: `interrupted:true` or chunk evidence at a closed
   * boundary (shown with a `Stopped` marker); `streaming`: live, open step, chunks only.
   */
  status: 'settled' | 'interrupted' | 'streaming'
  /** True when built from chunks rather than an `assistant/message` (synthetic interruption, streaming). */
  fromChunks: boolean
  /** `assistant/message` seq; null when built from chunks. */
  seq: number | null
  time: number | null
  messageId: string | null
  provider: string | null
  model: string | null
  usage: TokenUsage | null
  blocks: AssistantBlock[]
}

/** A failed model attempt: v4 `assistant/attempt`, or a v0 chunk stream finishing with an error. */
export interface AttemptNode extends NodeBase {
  kind: 'attempt'
  seq: number
  time: number | null
  turn: number | null
  step: number | null
  /** `finish.reason.kind` (`error`, `aborted`, …) or null when the stream had no finish. */
  finishReason: string | null
  failure: Failure | null
  /** What the attempt streamed before failing (v4 attempts only). */
  blocks: AssistantBlock[]
  usage: TokenUsage | null
}

export interface Failure {
  message: string | null
  code: string | null
}

/** `llm/retry`: the step's streamed blocks restart after it. */
export interface RetryNode extends NodeBase {
  kind: 'retry'
  seq: number
  time: number | null
  turn: number | null
  step: number | null
  retry: number | null
  maxRetries: number | null
  delayMs: number | null
  failure: Failure | null
}

/** One tool tree (root call plus code-dispatch children), see ./tool-call and cards.md §3.3. */
export interface ToolNode extends NodeBase {
  kind: 'tool'
  call: ToolCallNode
}

/** A slash command (`command/run` … `command/done`, paired by `commandId`). */
export interface CommandNode extends NodeBase {
  kind: 'command'
  commandId: string
  /** Command name; `''` when only `command/done` was seen. */
  name: string
  /** Raw text after the name (leading whitespace kept); null when absent. */
  args: string | null
  status: 'running' | 'success' | 'error'
  /** `command/done.data.text`; null when absent or still running. */
  text: string | null
  runSeq: number | null
  doneSeq: number | null
  time: number | null
}

/** A compaction marker (`compaction/start|summary|end`, or a `compaction/prune`). */
export interface CompactionNode extends NodeBase {
  kind: 'compaction'
  /** `compactionId`; null for a prune. */
  compactionId: string | null
  mode: 'compaction' | 'prune'
  status: 'running' | 'done' | 'failed'
  /** `compaction/start.data.turn` (null = manual, between turns). */
  turn: number | null
  startSeq: number | null
  endSeq: number | null
  /** `compaction/summary.data.summary` blocks; null until the summary is seen. */
  summary: ContentBlock[] | null
  shadowedSeqs: number[]
  shadowedTokenCount: number | null
  /** Seqs of the replacement surface events this compaction wrote (never rendered as messages). */
  replacementSeqs: number[]
  error: Failure | null
}

/** A replacement surface event (`surfaceOp.op:'replace'`) not tied to a known compaction: a marker. */
export interface ReplacementNode extends NodeBase {
  kind: 'replacement'
  seq: number
  eventType: string
  start: number
  end: number
}

/** Per-turn data after a closed turn: timing, tokens and Deliverables (cards.md §3.6, §12). */
export interface TurnTailNode extends NodeBase {
  kind: 'turn-tail'
  turn: number
  endSeq: number
  endReason: string
  /** `turn/end.data.reason.error` for `error` turns. */
  error: Failure | null
  /** Seq of the last text-bearing `assistant/message` of the turn; null when there is none. */
  closingMessageSeq: number | null
  /** `turn/end.time − turn/start.time`; null when either is unknown. */
  durationMs: number | null
  /** First step's time to first non-empty token; null when unknown. */
  ttftMs: number | null
  steps: number
  usage: UsageTotals
  /** Output tokens per second of streaming; null when times are unknown. */
  tokensPerSecond: number | null
  /** Produced files, first-seen order (cards.md §12). */
  deliverables: string[]
  /**
   * Files delivered by `present` (`deliverables/presented` events of the turn before its closing reply,
   * cards-current.md §8.3): first-appearance order, the latest declaration of a path wins. Set only when there is
   * one (absent = none), so goldens of sessions without any stay unchanged.
   */
  delivered?: DeliveredFile[]
  /** The turn's exact token accounting (cards-current.md §8.1 rules 2–4), or null when it is not exact. */
  exactUsage?: ExactTurnUsage | null
}

/** One delivered file as declared (`path` absolute as the Host wrote it). */
export interface DeliveredFile {
  path: string
  description: string | null
}

/** One model attempt's exact usage; cache and reasoning buckets are null when the provider left them out. */
export interface ExactAttemptUsage {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number | null
  cacheWriteTokens: number | null
  reasoningTokens: number | null
  /** `totalTokens`, or input + cacheRead + cacheWrite + output when both buckets are present. */
  totalTokens: number
}

export interface ExactTurnUsage {
  /** Σ of the attempts' exact totals. */
  totalTokens: number
  /** In log order. */
  attempts: ExactAttemptUsage[]
}

/** An unknown event or an invalid line, kept in place (never dropped). */
export interface RawNode extends NodeBase {
  kind: 'raw'
  /** `unknown`: event type not known / payload not matching / rejected by the fold; `invalid`: unreadable. */
  rawKind: 'unknown' | 'invalid'
  line: number
  frame: number | null
  seq: number | null
  type: string | null
  reason: string
  /** The line text (invalid lines). */
  text: string | null
  /** The event payload (unknown events). */
  data: unknown
  /**
   * Invalid lines: this row stands for a run of `count` consecutive unreadable lines, `line` to `lastLine`;
   * `more` holds the next few lines' positions, reasons and texts (../log/invalid-runs.ts).
   */
  run?: { count: number; lastLine: number; more: { line: number; reason: string; text: string }[] }
}

// ---------------------------------------------------------------------------------------------------
// Session facts (pages, the index, the stats line)

/** How the session stands, by the rule of ./status.ts (`sessionStatus`). */
export type SessionStatus = 'completed' | 'interrupted' | 'failed' | 'running' | 'damaged'

export interface UsageTotals {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  reasoningTokens: number
  /** input + output + cacheRead + cacheWrite. */
  totalTokens: number
}

export interface ModelRef {
  provider: string | null
  model: string
}

export interface SessionStats extends SessionCounts {
  /** Distinct turns having a settled assistant message (cards-current.md §8.2 activity pill, dsh's own rule). */
  activityTurns: number
  /** Settled (append) `assistant/message`s. */
  steps: number
  /** Counted once per provider request, compactions included (the one count: ./usage.ts `RequestUsageCounter`). */
  usage: UsageTotals
  /** cacheRead / (input + cacheRead + cacheWrite) as a whole percent, except a partial hit that would round
   *  to 100 (`99.9`, `99.96`); null when there was no prompt input (§8.2). */
  cacheHitPercent: number | null
  /** Latest `request/context.contextWindow`; null when never logged. */
  contextWindow: number | null
  /** Input side (input + cacheRead + cacheWrite) of the last settled request. */
  lastRequestInputTokens: number | null
  /** The last settled request's total, prompt plus output (the next prompt includes the reply). */
  lastRequestTokens: number | null
  /** min(100, round(lastRequestTokens / contextWindow × 100)): the context meter of §8.2. */
  contextUsedPercent: number | null
  /** Sum over steps of first-chunk-to-last-chunk time; null when no step had times. */
  llmMs: number | null
  /** Sum over settled roots of call-to-result time; null when no call had times. */
  toolMs: number | null
  /** Mean over steps of time to first non-empty token. */
  ttftAvgMs: number | null
  /** Σ output tokens / Σ decode seconds over steps with stream timing (first token to last chunk). */
  tokensPerSecond: number | null
}

/** A session this one started (subagent, workflow member, fork), with how we know. */
export interface ChildLink {
  sessionId: string
  /** `spawn-prompt`: matched across logs by the call's prompt (./spawn-links.ts), never set by the fold. */
  via: 'subagent-catalog' | 'workflow-agent' | 'result-text' | 'settled-notice' | 'spawn-prompt'
  /** The tool call (root or code-dispatch child) that spawned it, when known. */
  callId: string | null
  /** Seq of the evidence event. */
  seq: number
  label: string | null
  /** `subagent/catalog.mode` (`one-shot`, `continuable`, `external`) when given. */
  mode: string | null
}

export interface SessionFacts {
  id: string | null
  /** Latest `session/title`. */
  title: string | null
  cwd: string | null
  formatVersion: number | null
  agentPreset: string | null
  /** Distinct provider/model pairs, first-seen order. */
  models: ModelRef[]
  /** Header `createdAt` when positive, else the first event time; null when unknown. */
  startTime: number | null
  /** Time of the last event that had one; null when unknown. */
  endTime: number | null
  status: SessionStatus
  /** Root tool calls by wire name, sorted by name. */
  toolCounts: Record<string, number>
  /** Code-dispatch children by wire name, sorted by name. */
  subToolCounts: Record<string, number>
  stats: SessionStats
  /** Header `parentSession`: this is a child; pages link back to it. */
  parentSessionId: string | null
  origin: string | null
  delegationDepth: number | null
  /** Events with seq below this were copied from the parent (seed); null when nothing is inherited. */
  inheritedBeforeSeq: number | null
  children: ChildLink[]
  unknownEvents: number
  invalidLines: number
}
