/**
 * Tool-row and page-row props (cards.md §3, §4, §5, §11–§13): the row chrome around a card, the Details
 * view, and every other row of the Chat column. Part of the ./types contract (import from there); stable,
 * extended with optional fields only.
 */
import type { SafeHtml } from './trusted'
import type { RowBody } from './card-types'
import type { CopyControl, ImageRef, Locale } from './shared-types'

// ---------------------------------------------------------------------------------------------------
// Tool rows (cards.md §4, §5, §6.6, §7–§11)

export type RowState = 'running' | 'ok' | 'error' | 'stopped'
export type ToolVariant = 'search' | 'read' | 'bash' | 'write' | 'edit' | 'code' | 'others'
export type ToolIcon =
  | 'api' | 'browse' | 'magnifier' | 'globe' | 'pencil' | 'code' | 'sparkle' | 'checklist' | 'question' | 'skill'

/** The icon of an activity-group header: the top activity's tool icon, Think's, or the image icon. */
export type ActivityIcon = ToolIcon | 'think' | 'image'

/** Which row implementation draws the header; decides where the hidden status sits (cards.md §4.3, §16.11). */
export type RowLayout = 'tool' | 'bash' | 'skill'

export interface ToolRowModel {
  kind: 'tool'
  /** Stable DOM/React key: `tool:<callId>` (a reused id adds `@<seq>`, children inherit the suffix). */
  key: string
  callId: string
  /** Wire name (`data-tool`); `''` for an orphan result. */
  tool: string
  variant: ToolVariant
  layout: RowLayout
  /** Row state after the terminal rule (`data-state`, dot, hidden text); see `modelState` for the raw one. */
  state: RowState
  /** State before the `terminalFailed` upgrade (cards.md §4.4). */
  modelState: RowState
  /** Leading slot: a dot replaces the icon for error (`red`) and stopped (`amber`). */
  dot: 'red' | 'amber' | null
  icon: ToolIcon
  title: string
  /** The collapsed one-liner; `''` drops the separator dot. */
  summary: string
  /** `text`, a file-link button (`filePath`), or the error-coloured failure line. */
  summaryStyle: 'text' | 'file-link' | 'failure'
  /** Openable path (the raw argument, first line) when `summaryStyle === 'file-link'`. */
  filePath: string | null
  /** Non-shrinking suffix after the summary (TodoRow `+k`). */
  summarySuffix: string | null
  /**
   * Receipt status of a details row (cards-current.md §9.0, §11.1): shown as ` · <status>` after the summary
   * while the row is closed, hidden while it is open (the newer client's `expandedSummary`).
   */
  summaryStatus?: string | null
  /** Visually-hidden status text; null for ok rows. */
  hiddenStatus: string | null
  /** `before-header` (ToolRow: a sibling before the header) or `in-header` (BashRow/SkillRow button name). */
  hiddenStatusPlacement: 'before-header' | 'in-header'
  expandable: boolean
  /** What opens when expanded; null iff not expandable. At most one card (precedence terminal → diff → read → search → web → text). */
  body: RowBody | null
  /** `Inspect` pill label (`Inspect` / `查看`; the `present` row: `Inspect call` / `查看调用`). */
  inspectLabel: string
  /**
   * How the Details view is offered: `pill` (default when absent), `text` (a text button after the body: the
   * `present` row's `Inspect call`), `none` (no control: a `present` row without detail text).
   */
  inspectStyle?: 'pill' | 'text' | 'none'
  details: ToolDetailsModel
  /** Code-dispatch children, always visible under the row (cards.md §4.1). */
  children: ToolRowModel[]
  /** 0 for a root. */
  depth: number
}

/** The Details view of a call (cards.md §13), shown on a static page behind the `Inspect` pill. */
export interface ToolDetailsModel {
  /** Call name, or the callId when there is none. */
  header: string
  inputLabel: string
  /** Pretty JSON of the arguments (raw text if unparsable); null without a call head. */
  input: string | null
  outputLabel: string
  /**
   * `card`: draw the row's `body` card with its `detailsWindow` (terminal: description above; web: `raw`
   * below; search: recovery below). `running`: the `Running…` text. `raw`: a `<pre>` of the flattened result.
   */
  output: { kind: 'card' } | { kind: 'running'; text: string } | { kind: 'raw'; text: string; isError: boolean } | null
}

// ---------------------------------------------------------------------------------------------------
// Page rows (the whole Chat column, in anchor order; cards.md §3). One row per visible thing; an assistant
// step becomes one row per block. Keys are the conversation's stable node keys (plus `:<block index>`).

/** A point in time: `iso` for `<time datetime>`, `label` to show (UTC, deterministic). */
export interface TimeLabel {
  iso: string
  /** `YYYY-MM-DD HH:MM:SS UTC` */
  label: string
}

export interface UserRow {
  kind: 'user'
  key: string
  /** Text blocks joined with a blank line (plain text, not markdown). */
  text: string
  images: ImageRef[]
  /** `steering` when the message arrived mid-turn. */
  role: 'user' | 'steering'
  time: TimeLabel | null
  copy: CopyControl
  /**
   * `Referenced session · a, b` when a session-reference context follows the message (cards-current.md §4.2);
   * the newer client shows it in the bubble (its context row is hidden there). Null or absent: none.
   */
  references?: string | null
}

export interface ContextRow {
  kind: 'context'
  key: string
  /** `Context injection` / `Session recall` (localised). */
  label: string
  /** Producer label, e.g. `@deepseek-ai/dsh-system-prompt`, `skill-catalog`. */
  producer: string
  /** Third collapsed segment for `form:'notice'` sources, else null. */
  notice: string | null
  /** The injected text blocks joined with a blank line (collapsed body). */
  text: string
  /** The newer client draws a turn-opening notice as a trigger row instead (cards-current.md §4.3). */
  trigger?: TriggerModel | null
}

/** A turn-trigger notice (cards-current.md §4.3): `Subtask status updated 14:03`, opening to the notice text. */
export interface TriggerModel {
  title: string
  /** `HH:MM` (UTC, deterministic) and its ISO form; null when the message has no time. */
  clock: { iso: string; label: string } | null
  explanation: string
}

/** The system prompt (v3+ `system/message`), collapsed. */
export interface SystemRow {
  kind: 'system'
  key: string
  label: string
  text: string
}

export interface ThinkRow {
  kind: 'think'
  key: string
  /** Literal `Think` (not localised at [L]). */
  title: string
  summary: string
  text: string
  running: boolean
  hiddenStatus: string | null
  /** The newer client's preview: the first line with every `**` removed (cards-current.md §7); `''`: none. */
  preview?: string
}

/** Markdown source; the site's markdown pass renders it (never here) and may fill `html`. */
export interface MarkdownRow {
  kind: 'markdown'
  key: string
  text: string
  html: SafeHtml | null
  /** For a turn's closing reply: the files its inline code may name (cards-current.md §8.3); absent otherwise. */
  mentions?: MentionTarget[]
}

/** A file the turn produced or delivered, and the row (key) that did it. */
export interface MentionTarget {
  /** The full path (absolute as recorded). */
  path: string
  /** The literal argument path of a produced operation (`src/x.ts`); null for a delivered file. */
  argPath: string | null
  /**
   * Where a mention of it leads (an element id of the page): the row that wrote a produced file, the card of a
   * delivered one (./delivered.ts `deliveredAnchor`).
   */
  row: string | null
}

export interface ImageGroupRow {
  kind: 'images'
  key: string
  images: ImageRef[]
}

export interface UnknownBlockRow {
  kind: 'unknown-block'
  key: string
  /** `Unknown content block` (localised). */
  label: string
  /** The block as 2-space JSON. */
  json: string
}

/** Marker after an interrupted assistant message (`Stopped`). */
export interface StoppedMarkerRow {
  kind: 'stopped'
  key: string
  label: string
}

/** A failed model attempt (what it streamed, then why it failed). */
export interface AttemptRow {
  kind: 'attempt'
  key: string
  label: string
  detail: string | null
  blocks: (ThinkRow | MarkdownRow | ImageGroupRow | UnknownBlockRow)[]
}

export interface CommandRow {
  kind: 'command'
  key: string
  /** `/name args` as typed. */
  text: string
  status: 'running' | 'success' | 'error'
  /** The status in words (`Running` / `Done` / `Failed`, localised), shown beside the command. */
  statusLabel?: string
  output: string | null
}

export interface CompactionRow {
  kind: 'compaction'
  key: string
  label: string
  /** The summary text (collapsed body), null until known. */
  summary: string | null
  status: 'running' | 'done' | 'failed'
  detail: string | null
}

/** A surface replacement not tied to a known compaction. */
export interface ReplacementRow {
  kind: 'replacement'
  key: string
  label: string
}

export interface RetryRow {
  kind: 'retry'
  key: string
  label: string
  detail: string | null
}

export interface DeliverableChip {
  /** Basename (chip text). */
  label: string
  /** Full path (`title`). */
  path: string
  /** `Open <path>` / `打开 <path>`. */
  aria: string
}

/** Produced files (cards.md §12). */
export interface DeliverablesModel {
  /** `Produced` / `产物`. */
  label: string
  /** At most 6. */
  chips: DeliverableChip[]
  /** `+ N files` for the rest (localised); null when nothing is hidden. */
  overflow: string | null
  hidden: DeliverableChip[]
}

export interface TurnTailRow {
  kind: 'turn-tail'
  key: string
  turn: number
  /** Timing chrome of the closing message; null when the turn has no text-bearing closing message. */
  timing: {
    time: TimeLabel | null
    /** `Ran for 12.3s` */
    ranFor: string | null
    /** `TTFT 850ms` */
    ttft: string | null
    /** `42.1 tok/s` */
    throughput: string | null
  } | null
  /** The turn's failure (`error` turns), else null. */
  error: string | null
  deliverables: DeliverablesModel | null
  /**
   * The newer client's tail (cards-current.md §8.1): the closing reply's Copy button and clock; null when the
   * turn has no closing reply. Classic draws `timing` instead. The Copy button copies the reply's Markdown as
   * written (its blocks joined by a blank line), as dsh does — not the rendered text, which would run
   * paragraphs together and take in code blocks' labels and buttons (issue 28); `copy` is null when the page
   * cut the reply (the side file holds it whole).
   */
  reply?: { copy: CopyControl | null; clock: { iso: string; label: string } | null } | null
  /** `This turn failed` / `Output token limit reached` (+ hint) for the newer client; null otherwise. */
  notice?: { text: string; hint: string | null; kind: 'error' | 'max-tokens' } | null
  /**
   * The delivered-file block of the newer client (cards-current.md §8.3), drawn instead of `deliverables` in
   * the new view modes (`deliverables` stays for the classic mode); absent or null when nothing was delivered.
   */
  delivered?: DeliveredBlock | null
  /** The turn usage button (cards-current.md §8.1): only for a turn with a closing reply whose accounting is exact. */
  usage?: TurnUsageModel | null
  /** The changed-files card (§8.3), set only where a Host summary was fetched (live attach); never from the log alone. */
  changedFiles?: ChangedFilesModel | null
}

/** One delivered file (cards-current.md §8.3 "card"). */
export interface DeliveredFileCard {
  /** The card's element id, where a mention of the file in the reply leads (./delivered.ts `deliveredAnchor`). */
  id: string
  /** As declared (absolute): the card's title. */
  path: string
  /** Basename (card text). */
  name: string
  /** Description without its trailing parenthetical, else the upper-cased extension, else `File` / `文件`. */
  secondary: string
}

export interface DeliveredBlock {
  cards: DeliveredFileCard[]
  /** How many cards show before the toggle (all when `toggle` is null). */
  visible: number
  /** More than 4 cards: `All {n} files` (name `Show all {n} delivered files`) / `Collapse` (`Collapse delivered files`). */
  toggle: { expandLabel: string; expandAria: string; collapseLabel: string; collapseAria: string } | null
}

/** One changed file of the changed-files card (cards-current.md §8.3). */
export interface ChangedFileItem {
  /** `View changes to {display}`: what the live client's button is named. */
  name: string
  /** `{display}` in a list row, `Edited {basename}` as a single-file header. */
  text: string
  path: string
  /** `+1,232` / `-0`; null for binary and oversized files. */
  added: string | null
  deleted: string | null
  /** `binary` / `too large` instead of the counts, else null. */
  note: string | null
}

/** The changed-files card of a turn tail, from a Host summary (src/cards/changed-files.ts). */
export interface ChangedFilesModel {
  turn: number
  /** Single file: that file's header; several: `Edited {total} files` with the Host totals, named `Review this turn’s changes…`. */
  header: ChangedFileItem
  /** The list rows shown (at most four); empty for a single file. */
  files: ChangedFileItem[]
  /** The rows behind the fold. */
  hidden: ChangedFileItem[]
  /** The fold toggle when more than four files: texts and names for both states. */
  fold: { expandText: string; expandName: string; collapseText: string; collapseName: string } | null
}

/** `Usage 12.4K tok` and its breakdown (src/cards/turn-usage.ts). */
export interface TurnUsageModel {
  /** The button's name and text, `Usage 12.4K tok` / `用量 12.4K tok`. */
  label: string
  /** The exact total the label rounds. */
  total: number
  /** `Turn usage` / `本轮用量`: the breakdown's name. */
  title: string
  /** One entry per model attempt, in log order; a single attempt has an empty `label`. */
  attempts: { label: string; items: { label: string; value: string }[] }[]
  /** `Total` row: label and the exact grouped count (`17,490`). */
  totalLabel: string
  totalValue: string
}

/** An event kept verbatim (unknown type, or one the fold could not place). */
export interface RawEventRow {
  kind: 'raw-event'
  key: string
  type: string | null
  seq: number | null
  line: number
  reason: string
  /** The payload as 2-space JSON. */
  json: string
  /** Visible row name, `Unknown event` (localised); the type and reason follow it. */
  label?: string
  /** `line 12` (localised). */
  lineLabel?: string
}

export interface InvalidLineRow {
  kind: 'invalid-line'
  key: string
  line: number
  reason: string
  text: string
  /** Visible row name, `Unreadable line` (localised); the reason follows it. */
  label?: string
  /** `line 12` (localised). */
  lineLabel?: string
  /**
   * A run of consecutive unreadable lines in one row (src/log/damage/invalid-runs.ts): how many, and the next few
   * lines after the first (`line`/`text` above) with their own reasons. `label` then names the count;
   * `rangeLabel` is `lines 8–1,000,007` (localised).
   */
  run?: { count: number; lastLine: number; rangeLabel: string; more: { line: number; lineLabel: string; reason: string; text: string }[] }
}

export type PageRow =
  | UserRow
  | ContextRow
  | SystemRow
  | ThinkRow
  | MarkdownRow
  | ImageGroupRow
  | UnknownBlockRow
  | StoppedMarkerRow
  | AttemptRow
  | ToolRowModel
  | CommandRow
  | CompactionRow
  | ReplacementRow
  | RetryRow
  | TurnTailRow
  | RawEventRow
  | InvalidLineRow

/**
 * Where a row sits in the newer client's turn layout (cards-current.md §5–§6). `lead`: the opening input,
 * before the whole-turn control; `process`: folded behind it (`group` indexes `TurnProcessModel.groups`, null
 * for a row on its own); `after`: the answer's response part, the tail and anything after the answer.
 */
export interface RowPlacement {
  zone: 'lead' | 'process' | 'after'
  group: number | null
  /** Not shown by the newer client (system prompt, context injections, §4.2); classic shows it. */
  hidden: boolean
}

/** The whole-turn control of a closed turn (cards-current.md §5.4). */
export interface TurnControlModel {
  state: 'completed' | 'stopped' | 'failed'
  /** Visually hidden live-region text before the control: `Completed` / `Stopped` / `Failed`. */
  announcement: string
  /** `Completed in 12s`, `Completed`, `Stopped`, `Failed`. */
  label: string
  /** Some folded row besides the answer's own text exists (or the answer has reasoning), and no input interleaves. */
  hasContent: boolean
  /** Folds in the folding modes: completed, with content. Otherwise the control is a disabled button. */
  collapsible: boolean
}

export interface ActivityGroupModel {
  /** `Ran code, ran commands, read files` (§6.2). */
  title: string
  icon: ActivityIcon
}

/** The newer client's presentation of one turn: its control (closed turns only) and its activity groups. */
export interface TurnProcessModel {
  /** The turn has ended (`turn/end` seen). */
  closed: boolean
  control: TurnControlModel | null
  groups: ActivityGroupModel[]
}

/** One turn (or a stretch between turns); concatenated sections give the Chat order. */
export interface PageSection {
  key: string
  turn: number | null
  /** `Turn 3` / `第 3 轮`; null between turns. */
  label: string | null
  /**
   * The turn's anchor by number, `turn-3` (issue 15), on the turn heading: the first section of each turn
   * number only (a repeated number in a damaged log, the later parts of a turn split across pages: none).
   * The section's own id (`key`, `turn@<seq>`) stays, so older links keep resolving. Absent: none.
   */
  anchor?: string | null
  /** Inherited from a parent session (fork/subagent seed). */
  inherited: boolean
  rows: PageRow[]
  /** The newer client's turn layout; null for a stretch between turns. */
  process?: TurnProcessModel | null
  /** One per row, same order (the newer client's layout; classic draws the rows flat). */
  placements?: RowPlacement[]
}

export interface PageViewModel {
  locale: Locale
  sections: PageSection[]
}
