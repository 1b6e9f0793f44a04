/**
 * Props of the detail cards (cards-current.md §11): the one bordered box the newer dsh client opens under a
 * goal, reminder, Cordis, workflow, session, agent, job, terminal, lsp and team row, and the to-do diff (§11.9).
 * Every card is `DetailsBody`: an optional caption, a list of items (or an empty text), an optional "more"
 * note and, for the to-do diff, a trailing collapsible group. Items nest through groups; the models cap the
 * depth (inspection projection: deeper than 4 levels becomes a JSON code block), so a component may walk the
 * tree without meeting a log-controlled depth. Plain JSON, like every other card prop.
 */
import type { CodeBlock, CopyControl } from '../shared-types'
import type { SafeHtml } from '../trusted'

/** Badge colour family (§9.0: neutral/success/warning/error, + info for running states). */
export type DetailTone = 'neutral' | 'success' | 'warning' | 'error' | 'info'

/** A status glyph before an item's title (to-do diff): an added/removed mark or a to-do status icon. */
export interface DetailGlyph {
  kind: 'added' | 'removed' | 'completed' | 'in_progress' | 'pending'
  /** Accessible name when exposed (`Added`, `Completed`, …); the `+` / `−` marks are text. */
  label: string
}

/** A path the item points at: drawn as the title button (copy-path on a static page). */
export interface DetailLocation {
  path: string
  line: number | null
  column: number | null
}

export interface DetailField {
  term: string
  definition: string
  /**
   * An instant the page may show in the reader's own zone and locale (as dsh does): `definition` is its UTC text,
   * which a page without scripts keeps. `seconds`: month short, day, year, hh:mm:ss, zone; `short`: medium date,
   * short time (cards-current.md §11.3, §11.6).
   */
  local?: { iso: string; style: 'seconds' | 'short' }
}

export interface DetailCode {
  /** Language label shown above the code (`json`, `typescript`); null: no label. */
  label: string | null
  block: CodeBlock
  copy: CopyControl
}

export interface DetailItem {
  glyph: DetailGlyph | null
  /** Heading text; null for an untitled item (e.g. a projected object without a title field). */
  title: string | null
  location: DetailLocation | null
  badge: { text: string; tone: DetailTone } | null
  /** Status words after the badge (to-do: `In progress → Completed`, `Pending · Reordered`). */
  statusText: string | null
  /**
   * To-do status change (§11.9): drawn as `<from> → <to>` with the arrow hidden from assistive technology;
   * `statusText` holds the same words for text consumers. Absent: draw `statusText`.
   */
  statusChange?: { from: string; to: string } | null
  /** Removed to-do items are struck through. */
  struck: boolean
  subtitle: string | null
  description: string | null
  fields: DetailField[]
  bullets: string[]
  /** Markdown source (lsp hover, agent response); the site's markdown pass may fill `markdownHtml`. */
  markdown: string | null
  markdownHtml?: SafeHtml | null
  code: DetailCode | null
  groups: DetailGroup[]
}

/** A collapsible group inside an item (`<details>`: chevron + label, then a nested list). */
export interface DetailGroup {
  label: string
  items: DetailItem[]
  /** Text instead of items (`None`, or verbatim neighbour text), shown as a paragraph. */
  text?: string | null
}

export interface DetailsBody {
  kind: 'details'
  /** `Recorded result`, `Initial list`, … ; null for goal and reminder cards. */
  caption: string | null
  items: DetailItem[]
  /** Shown instead of the list when `items` is empty (`No results`, `No goal`, `No reminders`, …). */
  emptyText: string | null
  /** `{n} more items available in Inspect`, or a result-cap caption; null when nothing was left out. */
  more: string | null
  /** To-do diff only: `{n} unchanged` group after the list. */
  trailingGroup: DetailGroup | null
}

/** An item with every optional part empty: models spread it and set what they have. */
export const EMPTY_ITEM: DetailItem = {
  glyph: null, title: null, location: null, badge: null, statusText: null, struck: false, subtitle: null,
  description: null, fields: [], bullets: [], markdown: null, code: null, groups: [],
}
