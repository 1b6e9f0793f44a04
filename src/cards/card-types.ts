/**
 * Card props (cards.md §6–§10) and the ANSI segments the terminal card carries: what the Terminal, Diff,
 * Read, Search and Web blocks and the Generic IN/OUT body draw. Part of the ./types contract (import from
 * there); stable, extended with optional fields only.
 */
import type { SafeHtml } from './trusted'
import type { CodeBlock, CopyControl, ImageRef, RowWindow } from './shared-types'
import type { DetailsBody } from './details/types'

// ---------------------------------------------------------------------------------------------------
// ANSI (cards.md §6.5): parsed once in src/cards/ansi.ts, components map segments to spans

export type AnsiColorName =
  | 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white'
  | 'bright-black' | 'bright-red' | 'bright-green' | 'bright-yellow'
  | 'bright-blue' | 'bright-magenta' | 'bright-cyan' | 'bright-white'

/** 16-colour values map to theme tokens; 256-colour (index ≥ 16) and true colour are literal `rgb(r, g, b)`. */
export type AnsiColor = { kind: 'named'; name: AnsiColorName } | { kind: 'rgb'; css: string }

/** Only set flags are present, so unstyled text carries no style object at all. */
export interface AnsiStyle {
  fg?: AnsiColor
  bg?: AnsiColor
  bold?: true
  dim?: true
  italic?: true
  underline?: true
  strikethrough?: true
  hidden?: true
  inverse?: true
}

export interface AnsiSegment {
  text: string
  style?: AnsiStyle
}

/** One output row; `[]` is an empty line. */
export type AnsiLine = AnsiSegment[]

// ---------------------------------------------------------------------------------------------------
// Cards

/** Terminal card (cards.md §6). Chat shows every line (the box scrolls); Details uses `detailsWindow`. */
export interface TerminalCardModel {
  kind: 'terminal'
  /** `shell` = standard bash/pwsh, `persistent` = bash/pwsh without description, `send` = terminal_send. */
  flavor: 'shell' | 'persistent' | 'send'
  state: 'running' | 'done' | 'failed'
  /** Visually hidden label of the state dot: `Running` / `Done` / `Failed` (localised). */
  stateLabel: string
  /** Shown above the card in Details and used as the row summary; null for persistent shells. */
  description: string | null
  /** One row per command line; the first carries the cwd label (or `$`), later ones `$` (cards.md §6.3). */
  prompts: TerminalPrompt[]
  /** `exit code N` / `signal X` (localised), or null. */
  pill: string | null
  exitCode: number | null
  signal: string | null
  /** Output rows after ANSI parsing and marker removal; null while running. */
  lines: AnsiLine[] | null
  /**
   * An output of more than TERMINAL_HEAD_LINES + TERMINAL_TAIL_LINES lines (src/cards/terminal.ts): `lines`
   * holds only its first and last ones, and `omitted` lines between them were left out (`copy.text` has them;
   * the page cut always cuts such an output, in the middle). Absent when every line is in `lines`.
   */
  omitted?: { at: number; count: number }
  /** `No output` / `无输出` when settled and every line is blank. */
  placeholder: string | null
  /** Present when settled and the output is visibly non-empty. */
  copy: CopyControl | null
  /** Over 16 lines in Details: 8 head, toggle, 8 tail. */
  detailsWindow: RowWindow | null
}

export interface TerminalPrompt {
  /** The cwd label (basename) or `$`; only the first row may carry a cwd label and the state dot. */
  label: string
  text: string
  first: boolean
}

/** Part of a diff line; `changed` marks the words that differ from the paired line (users.md: word marks). */
export interface DiffMark {
  text: string
  changed: boolean
}

export type DiffRow =
  | { kind: 'header'; path: string }
  | { kind: 'gap'; text: string }
  | {
      kind: 'context' | 'removed' | 'added'
      text: string
      /** True file line numbers when known (whole-file diffs, located write hunks); null otherwise. */
      oldLine: number | null
      newLine: number | null
      /** Word-level segments for a removed/added line paired with its counterpart; null when not computed. */
      marks: DiffMark[] | null
      /**
       * The line coloured by the site's highlight pass (its side of the hunk tokenized as one text), with the
       * word marks laid over the colours; absent or null: draw `marks` / `text`.
       */
      html?: SafeHtml | null
      /**
       * Context rows only: the fold of unchanged lines this row sits in (issue 28; src/cards/diff.ts). Carried
       * by the row itself, so a list cut for the page budget (src/site/render/pages/cut.ts) keeps it on the rows it keeps.
       */
      fold?: DiffFold | null
    }

/**
 * A run of unchanged context drawn behind its own toggle, in place (`… 12 unchanged lines`). The rows it
 * stands for are the consecutive rows carrying it (same `id`); `hidden` is how many they are.
 */
export interface DiffFold {
  /** Unique within the card, in row order. */
  id: number
  hidden: number
  expandLabel: string
  expandAria: string
  collapseLabel: string
  collapseAria: string
}

/** Diff card (cards.md §7). Chrome localised (cards-current.md §12.3: `Copy` / `复制`; folds `… N unchanged lines` / `… N 行未改动`). */
export interface DiffCardModel {
  kind: 'diff'
  /** `intended` = derived from the call's arguments; `applied` = from `meta.diffs`. */
  source: 'intended' | 'applied'
  rows: DiffRow[]
  added: number
  removed: number
  files: number
  /** `└ +<added> -<removed> · <n> file` / `files`. */
  footer: string
  copy: CopyControl | null
  /** Language of the (single) file, for highlighting rows; null when mixed or unknown. */
  lang: string | null
  // No head/tail window (issue 28): a diff never hides changed lines; it folds runs of unchanged context in
  // place instead (`DiffRow.fold`), in Chat and Details alike.
}

/** Read card (cards.md §8). */
export interface ReadCardModel {
  kind: 'read'
  path: string
  /** `meta.path` relativised to the cwd, then `~`-abbreviated. */
  label: string
  lines: { number: number; text: string }[]
  totalLines: number
  lang: string | null
  /** `显示 <lines> / <total> 行` when the window is partial, else null. */
  range: string | null
  copy: CopyControl | null
  /** The window's text joined with `\n`, for the highlight pass. */
  code: CodeBlock
  /**
   * One coloured fragment per entry of `lines` (the site's highlight pass), so a capped card — drawn as rows
   * under a window, not as `code.html` — is coloured too; absent or null: plain rows.
   */
  lineHtml?: SafeHtml[] | null
  chatWindow: RowWindow | null
  detailsWindow: RowWindow | null
}

export type SearchRow =
  | { kind: 'file'; path: string; matches: number }
  | { kind: 'match'; lineNumber: number; line: string; /** `<lineNumber>: <line>` */ text: string }
  | { kind: 'path'; path: string }

/** Search card (cards.md §9). */
export interface SearchCardModel {
  kind: 'search'
  shape: 'matches' | 'paths'
  /** Complete banner count, e.g. `Showing 4 of 8 paths`, `3 matches · 2 files` (zh `显示 4 / 共 8 个路径`). */
  countText: string
  shown: number
  total: number
  truncated: boolean
  rows: SearchRow[]
  /** `No results` / `无结果` when there are no rows. */
  placeholder: string | null
  copy: CopyControl | null
  /** The raw result text blocks, joined, only when truncated. */
  recovery: string | null
  chatWindow: RowWindow | null
  detailsWindow: RowWindow | null
}

export interface WebSource {
  /** 1-based. */
  ordinal: number
  url: string
  /** The URL when it is http/https, else null (render the label as text). */
  href: string | null
  label: string
  snippet: string | null
  publishedAt: string | null
}

/** Web card (cards.md §10). `answer` is Markdown source, rendered by the site's markdown pass. */
export type WebCardModel =
  | {
      kind: 'web'
      mode: 'search'
      answer: string | null
      /** The answer rendered by the site's markdown pass (optional slot, filled after the model). */
      answerHtml?: SafeHtml | null
      sources: WebSource[]
      /** `No results found` / `未找到结果` when neither answer nor sources. */
      empty: string | null
      truncatedNotice: string | null
      /** Flattened raw result for Details, null when empty. */
      raw: string | null
    }
  | {
      kind: 'web'
      mode: 'fetch'
      url: string
      href: string | null
      /** `HTTP <status>` */
      status: string
      truncatedNotice: string | null
      raw: string | null
    }

/** The text body of a Generic row (cards.md §5.4): a program block and/or the IN/OUT card. */
export interface IoBody {
  kind: 'io'
  /** run_code's program, drawn as a TypeScript code block outside the IN/OUT card. */
  program: CodeBlock | null
  /** IN text (pretty JSON, or raw text); null when not shown. */
  input: string | null
  /** OUT text (flattened result); null when none. */
  output: string | null
  outputIsError: boolean
  inLabel: string
  outLabel: string
}

/** SkillRow body (cards.md §11.3): a region labelled `label` holding the raw output. */
export interface SkillBody {
  kind: 'skill'
  label: string
  text: string
  isError: boolean
}

/**
 * `read_image` image card (cards-current.md §10): the path label, the image gallery (attachment placeholders,
 * as user and assistant images are drawn) and the result's text envelope.
 */
export interface ImageCardBody {
  kind: 'image'
  /** The relativised, `~`-abbreviated path (or the raw argument path). */
  label: string
  images: ImageRef[]
  /** The result's text blocks joined with `\n`; null when there is none. */
  text: string | null
}

/** One question of the ask-question card (cards-current.md §11.8). */
export interface QuestionCardItem {
  /** The question's `header` when given. */
  header: string | null
  question: string
  /** Selected option labels, then the custom text. */
  answers: string[]
  /** `Not answered` / `未回答` when `answers` is empty on an answered card; null otherwise. */
  missing: string | null
}

/** The ask-question Q&A card, or a cancelled / interrupted verdict with the question list. */
export interface QuestionCardBody {
  kind: 'questions'
  /** `This question set was cancelled before answers were submitted.` and the like; null on the Q&A card. */
  verdict: string | null
  items: QuestionCardItem[]
}

/** `present` row body (cards-current.md §10): the detail text in a `pre`; `Inspect call` follows it. */
export interface PresentBody {
  kind: 'present'
  text: string
  isError: boolean
}

export type CardModel = TerminalCardModel | DiffCardModel | ReadCardModel | SearchCardModel | WebCardModel
export type RowBody = CardModel | IoBody | SkillBody | DetailsBody | ToolRowBodyExtra
/** Bodies of the newer client's own rows (read_image, ask_user_question, present). */
export type ToolRowBodyExtra = ImageCardBody | QuestionCardBody | PresentBody
