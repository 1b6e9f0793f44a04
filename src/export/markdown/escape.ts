/**
 * Session text inside a GitHub comment stays text. Log text is untrusted: a prompt, an output or a file
 * name may hold Markdown, HTML, `@mentions` (which notify people), `#123` references (which add a
 * cross-reference to that issue's timeline) or links. Three shapes are used:
 *
 * - `inline` / `quote`: code spans the text holds (`` `npm test` ``) are kept as written — a reviewer reads
 *   them as code, and nothing inside a code span is processed; every other character that opens inline syntax or HTML is escaped (`\*`, `\[`,
 *   `\|`, `&lt;`, …; CommonMark lets any ASCII punctuation be backslash-escaped, so the rendered text is
 *   unchanged); at line start, heading, list, setext and ordered-list markers are escaped too, and
 *   indentation becomes `&nbsp;` (never an indented code block). GitHub links mentions, references and URLs *after* rendering, in the text, so
 *   escapes do not stop those: a zero-width space goes after `@` and `#` (`@&#8203;user`, the way Renovate
 *   neutralises release notes), inside `GH-123` and after `:` in `scheme://` / the dot of `www.` (no live
 *   link from a log). Bidirectional controls (a "Trojan source" reorders what a reader sees) and other
 *   control characters become U+FFFD.
 * - `code`: an inline code span fenced by a backtick run longer than any inside it; one line only (a blank
 *   line would end the span and let the rest out), `|` escaped for table cells (GFM honours that inside
 *   code). Mentions, references, links and HTML are not processed inside code.
 * - `fenced`: a fenced block whose fence is longer than any backtick run in the text.
 */

import { plainText } from '../../cards/plain-text'

/** C0/C1 controls except tab and newline, and the Unicode bidi embedding/override/isolate controls. */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g
const ZWSP = '&#8203;'

/** Terminal escapes stripped (src/cards/plain-text.ts), then CRLF → LF and other controls → U+FFFD. */
export function clean(text: string): string {
  return plainText(text).replace(/\r\n?/g, '\n').replace(UNSAFE, '\uFFFD')
}

/**
 * Escapes one line's characters: everywhere the ones that open inline syntax or HTML (emphasis, code,
 * links, tables, strikethrough, math, entities, tags); then the zero-width spaces for GitHub's text links.
 * Also the text runs of an assistant answer (./answer.ts).
 */
export function escapeChars(line: string): string {
  return line
    .replace(/[\\`*_[\]|~$]/g, c => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // `#` first: the entities inserted below hold `#8203`.
    .replace(/#(?=[0-9])/g, `#${ZWSP}`)
    .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
    .replace(/\b(GH)-(?=[0-9])/gi, `$1-${ZWSP}`)
    .replace(/:(?=\/\/)/g, `:${ZWSP}`)
    .replace(/\b(www)\.(?=\S)/gi, `$1${ZWSP}.`)
}

/** Leading spaces and tabs as `&nbsp;`, so indentation shows and never makes a code block. */
function indent(lead: string): string {
  return lead.replace(/\t/g, '    ').replace(/ /g, '&nbsp;')
}

/**
 * A line's text with its code spans kept as written: a run of n backticks that a later run of exactly n
 * backticks on the same line closes is a code span (CommonMark §6.1), emitted untouched (GitHub processes
 * no Markdown, HTML, mention or link inside one; in a table cell `|` still needs its backslash). Text between
 * spans is escaped; a backtick run that closes nothing is escaped as text.
 */
function escapeWithCodeSpans(line: string, table: boolean): string {
  const runs = [...line.matchAll(/`+/g)]
  let out = ''
  let at = 0
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]
    if (open === undefined || (open.index ?? 0) < at) continue
    const start = open.index ?? 0
    const closeIndex = runs.findIndex((r, j) => j > i && r[0].length === open[0].length)
    const close = runs[closeIndex]
    if (close === undefined) continue
    const end = (close.index ?? 0) + close[0].length
    const span = line.slice(start, end)
    out += escapeChars(line.slice(at, start)) + (table ? span.replace(/\|/g, '\\|') : span)
    at = end
    i = closeIndex
  }
  return out + escapeChars(line.slice(at))
}

/** An escaped line's block markers at its start: headings, lists, setext underlines, ordered-list numbers. */
export function escapeLineStart(escaped: string): string {
  return escaped.replace(/^([#+=-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2')
}

/** Block markers at line start: headings, lists, setext underlines, ordered-list numbers. */
function escapeLine(line: string, table = false): string {
  const body = line.replace(/^[ \t]*/, '')
  const marked = escapeLineStart(escapeWithCodeSpans(body, table))
  return indent(line.slice(0, line.length - body.length)) + marked
}

/**
 * One line of text for a heading, a list item or a table cell (`table`: `|` inside code spans escaped too):
 * newlines become spaces.
 */
export function inline(text: string, options: { table?: boolean } = {}): string {
  return escapeLine(clean(text).replace(/\s*\n\s*/g, ' ').trim(), options.table === true)
}

/**
 * Text as paragraphs of escaped lines, line breaks kept (a trailing `\` is a hard break), blank lines as
 * paragraph breaks (empty strings in the result).
 */
export function textLines(text: string): string[] {
  const lines = clean(text).replace(/\n+$/, '').split('\n')
  return lines.map((line, i) => {
    if (line.trim() === '') return ''
    const next = lines[i + 1]
    const hardBreak = next !== undefined && next.trim() !== ''
    return `${escapeLine(line)}${hardBreak ? '\\' : ''}`
  })
}

/** Text as a blockquote (`textLines`, each behind `> `; blank lines as empty quote lines). */
export function quote(text: string): string {
  return textLines(text)
    .map(line => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

const longestRun = (text: string, char: string): number => {
  let longest = 0
  for (const m of text.matchAll(new RegExp(`\\${char}+`, 'g'))) longest = Math.max(longest, m[0].length)
  return longest
}

/** An inline code span of one line; for a table cell, `|` is escaped as GFM requires even in code. */
export function code(text: string, options: { table?: boolean } = {}): string {
  let body = clean(text).replace(/\s*\n\s*/g, ' ')
  if (options.table === true) body = body.replace(/\|/g, '\\|')
  if (body === '') return '` `'
  const fence = '`'.repeat(longestRun(body, '`') + 1)
  // A span starting or ending with a backtick needs a space inside (stripped again when rendered).
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${body}${pad}${fence}`
}

/** A fenced code block; `lang` is kept only when it is a plain language name. */
export function fenced(text: string, lang: string | null = null): string {
  const body = clean(text).replace(/\n+$/, '')
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1))
  const info = lang !== null && /^[A-Za-z0-9_+-]{1,20}$/.test(lang) ? lang : ''
  return `${fence}${info}\n${body}\n${fence}`
}

/** A link with a destination we built (a path or `--link-base` URL); the label is escaped text. */
export function link(label: string, href: string): string {
  // `<…>` destinations may hold spaces and parentheses; only `<`, `>` and newlines must go.
  const dest = href.replace(/[<>\n\r ]/g, c => encodeURIComponent(c))
  // Parentheses too: some renderers end a label at `](` even when the bracket is escaped.
  return `[${inline(label).replace(/[()]/g, c => `\\${c}`)}](<${dest}>)`
}
