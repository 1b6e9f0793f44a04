/**
 * The text as a page finally shows it, past what ./display.ts removes (issue 32 point 3): the transforms a
 * renderer applies that *assemble* text — a terminal's carriage return and backspace (the terminal card
 * replays them on a virtual line), character references (`&#103;` → `g`, `&amp;` → `&`), Markdown's
 * backslash escapes (`\_` → `_`), JSON's `\uXXXX` escapes (a member name `"pass\u0077ord"` reads as
 * `password` wherever the JSON is shown as text, as it is past the reader's depth cap), and the markers of
 * code spans, links and images (`` `ghp_`rest ``, `[ghp_](url)rest`, `![ghp_](url)rest` read as one word).
 * A token that stands whole only after these is whole in `shownProjection`, and `map[i]` is the raw index
 * of shown character `i` — no longer in order (a carriage return writes earlier columns with later text),
 * so a finding covers the raw span from its smallest to its largest index.
 * Pure; one regex test for strings that hold none of these (most).
 */
import type { Projection } from './display'

/** Anything a transform here might change. */
const MAY_ASSEMBLE = /[\r\b`\\]|\]\(|&(?:#|[a-z]+;)/i
const NAMED: ReadonlyMap<string, string> = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', ' '], ['lowbar', '_'], ['grave', '`']])
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/y
const LINK = /\[([^[\]\n]*)\]\([^()\s]*(?:\s+"[^"\n]*")?\)/y
// Markdown's escapable punctuation, less the quotes and the backslash: a JSON text shows `\"` as written
// (the rules know that form), and Markdown text has no call to escape them inside a token.
const MARKDOWN_PUNCT = /[!#$%&()*+,\-./:;<=>?@[\]^_`{|}~]/

/** The pieces pass 1 below rewrites, for `shownText`. */
const PIECES = /&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);|\\u[0-9a-fA-F]{4}|\\[!#$%&()*+,\-./:;<=>?@[\]^_`{|}~]|`|!?\[[^[\]\n]*\]\([^()\s]*(?:\s+"[^"\n]*")?\)/g

/**
 * The shown text alone, cheaply (regex replaces, no index map): what the rules' prefilter is asked about
 * before `shownProjection` builds the map. A superset is fine here; carriage returns and backspaces only
 * reorder or drop characters a hint may need, so such text goes through `shownProjection` itself.
 */
export function shownText(text: string): string | null {
  if (!MAY_ASSEMBLE.test(text)) return null
  if (/[\r\b]/.test(text)) return shownProjection(text)?.text ?? null
  return text.replace(PIECES, piece => {
    if (piece === '`') return ''
    if (piece[0] === '&') return shownProjection(piece)?.text ?? piece
    if (piece[0] === '\\') return piece[1] === 'u' ? String.fromCharCode(Number.parseInt(piece.slice(2), 16)) : (piece[1] as string)
    return piece.slice(piece.indexOf('[') + 1, piece.indexOf(']('))
  })
}

/** How far around a rewritten piece a secret it assembles may reach (a token, a `name=value`). */
const REACH = 256

/**
 * Whether the text as shown holds `hint` near something the page rewrites: a secret the page assembles
 * must involve a rewritten piece (else the raw text holds it whole, and the raw pass finds it), so only the
 * neighbourhoods of rewritten pieces need the hint test. Keeps strings that merely mention a hint word and
 * hold Markdown (most assistant text) from paying for the mapped projection and a second rules pass.
 */
export function assembledHint(text: string, hint: RegExp): boolean {
  if (!MAY_ASSEMBLE.test(text)) return false
  if (/[\r\b]/.test(text)) return hint.test(shownText(text) ?? text)
  // Its own regex: shownText's replace resets the shared one's lastIndex.
  const pieces = new RegExp(PIECES.source, 'g')
  let from = -1
  let to = -1
  const tested = (): boolean => from !== -1 && hint.test(shownText(text.slice(from, to)) ?? '')
  for (let m = pieces.exec(text); m !== null; m = pieces.exec(text)) {
    const start = Math.max(0, m.index - REACH)
    const end = Math.min(text.length, m.index + m[0].length + REACH)
    if (start > to) {
      if (tested()) return true
      from = start
    }
    to = end
  }
  return tested()
}

/**
 * `text` (raw indices `base[i]`, or its own indices when `base` is null) as shown after the transforms
 * above, or null when none applies.
 */
export function shownProjection(text: string, base: Int32Array | null = null): Projection | null {
  if (!MAY_ASSEMBLE.test(text)) return null
  const rawAt = (i: number) => (base === null ? i : (base[i] ?? i))
  // Pass 1: references, escapes and link/code markers, left to right, into chars + raw indices.
  const chars: string[] = []
  const idx: number[] = []
  let changed = false
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string
    if (c === '&') {
      REFERENCE.lastIndex = i
      const m = REFERENCE.exec(text)
      const code = m === null ? null : m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? Number.parseInt(m[2], 16) : null
      const decoded = m === null ? undefined : code !== null ? (code <= 0x10ffff ? String.fromCodePoint(code) : undefined) : NAMED.get((m[3] ?? '').toLowerCase())
      if (m !== null && decoded !== undefined) {
        chars.push(decoded)
        idx.push(rawAt(i))
        i += m[0].length
        changed = true
        continue
      }
    } else if (c === '\\') {
      const next = text[i + 1] ?? ''
      const hex = next === 'u' ? text.slice(i + 2, i + 6) : ''
      if (/^[0-9a-fA-F]{4}$/.test(hex)) {
        chars.push(String.fromCharCode(Number.parseInt(hex, 16)))
        idx.push(rawAt(i))
        i += 6
        changed = true
        continue
      }
      if (MARKDOWN_PUNCT.test(next)) {
        chars.push(next)
        idx.push(rawAt(i + 1))
        i += 2
        changed = true
        continue
      }
    } else if (c === '`') {
      i++
      changed = true
      continue
    } else if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      // A link or image: its text (an image's alt text is its text in search and export) and nothing else.
      const open = c === '!' ? i + 1 : i
      LINK.lastIndex = open
      const m = LINK.exec(text)
      if (m !== null) {
        const label = m[1] ?? ''
        for (let k = 0; k < label.length; k++) {
          chars.push(label[k] as string)
          idx.push(rawAt(open + 1 + k))
        }
        i = open + m[0].length
        changed = true
        continue
      }
    }
    chars.push(c)
    idx.push(rawAt(i))
    i++
  }
  // Pass 2: a terminal's carriage return and backspace, replayed per line on a virtual line.
  const outChars: string[] = []
  const outIdx: number[] = []
  let line: { c: string; at: number }[] = []
  let cursor = 0
  const endLine = () => {
    for (const cell of line) {
      outChars.push(cell.c)
      outIdx.push(cell.at)
    }
    line = []
    cursor = 0
  }
  for (let k = 0; k < chars.length; k++) {
    const c = chars[k] as string
    const at = idx[k] as number
    if (c === '\n') {
      endLine()
      outChars.push(c)
      outIdx.push(at)
    } else if (c === '\r' && chars[k + 1] !== '\n') {
      cursor = 0
      changed = true
    } else if (c === '\b') {
      cursor = Math.max(0, cursor - 1)
      changed = true
    } else {
      if (cursor < line.length) line[cursor] = { c, at }
      else line.push({ c, at })
      cursor++
    }
  }
  endLine()
  return changed ? { text: outChars.join(''), map: Int32Array.from(outIdx) } : null
}
