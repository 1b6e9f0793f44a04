/**
 * AskQuestionRow summary and state (cards.md §11.2): cancelled / interrupted / waiting / `<a>/<t> answered`,
 * by priority. A cancelled question stays an error row; an aborted one is forced to `stopped`. The row
 * never substitutes a failure line, so a null summary means "keep the generic summary".
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { Locale, RowState } from './types'
import { isObject, nonEmpty, parseJson, textOf } from './narrow'
import { strings } from './strings'

export interface AskPresentation {
  summary: string | null
  state: RowState
}

function answered(entry: unknown): boolean {
  if (!isObject(entry)) return false
  return (Array.isArray(entry.selected) && entry.selected.length > 0) || nonEmpty(entry.custom) !== null
}

export function askPresentation(node: ToolCallNode, state: RowState, locale: Locale): AskPresentation {
  const t = strings(locale)
  const result = node.result
  if (result?.error?.code === 'ASK_CANCELLED') return { summary: t.askCancelled, state }
  if (result?.error?.code === 'ASK_ABORTED') return { summary: t.askInterrupted, state: 'stopped' }
  if (result === null) return { summary: t.askWaiting, state }
  if (state !== 'ok') return { summary: null, state }
  const text = result.content.map(b => textOf(b) ?? '').join('')
  const parsed = parseJson(text)
  if (!isObject(parsed) || !Array.isArray(parsed.answers)) return { summary: null, state }
  const answers: unknown[] = parsed.answers
  return { summary: t.askAnswered(answers.filter(answered).length, answers.length), state }
}
