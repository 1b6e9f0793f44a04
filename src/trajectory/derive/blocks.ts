/**
 * What the derivation reads of a message's or a result's content blocks (trajectory.md §4): a text block's
 * text, the first one, the texts joined, and how many blocks are of a type. One definition for records
 * (./records.ts) and results (./results.ts), which read their content by the same rules. Indexed loops, not
 * `map`/`find`: a long session's derivation runs these once or twice for every record.
 */
import type { ContentBlock } from '../../log/events/schema'

/** A text block's text; null for any other block (or a text block without a string). */
export const textOf = (block: ContentBlock): string | null => (block.type === 'text' && typeof block['text'] === 'string' ? block['text'] : null)

/** A reasoning block's text; null for any other block. */
export const reasoningOf = (block: ContentBlock): string | null => (block.type === 'reasoning' && typeof block['text'] === 'string' ? block['text'] : null)

/** The first text block's text (upstream's preview source; with `nonEmpty`, the first that is not ''). */
export function firstText(content: readonly ContentBlock[], nonEmpty: boolean): string | null {
  for (let i = 0; i < content.length; i++) {
    const text = textOf(content[i] as ContentBlock)
    if (text !== null && (!nonEmpty || text !== '')) return text
  }
  return null
}

/** The texts `pick` finds in the blocks, in order, joined by `separator`. */
export function joined(content: readonly ContentBlock[], pick: (block: ContentBlock) => string | null, separator: string): string {
  const parts: string[] = []
  for (let i = 0; i < content.length; i++) {
    const text = pick(content[i] as ContentBlock)
    if (text !== null) parts.push(text)
  }
  return parts.join(separator)
}

/** How many blocks are of `type`. */
export function count(content: readonly ContentBlock[], type: string): number {
  let n = 0
  for (let i = 0; i < content.length; i++) if ((content[i] as ContentBlock).type === type) n++
  return n
}
