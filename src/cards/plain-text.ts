/**
 * Terminal text → plain text, for every surface that is not a styled card (issue 15 item 4): row titles and
 * collapsed summaries, page titles, the search index, the Markdown summary, "Full text" downloads and copy
 * buttons. Cards keep their colours through ansi.ts; everywhere else an escape sequence would show as
 * `←[31m` garbage (or, in a terminal, act). The one stripping function, in the pure core. Rules:
 *
 * - CSI (`ESC [` or 8-bit `0x9B`, parameters, intermediates, one final byte) is removed.
 * - OSC (`ESC ]` / `0x9D`), DCS (`ESC P`), SOS (`ESC X`), PM (`ESC ^`), APC (`ESC _`) strings are removed up
 *   to their terminator: BEL, `ESC \` or 8-bit ST (`0x9C`). The text an OSC 8 hyperlink wraps stays. A
 *   string with no terminator is removed to the end of its line only, so one stray byte cannot hide the rest.
 * - Any other escape (`ESC` + intermediates + final: `ESC 7`, `ESC (B`) is removed; an escape cut off at
 *   the end of the text (incomplete) is removed as far as it goes.
 * - C1 controls (U+0080–U+009F) are removed.
 * - `\r\n` becomes `\n`; a line holding bare `\r` shows what a terminal ends with for a progress line — the
 *   text after the last `\r` that is followed by anything; a backspace erases the character before it
 *   (`_\bA` overstrikes). Other C0 controls but tab and newline are removed.
 *
 * Linear in the text; never throws; text without a control character is returned as is.
 */

// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

const ESC = 0x1b
const BEL = 0x07
const ST8 = 0x9c
const NL = 0x0a

/** Escape-introduced string commands: OSC `]`, DCS `P`, SOS `X`, PM `^`, APC `_`. */
const STRING_INTRO = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f])
/** 8-bit forms: OSC, DCS, SOS, PM, APC. */
const STRING_INTRO_8 = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f])

/** Index after a string command's terminator starting the scan at `i`; at a newline when unterminated. */
function skipString(text: string, i: number): number {
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j)
    if (c === BEL || c === ST8) return j + 1
    if (c === ESC && text.charCodeAt(j + 1) === 0x5c) return j + 2
    if (c === NL) return j
  }
  return text.length
}

/** Index after a CSI body starting at `i` (after `ESC [`): parameters, intermediates, one final byte. */
function skipCsi(text: string, i: number): number {
  let j = i
  while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) j++
  while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++
  const c = text.charCodeAt(j)
  // An incomplete or malformed CSI ends where its bytes stop; the next character is text again.
  return j < text.length && c >= 0x40 && c <= 0x7e ? j + 1 : j
}

/** Escapes and control characters out; see the module comment. */
function stripEscapes(text: string): string {
  let out = ''
  let from = 0
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    const control = c < 0x20 || (c >= 0x7f && c <= 0x9f)
    if (!control || c === 0x09 || c === NL || c === 0x0d || c === 0x08) {
      i++
      continue
    }
    out += text.slice(from, i)
    if (c === ESC) {
      const next = text.charCodeAt(i + 1)
      if (next === 0x5b) i = skipCsi(text, i + 2)
      else if (STRING_INTRO.has(next)) i = skipString(text, i + 2)
      else {
        let j = i + 1
        while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++
        const f = text.charCodeAt(j)
        i = j < text.length && f >= 0x30 && f <= 0x7e ? j + 1 : j
      }
    } else if (c === 0x9b) i = skipCsi(text, i + 1)
    else if (STRING_INTRO_8.has(c)) i = skipString(text, i + 1)
    else i++
    from = i
  }
  return from === 0 ? text : out + text.slice(from)
}

/** One line's carriage returns and backspaces, as a terminal would leave it. */
function settleLine(line: string): string {
  let text = line
  if (text.includes('\r')) {
    const parts = text.split('\r')
    let last = parts.length - 1
    while (last > 0 && parts[last] === '') last--
    text = parts[last] ?? ''
  }
  if (!text.includes('\b')) return text
  let out = ''
  for (const ch of text) out = ch === '\b' ? out.slice(0, -1) : out + ch
  return out
}

/** `text` without terminal escapes or control characters other than tab and newline. */
export function plainText(text: string): string {
  if (!ANY_CONTROL.test(text)) return text
  const stripped = stripEscapes(text)
  if (!stripped.includes('\r') && !stripped.includes('\b')) return stripped
  return stripped.replace(/\r\n/g, '\n').split('\n').map(settleLine).join('\n')
}
