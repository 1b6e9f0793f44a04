/**
 * TodoRow summary (cards.md §11.1): `<done>/<total> completed · <active item>` plus a `+k` suffix for the
 * other in-progress items. Returns null when `todos` is not an array of objects, so the row keeps the
 * generic `todo_write · …` summary. The to-do panel fed by `todo/write` events is not a row and lives
 * with the page, not here.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { Locale } from './types'
import { everyItem, isObject, jsonObject, nonBlank, type JsonObject } from './narrow'
import { strings } from './strings'

export interface TodoSummary {
  summary: string
  /** `+k` for k further in-progress items, or null. */
  suffix: string | null
}

export function todoSummary(node: ToolCallNode, locale: Locale): TodoSummary | null {
  const args = jsonObject(node.argsRaw)
  const todos = args === null ? null : everyItem(args.todos, (v): JsonObject | null => (isObject(v) ? v : null))
  if (todos === null) return null
  const done = todos.filter(t => t.status === 'completed').length
  const active = todos.filter(t => t.status === 'in_progress')
  const count = strings(locale).todoCompleted(done, todos.length)
  const content = active[0] === undefined ? null : nonBlank(active[0].content)
  if (content === null) return { summary: count, suffix: null }
  return { summary: `${count} · ${content}`, suffix: active.length > 1 ? `+${active.length - 1}` : null }
}
