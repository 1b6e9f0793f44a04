/**
 * The one-line preview of a ledger row (trajectory.md §3.2, `trajectoryPreviewText`): the first 2,048
 * characters of the Markdown source, GFM converted to plain text (markup stripped, raw HTML kept literally,
 * list markers dropped, link labels, image alt text and code text kept, character references decoded),
 * whitespace collapsed, cut to 512 characters with "…" when anything was cut. The token walk is iterative
 * (the input is bounded, and nothing from a log is recursed on). Text with no Markdown syntax in it (most
 * tool arguments and outputs) skips the lexer: its plain text is itself (`needsLexing`; preview.test.ts
 * checks the shortcut against the lexer on generated text). Lexed previews are remembered per source text
 * (`PREVIEW_MEMO` entries at most, forgotten all at once when full): a session repeats the same messages
 * (runtime-context snapshots, instructions, retried prompts), and the lexer is the preview's cost. The
 * result depends on the text only, so the memo never changes an output.
 */
import { Lexer, type Token } from 'marked'

export const PREVIEW_SOURCE_CHARS = 2048
export const PREVIEW_CHARS = 512

const NAMED: ReadonlyMap<string, string> = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', '\u00a0']])

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole
    }
    return NAMED.get(ref.toLowerCase()) ?? whole
  })
}

function lex(source: string): Token[] {
  try {
    return new Lexer({ gfm: true, breaks: false }).lex(source)
  } catch {
    return [{ type: 'text', raw: source, text: source }]
  }
}

/** Children of a token, in order (list items, table cells, inline tokens). */
function childrenOf(token: Token): Token[] | null {
  const record = token as unknown as Record<string, unknown>
  if (token.type === 'list') return (record['items'] as Token[] | undefined) ?? []
  if (token.type === 'table') {
    const cells: Token[] = []
    const header = (record['header'] as { tokens: Token[] }[] | undefined) ?? []
    const rows = (record['rows'] as { tokens: Token[] }[][] | undefined) ?? []
    for (const cell of header) cells.push({ type: 'paragraph', raw: '', text: '', tokens: cell.tokens })
    for (const row of rows) for (const cell of row) cells.push({ type: 'paragraph', raw: '', text: '', tokens: cell.tokens })
    return cells
  }
  const tokens = record['tokens']
  return Array.isArray(tokens) && tokens.length > 0 ? (tokens as Token[]) : null
}

/** GFM source → plain text, blocks separated by newlines. */
export function markdownPlainText(source: string): string {
  const out: string[] = []
  const stack: (Token | string)[] = lex(source).reverse()
  while (stack.length > 0) {
    const item = stack.pop() as Token | string
    if (typeof item === 'string') {
      out.push(item)
      continue
    }
    switch (item.type) {
      case 'space':
      case 'hr':
      case 'def':
        out.push('\n')
        continue
      case 'br':
        out.push('\n')
        continue
      case 'code':
      case 'codespan':
      case 'html':
      case 'escape':
        out.push(String((item as { text?: unknown }).text ?? ''))
        continue
      case 'image':
        out.push(decodeReferences(String((item as { text?: unknown }).text ?? '')))
        continue
      default: {
        const children = childrenOf(item)
        if (children === null) {
          out.push(decodeReferences(String((item as { text?: unknown }).text ?? '')))
          continue
        }
        // Block tokens sit on their own lines; children go on the stack in reverse so they pop in order.
        if (item.type !== 'text' && item.type !== 'strong' && item.type !== 'em' && item.type !== 'del' && item.type !== 'link') {
          out.push('\n')
          stack.push('\n')
        }
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Token)
      }
    }
  }
  return out.join('')
}

/**
 * Whether `text` may hold Markdown syntax: an inline marker, an entity, or a line opening a heading, quote,
 * list, setext underline or table. Without any, GFM gives the text back as it is (up to whitespace).
 */
export function needsLexing(text: string): boolean {
  // Two plain scans are several times faster than one multiline alternation (measured on tool outputs).
  return INLINE_SYNTAX.test(text) || BLOCK_SYNTAX.test(text)
}

const INLINE_SYNTAX = /[\\`*_[\]<&~|]/
const BLOCK_SYNTAX = /(?:^|\n) {0,3}(?:[#>=+-]|\d{1,9}[.)])/

/** Lexed sources remembered (each at most PREVIEW_SOURCE_CHARS long: ≤ ~5 MB of strings when full). */
export const PREVIEW_MEMO = 1024
const memo = new Map<string, string>()

function lexedPlain(source: string): string {
  const known = memo.get(source)
  if (known !== undefined) return known
  if (memo.size >= PREVIEW_MEMO) memo.clear()
  const plain = markdownPlainText(source)
  memo.set(source, plain)
  return plain
}

/**
 * `text.replace(/\s+/g, ' ').trim()`, replacing only the runs that change: a run of two or more, or one
 * whitespace character other than a space. At the start of a run the longer alternative takes the whole run,
 * so every run still becomes one space; but most runs in prose are one space already, and replacing each of
 * them (a match, and a piece of the result, per word) was most of the preview's time. Trimmed first (the
 * same: `trim` and `\s` take the same characters): trimming the collapsed text copied it a second time
 * (~10 MB of a 100 MB log's derivation), where a trimmed source is a view of the text.
 */
export function collapseWhitespace(text: string): string {
  return text.trim().replace(/\s{2,}|[^\S ]/g, ' ')
}

/**
 * Units of a long plain text collapsed first: when they already give more than PREVIEW_CHARS characters, the
 * rest cannot change the preview. Collapsing a text's start is the start of collapsing all of it (a run cut
 * at the end still becomes one space, as the whole run does), and once trimmed it ends in a character that
 * is not whitespace, so it is the start of the whole text's plain form. Most long previews are code and
 * tool output, whose first 768 units seldom collapse below 513 characters; one that does is collapsed whole.
 */
export const PREVIEW_HEAD_UNITS = 768

/** The ledger preview of `markdown` (module comment). */
export function previewText(markdown: string): string {
  const cutSource = markdown.length > PREVIEW_SOURCE_CHARS
  const source = cutSource ? markdown.slice(0, PREVIEW_SOURCE_CHARS) : markdown
  const text = needsLexing(source) ? lexedPlain(source) : source
  if (text.length > PREVIEW_HEAD_UNITS) {
    const head = firstChars(collapseWhitespace(text.slice(0, PREVIEW_HEAD_UNITS)), PREVIEW_CHARS)
    if (head !== null) return [head, '…'].join('')
  }
  const plain = collapseWhitespace(text)
  const cut = firstChars(plain, PREVIEW_CHARS)
  // Joined, not concatenated: the preview is one flat string of its own, never a piece of the longer text.
  if (cut !== null) return [cut, '…'].join('')
  return cutSource ? [plain, '…'].join('') : plain
}

/**
 * The first `max` characters (code points, as `Array.from` counts them) of `text`, or null when it has no
 * more. Without a surrogate in its first `max + 1` code units those units are characters, so the answer is
 * a slice; otherwise the text is split into characters.
 */
export function firstChars(text: string, max: number): string | null {
  // A string of at most `max` code units has at most that many characters.
  if (text.length <= max) return null
  let surrogate = false
  for (let i = 0; i <= max && !surrogate; i++) {
    const c = text.charCodeAt(i)
    surrogate = c >= 0xd800 && c <= 0xdfff
  }
  if (!surrogate) return text.slice(0, max)
  const chars = Array.from(text)
  return chars.length > max ? chars.slice(0, max).join('') : null
}
