/**
 * Terminal text → styled line segments (cards.md §6.5), so a component only maps segments to spans. Owns:
 * OSC and non-CSI escape stripping; SGR styling (bold, dim, italic, underline, strikethrough, hidden,
 * inverse; 16 colours as theme names, 256-colour and true colour as `rgb()`); dropping every other CSI;
 * replaying lines that contain `\r`, backspace or `ESC[…K` on a virtual line (tab stops of 8, erase-in-line
 * 0/1/2, wide East-Asian characters taking two cells, zero-width marks joining the previous cell); removing
 * other C0 controls. SGR state carries across lines, as in a terminal. Never throws on any input.
 */
import type { AnsiColor, AnsiColorName, AnsiLine, AnsiSegment, AnsiStyle } from './types'

const NAMES: readonly AnsiColorName[] = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'bright-black', 'bright-red', 'bright-green', 'bright-yellow',
  'bright-blue', 'bright-magenta', 'bright-cyan', 'bright-white',
]
/** xterm's 6×6×6 cube levels for 256-colour indices 16–231. */
const CUBE = [0, 95, 135, 175, 215, 255] as const
const TAB = 8

const OSC = /\x1b\][\s\S]*?(?:\x07|\x1b\\)/g
/** Any escape or C0 control other than tab: lines without one take the fast path. */
const NEEDS_SCAN = /[\x00-\x08\x0b-\x1f\x7f]/
/** C0 controls (tab excepted) left after escapes are handled: removed. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g
/** Lines the virtual-line replay must handle (carriage return, backspace, erase-in-line). */
const NEEDS_REPLAY = /[\r\b]|\x1b\[[0-9;]*K/

const named = (index: number): AnsiColor => ({ kind: 'named', name: NAMES[index] ?? 'white' })
const rgb = (r: number, g: number, b: number): AnsiColor => ({ kind: 'rgb', css: `rgb(${r}, ${g}, ${b})` })
const byte = (n: number | undefined): number | null =>
  n !== undefined && Number.isInteger(n) && n >= 0 && n <= 255 ? n : null

function color256(n: number): AnsiColor | null {
  if (n < 16) return named(n)
  if (n < 232) {
    const i = n - 16
    return rgb(CUBE[Math.floor(i / 36)] ?? 0, CUBE[Math.floor(i / 6) % 6] ?? 0, CUBE[i % 6] ?? 0)
  }
  if (n < 256) {
    const level = 8 + 10 * (n - 232)
    return rgb(level, level, level)
  }
  return null
}

/** Distinct (style, parameters) transitions remembered per parse; real output repeats a handful. */
const MEMO_LIMIT = 4_096

/** Mutable SGR state. Styles are immutable once made, so segments may share them. */
class Pen {
  style: AnsiStyle | undefined = undefined
  /** '' for the default style; otherwise a canonical JSON of `style`, used to merge equal neighbours. */
  key = ''
  /** current style key → SGR parameters → resulting state. */
  readonly #memo = new Map<string, Map<string, { style: AnsiStyle | undefined; key: string }>>()
  #memoSize = 0

  apply(paramText: string): void {
    let byParams = this.#memo.get(this.key)
    const hit = byParams?.get(paramText)
    if (hit !== undefined) {
      this.style = hit.style
      this.key = hit.key
      return
    }
    if (this.#memoSize >= MEMO_LIMIT) {
      this.#memo.clear()
      this.#memoSize = 0
      byParams = undefined
    }
    if (byParams === undefined) {
      byParams = new Map()
      this.#memo.set(this.key, byParams)
    }
    const s = nextStyle(this.style, paramText)
    const key = Object.keys(s).length === 0 ? '' : JSON.stringify(s)
    this.style = key === '' ? undefined : s
    this.key = key
    byParams.set(paramText, { style: this.style, key })
    this.#memoSize++
  }

  segment(text: string): AnsiSegment {
    return this.style === undefined ? { text } : { text, style: this.style }
  }
}

/** `38:2::r:g:b` sub-parameters are flattened to the `;` form (the colour-space slot dropped). */
function subParams(part: string): number[] {
  if (!part.includes(':')) return [Number(part) || 0]
  const nums = part.split(':').map(x => Number(x) || 0)
  // 38:2:<cs>:r:g:b carries a colour-space id before r; 38:2:r:g:b does not.
  if (nums[1] === 2 && nums.length >= 6) return [nums[0] ?? 0, 2, ...nums.slice(3, 6)]
  return nums
}

/** The style after one SGR sequence. */
function nextStyle(previous: AnsiStyle | undefined, paramText: string): AnsiStyle {
  const params = paramText === '' ? [0] : paramText.split(';').flatMap(subParams)
  let s: AnsiStyle = { ...previous }
  for (let i = 0; i < params.length; i++) {
    const p = params[i] ?? 0
    if (p === 0) s = {}
    else if (p === 1) s.bold = true
    else if (p === 2) s.dim = true
    else if (p === 3) s.italic = true
    else if (p === 4 || p === 21) s.underline = true
    else if (p === 7) s.inverse = true
    else if (p === 8) s.hidden = true
    else if (p === 9) s.strikethrough = true
    else if (p === 22) {
      delete s.bold
      delete s.dim
    } else if (p === 23) delete s.italic
    else if (p === 24) delete s.underline
    else if (p === 27) delete s.inverse
    else if (p === 28) delete s.hidden
    else if (p === 29) delete s.strikethrough
    else if (p >= 30 && p <= 37) s.fg = named(p - 30)
    else if (p === 39) delete s.fg
    else if (p >= 40 && p <= 47) s.bg = named(p - 40)
    else if (p === 49) delete s.bg
    else if (p >= 90 && p <= 97) s.fg = named(p - 90 + 8)
    else if (p >= 100 && p <= 107) s.bg = named(p - 100 + 8)
    else if (p === 38 || p === 48) {
      const mode = params[i + 1]
      let c: AnsiColor | null = null
      if (mode === 5) {
        const n = byte(params[i + 2])
        c = n === null ? null : color256(n)
        i += 2
      } else if (mode === 2) {
        const [r, g, b] = [byte(params[i + 2]), byte(params[i + 3]), byte(params[i + 4])]
        c = r === null || g === null || b === null ? null : rgb(r, g, b)
        i += 4
      } else i += 1
      if (c !== null) {
        if (p === 38) s.fg = c
        else s.bg = c
      }
    }
  }
  return s
}

/** East Asian Wide/Fullwidth ranges a terminal gives two cells. */
function cellWidth(cp: number): 0 | 1 | 2 {
  if (cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x300 && cp <= 0x36f)) return 0
  if (
    (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0x303e) || (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) || (cp >= 0x20000 && cp <= 0x3fffd)
  ) return 2
  return 1
}

/** Combining marks (any script) join the previous cell. */
const MARK = /^\p{M}$/u

/** Append a segment, merging with the previous one when the style is the same. */
function push(line: AnsiSegment[], seg: AnsiSegment, keys: string[], key: string): void {
  if (seg.text === '') return
  const last = line[line.length - 1]
  if (last !== undefined && keys[keys.length - 1] === key) last.text += seg.text
  else {
    line.push(seg)
    keys.push(key)
  }
}

/** Length of the escape sequence starting at `i` (text[i] is ESC), and its CSI final/params if any. */
function escapeAt(text: string, i: number): { end: number; final: string | null; params: string } {
  const next = text.charCodeAt(i + 1)
  if (next === 0x5b /* [ */) {
    let j = i + 2
    while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) j++
    const params = text.slice(i + 2, j)
    while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++
    const final = text.charCodeAt(j)
    if (final >= 0x40 && final <= 0x7e) return { end: j + 1, final: text.charAt(j), params }
    return { end: j, final: null, params: '' }
  }
  // Charset designations (`ESC ( B`) take one more byte than other two-byte escapes.
  if (next >= 0x28 && next <= 0x2b) return { end: Math.min(text.length, i + 3), final: null, params: '' }
  return { end: Math.min(text.length, i + 2), final: null, params: '' }
}

/** One line without `\r`, backspace or erase-in-line: escapes are styling or dropped. */
function scanLine(text: string, pen: Pen): AnsiLine {
  const out: AnsiSegment[] = []
  const keys: string[] = []
  let i = 0
  while (i < text.length) {
    const esc = text.indexOf('\x1b', i)
    const stop = esc === -1 ? text.length : esc
    push(out, pen.segment(text.slice(i, stop).replace(CONTROLS, '')), keys, pen.key)
    if (esc === -1) break
    const seq = escapeAt(text, esc)
    if (seq.final === 'm') pen.apply(seq.params)
    i = seq.end
  }
  return out
}

interface Cell {
  ch: string
  style: AnsiStyle | undefined
  key: string
  /** 0 marks the right half of a wide character. */
  width: 0 | 1 | 2
  /** Blanked by an erase: trailing erased cells are not output. */
  erased: boolean
}

/** Replay a line on a virtual terminal row: the text a terminal would finally show. */
function replayLine(text: string, pen: Pen): AnsiLine {
  const cells: Cell[] = []
  let cursor = 0
  const blank = (erased: boolean): Cell => ({ ch: ' ', style: pen.style, key: pen.key, width: 1, erased })
  const pad = (to: number) => {
    while (cells.length < to) cells.push(blank(false))
  }
  const put = (ch: string, width: 1 | 2) => {
    pad(cursor)
    // Overwriting half of a wide character blanks its other half.
    if (cells[cursor]?.width === 0 && cursor > 0) cells[cursor - 1] = blank(false)
    if (cells[cursor + width]?.width === 0) cells[cursor + width] = blank(false)
    cells[cursor] = { ch, style: pen.style, key: pen.key, width, erased: false }
    if (width === 2) cells[cursor + 1] = { ch: '', style: pen.style, key: pen.key, width: 0, erased: false }
    cursor += width
  }
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0
    if (cp === 0x1b) {
      const esc = escapeAt(text, i)
      if (esc.final === 'm') pen.apply(esc.params)
      else if (esc.final === 'K') {
        const mode = esc.params === '' ? 0 : Number(esc.params)
        if (mode === 0) cells.length = Math.min(cells.length, cursor)
        else if (mode === 1) for (let c = 0; c <= cursor && c < cells.length; c++) cells[c] = blank(true)
        else if (mode === 2) for (let c = 0; c < cells.length; c++) cells[c] = blank(true)
      }
      i = esc.end
      continue
    }
    i += cp > 0xffff ? 2 : 1
    if (cp === 0x0d) cursor = 0
    else if (cp === 0x08) cursor = Math.max(0, cursor - 1)
    else if (cp === 0x09) {
      cursor = (Math.floor(cursor / TAB) + 1) * TAB
      pad(cursor)
    } else if (cp < 0x20 || cp === 0x7f) continue
    else {
      const ch = String.fromCodePoint(cp)
      const width = cellWidth(cp)
      if (width === 0 || (cp >= 0x300 && MARK.test(ch))) {
        const prev = cells[cursor - 1]
        if (prev !== undefined) prev.ch += ch
        else put(ch, 1)
      } else put(ch, width)
    }
  }
  while (cells.length > 0 && cells[cells.length - 1]?.erased === true) cells.pop()
  const out: AnsiSegment[] = []
  const keys: string[] = []
  for (const cell of cells) {
    if (cell.ch === '') continue
    push(out, cell.style === undefined ? { text: cell.ch } : { text: cell.ch, style: cell.style }, keys, cell.key)
  }
  return out
}

/**
 * Parse terminal output into lines of styled segments. A final newline ends the last line rather than
 * opening an empty one (judged after parsing, so `line\n\x1b[0m` ends the same way).
 */
export function parseAnsi(text: string): AnsiLine[] {
  const pen = new Pen()
  const source = text.includes('\x1b]') ? text.replace(OSC, '') : text
  const lines = source.split('\n').map(raw => {
    if (!NEEDS_SCAN.test(raw)) return raw === '' ? [] : [pen.segment(raw)]
    return NEEDS_REPLAY.test(raw) ? replayLine(raw, pen) : scanLine(raw, pen)
  })
  const last = lines[lines.length - 1]
  if (lines.length > 1 && last !== undefined && last.length === 0) lines.pop()
  return lines
}

/**
 * `parseAnsi` for an output of any length in bounded memory: the first `head` and the last `tail` lines
 * parsed, and how many between them were left out (`omitted`, 0 when every line is kept — then `lines` is
 * exactly `parseAnsi(text)`). The left-out lines still run through the pen, so the tail's colours are what
 * the whole parse gives them; only their segments are not kept. A tool output of millions of short lines
 * would otherwise become millions of arrays and objects (issue 32).
 */
export function parseAnsiWindow(text: string, head: number, tail: number): { lines: AnsiLine[]; omitted: number } {
  const source = text.includes('\x1b]') ? text.replace(OSC, '') : text
  let total = 1
  for (let i = source.indexOf('\n'); i >= 0 && total <= head + tail + 1; i = source.indexOf('\n', i + 1)) total++
  if (total <= head + tail + 1) return { lines: parseAnsi(text), omitted: 0 }
  const pen = new Pen()
  const parse = (raw: string): AnsiLine => {
    if (!NEEDS_SCAN.test(raw)) return raw === '' ? [] : [pen.segment(raw)]
    return NEEDS_REPLAY.test(raw) ? replayLine(raw, pen) : scanLine(raw, pen)
  }
  total = 1
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) total++
  const lines: AnsiLine[] = []
  // The last tail + 1 lines are kept: the final one may be dropped (a final newline, as in parseAnsi).
  const ends: AnsiLine[] = []
  let start = 0
  for (let n = 0; n < total; n++) {
    const nl = source.indexOf('\n', start)
    const end = nl < 0 ? source.length : nl
    if (n < head) lines.push(parse(source.slice(start, end)))
    else if (n >= total - tail - 1) ends.push(parse(source.slice(start, end)))
    // A line left out changes the pen only through escapes: a plain one is skipped unread.
    else if (NEEDS_SCAN.test(source.slice(start, end))) parse(source.slice(start, end))
    start = end + 1
  }
  let kept = total
  const last = ends[ends.length - 1]
  if (last !== undefined && last.length === 0) {
    ends.pop()
    kept--
  }
  const tailLines = ends.slice(Math.max(0, ends.length - tail))
  for (const line of tailLines) lines.push(line)
  return { lines, omitted: kept - lines.length }
}

/** The visible text of a parsed line. */
export function lineText(line: AnsiLine): string {
  return line.map(s => s.text).join('')
}

/** True when the line shows nothing but whitespace. */
export const isBlankLine = (line: AnsiLine): boolean => line.every(s => s.text.trim() === '')
