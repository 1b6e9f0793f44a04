/**
 * The props contract between the card models (`src/cards`) and the components (`components/`): every type a
 * component receives. Components draw these and derive nothing — every string, count, split, short path and
 * label is already here (architecture.md §1, §2.5). Row and card rules live in cards.md; each type names the
 * section it carries. Stable: new fields are added as optional, existing ones keep their meaning.
 *
 * Plain JSON only (no Map, Date, class), so a view model is `JSON.stringify`-able for goldens and SSE.
 * This file holds the shared pieces and re-exports the card props (./card-types) and the row and page
 * props (./row-types), so consumers import everything from here.
 */
import type { SafeHtml } from './trusted'
import type { TodoWrite } from '../conversation/model'

export type * from './card-types'
export type * from './row-types'
export type * from './details/types'

// ---------------------------------------------------------------------------------------------------
// Context and shared pieces

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
