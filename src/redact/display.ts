/**
 * The display projection of a string (issue 17 item 2): the text as a terminal or a page shows it, with the
 * separators a renderer removes taken out — terminal escapes (CSI such as colours, OSC such as titles and
 * hyperlinks, other ESC sequences, C1 CSI/OSC), other control characters (tab, newline and carriage return
 * kept), zero-width and bidi format characters, the soft hyphen — plus the same escapes written as text
 * (`\u001b[32m`, `\x1b[0m`, `\033[1m`, `\e[0m`, `\u200b`), as a JSON file or a shell script holds them.
 * Also what a Markdown or HTML renderer drops without a break: inline tags (`<span>`, `<b>`, `<wbr>`, …),
 * comments, entities of invisible characters (`&#8203;`, `&shy;`), and `**` / `__` / `~~` emphasis markers.
 * `\x1b[32mghp_…` shows as `ghp_…`, so a rule must see it that way; `map[i]` is the raw index of projected
 * character `i`, so a finding maps back to the raw span it covers (escapes inside it go with it).
 * Pure; strings without such characters (nearly all) cost one regex test.
 */

/** Anything the projection might remove: lines without one are their own projection. */
const INLINE_TAGS = 'span|b|strong|i|em|code|kbd|samp|s|del|ins|u|mark|sub|sup|small|wbr|a|font|abbr|q'
const MAY_HIDE = new RegExp(
  String.raw`[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\\(?:u00[01][0-9a-f]|u00[79][0-9a-f]|u00ad|u061c|u180e|u20[06][0-9a-f]|u202[a-e]|ufeff|x1b|033|e\[)` +
    String.raw`|<(?:!--|\/?(?:${INLINE_TAGS})\b)|&(?:#|zwj;|zwnj;|shy;|lrm;|rlm;)|\*\*|__|~~`,
  'i',
)
/** Markup a renderer drops without a break, matched where MAY_HIDE stopped. */
const MARKUP = new RegExp(
  String.raw`<!--[\s\S]*?(?:-->|$)|<\/?(?:${INLINE_TAGS})\b[^<>\n]*>` +
    String.raw`|&(?:#0*(?:173|1564|6158|820[3-7]|8206|8207|823[4-8]|8288|829[4-7]|65279);|#x0*(?:ad|61c|180e|200[b-f]|2060|202[a-e]|206[6-9]|feff);|zwj;|zwnj;|shy;|lrm;|rlm;)` +
    String.raw`|\*\*|__|~~`,
  'iy',
)

/** Zero-width and bidi format characters a page draws as nothing. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/

const ESC = 0x1b
const BEL = 0x07

/** Code point a textual escape at `i` stands for (`\u001b`, `\x1b`, `\033`, `\e`), and its length; null if none. */
function textualEscape(text: string, i: number): { code: number; length: number } | null {
  if (text.charCodeAt(i) !== 0x5c) return null
  const k = text[i + 1]
  if (k === 'u' || k === 'U') {
    const hex = text.slice(i + 2, i + 6)
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) return null
    return { code: Number.parseInt(hex, 16), length: 6 }
  }
  if (k === 'x' || k === 'X') {
    const hex = text.slice(i + 2, i + 4)
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null
    return { code: Number.parseInt(hex, 16), length: 4 }
  }
  if (k === '0' && text[i + 2] === '3' && text[i + 3] === '3') return { code: ESC, length: 4 }
  if (k === 'e' && (text[i + 2] === '[' || text[i + 2] === ']')) return { code: ESC, length: 2 }
  return null
}

/** A character (raw or written as a textual escape) at `i`: its code and raw length. */
function charAt(text: string, i: number): { code: number; length: number } {
  return textualEscape(text, i) ?? { code: text.charCodeAt(i), length: 1 }
}

/**
 * The end of an escape sequence whose introducer (`ESC` or a C1 control, raw or textual) ends at `after`;
 * `introducer` is its code. Unterminated sequences run to the end of the line at most.
 */
function sequenceEnd(text: string, after: number, introducer: number): number {
  let kind = introducer
  let i = after
  if (introducer === ESC) {
    if (i >= text.length) return i
    const next = text.charCodeAt(i)
    if (next === 0x5b) kind = 0x9b
    else if (next === 0x5d || next === 0x50 || next === 0x5f || next === 0x5e || next === 0x58) kind = 0x9d
    else {
      // Two-character escapes (`ESC 7`, `ESC (B`): intermediates 0x20–0x2f, then one final character.
      while (i < text.length && text.charCodeAt(i) >= 0x20 && text.charCodeAt(i) <= 0x2f) i++
      return i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x7e ? i + 1 : i
    }
    i++
  }
  if (kind === 0x9b) {
    // CSI: parameters 0x30–0x3f, intermediates 0x20–0x2f, a final 0x40–0x7e.
    while (i < text.length && text.charCodeAt(i) >= 0x20 && text.charCodeAt(i) <= 0x3f) i++
    return i < text.length && text.charCodeAt(i) >= 0x40 && text.charCodeAt(i) <= 0x7e ? i + 1 : i
  }
  // OSC / DCS / APC / PM / SOS: a string up to BEL or ST (`ESC \`, or 0x9c), never past a line end.
  while (i < text.length) {
    const c = charAt(text, i)
    if (c.code === BEL || c.code === 0x9c) return i + c.length
    if (c.code === ESC) {
      const next = i + c.length
      return text[next] === '\\' ? next + 1 : next
    }
    if (c.code === 0x0a) return i
    i += c.length
  }
  return i
}

export interface Projection {
  text: string
  /** Raw index of each projected character. */
  map: Int32Array
}

/**
 * The displayed text of `text`, or null when nothing would be removed (the common case). With a
 * `boundary`, each removed run becomes that one character instead of nothing (mapped to the run's start):
 * `word\x1b[32mghp_…` is a word and a token to a reader, though the screen joins them. `keepBackspace`: a
 * backspace stays, for ./shown.ts to replay as a terminal does.
 */
export function displayProjection(text: string, boundary = '', keepBackspace = false): Projection | null {
  if (!MAY_HIDE.test(text)) return null
  const next = new RegExp(MAY_HIDE.source, 'gi')
  let out = ''
  const map = new Int32Array(text.length)
  let n = 0
  let removed = false
  // End of the last removed run: a removal starting there continues it (one boundary per run).
  let runEnd = -1
  const keep = (from: number, to: number) => {
    out += text.slice(from, to)
    for (let k = from; k < to; k++) map[n++] = k
  }
  let i = 0
  for (;;) {
    next.lastIndex = i
    const m = next.exec(text)
    const stop = m === null ? text.length : m.index
    if (stop > i) keep(i, stop)
    if (m === null) break
    const c = charAt(text, stop)
    const code = c.code
    let end: number
    MARKUP.lastIndex = stop
    const markup = code === 0x3c || code === 0x26 || code === 0x2a || code === 0x5f || code === 0x7e ? MARKUP.exec(text) : null
    if (markup !== null) {
      end = stop + markup[0].length
    } else if (code === ESC || code === 0x9b || code === 0x9d || code === 0x90 || code === 0x9e || code === 0x9f) {
      end = Math.max(sequenceEnd(text, stop + c.length, code), stop + c.length)
    } else if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && !(keepBackspace && code === 0x08)) || (code >= 0x7f && code <= 0x9f) || (code > 0x9f && code <= 0xffff && INVISIBLE.test(String.fromCharCode(code)))) {
      end = stop + c.length
    } else {
      // A textual escape of a character that stays (`\u0009`, `\u00e9`) is kept as written.
      keep(stop, stop + c.length)
      i = stop + c.length
      continue
    }
    if (boundary !== '' && stop !== runEnd) {
      out += boundary
      map[n++] = stop
    }
    removed = true
    runEnd = end
    i = end
  }
  return removed ? { text: out, map: map.subarray(0, n) } : null
}
