/**
 * The seam between the assembler and the card models: one tool call as the Chat sees it (cards.md §3.3).
 * The assembler (src/conversation) builds these from `tool/call`, `tool/result` and the code-dispatch
 * events; the card models (src/cards) read them and nothing else. Plain JSON: no Map, Date or class, so a
 * snapshot is `JSON.stringify` and an SSE message needs no conversion.
 */
import type { ContentBlock } from '../log/events/schema'

export interface ToolError {
  name: string
  code: string
  reason?: string
}

export interface ToolCallResult {
  /** seq of the settling event; a synthetic interruption uses `boundary.seq - 0.8` (cards.md §3.3). */
  seq: number
  time: number | null
  /** The result blocks (`message.content[0].content`, or a dispatch's `content ?? []`). */
  content: ContentBlock[]
  isError: boolean
  error: ToolError | null
  /** `tool/result.data.meta` verbatim; `undefined` when absent (legacy, errors, most tools). */
  meta?: unknown
  /** True for the interruption the assembler synthesises at a closed step/turn boundary. */
  synthetic: boolean
}

export interface ToolCallNode {
  /** `callId` for roots; `subCallId` for code-dispatch children. */
  callId: string
  /** Wire tool name; `''` for an orphan result with no call head (never guessed). */
  name: string
  /** Raw `arguments` text verbatim; for dispatch children the compact JSON re-serialisation. `''` if none. */
  argsRaw: string
  /** False for orphan results (no `tool/call` / dispatch start seen). */
  hasCallHead: boolean
  /** Chat anchor: the `tool/call` seq, else the first result's seq. */
  seq: number
  callTime: number | null
  turn: number | null
  step: number | null
  /** null while running (no result and boundary still open). */
  result: ToolCallResult | null
  /** Code-dispatch children in dispatch order (always visible, cards.md §4.1). */
  subCalls: ToolCallNode[]
  /** For a child: the enclosing call's id; null for roots. */
  parentCallId: string | null
}
