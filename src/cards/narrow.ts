/**
 * Narrowing for untrusted values: raw argument text, result blocks and `meta` from a session log come in as
 * `unknown` and leave as a typed value or null. Nothing here throws or asserts (architecture.md §2.4, §2.14);
 * every card model builds on these so a malformed log degrades to the Generic card instead of crashing.
 */
import type { ContentBlock } from '../log/events/schema'
import { parseCapped } from '../log/json/depth'

export type JsonObject = Record<string, unknown>

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `JSON.parse` that reports failure as `undefined` (a parsed `null` stays `null`). */
export function parseJson(raw: string): unknown {
  try {
    return parseCapped(raw)
  } catch {
    return undefined
  }
}

/** The raw arguments as a JSON object, or null (parse error, array, scalar). */
export function jsonObject(raw: string): JsonObject | null {
  const parsed = parseJson(raw)
  return isObject(parsed) ? parsed : null
}

export const asString = (v: unknown): string | null => (typeof v === 'string' ? v : null)
export const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
export const nonBlank = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
export const asBoolean = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null)
export const finiteNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const integer = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)

/** Text before the first `\n` (the whole text when there is none). */
export function firstLine(text: string): string {
  const nl = text.indexOf('\n')
  return nl === -1 ? text : text.slice(0, nl)
}

/** The `text` of a `{type:'text', text}` block, else null. */
export function textOf(block: ContentBlock): string | null {
  return block.type === 'text' && typeof block.text === 'string' ? block.text : null
}

/** The text of a result that is exactly one text block (terminal and read cards need this), else null. */
export function singleText(content: readonly ContentBlock[]): string | null {
  const [only] = content
  return content.length === 1 && only !== undefined ? textOf(only) : null
}

/** An array whose every element narrows; null if any does not (one bad item invalidates the list). */
export function everyItem<T>(value: unknown, narrow: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null
  const out: T[] = []
  for (const item of value) {
    const n = narrow(item)
    if (n === null) return null
    out.push(n)
  }
  return out
}

/**
 * The URL itself when its parsed protocol is http: or https:, else null (cards.md §10: `javascript:`,
 * `data:`, `file:`, `mailto:` and unparseable text render as plain text).
 */
export function safeHref(raw: unknown): string | null {
  if (typeof raw !== 'string' || !URL.canParse(raw)) return null
  const { protocol } = new URL(raw)
  return protocol === 'http:' || protocol === 'https:' ? raw : null
}
