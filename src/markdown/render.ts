/**
 * Assistant Markdown → sanitized HTML (architecture.md §2.14). `marked` only *lexes*; the HTML is written
 * here from an allowlist of token types, so the output can contain no tag, attribute or URL we did not
 * choose: every text byte is escaped, raw HTML in the source is shown as text, links keep an href only when
 * it is http(s), images become links (an `<img>` would be a network request from an offline page), and
 * headings are demoted two levels so a message never outranks the page's own headings.
 *
 * Fenced code may be coloured by the caller (`options.code`, fed by src/highlight); everything else is
 * synchronous and pure. Whatever the lexer does with hostile input, the worst case is escaped text.
 */
import { ownTable } from '../log/own'
import { Lexer, type Token, type Tokens } from 'marked'
import { trustHtml, type SafeHtml } from '../cards/trusted'
import { escapeHtml } from '../highlight/render-tokens'
import { safeHref } from '../cards/narrow'

export interface MarkdownOptions {
  /** Coloured HTML for a fenced block (already escaped), or null for plain text. */
  code?: (text: string, lang: string | null) => SafeHtml | null
  /**
   * A file an inline code span names (cards-current.md §8.3): the span becomes a link to `href` (an in-page
   * anchor, `#` + a row key) titled with the full path; null leaves it plain code.
   */
  mention?: (span: string) => { href: string; title: string } | null
}

/** A fenced or indented code block, as `collectCodeBlocks` finds them (for highlighting ahead of render). */
export interface MarkdownCode {
  text: string
  lang: string | null
}

/** Markdown nests without bound; past this depth the rest of a branch is shown as its source text. */
const MAX_DEPTH = 40
/** `&amp;` and friends in the source mean the character; numeric and these named references are decoded. */
const NAMED = ownTable<string>({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' })

export function lexMarkdown(source: string): Token[] {
  try {
    return new Lexer({ gfm: true, breaks: false }).lex(source)
  } catch {
    return [{ type: 'paragraph', raw: source, text: source, tokens: [{ type: 'text', raw: source, text: source }] }]
  }
}

/** Every code block in lexed Markdown, in document order. */
export function collectCodeBlocks(tokens: readonly Token[]): MarkdownCode[] {
  const found: MarkdownCode[] = []
  const walk = (list: readonly Token[], depth: number) => {
    if (depth > MAX_DEPTH) return
    for (const t of list) {
      if (t.type === 'code') found.push({ text: (t as Tokens.Code).text, lang: langOf(t as Tokens.Code) })
      for (const child of childLists(t)) walk(child, depth + 1)
    }
  }
  walk(tokens, 0)
  return found
}

/** Renders Markdown source; never throws. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): SafeHtml {
  return renderTokens(lexMarkdown(source), options)
}

export function renderTokens(tokens: readonly Token[], options: MarkdownOptions = {}): SafeHtml {
  try {
    return trustHtml(blocks(tokens, options, 0))
  } catch {
    // A stack overflow on absurd nesting, or a lexer shape we did not expect: the source, as text.
    return trustHtml(`<p class="md-plain">${escapeHtml(tokens.map(t => t.raw).join(''))}</p>`)
  }
}

function langOf(t: Tokens.Code): string | null {
  const lang = t.lang?.trim().split(/\s+/)[0]
  return lang ? lang : null
}

function childLists(t: Token): Token[][] {
  switch (t.type) {
    case 'list':
      return (t as Tokens.List).items.map(i => i.tokens)
    case 'table': {
      const table = t as Tokens.Table
      return [...table.header, ...table.rows.flat()].map(c => c.tokens)
    }
    default:
      return 'tokens' in t && Array.isArray(t.tokens) ? [t.tokens] : []
  }
}

/** Character references (`&amp;`, `&#64;`) → the characters they stand for; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd'
  })
}

/** Text from the source: references decoded, then everything escaped. */
const text = (raw: string): string => escapeHtml(decodeEntities(raw))

function blocks(tokens: readonly Token[], o: MarkdownOptions, depth: number): string {
  if (depth > MAX_DEPTH) return `<p class="md-plain">${escapeHtml(tokens.map(t => t.raw).join(''))}</p>`
  let out = ''
  for (const t of tokens) out += block(t, o, depth)
  return out
}

function block(t: Token, o: MarkdownOptions, depth: number): string {
  switch (t.type) {
    case 'space':
    case 'def':
      return ''
    case 'paragraph':
      return `<p>${inline((t as Tokens.Paragraph).tokens, depth, o)}</p>`
    case 'heading': {
      const h = t as Tokens.Heading
      const level = Math.min(6, Math.max(1, h.depth) + 2)
      return `<h${level}>${inline(h.tokens, depth, o)}</h${level}>`
    }
    case 'code': {
      const c = t as Tokens.Code
      const lang = langOf(c)
      const coloured = o.code?.(c.text, lang) ?? null
      // A coloured fragment is a whole `<pre class="shiki"><code>` already (src/highlight/render-tokens.ts).
      const cls = lang ? ` class="language-${escapeHtml(lang.replace(/[^\w+#.-]/g, ''))}"` : ''
      const body = coloured ?? `<pre><code${cls}>${escapeHtml(c.text)}</code></pre>`
      // dsh's code block: the language label and a Copy button above the code. The button is hidden and
      // unlabelled here (this renderer knows no locale); components/enhance labels it in the page's language,
      // reveals it, and copies this block's code.
      const label = lang ? `<span class="md-code-lang">${escapeHtml(lang)}</span>` : ''
      return `<div class="md-code" data-md-code=""><div class="md-code-head">${label}<button type="button" class="md-code-copy" hidden data-copy="" data-copy-code=""></button></div>${body}</div>`
    }
    case 'blockquote':
      return `<blockquote>${blocks((t as Tokens.Blockquote).tokens, o, depth + 1)}</blockquote>`
    case 'list':
      return list(t as Tokens.List, o, depth)
    case 'table':
      return table(t as Tokens.Table, depth, o)
    case 'hr':
      return '<hr>'
    case 'html':
      // Raw HTML in a message is content to read, not markup to obey.
      return `<p class="md-html">${escapeHtml((t as Tokens.HTML).text)}</p>`
    case 'text': {
      const tt = t as Tokens.Text
      return `<p>${tt.tokens ? inline(tt.tokens, depth, o) : text(tt.text)}</p>`
    }
    default:
      return `<p>${escapeHtml(t.raw)}</p>`
  }
}

function list(l: Tokens.List, o: MarkdownOptions, depth: number): string {
  const tag = l.ordered ? 'ol' : 'ul'
  const start = l.ordered && typeof l.start === 'number' && l.start !== 1 ? ` start="${Math.trunc(l.start)}"` : ''
  let items = ''
  for (const item of l.items) {
    let body = ''
    for (const child of item.tokens) {
      if (child.type === 'checkbox') {
        body += `<input type="checkbox" disabled${(child as Tokens.Checkbox).checked ? ' checked' : ''}> `
      } else if (child.type === 'text' && !l.loose) {
        // Tight list items hold bare text, not paragraphs.
        const tt = child as Tokens.Text
        body += tt.tokens ? inline(tt.tokens, depth + 1, o) : text(tt.text)
      } else body += block(child, o, depth + 1)
    }
    items += `<li${item.task ? ' class="task"' : ''}>${body}</li>`
  }
  return `<${tag}${start}>${items}</${tag}>`
}

function table(t: Tokens.Table, depth: number, o: MarkdownOptions): string {
  const cell = (c: Tokens.TableCell, tag: 'th' | 'td') =>
    `<${tag}${c.align ? ` class="align-${c.align}"` : ''}>${inline(c.tokens, depth + 1, o)}</${tag}>`
  const head = `<tr>${t.header.map(c => cell(c, 'th')).join('')}</tr>`
  const body = t.rows.map(r => `<tr>${r.map(c => cell(c, 'td')).join('')}</tr>`).join('')
  return `<div class="md-table"><table><thead>${head}</thead>${body ? `<tbody>${body}</tbody>` : ''}</table></div>`
}

function inline(tokens: readonly Token[], depth: number, o: MarkdownOptions = {}): string {
  if (depth > MAX_DEPTH) return escapeHtml(tokens.map(t => t.raw).join(''))
  let out = ''
  for (const t of tokens) {
    switch (t.type) {
      case 'text': {
        const tt = t as Tokens.Text
        out += tt.tokens ? inline(tt.tokens, depth + 1, o) : text(tt.text)
        break
      }
      case 'escape':
        out += escapeHtml((t as Tokens.Escape).text)
        break
      case 'strong':
        out += `<strong>${inline((t as Tokens.Strong).tokens, depth + 1, o)}</strong>`
        break
      case 'em':
        out += `<em>${inline((t as Tokens.Em).tokens, depth + 1, o)}</em>`
        break
      case 'del':
        out += `<del>${inline((t as Tokens.Del).tokens, depth + 1, o)}</del>`
        break
      case 'codespan': {
        const span = (t as Tokens.Codespan).text
        const target = o.mention?.(decodeEntities(span)) ?? null
        out += target === null ? `<code>${text(span)}</code>`
          : `<code><a class="md-mention" role="button" href="#${escapeHtml(encodeURIComponent(target.href))}" title="${escapeHtml(target.title)}">${text(span)}</a></code>`
        break
      }
      case 'br':
        out += '<br>'
        break
      case 'link': {
        const l = t as Tokens.Link
        const label = inline(l.tokens, depth + 1, o)
        // Autolinks are literal (marked does not resolve references in them); others may hold `&amp;`.
        const href = safeHref(l.autolink ? l.href : decodeEntities(l.href))
        out += href === null ? `<span class="md-link">${label}</span>` : `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${label}</a>`
        break
      }
      case 'image': {
        const img = t as Tokens.Image
        const href = safeHref(decodeEntities(img.href))
        const alt = text(img.text) || 'image'
        out += href === null ? `<span class="md-image">${alt}</span>` : `<a class="md-image" href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${alt}</a>`
        break
      }
      case 'html':
        out += escapeHtml((t as Tokens.Tag).text)
        break
      default:
        out += escapeHtml(t.raw)
    }
  }
  return out
}
