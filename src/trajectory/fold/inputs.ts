/**
 * Input messages (trajectory.md §4.1): every `user/message` becomes a USER record when its source kind is
 * `user`, else a CONTEXT record (runtime-context, time-context, goal, compact-checkpoint, …); a user prompt
 * is *steering* instead when the current `next-step` inbox claim holds its id. The claim follows upstream's
 * inbox fold: `agent/inbox/spliced {target:'next-step'}` edits a pending list of message ids; a splice that
 * removes entries (not `canceled`) claims them — that batch is the current claim — while a plain insert
 * only drops re-inserted ids from it. `next-turn` splices change nothing here. A `developer/message` whose
 * content is only `tool-addition` / `tool-removal` blocks is a CONTEXT record too (dsh-view's reading of
 * the spec's table, §13 question 2); any other `developer/message` shows nothing.
 */
import type { ContentBlock } from '../../log/events/schema'
import type { Location } from './location'

export interface InputMessage {
  kind: 'user' | 'steering' | 'context'
  seq: number
  time: number | null
  content: ContentBlock[]
  source: unknown
  location: Location
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `list.splice(start, count, ...items)` without spreading `items` into call arguments (no size limit). */
function spliceIn(list: string[], start: number, count: number, items: readonly string[]): string[] {
  const at = start < 0 ? Math.max(0, list.length + start) : Math.min(start, list.length)
  const removed = list.slice(at, at + Math.max(0, count))
  const tail = list.slice(at + removed.length)
  list.length = at
  for (const item of items) list.push(item)
  for (const item of tail) list.push(item)
  return removed
}

export class InboxClaims {
  readonly #pending: string[] = []
  #claimed: Set<string> = new Set()

  /** One `agent/inbox/spliced` payload (any target; only `next-step` counts). */
  splice(data: unknown): void {
    if (!isRecord(data) || data['target'] !== 'next-step') return
    const start = typeof data['start'] === 'number' && Number.isSafeInteger(data['start']) ? data['start'] : 0
    const removedCount = typeof data['removedCount'] === 'number' && Number.isSafeInteger(data['removedCount']) ? data['removedCount'] : 0
    const inserted: string[] = []
    if (Array.isArray(data['inserted'])) for (const entry of data['inserted']) if (isRecord(entry) && typeof entry['id'] === 'string') inserted.push(entry['id'])
    const removed = spliceIn(this.#pending, start, removedCount, inserted)
    if (removedCount > 0 && data['outcome'] !== 'canceled') {
      this.#claimed = new Set(removed)
      return
    }
    for (const id of inserted) this.#claimed.delete(id)
  }

  claims(id: string): boolean {
    return this.#claimed.has(id)
  }
}

/** `tool-addition` / `tool-removal` blocks only (and at least one): a tool-catalog notice. */
export function isToolChange(content: readonly ContentBlock[]): boolean {
  return content.length > 0 && content.every((block) => block.type === 'tool-addition' || block.type === 'tool-removal')
}

/** The content blocks of a `developer/message` payload (`message.content`, or `content`), when an array. */
export function developerContent(data: unknown): ContentBlock[] | null {
  const message = isRecord(data) ? data['message'] : undefined
  const content = isRecord(message) ? message['content'] : isRecord(data) ? data['content'] : undefined
  if (!Array.isArray(content)) return null
  return content.filter((block): block is ContentBlock => isRecord(block) && typeof block['type'] === 'string')
}
