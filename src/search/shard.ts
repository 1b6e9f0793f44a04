/**
 * A session's search shard (issue 7 "Search that works offline"): one entry per transcript row — its DOM id,
 * kind, tool, state, a short label and ALL the text the view model holds for it, folded parts included
 * (Inspect input and output, windowed card rows, text the page cut to a side file) — written beside the
 * pages as a classic script (`sessions/<stem>.search.js`) that pushes onto `window.dshSearch`. A script,
 * not JSON: it loads from file:// and any static host with no fetch. The session page's find box and the
 * index's cross-session search both read it (src/search/client).
 *
 * Budget: text is whitespace-normalised, and a long row keeps its first WHOLE_TEXT/2 characters as they are
 * and, after them, each distinct word once, in order of first appearance: a word anywhere in a 10 MB output
 * stays findable while repeated lines cost nothing. A shard holds at most SHARD_BUDGET bytes. When the text does
 * not fit, one per-row cap is chosen — the largest that fits, so short rows stay whole and only the longest
 * are cut (head ¾ and tail ¼ kept) — and below MIN_ROW_CAP characters rows are dropped from the end instead
 * (`complete: false` says so). Caps depend on the text only, never on time: same log, same bytes.
 */
import type { PageRow, PageViewModel, RowBody, ToolRowModel } from '../cards/types'
import { plainText } from '../cards/plain-text'
import type { ChatNode } from '../conversation/model'
import type { ToolCallNode } from '../conversation/tool-call'
import { normalizeAll, searchableLengthUpTo, searchableText, type SearchableText } from './text'
import { detailsText } from '../cards/details/text'

export { compact, normalize, WHOLE_TEXT } from './text'

/** Bytes of one session's shard script; about the page budget, and loaded only when someone searches. */
export const SHARD_BUDGET = 1_000_000
/** The smallest per-row cap: below it a row says too little to be found, and rows are dropped instead. */
export const MIN_ROW_CAP = 120

/** `[id, kind, tool, state, label, text]`: arrays, not objects, to keep shards small. */
export type ShardRow = [id: string, kind: string, tool: string, state: string, label: string, text: string]

export interface SearchShard {
  v: 1
  /** The session's file stem: its pages are `<stem>.html`, `<stem>.p2.html`, … */
  session: string
  title: string
  /** False when rows were dropped to stay within the budget. */
  complete: boolean
  rows: ShardRow[]
}

/** Labels for rows that have no title of their own (localised by the caller). */
export interface ShardLabels {
  user: string
  assistant: string
  think: string
  command: string
  error: string
  raw: string
  invalid: string
}

/** A row's text as the shard keeps it: a string, a CompactText, or a collector's trimmed copy (./collector). */
export type ShardText = SearchableText | { readonly length: number; prefix(n: number): string; suffix(n: number): string; toString(): string }

/** Head and tail of a text longer than `cap`, with an ellipsis between. */
export function capText(text: ShardText, cap: number): string {
  if (text.length <= cap) return String(text)
  const head = Math.ceil((cap * 3) / 4)
  if (typeof text !== 'string') return `${text.prefix(head)} … ${text.suffix(cap - head)}`
  return `${text.slice(0, head)} … ${text.slice(text.length - (cap - head))}`
}

/** A shard row whose text may still be a CompactText (see ./text). */
export type Entry = [id: string, kind: string, tool: string, state: string, label: string, text: ShardText]

type RowParts = readonly (string | null | undefined)[]
/** A row before any text work: its label unnormalised, its text as the parts the view model holds. */
export type RawEntry = [id: string, kind: string, tool: string, state: string, label: string, parts: RowParts]

/** A row's parts → its searchable text (`searchableText`; tests pass the plain definition to compare). */
export type TextOf = (parts: readonly (string | null | undefined)[]) => SearchableText

const LABEL = 120
/**
 * A row's label: its first LABEL normalised characters. The normalised form of a text's start is a start of
 * its normalised form, so a long label (a Think row's summary is its first paragraph) is normalised from its
 * first few hundred characters when they give enough.
 */
function rowLabel(label: string): string {
  const head = label.length > 4 * LABEL ? normalizeAll([label.slice(0, 4 * LABEL)]) : null
  return (head !== null && head.length >= LABEL ? head : normalizeAll([label])).slice(0, LABEL)
}

/** A terminal line's text (most lines are one span: no new string). */
const lineText = (line: readonly { text: string }[]): string => (line.length === 1 ? (line[0] as { text: string }).text : line.map(s => s.text).join(''))

function bodyText(body: RowBody | null): string[] {
  if (body === null) return []
  switch (body.kind) {
    case 'terminal':
      // An output the card model kept only the ends of (src/cards/terminal.ts) is found by all of its text.
      return [body.description ?? '', ...body.prompts.map(p => p.text), ...(body.omitted === undefined ? (body.lines ?? []).map(lineText) : [plainText(body.copy?.text ?? '')]), body.pill ?? '']
    case 'diff':
      return body.rows.map(r => (r.kind === 'header' ? r.path : r.text))
    case 'read':
      return [body.path, ...body.lines.map(l => l.text)]
    case 'search':
      return [...body.rows.map(r => (r.kind === 'file' ? r.path : r.kind === 'match' ? r.line : r.path)), body.recovery ?? '']
    case 'web':
      return body.mode === 'search'
        ? [body.answer ?? '', ...body.sources.flatMap(s => [s.label, s.url, s.snippet ?? '']), body.raw ?? '']
        : [body.url, body.status, body.raw ?? '']
    case 'io':
      return [body.program?.text ?? '', body.input ?? '', body.output ?? '']
    case 'skill':
      return [body.text]
    case 'details':
      return detailsText(body)
    case 'image':
      return [body.label, body.text ?? '']
    case 'present':
      return [body.text]
    case 'questions':
      return [body.verdict ?? '', ...body.items.flatMap(q => [q.header ?? '', q.question, ...q.answers])]
  }
}

function toolParts(row: ToolRowModel): RowParts {
  const output = row.details.output
  const own = [row.title, row.summary, row.filePath, row.details.input, output?.kind === 'raw' || output?.kind === 'running' ? output.text : null]
  // A card often draws the same text as the Inspect details (a generic row's IN/OUT is the call's input and
  // output): index it once, so the shard's budget is not spent on it twice.
  return [...own, ...bodyText(row.body).filter(part => part === '' || !own.includes(part))]
}

/** What is indexed is plain text: terminal escapes in outputs and commands are stripped (issue 15). */
const plainParts = (parts: RowParts): RowParts => parts.map(p => (typeof p === 'string' ? plainText(p) : p))

/** One row (and, for a tool row, each code-dispatch child after it) with its label and text parts as they are. */
export function rowsOf(row: PageRow, labels: ShardLabels, out: RawEntry[]): void {
  const add = (kind: string, tool: string, state: string, label: string, parts: RowParts): void => {
    out.push([row.key, kind, tool, state, plainText(label), plainParts(parts)])
  }
  switch (row.kind) {
    case 'user':
      return add('user', '', '', labels.user, [row.text, ...row.images.map(i => i.alt)])
    case 'context':
      return add('context', '', '', `${row.label} · ${row.producer}`, [row.notice, row.text])
    case 'system':
      return add('system', '', '', row.label, [row.text])
    case 'think':
      return add('think', '', row.running ? 'running' : '', `${row.title} · ${row.summary}`, [row.text])
    case 'markdown':
      return add('assistant', '', '', labels.assistant, [row.text])
    case 'images':
      return add('images', '', '', labels.assistant, row.images.map(i => i.alt))
    case 'unknown-block':
      return add('unknown', '', '', row.label, [row.json])
    case 'attempt':
      return add('attempt', '', 'error', row.label, [row.detail, ...row.blocks.map(b => ('text' in b ? b.text : 'json' in b ? b.json : ''))])
    case 'tool': {
      const state = row.state
      out.push([row.key, 'tool', row.tool, state, row.summary === '' ? row.title : `${row.title} · ${row.summary}`, plainParts(toolParts(row))])
      for (const child of row.children) rowsOf(child, labels, out)
      return
    }
    case 'command':
      return add('command', '', row.status === 'success' ? 'ok' : row.status, `${labels.command} · ${row.text}`, [row.text, row.output])
    case 'compaction':
      return add('compaction', '', row.status === 'failed' ? 'error' : row.status === 'running' ? 'running' : '', row.label, [row.summary, row.detail])
    case 'retry':
      return add('retry', '', 'error', row.label, [row.detail])
    case 'turn-tail':
      if (row.error === null && row.deliverables === null) return
      return add('turn', '', row.error === null ? '' : 'error', row.error === null ? (row.deliverables?.label ?? '') : labels.error, [row.error, ...(row.deliverables === null ? [] : [...row.deliverables.chips, ...row.deliverables.hidden].map(c => c.path))])
    case 'raw-event':
      return add('raw', '', 'error', `${labels.raw} · ${row.type ?? ''}`, [row.type, row.reason, row.json])
    case 'invalid-line':
      return add('invalid', '', 'error', labels.invalid, [row.reason, row.text, ...(row.run?.more ?? []).flatMap(m => [m.reason, m.text])])
    case 'stopped':
    case 'replacement':
      return
  }
}

const SCRIPT_HEAD = '(window.dshSearch=window.dshSearch||[]).push('
const SCRIPT_TAIL = ');\n'
const shardScript = (shard: SearchShard) => `${SCRIPT_HEAD}${JSON.stringify(shard)}${SCRIPT_TAIL}`

/**
 * The shard a script of `shardScript` holds (the one-file export embeds shards as data, src/export/html/search.ts).
 * Only our own scripts: anything else throws.
 */
export function shardOfScript(script: string): SearchShard {
  if (!script.startsWith(SCRIPT_HEAD) || !script.endsWith(SCRIPT_TAIL)) throw new Error('not a search shard script')
  return JSON.parse(script.slice(SCRIPT_HEAD.length, script.length - SCRIPT_TAIL.length)) as SearchShard
}

/** UTF-8 bytes of `text` without encoding it (a JSON string holds no lone surrogate: it escapes them). */
export function utf8Length(text: string): number {
  let n = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    if (c < 0x800) n += 1
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2
      i++
    } else n += 2
  }
  return n
}
const bytes = utf8Length

/**
 * The shard script for a session's view model, within SHARD_BUDGET.
 *
 * @example searchShard(view, { stem: 'abc', title: 'Fix login', labels }) // → '(window.dshSearch=…).push({…});\n'
 */
export function searchShard(view: PageViewModel, session: { stem: string; title: string; labels: ShardLabels }, textOf: TextOf = searchableText): string {
  const raw = rawRows(view, session.labels)
  // A session whose rows cannot all keep even MIN_ROW_CAP characters drops rows from the end (below), and
  // that is known from each row's first MIN_ROW_CAP searchable characters: only the rows kept are made.
  // A row's searchable text is never longer than its parts joined, so most sessions are ruled out without
  // normalising anything.
  const over = (length: (r: RawEntry) => number) => raw.reduce((n, r) => n + length(r), 0) > SHARD_BUDGET
  if (over(r => Math.min(joinedLength(r[5]), MIN_ROW_CAP)) && over(r => searchableLengthUpTo(r[5], MIN_ROW_CAP))) {
    return keepFromStart(raw.map(r => () => entryOf(r, textOf)), baseOf(session))
  }
  return shardOf(raw.map(r => entryOf(r, textOf)), baseOf(session))
}

/** The same shard with every row made, whatever the regime: the reference the shortcut above is tested against. */
export function searchShardEveryRow(view: PageViewModel, session: { stem: string; title: string; labels: ShardLabels }, textOf: TextOf = searchableText): string {
  return shardOf(rawRows(view, session.labels).map(r => entryOf(r, textOf)), baseOf(session))
}

function rawRows(view: PageViewModel, labels: ShardLabels): RawEntry[] {
  const raw: RawEntry[] = []
  for (const section of view.sections) for (const row of section.rows) rowsOf(row, labels, raw)
  return raw
}

export const baseOf = (session: { stem: string; title: string }): Base => ({ v: 1, session: session.stem, title: session.title })

/** The length of a row's parts joined as `searchableText` joins them (empty and missing parts left out). */
function joinedLength(parts: RowParts): number {
  let n = -1
  for (const p of parts) if (typeof p === 'string' && p !== '') n += p.length + 1
  return Math.max(n, 0)
}

export const entryOf = (r: RawEntry, textOf: TextOf): Entry => [r[0], r[1], r[2], r[3], rowLabel(r[4]), textOf(r[5])]

export type Base = Omit<SearchShard, 'complete' | 'rows'>

/**
 * Every row made: whole if the script fits, else each capped by the largest fair cap that fits. `budget`:
 * the script's bytes (a site shard's by default; the one-file export gives its family's).
 */
export function shardOf(full: readonly Entry[], base: Base, budget: number = SHARD_BUDGET): string {
  const capped = (cap: number, rows: readonly Entry[] = full): ShardRow[] => rows.map(r => cappedRow(r, cap))
  // A JSON string takes at least a byte per UTF-16 unit: texts longer than the budget cannot fit whole
  // (and a big session's long rows are then never joined into strings, only their kept heads and tails).
  let chars = 0
  for (const r of full) chars += r[5].length
  if (chars <= budget) {
    const whole = shardScript({ ...base, complete: true, rows: full.map(r => [r[0], r[1], r[2], r[3], r[4], String(r[5])]) })
    if (bytes(whole) <= budget) return whole
  }
  // Text bytes available once the rows' other fields are paid for; UTF-8 and JSON escapes make text cost
  // more than its length, so the target shrinks until the script fits.
  const overhead = bytes(shardScript({ ...base, complete: true, rows: capped(0) }))
  const lengths = full.map(r => r[5].length)
  for (let target = budget - overhead; target > 0; target = Math.floor(target * 0.9)) {
    const cap = fairCap(lengths, target)
    if (cap < MIN_ROW_CAP) break
    const script = shardScript({ ...base, complete: true, rows: capped(cap) })
    if (bytes(script) <= budget) return script
  }
  return keepFromStart(full.map(r => () => r), base, budget)
}

const cappedRow = (r: Entry, cap: number): ShardRow => [r[0], r[1], r[2], r[3], r[4], capText(r[5], cap)]

/**
 * Too many rows for even the smallest cap: rows capped to MIN_ROW_CAP, kept from the start while they fit.
 * Rows come as makers, so a row after the last one kept is never made.
 */
function keepFromStart(entries: readonly (() => Entry)[], base: Base, budget: number = SHARD_BUDGET): string {
  const kept = new KeptFromStart(base, budget)
  for (const make of entries) if (!kept.offer(make())) break
  return kept.script()
}

/** The rows `keepFromStart` keeps, offered one by one (src/search/collector.ts offers them as they come). */
export class KeptFromStart {
  readonly #rows: ShardRow[] = []
  /** Each kept row's bytes in the script (its JSON and a comma). */
  readonly #costs: number[] = []
  #size: number
  #full = false

  /**
   * `base.title` may be a stand-in (src/search/collector.ts is given the title only at `finish`):
   * `script(title)` then drops the trailing rows the real title has no room for, which leaves the longest
   * prefix that fits with it — what keeping rows with the real title from the start keeps.
   */
  constructor(
    private readonly base: Base,
    private readonly budget: number = SHARD_BUDGET,
  ) {
    this.#size = bytes(shardScript({ ...base, complete: false, rows: [] }))
  }

  get full(): boolean {
    return this.#full
  }

  /** Keeps the row capped to MIN_ROW_CAP if it still fits; false once one did not (later rows are not wanted). */
  offer(entry: Entry): boolean {
    if (this.#full) return false
    const row = cappedRow(entry, MIN_ROW_CAP)
    const cost = bytes(JSON.stringify(row)) + 1
    if (this.#size + cost > this.budget) {
      this.#full = true
      return false
    }
    this.#rows.push(row)
    this.#costs.push(cost)
    this.#size += cost
    return true
  }

  script(title: string = this.base.title): string {
    const base = { ...this.base, title }
    let size = this.#size - bytes(shardScript({ ...this.base, complete: false, rows: [] })) + bytes(shardScript({ ...base, complete: false, rows: [] }))
    while (size > this.budget && this.#rows.length > 0) {
      this.#rows.pop()
      size -= this.#costs.pop() as number
    }
    return shardScript({ ...base, complete: false, rows: this.#rows })
  }
}

/** The largest cap `c` with Σ min(length, c) ≤ budget (water-filling: short texts stay whole). */
export function fairCap(lengths: readonly number[], budget: number): number {
  const sorted = [...lengths].sort((a, b) => a - b)
  let remaining = budget
  for (let i = 0; i < sorted.length; i++) {
    const share = Math.floor(remaining / (sorted.length - i))
    const length = sorted[i] as number
    if (length > share) return share
    remaining -= length
  }
  return Number.POSITIVE_INFINITY
}

/**
 * Adds the tool rows of a section's nodes to `counts` (by call name): `toolCounts` of the view model, from the
 * model itself (src/site/render/digest.ts) — a tool row is a `tool` node's call and its nested calls
 * (src/cards/tool-row.ts). Walked with a stack, not recursion.
 */
export function addToolCounts(counts: Map<string, number>, nodes: readonly ChatNode[]): void {
  const stack: ToolCallNode[] = []
  for (const node of nodes) if (node.kind === 'tool') stack.push(node.call)
  while (stack.length > 0) {
    const call = stack.pop() as ToolCallNode
    if (call.name !== '') counts.set(call.name, (counts.get(call.name) ?? 0) + 1)
    for (const child of call.subCalls) stack.push(child)
  }
}

export const sortCounts = (counts: Map<string, number>): [tool: string, count: number][] => [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

/** Every tool name in a view model with its row count, sorted by name (the find box's tool filter). */
export function toolCounts(view: PageViewModel): [tool: string, count: number][] {
  const counts = new Map<string, number>()
  const visit = (row: ToolRowModel) => {
    if (row.tool !== '') counts.set(row.tool, (counts.get(row.tool) ?? 0) + 1)
    for (const c of row.children) visit(c)
  }
  for (const section of view.sections) for (const row of section.rows) if (row.kind === 'tool') visit(row)
  return sortCounts(counts)
}
