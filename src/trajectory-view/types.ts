/**
 * Props of the Trajectory tab (components/trajectory): everything a component shows arrives formatted in
 * the page's language, so components only draw (architecture.md §1). Built from the record model
 * (src/trajectory) by ./rows.ts, ./inspector/ and ./timeline.ts. Plain JSON.
 *
 * Links come in two kinds: `href` is final (a side file, a Chat row the build already placed); `target` is
 * an id on the Trajectory pages (`rec-41`, `req-3`) that the site resolves to `#id` or `<page>#id` once the
 * pages are cut (src/site/render/trajectory/links.ts), so a link never points at a page that lacks its id.
 */
import type { RecordKind, TrajectoryStatus } from '../trajectory/model'

/**
 * A link: to a Trajectory id (`target`, resolved by the site), a final `href`, or another tab of the same
 * inspector (`tab`: the Summary's Source button; a button the page script works).
 */
export type LinkTarget = { target: string } | { href: string } | { tab: TabId }

export interface LinkValue {
  kind: 'link'
  label: string
  to: LinkTarget
  /** Drawn as a button in the inspector panel (the client's buttons: Source, Result, Hierarchy…). */
  button?: boolean
  /** The label is the log's own text (a call's name and arguments, a source kind): drawn as code. */
  verbatim?: boolean
}

/**
 * A Started time: UTC text on the page, the epoch for the script's local and Unix forms. The toggle's titles
 * (`Show Unix timestamp`, `Show local time`) are the page's, once on the ledger (LedgerWords), not each time's.
 */
export interface TimeValue {
  kind: 'time'
  ms: number
  /** `2026-09-26 02:23:00.425 UTC` */
  text: string
}

export type Value = string | LinkValue | TimeValue | LinkValue[]

export interface Term {
  term: string
  value: Value
  /** `error`: red (a failed status or error); `muted`: a placeholder (`—`, `Not recorded`). */
  tone?: 'error' | 'muted'
  /** A sub-row (Usage: Cached and Other under Input). */
  indent?: boolean
}

/** A long text, possibly cut for the page; `full` links its whole text (a side file) when it was. */
export interface TextBlock {
  kind: 'text'
  text: string
  /** `pre`: verbatim (JSON, code, output), else wrapped prose. */
  pre?: boolean
  tone?: 'error' | 'muted'
  /** Accessible name of a JSON tree in the client (`Payload JSON`): the block's label. */
  label?: string
  cut?: { note: string; href: string; label: string }
}

/** Consecutive diff lines of one kind: added (`+`), removed (`-`), or plain (` `: context and hunk headers). */
export interface DiffRun {
  sign: ' ' | '+' | '-'
  text: string
}

export type Block =
  | { kind: 'terms'; terms: Term[] }
  | TextBlock
  /** A section with a heading (h4): Usage's This request / Session cumulative, Preview's sections. */
  | { kind: 'section'; heading: string; blocks: Block[] }
  /** A fold, open or not (the Thinking toggle, a raw block, a tool of the catalog). */
  | { kind: 'fold'; summary: string; open: boolean; blocks: Block[] }
  | { kind: 'links'; links: LinkValue[] }
  /** A tool catalog: each tool's name (linking its whole schema) and the first line of its description. */
  | { kind: 'catalog'; items: { name: string; href: string; description: string }[] }
  /**
   * A unified diff as runs of consecutive lines of one sign, each run's text its lines with their sign and a
   * newline (`+a\n+b\n`): one `<ins>`/`<del>` a run rather than a line keeps a long diff's markup small.
   */
  | { kind: 'diff'; heading: string; runs: DiffRun[]; cut?: TextBlock['cut'] }

export type TabId =
  | 'summary' | 'options' | 'usage' | 'timing' | 'diff' | 'systemPrompt' | 'tools' | 'rawOutput' | 'preview'
  | 'raw' | 'source' | 'payload' | 'code' | 'result' | 'output' | 'schema'

export interface InspectorTab {
  id: TabId
  label: string
  blocks: Block[]
}

/** The details of a record or a request: the panel's header and its tabs (stacked without script). */
export interface InspectorModel {
  /** `rec` or `req`: which selection it belongs to. */
  of: 'rec' | 'req'
  /** Header: the kind tag (records) or the request label, and where it sits (`Turn 1 · Step 1`). */
  title: string
  where: string
  kind?: RecordKind
  tabs: InspectorTab[]
}

/** The turn label of a section's first content row (§3.2). */
export type TurnLabel = { turn: number; text: string; compact: string } | { turn: null; text: string }

/** A request marker (§3.3). */
export interface MarkerModel {
  number: number
  /** `req-3`: the event cell's id, the Chat tab's link target. */
  id: string
  label: string
  status: TrajectoryStatus
}

/** The content cell: what the row says, then (tools) `→` and the result. */
export type ContentModel =
  | { kind: 'empty' }
  | { kind: 'muted'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: string; text: string; program: boolean }

export interface ResultModel {
  text: string
  tone: 'error' | 'muted' | null
  /** The call's own output or error text (drawn as code), not one of dsh's labels (`No output`). */
  verbatim: boolean
}

/** One ledger row (§3.2), its fold holding the inspectors of its record and (marker rows) its request. */
export interface LedgerRow {
  /** `rec-41`. */
  id: string
  kind: RecordKind
  /** The kind tag's label (`TOOL`); empty for a request-only row. */
  tag: string
  aria: string
  requestOnly: boolean
  /** The row's request number (`data-r`: the folds count a hidden turn's steps by it). */
  request: number | null
  status: TrajectoryStatus
  turnLabel: TurnLabel | null
  marker: MarkerModel | null
  content: ContentModel
  result: ResultModel | null
  /** The cell's title: `{list text} → {result}`. */
  title: string
  /** Not focusable or selectable (single tool-change notices, request-only rows). */
  inert: boolean
  /** Back to its Chat row, when the Chat shows one. */
  chat: LinkValue | null
  inspectors: InspectorModel[]
}

/** A turn (or a "Between turns" compaction, or part of either) as one `<tbody>`. */
export interface LedgerSection {
  /** `turn-3` on the first part of a turn; null on later parts and between turns. */
  anchor: string | null
  turn: number | null
  rows: LedgerRow[]
}

/** Toolbar labels (§8), and the fold summary templates the page script fills. */
export interface ToolbarModel {
  aria: string
  duration: { text: string; press: string; release: string }
  actualTime: string
  turns: { text: string; collapse: string; expand: string }
  calls: { text: string; collapse: string; expand: string }
  search: { label: string; placeholder: string }
  /** Templates for the fold summary rows: `{count}`. */
  templates: { toolCallsOne: string; toolCallsOther: string; stepsOne: string; stepsOther: string; collapsedTurn: string; collapsedAssistant: string }
}

/** The inspector panel's fixed chrome (the script fills it from a row's fold). */
export interface PanelModel {
  label: string
  close: string
  resize: string
  resizeTitle: string
}
