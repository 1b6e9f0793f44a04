/**
 * The shared pieces of the props contract (./types): the locale, what a card model knows beyond the call, and
 * the building blocks several cards and rows carry (code blocks, row windows, copy buttons, image
 * references). A leaf: the card, row and detail prop files import from here, and ./types re-exports it, so
 * no file of the contract imports another in a circle. Plain JSON, stable, extended with optional fields only.
 */
import type { SafeHtml } from './trusted'
import type { TodoWrite } from '../conversation/model'

export type Locale = 'en' | 'zh'

/** What the card models know beyond the call itself. `home` is the host home (not in the log; cards.md §5.3). */
export interface CardContext {
  cwd: string | null
  home: string | null
  locale: Locale
  /**
   * The session's `todo/write` events in log order (the to-do diff baselines, cards-current.md §11.9);
   * absent = history unknown (the to-do card then reads `Previous list unavailable`).
   */
  todoWrites?: readonly TodoWrite[]
}

/** A block the highlight pass may colour: components draw `html` when present, else `text` (architecture.md §2.6). */
export interface CodeBlock {
  text: string
  /** A shiki-style language id (`ts`, `py`, `sh`, …) or null for plain text. */
  lang: string | null
  html: SafeHtml | null
}

/**
 * Head/tail window over a card's rows when they exceed a cap (cards.md §7, §8, §9, §6.5): show `head`, then a
 * toggle labelled `expandLabel` (aria `expandAria`), then `tail`; once expanded show every row and a toggle
 * `collapseLabel` (aria `collapseAria`). `head` / `tail` are indices into the card's `rows`/`lines` array;
 * the search tail may start with a re-inserted file header (an index that also lies before the gap).
 */
export interface RowWindow {
  head: number[]
  tail: number[]
  /** How many rows the toggle stands for (the `N` in its label). */
  hidden: number
  expandLabel: string
  expandAria: string
  collapseLabel: string
  collapseAria: string
}

/** A copy button: `label` until clicked, `copiedLabel` for ~1 s after; copies `text` verbatim. */
export interface CopyControl {
  label: string
  copiedLabel: string
  text: string
}

export interface ImageRef {
  attachmentId: string | null
  mediaType: string | null
  width: number | null
  height: number | null
  name: string | null
  /** Alt text: the name, else the media type, else `image`. */
  alt: string
}
