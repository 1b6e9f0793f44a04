/**
 * The assistant's answer in the PR summary, as the Markdown it is (issue 28): headings, emphasis, lists,
 * task lists, tables, inline code, fenced code with its language, and http(s) links are written back as
 * Markdown, so the comment shows `### What changed` as a heading and `**src/format.js**` in bold. What must
 * not come alive in a GitHub comment is neutralised:
 *
 * - raw HTML (a block or an inline tag) is text: `<` becomes `&lt;`, so `<img onerror>`, `<details>` or
 *   `</details>` show as written and can open or close nothing of the summary's;
 * - `@user` and `#123` / `owner/repo#12` / `GH-123` get a zero-width space (`@&#8203;user`): GitHub links
 *   mentions and references *after* rendering, in text, so a backslash (`\@user`) does not stop them
 *   (github/markup#1168, github/cmark-gfm#181) but the space does. References are broken too: a number in
 *   a model's answer names an issue of whatever repository the model had in mind, and a link would add a
 *   cross-reference to an unrelated issue's timeline of this one;
 * - a link whose URL is not http(s) (`javascript:`, `data:`, `mailto:`, relative) loses the link and keeps
 *   its text;
 * - an image is not embedded (a comment would load it from its server for every reader): its alt text and
 *   URL are written as text;
 * - code keeps its text: inline spans and fenced blocks are fenced by backtick runs longer than any inside,
 *   so an answer's own fence can never close one we wrote.
 *
 * The answer is lexed by marked (as src/markdown does for the site) and written again from the tokens —
 * never by editing the raw text — so every piece of plain text goes through the same escaping as the
 * summary's other session text (./escape.ts), and text at the start of a line cannot start a block the
 * answer did not have. Nesting past `MAX_DEPTH`, or a lexer shape this file does not know, falls back to the
 * source as escaped text.
 */
import type { Token, Tokens } from 'marked'
import { safeHref } from '../../cards/narrow'
import { decodeEntities, lexMarkdown } from '../../markdown/render'
import { clean, code, escapeChars, escapeLineStart, textLines } from './escape'

/** Containers (quotes, list items) nest at most this deep before the rest is written as text. */
const MAX_DEPTH = 16
const ZWSP = '&#8203;'

/** The answer as GFM Markdown blocks (no container around them). Never throws. */
export function answerMarkdown(source: string): string {
  const text = clean(source)
  try {
    return blocks(lexMarkdown(text), 0)
  } catch {
    return asText(text)
  }
}

const asText = (text: string) => textLines(text).join('\n')

function blocks(tokens: readonly Token[], depth: number): string {
  if (depth > MAX_DEPTH) return asText(tokens.map(t => t.raw).join(''))
  const out: string[] = []
  // Two lists in a row would read as one list if written with the same marker.
  let lastList: 'a' | 'b' | null = null
  for (const t of tokens) {
    if (t.type === 'space' || t.type === 'def') continue
    const variant: 'a' | 'b' | null = t.type === 'list' ? (lastList === 'a' ? 'b' : 'a') : null
    out.push(block(t, depth, variant ?? 'a'))
    lastList = variant
  }
  return out.filter(b => b !== '').join('\n\n')
}

function block(t: Token, depth: number, variant: 'a' | 'b'): string {
  switch (t.type) {
    case 'paragraph':
      return inline((t as Tokens.Paragraph).tokens, depth, { bol: true })
    case 'text': {
      const tt = t as Tokens.Text
      return inline(tt.tokens ?? [{ type: 'text', raw: tt.raw, text: tt.text }], depth, { bol: true })
    }
    case 'heading': {
      const h = t as Tokens.Heading
      // A trailing `#` would read as the closing sequence of the heading and vanish.
      const body = inline(h.tokens, depth, { oneLine: true }).replace(/#$/, '\\#')
      return `${'#'.repeat(Math.min(6, Math.max(1, h.depth)))} ${body}`
    }
    case 'code':
      return fence(t as Tokens.Code)
    case 'blockquote':
      return blocks((t as Tokens.Blockquote).tokens, depth + 1)
        .split('\n')
        .map(line => (line === '' ? '>' : `> ${line}`))
        .join('\n')
    case 'list':
      return list(t as Tokens.List, depth, variant)
    case 'table':
      return table(t as Tokens.Table, depth)
    case 'hr':
      // Not `---`: under a line of text that would make it a heading.
      return '***'
    case 'html':
      // Raw HTML is content to read, not markup.
      return asText((t as Tokens.HTML).text)
    default:
      return asText(t.raw)
  }
}

/** A fenced block: a backtick fence longer than any run inside; the info string kept when it is plain. */
function fence(c: Tokens.Code): string {
  const text = c.text.replace(/\n+$/, '')
  let longest = 0
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length)
  const bar = '`'.repeat(Math.max(3, longest + 1))
  const lang = (c.lang ?? '').trim()
  // `sh`, `ts title="a.ts"`; anything else keeps only a plain language word (the info string of a
  // backtick fence may not hold backticks, and GitHub uses only its first word).
  const info = /^[\w+#.-]{1,40}(?:[ \t]+[\w .,:=+#"'/-]{0,80})?$/.test(lang) ? lang : (/^[\w+#.-]{1,40}/.exec(lang)?.[0] ?? '')
  return text === '' ? `${bar}${info}\n${bar}` : `${bar}${info}\n${text}\n${bar}`
}

/** Block types that may follow a line of text directly (they interrupt a paragraph in GFM). */
function interruptsText(t: Token): boolean {
  if (t.type === 'code' || t.type === 'heading' || t.type === 'hr' || t.type === 'blockquote') return true
  if (t.type !== 'list') return false
  const l = t as Tokens.List
  return !l.ordered || l.start === 1 || l.start === ''
}

function list(l: Tokens.List, depth: number, variant: 'a' | 'b'): string {
  const start = l.ordered && typeof l.start === 'number' ? Math.max(0, Math.trunc(l.start)) : 1
  const items = l.items.map((item, i) => {
    const marker = l.ordered ? `${start + i}${variant === 'a' ? '.' : ')'}` : variant === 'a' ? '-' : '*'
    const parts: string[] = []
    let check = ''
    let lastList: 'a' | 'b' | null = null
    let previous: Token | null = null
    for (const child of item.tokens) {
      if (child.type === 'checkbox') {
        check = (child as Tokens.Checkbox).checked ? '[x] ' : '[ ] '
        continue
      }
      if (child.type === 'space' || child.type === 'def') continue
      const v: 'a' | 'b' | null = child.type === 'list' ? (lastList === 'a' ? 'b' : 'a') : null
      const written = depth + 1 > MAX_DEPTH ? asText(child.raw) : block(child, depth + 1, v ?? 'a')
      lastList = v
      if (written === '') continue
      // A tight item keeps its blocks on consecutive lines where GFM allows it; else a blank line.
      const tight = !l.loose && previous !== null && interruptsText(child)
      parts.push(previous === null ? written : `${tight ? '\n' : '\n\n'}${written}`)
      previous = child
    }
    const body = `${check}${parts.join('')}`
    const pad = ' '.repeat(marker.length + 1)
    const [first = '', ...rest] = body.split('\n')
    return [`${marker}${first === '' ? '' : ` ${first}`}`, ...rest.map(line => (line === '' ? '' : `${pad}${line}`))].join('\n')
  })
  return items.join(l.loose ? '\n\n' : '\n')
}

function table(t: Tokens.Table, depth: number): string {
  const cell = (c: Tokens.TableCell) => inline(c.tokens, depth, { table: true }) || ' '
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`
  const align = t.align.map(a => (a === 'left' ? ':---' : a === 'right' ? '---:' : a === 'center' ? ':---:' : '---'))
  const width = t.header.length
  const body = t.rows.map(r => row(Array.from({ length: width }, (_, i) => (r[i] === undefined ? ' ' : cell(r[i] as Tokens.TableCell)))))
  return [row(t.header.map(cell)), row(align), ...body].join('\n')
}

interface InlineMode {
  /** The first text stands at the start of a line (a block could start there). */
  bol?: boolean
  /** One line: soft and hard breaks become spaces (headings). */
  oneLine?: boolean
  /** A table cell: one line, and `|` escaped inside code spans too. */
  table?: boolean
}

/**
 * Inline tokens → Markdown. Adjacent plain text (text, escapes, inline HTML, link labels without a link,
 * image text) is collected into one run and escaped as a whole, so a mention split over two tokens
 * (`\@user`: an escape, then text) is still seen and broken.
 */
function inline(tokens: readonly Token[], depth: number, mode: InlineMode): string {
  if (depth > MAX_DEPTH) return run(tokens.map(t => t.raw).join(''), mode.bol === true, mode)
  const oneLine = mode.oneLine === true || mode.table === true
  let out = ''
  let pending = ''
  let bol = mode.bol === true
  const flush = () => {
    if (pending === '') return
    out += run(pending, bol, mode)
    bol = !oneLine && pending.endsWith('\n')
    pending = ''
  }
  const markup = (text: string) => {
    flush()
    out += text
    if (text !== '') bol = text.endsWith('\n')
  }
  /** Whether the next token starts a line of output. */
  const here = () => !oneLine && (pending === '' ? bol : pending.endsWith('\n'))
  for (const t of tokens) {
    switch (t.type) {
      case 'text': {
        const tt = t as Tokens.Text
        if (tt.tokens !== undefined && tt.tokens.length > 0) markup(inline(tt.tokens, depth + 1, { ...mode, bol: here() }))
        else pending += decodeEntities(tt.text)
        break
      }
      case 'escape':
        pending += (t as Tokens.Escape).text
        break
      case 'html':
        pending += (t as Tokens.Tag).text
        break
      case 'strong':
      case 'em':
      case 'del': {
        const inner = inline((t as Tokens.Strong).tokens, depth + 1, { ...mode, bol: here() })
        const mark = t.type === 'strong' ? '**' : t.type === 'em' ? '*' : '~~'
        // Delimiters around leading or trailing space would not close: keep the text without them.
        markup(inner === '' || /^\s|\s$/.test(inner) ? inner : `${mark}${inner}${mark}`)
        break
      }
      case 'codespan':
        markup(code((t as Tokens.Codespan).text, { table: mode.table === true }))
        break
      case 'br':
        flush()
        out += oneLine ? ' ' : '\\\n'
        bol = !oneLine
        break
      case 'link': {
        const l = t as Tokens.Link
        const href = safeHref(l.autolink === true ? l.href : decodeEntities(l.href))
        if (href === null) {
          // Not http(s): the words stay, the link goes.
          markup(inline(l.tokens, depth + 1, { ...mode, bol: here() }))
          break
        }
        const label = inline(l.tokens, depth + 1, { ...mode, bol: false }) || run(href, false, mode)
        markup(`[${label}](<${href.replace(/[<>\\\s]/g, c => encodeURIComponent(c))}>)`)
        break
      }
      case 'image': {
        const img = t as Tokens.Image
        // Not embedded: the alt text and where the image was, as text (the URL breaks no rule as text).
        const alt = decodeEntities(img.text).trim()
        const url = img.href.length > 200 ? `${img.href.slice(0, 199)}…` : img.href
        pending += alt === '' ? `(${url})` : `${alt} (${url})`
        break
      }
      default:
        pending += t.raw
    }
  }
  flush()
  return out
}

/**
 * One run of plain text as Markdown: escaped (./escape.ts `escapeChars`, plus `!`, which before a link
 * would make it an image); each line that starts a line of output has its block markers escaped; a run
 * ending where a mention, a reference or `GH-` could continue in the next token gets its zero-width space
 * there.
 */
function run(text: string, bol: boolean, mode: InlineMode): string {
  const oneLine = mode.oneLine === true || mode.table === true
  const lines = oneLine ? [text.replace(/\s*\n\s*/g, ' ')] : text.split('\n')
  const written = lines.map((line, i) => {
    const atStart = i > 0 || bol
    const body = atStart ? line.replace(/^[ \t]+/, '') : line
    const escaped = escapeChars(body).replace(/!/g, '\\!')
    return atStart ? escapeLineStart(escaped) : escaped
  })
  const joined = written.join('\n')
  return /(?:(?:^|[^A-Za-z0-9_])@|#|\bGH-)$/i.test(text) ? `${joined}${ZWSP}` : joined
}
