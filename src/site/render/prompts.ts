/**
 * The session's prompt list (issue 15 "a table of contents"): every prompt the user typed, in order, each
 * linked to its turn (`<page>#turn-N`; a second prompt of the same turn, or one between turns, to its own
 * row). Pure: the view model in, plain entries out; the renderer (./render-session.tsx) knows the page of
 * every anchor only after packing, so entries carry ids and the page is looked up then.
 *
 * Budget: a page shows at most TOC_WINDOW entries — the prompts of its own pages and a few before — and a
 * session with more links "all prompts", plain pages of PROMPTS_PER_PAGE entries each
 * (`<stem>.prompts.html`, `<stem>.prompts.p2.html`, …): a 2,000-turn session adds about 65 elements and
 * 15 KB to each transcript page, and its full list is four small pages instead of 4,000 links on every page.
 */
import type { PageViewModel } from '../../cards/types'

/** Entries a session page lists inline. */
export const TOC_WINDOW = 30
/** Entries per page of the full prompt list (about 2 elements and 200 bytes each). */
export const PROMPTS_PER_PAGE = 500
/** Characters of a prompt's first line that a list shows. */
export const PROMPT_CHARS = 80
/** Entries listed before the first prompt of the current page (context for where the reader is). */
const LEAD = 2

export interface Prompt {
  /** 1-based position among the session's prompts. */
  number: number
  /** The turn it belongs to, null between turns. */
  turn: number | null
  /** The id to link to: the turn's anchor for its first prompt, else the prompt's row id. */
  id: string
  /** The first non-blank line, at most PROMPT_CHARS characters (`…` when cut); '' when the prompt has no text. */
  label: string
}

/** A prompt's label: its first non-blank line, at most PROMPT_CHARS characters. */
export function firstLine(text: string): string {
  let line = ''
  for (const l of text.split('\n', 200)) {
    if (l.trim() !== '') {
      line = l.trim().replace(/\s+/g, ' ')
      break
    }
  }
  const chars = [...line.slice(0, PROMPT_CHARS * 2)]
  return chars.length > PROMPT_CHARS ? `${chars.slice(0, PROMPT_CHARS - 1).join('')}…` : chars.join('')
}

/** Every prompt of the session (not the history a fork or subagent inherited), in Chat order. */
export function sessionPrompts(view: PageViewModel): Prompt[] {
  const prompts: Prompt[] = []
  for (const section of view.sections) {
    if (section.inherited) continue
    let first = true
    for (const row of section.rows) {
      if (row.kind !== 'user') continue
      const id = first && section.anchor != null ? section.anchor : row.key
      first = false
      prompts.push({ number: prompts.length + 1, turn: section.turn, id, label: firstLine(row.text) })
    }
  }
  return prompts
}

/**
 * The slice `[start, end)` of `count` prompts a page lists: all when they fit, else TOC_WINDOW entries from
 * a little before `firstHere` (the first prompt on this page or after it; null: past the last prompt).
 */
export function promptWindow(count: number, firstHere: number | null): [number, number] {
  if (count <= TOC_WINDOW) return [0, count]
  const from = firstHere === null ? count - TOC_WINDOW : firstHere - LEAD
  const start = Math.max(0, Math.min(from, count - TOC_WINDOW))
  return [start, start + TOC_WINDOW]
}

/** Pages of the full list a session needs (0 when every page lists every prompt). */
export function promptPages(count: number): number {
  return count <= TOC_WINDOW ? 0 : Math.ceil(count / PROMPTS_PER_PAGE)
}
