/**
 * Matching, for the find box and the index search (browser; pure, so it is unit-tested in Node): a query is
 * its lower-cased words, a row matches when its text (or label) holds every word, and a snippet is the
 * text around the first word found, cut to a readable width. Shards arrive as script data: they are checked
 * for shape here and anything unexpected is dropped, never trusted.
 */
import type { SearchShard, ShardRow } from '../shard'

/** The words of a query, lower-cased, without duplicates; empty for a blank query. */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))]
}

export interface RowFilter {
  words: string[]
  /** Tool wire name, or '' for any. */
  tool: string
  /** Row state (`error`, `ok`, `running`, `stopped`), or '' for any. */
  state: string
}

/** A shard row with its lower-cased text, computed once per shard. */
export interface IndexedRow {
  id: string
  kind: string
  tool: string
  state: string
  label: string
  text: string
  lower: string
}

export function indexRows(shard: SearchShard): IndexedRow[] {
  return shard.rows.map(([id, kind, tool, state, label, text]) => ({ id, kind, tool, state, label, text, lower: `${label}\n${text}`.toLowerCase() }))
}

export const isActive = (f: RowFilter) => f.words.length > 0 || f.tool !== '' || f.state !== ''

export function rowMatches(row: IndexedRow, f: RowFilter): boolean {
  if (f.tool !== '' && row.tool !== f.tool) return false
  if (f.state !== '' && row.state !== f.state) return false
  return f.words.every(w => row.lower.includes(w))
}

/** Around the first word found: up to `width` characters, with `…` where cut, and where the word sits. */
export function snippet(text: string, words: readonly string[], width = 140): string {
  const lower = text.toLowerCase()
  const at = words.map(w => lower.indexOf(w)).filter(i => i >= 0).sort((a, b) => a - b)[0] ?? 0
  const start = Math.max(0, Math.min(at - Math.floor(width / 3), text.length - width))
  const end = Math.min(text.length, start + width)
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`
}

/** Splits text into plain and matched parts (for `<mark>`s built with DOM text nodes, never HTML). */
export function highlightParts(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  const lower = text.toLowerCase()
  const hits: [number, number][] = []
  for (const w of words) for (let i = lower.indexOf(w); i >= 0 && w !== ''; i = lower.indexOf(w, i + w.length)) hits.push([i, i + w.length])
  hits.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const parts: { text: string; match: boolean }[] = []
  let at = 0
  for (const [s, e] of hits) {
    if (e <= at) continue
    const from = Math.max(s, at)
    if (from > at) parts.push({ text: text.slice(at, from), match: false })
    const last = parts[parts.length - 1]
    // Overlapping hits become one mark.
    if (from === at && last?.match === true) last.text += text.slice(from, e)
    else parts.push({ text: text.slice(from, e), match: true })
    at = e
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false })
  return parts
}

const isString = (v: unknown): v is string => typeof v === 'string'

function asRow(value: unknown): ShardRow | null {
  if (!Array.isArray(value) || value.length !== 6 || !value.every(isString)) return null
  const [id, kind, tool, state, label, text] = value as string[]
  return [id ?? '', kind ?? '', tool ?? '', state ?? '', label ?? '', text ?? '']
}

/** A shard from `window.dshSearch`, or null when it is not one. */
export function asShard(value: unknown): SearchShard | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Partial<Record<keyof SearchShard, unknown>>
  if (v.v !== 1 || !isString(v.session) || !isString(v.title) || !Array.isArray(v.rows)) return null
  const rows = v.rows.map(asRow).filter((r): r is ShardRow => r !== null)
  return { v: 1, session: v.session, title: v.title, complete: v.complete !== false, rows }
}
