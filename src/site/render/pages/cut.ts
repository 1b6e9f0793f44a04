/**
 * Long content on a static page (issue 4: "a very long output is cut with a visible note and the full text
 * one click away"): every text or row list of a view-model row is capped; the part in the middle is
 * replaced by a visible marker, and the whole text is written to a plain-text side file that the page
 * links right after the row (`RowExtra`). Head and tail both stay, because the end of an output is where
 * errors are.
 *
 * Works on copies: the view model is not mutated. Levels exist because a row may still be too big for a
 * page after the normal caps (a tool tree with hundreds of children); the renderer retries it one level
 * harsher. Windows (head/tail indices into a card's rows) are remapped onto the cut list.
 */
import { createHash } from 'node:crypto'
import type {
  AnsiLine, CodeBlock, CopyControl, DiffRow, PageRow, PageSection, RowBody, RowWindow, SearchRow, ToolRowModel,
} from '../../../cards/types'
import { groupDigits } from '../../../cards/format'
import { plainText } from '../../../cards/plain-text'
import { detailsText } from '../../../cards/details/text'
import type { DetailItem, DetailsBody } from '../../../cards/details/types'
import type { RowExtra, SiteText } from '../../types'

export interface Caps {
  /** Characters of one text field. */
  chars: number
  /** Lines of one text field, or items of a row list. */
  lines: number
  /** Characters of one line inside a row list (a minified line is one huge row). */
  lineChars: number
}

/** A few screenfuls per field (a tenth of a page's bytes at most): what every row gets. */
const NORMAL: Caps = { chars: 64_000, lines: 400, lineChars: 2_000 }
/** For a row that still overflows a page (a tool tree with hundreds of children, many long fields). */
const TIGHT: Caps = { chars: 6_000, lines: 100, lineChars: 1_000 }
const MINIMAL: Caps = { chars: 1_000, lines: 20, lineChars: 300 }

/** Level 0 is the normal cut; each further level is tried on rows still too big for a page. */
export const CAP_LEVELS: readonly Caps[] = [NORMAL, TIGHT, MINIMAL]

export const capsFor = (level: number): Caps => CAP_LEVELS[level] ?? MINIMAL

/**
 * A row's collapsed one-liner (a Think row's first reasoning line, a tool summary): one ellipsised line in
 * the header, so more than a wide screen's worth is never seen — but it was written into every page, and a
 * model's first reasoning line is often a whole paragraph (the full text is in the row's body anyway).
 */
export const SUMMARY_CHARS = 300

/** The first `max` characters (never half of a surrogate pair) and `…`, or the text when it fits. */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value
  const code = value.charCodeAt(max - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max
  return `${value.slice(0, end)}…`
}

export interface SideText {
  /** Content hash; the side file is `<stem>.files/<hash>.txt`. */
  hash: string
  text: string
}

export interface CutResult {
  sections: PageSection[]
  /** Row key → links to add after that row. */
  extras: Map<string, RowExtra[]>
  sideTexts: SideText[]
}

/** A side file's name: the text's content hash (the same text, from any page or tab, is one file). */
export function hashText(text: string): string {
  // In slices: `update` of a string encodes it to UTF-8 first, a native copy the text's size (issue 32: a
  // 100 MB output was hashed whole three times, each a +100 MB spike in RSS). A slice never ends between
  // the halves of a surrogate pair, so the bytes hashed, and the digest, are those of the whole text.
  const hash = createHash('sha256')
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + HASH_SLICE, text.length)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
    hash.update(at === 0 && end === text.length ? text : text.slice(at, end))
    at = end
  }
  return hash.digest('hex').slice(0, 20)
}

/** Characters hashed per `update` call. */
const HASH_SLICE = 1 << 20

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

const countLines = (text: string): number => {
  let n = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++
  return n
}

/** Where the first `n` lines of `text` end (before their last newline; the whole text if it has fewer). */
function endOfLines(text: string, n: number): number {
  let at = -1
  for (let i = 0; i < n; i++) {
    at = text.indexOf('\n', at + 1)
    if (at < 0) return text.length
  }
  return at
}

/** Where the last `n` lines of `text` start (0 if it has fewer). */
function startOfLastLines(text: string, n: number): number {
  let at = text.length
  for (let i = 0; i < n; i++) {
    if (at <= 0) return 0
    at = text.lastIndexOf('\n', at - 1)
    if (at < 0) return 0
  }
  return at + 1
}

/** Which part of a list survives: the first `head` and the last `tail` items. */
interface Keep {
  head: number
  tail: number
  total: number
}

function keepFor(total: number, cap: number): Keep | null {
  if (total <= cap) return null
  const head = Math.ceil((cap * 3) / 5)
  return { head, tail: cap - head, total }
}

/** Old index → new index after cutting (the marker sits at `head`), or null if the item was cut. */
function remapIndex(i: number, k: Keep): number | null {
  if (i < k.head) return i
  if (i >= k.total - k.tail) return i - (k.total - k.tail) + k.head + 1
  return null
}

function remapWindow(w: RowWindow | null, k: Keep | null): RowWindow | null {
  if (w === null || k === null) return w
  const map = (list: number[]) => list.flatMap(i => { const j = remapIndex(i, k); return j === null ? [] : [j] })
  return { ...w, head: map(w.head), tail: map(w.tail) }
}

export class Cutter {
  readonly extras = new Map<string, RowExtra[]>()
  readonly sideTexts: SideText[] = []
  #seen = new Set<string>()
  /** Key of the top-level row being cut: links for a nested tool call go after its root row. */
  #root: string | null = null

  constructor(
    private readonly caps: Caps,
    private readonly text: SiteText,
    /** Side-file href (relative to the page) for a content hash. */
    private readonly hrefFor: (hash: string) => string,
  ) {}

  /**
   * The links and side texts recorded since the last call, handed over and forgotten (a renderer cutting
   * section after section with one Cutter collects each section's once, not everything so far again).
   */
  drain(): { extras: Map<string, RowExtra[]>; sideTexts: SideText[] } {
    const out = { extras: new Map(this.extras), sideTexts: [...this.sideTexts] }
    this.extras.clear()
    this.sideTexts.length = 0
    return out
  }

  /** Records the full text and a link after `rowKey`; returns the marker line shown in place of the cut. */
  #side(rowKey: string, what: string, raw: string, hiddenLines: number): string {
    // A download is plain text: terminal escapes (colours, OSC titles and links) are stripped (issue 15).
    const full = plainText(raw)
    const hash = hashText(full)
    if (!this.#seen.has(hash)) {
      this.#seen.add(hash)
      this.sideTexts.push({ hash, text: full })
    }
    const size = formatBytes(Buffer.byteLength(full, 'utf8'))
    const at = this.#root ?? rowKey
    const list = this.extras.get(at) ?? []
    const href = this.hrefFor(hash)
    if (!list.some(e => e.href === href)) list.push({ kind: 'full-text', href, label: `${this.text.fullText}: ${what} (${size})` })
    this.extras.set(at, list)
    return `⋯ ${groupDigits(hiddenLines)} lines · ${this.text.cutNote}`
  }

  /** A text field: head and tail lines within the caps, a marker between. */
  /** Whether `cutText` keeps `value` whole. */
  fits(value: string): boolean {
    const { chars, lines } = this.caps
    return value.length <= chars && (value.length < lines || countLines(value) <= lines)
  }

  cutText(rowKey: string, what: string, value: string): string {
    const { chars, lines } = this.caps
    if (this.fits(value)) return value
    // By position, not `split`: a text of millions of short lines must not become millions of strings.
    const total = countLines(value)
    const keep = keepFor(total, lines) ?? { head: total, tail: 0, total }
    let head = value.slice(0, endOfLines(value, keep.head))
    let tail = keep.tail > 0 ? value.slice(startOfLastLines(value, keep.tail)) : ''
    // Long lines: split the character allowance between the two ends.
    if (head.length > (chars * 3) / 5) head = `${head.slice(0, Math.floor((chars * 3) / 5))}…`
    if (tail.length > (chars * 2) / 5) tail = `…${tail.slice(tail.length - Math.floor((chars * 2) / 5))}`
    const hidden = Math.max(0, total - keep.head - keep.tail)
    const marker = this.#side(rowKey, what, value, hidden)
    return tail === '' ? `${head}\n${marker}` : `${head}\n${marker}\n${tail}`
  }

  #line(value: string): string {
    return clip(value, this.caps.lineChars)
  }

  #summary(value: string): string {
    return clip(value, Math.min(SUMMARY_CHARS, this.caps.lineChars))
  }

  #copy(copy: CopyControl | null, cut: boolean): CopyControl | null {
    // A copy button must not put the whole cut text back into the page (data attribute) — the side file has it.
    return copy === null || !cut ? copy : null
  }

  /** A row list: head and tail items, a marker item between; returns the kept list and the cut. */
  #list<T>(rowKey: string, what: string, items: readonly T[], full: () => string, marker: (text: string) => T, line: (item: T) => T, omitted = 0) {
    // `omitted` items the model left out in the middle (a terminal's, src/cards/terminal.ts): they count,
    // and the cut, whose head and tail are far shorter than what the model kept at each end, covers them.
    const keep = keepFor(items.length + omitted, this.caps.lines)
    if (keep === null) return { items: items.map(line), keep }
    const note = this.#side(rowKey, what, full(), keep.total - keep.head - keep.tail)
    const kept = [...items.slice(0, keep.head).map(line), marker(note), ...items.slice(items.length - keep.tail).map(line)]
    return { items: kept, keep }
  }

  #body(row: ToolRowModel, body: RowBody): RowBody {
    const what = `${row.title} · ${row.details.outputLabel}`
    switch (body.kind) {
      case 'terminal': {
        if (body.lines === null) return { ...body, prompts: body.prompts.map(p => ({ ...p, text: this.cutText(row.key, row.title, p.text) })) }
        const lineText = (l: AnsiLine) => l.map(s => s.text).join('')
        const r = this.#list(row.key, what, body.lines, () => body.copy?.text ?? body.lines?.map(lineText).join('\n') ?? '',
          text => [{ text }], l => (lineText(l).length > this.caps.lineChars ? [{ text: this.#line(lineText(l)) }] : l), body.omitted?.count ?? 0)
        const { omitted: _omitted, ...kept } = body
        return {
          ...kept,
          prompts: body.prompts.map(p => ({ ...p, text: this.cutText(row.key, row.title, p.text) })),
          lines: r.items,
          copy: this.#copy(body.copy, r.keep !== null),
          detailsWindow: remapWindow(body.detailsWindow, r.keep),
        }
      }
      case 'diff': {
        const rowText = (d: DiffRow) => (d.kind === 'header' ? d.path : d.kind === 'gap' ? d.text : `${d.kind === 'added' ? '+' : d.kind === 'removed' ? '-' : ' '}${d.text}`)
        const r = this.#list<DiffRow>(row.key, what, body.rows, () => body.rows.map(rowText).join('\n'), text => ({ kind: 'gap', text }),
          d => (d.kind === 'header' || d.kind === 'gap' || d.text.length <= this.caps.lineChars ? d : { ...d, text: this.#line(d.text), marks: null }))
        return { ...body, rows: r.items, copy: this.#copy(body.copy, r.keep !== null) }
      }
      case 'read': {
        // Numbered lines: cut the tail off (a marker line would need a number); the note says how much.
        if (body.lines.length <= this.caps.lines && body.lines.every(l => l.text.length <= this.caps.lineChars)) return body
        const kept = body.lines.slice(0, this.caps.lines).map(l => ({ ...l, text: this.#line(l.text) }))
        const full = body.copy?.text ?? body.lines.map(l => l.text).join('\n')
        if (kept.length < body.lines.length) this.#side(row.key, what, full, body.lines.length - kept.length)
        const keep: Keep = { head: kept.length, tail: 0, total: body.lines.length }
        return {
          ...body,
          lines: kept,
          code: { ...body.code, text: kept.map(l => l.text).join('\n'), html: null },
          copy: this.#copy(body.copy, kept.length < body.lines.length),
          chatWindow: remapWindow(body.chatWindow, keep),
          detailsWindow: remapWindow(body.detailsWindow, keep),
        }
      }
      case 'search': {
        const rowText = (s: SearchRow) => (s.kind === 'match' ? s.text : s.path)
        const r = this.#list<SearchRow>(row.key, what, body.rows, () => body.rows.map(rowText).join('\n'), text => ({ kind: 'path', path: text }),
          s => (s.kind === 'match' && s.text.length > this.caps.lineChars ? { ...s, line: this.#line(s.line), text: this.#line(s.text) } : s))
        return {
          ...body,
          rows: r.items,
          recovery: body.recovery === null ? null : this.cutText(row.key, what, body.recovery),
          copy: this.#copy(body.copy, r.keep !== null),
          chatWindow: remapWindow(body.chatWindow, r.keep),
          detailsWindow: remapWindow(body.detailsWindow, r.keep),
        }
      }
      case 'web':
        if (body.mode === 'fetch') return { ...body, raw: body.raw === null ? null : this.cutText(row.key, what, body.raw) }
        return {
          ...body,
          answer: body.answer === null ? null : this.cutText(row.key, what, body.answer),
          raw: body.raw === null ? null : this.cutText(row.key, what, body.raw),
          sources: body.sources.slice(0, this.caps.lines).map(s => ({ ...s, snippet: s.snippet === null ? null : this.#line(s.snippet), label: this.#line(s.label) })),
        }
      case 'io':
        return {
          ...body,
          program: body.program === null ? null : cutCode(this, row.key, `${row.title} · ${row.details.inputLabel}`, body.program),
          input: body.input === null ? null : this.cutText(row.key, `${row.title} · ${body.inLabel}`, body.input),
          output: body.output === null ? null : this.cutText(row.key, `${row.title} · ${body.outLabel}`, body.output),
        }
      case 'skill':
        return { ...body, text: this.cutText(row.key, what, body.text) }
      case 'details':
        return this.#details(row.key, what, body)
      case 'image':
        return { ...body, text: body.text === null ? null : this.cutText(row.key, what, body.text) }
      case 'present':
        return { ...body, text: this.cutText(row.key, what, body.text) }
      case 'questions':
        return body
    }
  }

  /**
   * A details card (cards-current.md §11.1): at most `lines` entries (items, fields, bullets) over the whole
   * tree, long texts cut like any other; past the allowance the rest of the card is dropped and the marker
   * (with the card's full text in a side file) becomes its note. The model bounds the nesting; a depth guard
   * here keeps this walk bounded whatever a future model builds.
   */
  #details(rowKey: string, what: string, body: DetailsBody): DetailsBody {
    let budget = this.caps.lines
    let dropped = 0
    const line = (v: string | null) => (v === null ? null : this.#line(v))
    const items = (list: readonly DetailItem[], depth: number): DetailItem[] => {
      const out: DetailItem[] = []
      for (const item of list) {
        if (budget <= 0) {
          dropped++
          continue
        }
        budget -= 1
        const fields = item.fields.slice(0, Math.max(0, budget))
        budget -= fields.length
        const bullets = item.bullets.slice(0, Math.max(0, budget))
        budget -= bullets.length
        dropped += item.fields.length - fields.length + item.bullets.length - bullets.length
        const codeText = item.code === null ? null : this.cutText(rowKey, what, item.code.block.text)
        const markdown = item.markdown === null ? null : this.cutText(rowKey, what, item.markdown)
        out.push({
          ...item,
          title: line(item.title),
          subtitle: line(item.subtitle),
          statusText: line(item.statusText),
          description: item.description === null ? null : this.cutText(rowKey, what, item.description),
          fields: fields.map(f => ({ ...f, term: this.#line(f.term), definition: this.cutText(rowKey, what, f.definition) })),
          bullets: bullets.map(b => this.#line(b)),
          markdown,
          ...(markdown !== item.markdown && item.markdownHtml != null ? { markdownHtml: null } : {}),
          code: item.code === null || codeText === null || codeText === item.code.block.text ? item.code
            : { ...item.code, block: { ...item.code.block, text: codeText, html: null }, copy: { ...item.code.copy, text: codeText } },
          groups: depth >= DETAILS_MAX_DEPTH ? [] : item.groups.map(g => ({
            ...g,
            label: this.#line(g.label),
            text: g.text == null ? g.text : this.cutText(rowKey, what, g.text),
            items: items(g.items, depth + 1),
          })),
        })
      }
      return out
    }
    const kept = items(body.items, 0)
    const trailingGroup = body.trailingGroup === null ? null : { ...body.trailingGroup, items: items(body.trailingGroup.items, 1) }
    if (dropped === 0) return { ...body, items: kept, trailingGroup }
    const more = this.#side(rowKey, what, detailsText(body).join('\n'), dropped)
    return { ...body, items: kept, trailingGroup, more }
  }

  tool(row: ToolRowModel): ToolRowModel {
    const output = row.details.output
    return {
      ...row,
      summary: this.#summary(row.summary),
      body: row.body === null ? null : this.#body(row, row.body),
      details: {
        ...row.details,
        input: row.details.input === null ? null : this.cutText(row.key, `${row.title} · ${row.details.inputLabel}`, row.details.input),
        output: output?.kind === 'raw' ? { ...output, text: this.cutText(row.key, `${row.title} · ${row.details.outputLabel}`, output.text) } : output,
      },
      children: row.children.slice(0, this.caps.lines).map(c => this.tool(c)),
    }
  }

  row(row: PageRow): PageRow {
    switch (row.kind) {
      case 'user': {
        const text = this.cutText(row.key, 'message', row.text)
        return { ...row, text, copy: text === row.text ? row.copy : { ...row.copy, text } }
      }
      case 'context':
        return { ...row, text: this.cutText(row.key, row.label, row.text) }
      case 'system':
        return { ...row, text: this.cutText(row.key, row.label, row.text) }
      case 'think':
        return { ...row, summary: this.#summary(row.summary), text: this.cutText(row.key, row.title, row.text) }
      case 'markdown':
        return { ...row, text: this.cutText(row.key, 'message', row.text), html: null }
      case 'turn-tail': {
        // The reply's Copy holds its Markdown in the page (`data-copy-text`): cut like the reply itself, and
        // dropped when cut, as a card's Copy is (the side file has the whole text).
        const reply = row.reply ?? null
        return reply === null || reply.copy === null || this.fits(reply.copy.text) ? row : { ...row, reply: { ...reply, copy: null } }
      }
      case 'unknown-block':
        return { ...row, json: this.cutText(row.key, row.label, row.json) }
      case 'attempt':
        return { ...row, blocks: row.blocks.map(b => this.row(b)).filter((b): b is typeof row.blocks[number] => b.kind === 'think' || b.kind === 'markdown' || b.kind === 'images' || b.kind === 'unknown-block') }
      case 'tool':
        return this.tool(row)
      case 'command':
        return { ...row, output: row.output === null ? null : this.cutText(row.key, row.text, row.output) }
      case 'compaction':
        return { ...row, summary: row.summary === null ? null : this.cutText(row.key, row.label, row.summary) }
      case 'raw-event':
        return { ...row, json: this.cutText(row.key, row.type ?? 'event', row.json) }
      case 'invalid-line': {
        const text = this.cutText(row.key, `line ${row.line}`, row.text)
        if (row.run === undefined) return { ...row, text }
        return { ...row, text, run: { ...row.run, more: row.run.more.map(m => ({ ...m, text: this.cutText(row.key, `line ${m.line}`, m.text) })) } }
      }
      default:
        return row
    }
  }

  section(section: PageSection): PageSection {
    return {
      ...section,
      rows: section.rows.map(r => {
        this.#root = r.key
        const cut = this.row(r)
        this.#root = null
        return cut
      }),
    }
  }
}

/** Nesting levels of a details card kept by the cut (the projection itself stops at 4). */
const DETAILS_MAX_DEPTH = 12

function cutCode(cutter: Cutter, rowKey: string, what: string, block: CodeBlock): CodeBlock {
  const text = cutter.cutText(rowKey, what, block.text)
  return text === block.text ? block : { ...block, text, html: null }
}

/** The links after row `key`, created empty on first use. */
export function extrasOf(extras: Map<string, RowExtra[]>, key: string): RowExtra[] {
  let list = extras.get(key)
  if (list === undefined) extras.set(key, (list = []))
  return list
}

/**
 * Adds a Cutter's row links (`drain().extras`) to a row → links record, skipping a link a row already has
 * (same href): the rule the build and the live page share. Keys are row keys; own properties only.
 */
export function addExtras(into: Map<string, RowExtra[]>, from: ReadonlyMap<string, readonly RowExtra[]>): void {
  for (const [key, list] of from) {
    const have = extrasOf(into, key)
    for (const extra of list) if (!have.some(h => h.href === extra.href)) have.push(extra)
  }
}

/** Cuts every section at one level. */
export function cutSections(sections: readonly PageSection[], caps: Caps, text: SiteText, hrefFor: (hash: string) => string): CutResult {
  const cutter = new Cutter(caps, text, hrefFor)
  return { sections: sections.map(s => cutter.section(s)), extras: cutter.extras, sideTexts: cutter.sideTexts }
}
