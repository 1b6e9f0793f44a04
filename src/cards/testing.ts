/**
 * Typed builders for card-model tests: real `ToolCallNode` values (no casts), so a change to the seam
 * breaks the typecheck instead of hiding behind a literal. Seqs and times are fixed, so outputs are stable.
 */
import type { ContentBlock } from '../log/events/schema'
import type { ToolCallNode, ToolCallResult, ToolError } from '../conversation/tool-call'
import type { CardContext } from './types'

export const T0 = 1_750_000_000_000

export const CTX: CardContext = { cwd: '/home/dev/project', home: '/home/dev', locale: 'en' }
export const ctxWith = (patch: Partial<CardContext>): CardContext => ({ ...CTX, ...patch })

export const text = (t: string): ContentBlock => ({ type: 'text', text: t })

export interface CallOptions {
  callId?: string
  parentCallId?: string | null
  subCalls?: ToolCallNode[]
}

/** A running call; `args` objects are serialised compactly, strings are taken verbatim as `argsRaw`. */
export function call(name: string, args: object | string = {}, options: CallOptions = {}): ToolCallNode {
  return {
    callId: options.callId ?? `call_${name || 'x'}`,
    name,
    argsRaw: typeof args === 'string' ? args : JSON.stringify(args),
    hasCallHead: true,
    seq: 10,
    callTime: T0,
    turn: 1,
    step: 1,
    result: null,
    subCalls: options.subCalls ?? [],
    parentCallId: options.parentCallId ?? null,
  }
}

export interface ResultOptions {
  content?: ContentBlock[]
  isError?: boolean
  error?: ToolError | null
  meta?: unknown
  synthetic?: boolean
}

/** Settle a call; `output` as a string means one text block. */
export function settle(node: ToolCallNode, output: string | ResultOptions = {}): ToolCallNode {
  const o: ResultOptions = typeof output === 'string' ? { content: [text(output)] } : output
  const result: ToolCallResult = {
    seq: node.seq + 1,
    time: T0 + 1_000,
    content: o.content ?? [],
    isError: o.isError ?? false,
    error: o.error ?? null,
    synthetic: o.synthetic ?? false,
  }
  if ('meta' in o) result.meta = o.meta
  return { ...node, result }
}

/** A call settled with output text and `meta`. */
export const withMeta = (node: ToolCallNode, output: string, meta: unknown): ToolCallNode =>
  settle(node, { content: [text(output)], meta })

/** A failed call: error blocks as text, plus the structured error when given. */
export const fail = (node: ToolCallNode, output: string | null, error: ToolError | null = null): ToolCallNode =>
  settle(node, { content: output === null ? [] : [text(output)], isError: true, error })

/** The interruption the assembler synthesises at a closed boundary. */
export const interrupt = (node: ToolCallNode): ToolCallNode =>
  settle(node, { content: [], isError: true, error: { name: 'Interrupted', code: 'interrupted' }, synthetic: true })

/** An orphan result: no call head, no name, no arguments. */
export function orphan(callId: string, output: string): ToolCallNode {
  return settle({ ...call('', '', { callId }), name: '', argsRaw: '', hasCallHead: false, callTime: null }, output)
}

/** A code-dispatch child: compact re-serialised arguments, parent set, never `meta`. */
export function child(parent: string, n: number, name: string, args: object): ToolCallNode {
  return call(name, args, { callId: `${parent}:code:${n}`, parentCallId: parent })
}
