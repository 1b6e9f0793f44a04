/**
 * TodoRow (cards-current.md §10, §11.9): the plan summary `<done>/<total> completed · <first active item>`, the
 * to-do diff against the previous list and its summary (`1 added · 1 updated · 1 removed`, or `No changes to
 * the list`) as the row suffix before `+k`, and the diff as a `DetailsBody`. The baseline is the list of the
 * latest `todo/write` event before the call (root or code-dispatch child), which the conversation records
 * (`Conversation.todoWrites`, handed in as `CardContext.todoWrites`); without that history the caption reads
 * `Previous list unavailable` and there is no diff summary. Items are compared by trimmed content; a list with
 * a non-object item, blank or duplicate content or an unknown status is invalid (the generic row).
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { TodoWrite } from '../conversation/model'
import type { CardContext, Locale } from './types'
import type { DetailGlyph, DetailItem, DetailsBody } from './details/types'
import { EMPTY_ITEM } from './details/types'
import { everyItem, isObject, jsonObject, nonBlank } from './narrow'
import { strings } from './strings'
import { toolStrings } from './tool-strings'

export type TodoStatus = 'completed' | 'in_progress' | 'pending'

export interface TodoEntry {
  /** Trimmed content (the comparison key and the shown title). */
  content: string
  status: TodoStatus
}

export interface TodoSummary {
  summary: string
  /** The diff summary and/or `+k` for k further in-progress items, or null. */
  suffix: string | null
}

export interface TodoPresentation extends TodoSummary {
  body: DetailsBody
}

const STATUSES: ReadonlySet<string> = new Set(['completed', 'in_progress', 'pending'])
const isStatus = (v: unknown): v is TodoStatus => typeof v === 'string' && STATUSES.has(v)

/** A valid to-do list (§11.9 "Invalid lists"), or null. */
export function todoList(value: unknown): TodoEntry[] | null {
  const items = everyItem(value, (v): TodoEntry | null => {
    if (!isObject(v)) return null
    const content = nonBlank(v.content)
    return content === null || !isStatus(v.status) ? null : { content: content.trim(), status: v.status }
  })
  if (items === null) return null
  return new Set(items.map(i => i.content)).size === items.length ? items : null
}

/** The list a call writes (its `todos` argument), or null when it is not a valid list. */
export function callTodos(node: ToolCallNode): TodoEntry[] | null {
  const args = jsonObject(node.argsRaw)
  return args === null ? null : todoList(args.todos)
}

/**
 * The baseline of a call: `undefined` when the history is unknown (no `todoWrites` in the context), null when
 * no valid list was written before the call, else the latest one.
 */
export function todoBaseline(node: ToolCallNode, history: readonly TodoWrite[] | undefined): TodoEntry[] | null | undefined {
  if (history === undefined) return undefined
  let latest: TodoWrite | null = null
  for (const write of history) {
    if (write.seq >= node.seq) break
    latest = write
  }
  return latest === null ? null : todoList(latest.todos)
}

function planSummary(todos: readonly TodoEntry[], locale: Locale): TodoSummary {
  const done = todos.filter(t => t.status === 'completed').length
  const active = todos.filter(t => t.status === 'in_progress')
  const count = strings(locale).todoCompleted(done, todos.length)
  const first = active[0]
  if (first === undefined) return { summary: count, suffix: null }
  return { summary: `${count} · ${first.content}`, suffix: active.length > 1 ? `+${active.length - 1}` : null }
}

/**
 * Indices (into `order`) of the longest run of items whose baseline positions increase: the items that kept
 * their relative order. Everything else common to both lists counts as moved. O(n log n); among equally long
 * runs the one ending latest wins (a swap marks the item that moved up), so the result is deterministic.
 */
function keptOrder(order: readonly number[]): Set<number> {
  const tails: number[] = []
  const previous: number[] = new Array<number>(order.length).fill(-1)
  for (let i = 0; i < order.length; i++) {
    const value = order[i] ?? 0
    let lo = 0
    let hi = tails.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((order[tails[mid] ?? 0] ?? 0) < value) lo = mid + 1
      else hi = mid
    }
    previous[i] = lo > 0 ? (tails[lo - 1] ?? -1) : -1
    tails[lo] = i
  }
  const kept = new Set<number>()
  let at = tails[tails.length - 1] ?? -1
  while (at !== -1) {
    kept.add(at)
    at = previous[at] ?? -1
  }
  return kept
}

interface Change {
  entry: TodoEntry
  kind: 'added' | 'status' | 'moved' | 'unchanged' | 'removed'
  from: TodoStatus | null
}

/** The per-item changes: current items in order, then the removed ones (§11.9). */
export function todoChanges(current: readonly TodoEntry[], baseline: readonly TodoEntry[]): Change[] {
  const before = new Map(baseline.map((entry, i) => [entry.content, { entry, i }]))
  const common = current.filter(e => before.has(e.content))
  const kept = keptOrder(common.map(e => before.get(e.content)?.i ?? 0))
  const moved = new Set(common.filter((_e, i) => !kept.has(i)).map(e => e.content))
  const now = new Set(current.map(e => e.content))
  const changes: Change[] = current.map(entry => {
    const old = before.get(entry.content)
    if (old === undefined) return { entry, kind: 'added', from: null }
    if (old.entry.status !== entry.status) return { entry, kind: 'status', from: old.entry.status }
    return { entry, kind: moved.has(entry.content) ? 'moved' : 'unchanged', from: null }
  })
  for (const entry of baseline) if (!now.has(entry.content)) changes.push({ entry, kind: 'removed', from: null })
  return changes
}

function item(entry: TodoEntry, glyph: DetailGlyph, statusText: string, struck = false): DetailItem {
  return { ...EMPTY_ITEM, glyph, title: entry.content, statusText, struck }
}

/** The to-do row's summary, suffix and diff body; null when the call's list is invalid (generic row). */
export function todoPresentation(node: ToolCallNode, ctx: CardContext): TodoPresentation | null {
  const current = callTodos(node)
  if (current === null) return null
  const d = toolStrings(ctx.locale)
  const word = (s: TodoStatus) => d.todoStatus[s]
  const statusGlyph = (s: TodoStatus): DetailGlyph => ({ kind: s, label: word(s) })
  const plan = planSummary(current, ctx.locale)
  const baseline = todoBaseline(node, ctx.todoWrites)
  const withSuffix = (diff: string | null): string | null =>
    [diff, plan.suffix].filter((s): s is string => s !== null).join(' ') || null

  if (baseline === undefined) {
    return {
      summary: plan.summary,
      suffix: plan.suffix,
      body: { kind: 'details', caption: d.todoDiff.unavailable, items: current.map(e => item(e, statusGlyph(e.status), word(e.status))),
        emptyText: null, more: null, trailingGroup: null },
    }
  }
  const changes = todoChanges(current, baseline ?? [])
  const items: DetailItem[] = []
  const unchanged: DetailItem[] = []
  let added = 0
  let updated = 0
  let removed = 0
  for (const c of changes) {
    switch (c.kind) {
      case 'added':
        added++
        items.push(item(c.entry, { kind: 'added', label: d.todoDiff.addedItem }, word(c.entry.status)))
        break
      case 'status': {
        updated++
        const from = word(c.from ?? c.entry.status)
        const to = word(c.entry.status)
        items.push({ ...item(c.entry, statusGlyph(c.entry.status), `${from} → ${to}`), statusChange: { from, to } })
        break
      }
      case 'moved':
        updated++
        items.push(item(c.entry, statusGlyph(c.entry.status), `${word(c.entry.status)} · ${d.todoDiff.movedItem}`))
        break
      case 'removed':
        removed++
        items.push(item(c.entry, { kind: 'removed', label: d.todoDiff.removedItem }, word(c.entry.status), true))
        break
      case 'unchanged':
        unchanged.push(item(c.entry, statusGlyph(c.entry.status), word(c.entry.status)))
        break
    }
  }
  const parts = [added > 0 ? d.todoDiff.added(added) : null, updated > 0 ? d.todoDiff.updated(updated) : null,
    removed > 0 ? d.todoDiff.removed(removed) : null].filter((s): s is string => s !== null)
  return {
    summary: plan.summary,
    suffix: withSuffix(parts.length === 0 ? d.todoDiff.noChanges : parts.join(' · ')),
    body: {
      kind: 'details',
      caption: baseline === null ? d.todoDiff.initial : d.todoDiff.compare,
      items,
      emptyText: null,
      more: null,
      trailingGroup: unchanged.length === 0 ? null : { label: d.todoDiff.unchanged(unchanged.length), items: unchanged },
    },
  }
}

/** The plan summary alone (kept for callers that do not need the diff). */
export function todoSummary(node: ToolCallNode, locale: Locale): TodoSummary | null {
  const todos = callTodos(node)
  return todos === null ? null : planSummary(todos, locale)
}
