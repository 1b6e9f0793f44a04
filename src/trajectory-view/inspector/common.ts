/**
 * Pieces every inspector shares (trajectory.md §5): where a record or request sits (`Turn 1 · Step 1`,
 * `Compaction · Between turns`), the status term, links to Trajectory ids, text blocks cut for the page, and
 * pretty JSON. A JSON value from a log is printed with `JSON.stringify`, which walks it recursively; the
 * reader caps nesting at 100 levels where values enter (src/log/json/depth.ts), so the walk stays bounded.
 */
import type { GroupKey, TrajectoryStatus } from '../../trajectory/model'
import type { ViewContext } from '../context'
import type { TrajectoryKey } from '../strings'
import type { LinkValue, Term, TextBlock } from '../types'
import { plainText } from '../../cards/plain-text'

export const STATUS_KEYS: Record<TrajectoryStatus, TrajectoryKey> = {
  complete: 'status.completed',
  running: 'status.pending',
  error: 'status.failed',
}

/** The Status term; one object a status (terms are never changed once built), as most inspectors have one. */
export function statusTerm(status: TrajectoryStatus, ctx: ViewContext): Term {
  const key = STATUS_KEYS[status]
  let term = ctx.memo.get(key) as Term | undefined
  if (term === undefined) ctx.memo.set(key, (term = { term: ctx.words.t('details.status'), value: ctx.words.t(key), ...(status === 'error' ? { tone: 'error' as const } : {}) }))
  return term
}

/** `Turn 3` / `Between turns`. */
export function sectionLabel(turn: number | null, ctx: ViewContext): string {
  return turn === null ? ctx.words.t('section.betweenTurns') : ctx.words.t('turn.label', { turn })
}

/** `Message` / `Step 2` / `Compaction 41`. */
export function groupTitle(group: GroupKey, ctx: ViewContext): string {
  if (group.kind === 'message') return ctx.words.t('group.message')
  if (group.kind === 'step') return ctx.words.t('group.step', { step: group.step })
  return ctx.words.t('group.compaction', { seq: group.seq })
}

export const recordId = (index: number) => `rec-${index}`
export const requestId = (number: number) => `req-${number}`

export function linkTo(target: string, label: string, button = true, verbatim = false): LinkValue {
  return verbatim ? { kind: 'link', label, to: { target }, button, verbatim } : { kind: 'link', label, to: { target }, button }
}

/**
 * A text block of the page: cut to the page's caps, its whole text one click away. Terminal escapes and
 * control characters are left out (the page and its "Full text" file are plain-text surfaces, as in Chat).
 */
export function textBlock(text: string, ctx: ViewContext, options: Omit<TextBlock, 'kind' | 'text' | 'cut'> = {}): TextBlock {
  const cut = ctx.cutText(plainText(text), ctx.words)
  // Field by field, not spread: a long session builds hundreds of thousands of these.
  const block: TextBlock = { kind: 'text', text: cut.text }
  if (options.pre !== undefined) block.pre = options.pre
  if (options.tone !== undefined) block.tone = options.tone
  if (options.label !== undefined) block.label = options.label
  if (cut.cut !== undefined) block.cut = cut.cut
  return block
}

/** Strings longer than this are not re-indented. */
const PRETTY_MAX_CHARS = 64_000

/** A value as readable JSON (a string that holds JSON is parsed and printed again; anything else as is). */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    const trimmed = value.trim()
    // A huge argument is shown as written: it is cut for the page anyway, and parsing it would cost more.
    if (trimmed.length <= PRETTY_MAX_CHARS && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
      try {
        return JSON.stringify(JSON.parse(trimmed), null, 2)
      } catch {
        return value
      }
    }
    return value
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}
