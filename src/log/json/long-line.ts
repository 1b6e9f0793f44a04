/**
 * What the reader keeps of a line too long to hold as one string (issue 32: past 4 MiB, src/log/node): its
 * value is parsed from its text runs as they arrive (./piece-parser.ts), and only its first
 * `LONG_LINE_KEPT` characters stay, for an unreadable-line entry (not JSON, a bad envelope, a seq gap) to
 * show with a note of what was left out. Such an entry still names the line and its byte offset; the page
 * showed a long line cut to its first and last few screenfuls anyway (src/site/render/pages/cut.ts), with the
 * whole line in a side file, which now holds this head and note instead of a copy of a many-MB line.
 */
import type { LinePosition, ParsedLine } from '../parsed-line'

/** Characters of a long line kept for its unreadable-line entry: more than a page shows of one field. */
export const LONG_LINE_KEPT = 64 * 1024

/** A long line being read (`LogParser.longLine`). */
export interface LongLineInput {
  /** The next run of the line's text (runs come in order; together they are the line). */
  push(text: string): void
  /** What a report of the line cut by the end of its frame or file shows (the kept head). */
  torn(): string
  /** The line is complete: its entries, as `LogParser.line` gives them. */
  end(pos: LinePosition): ParsedLine[]
}

/** The first `LONG_LINE_KEPT` characters of a line given in runs, and its length. */
export class KeptHead {
  private parts: string[] = []
  private kept = 0
  /** Characters of the line (after a dropped byte-order mark). */
  length = 0

  /** `dropBom`: a leading U+FEFF is not part of the line (line 1, as `LogParser.line` reads it). */
  constructor(private dropBom = false) {}

  push(text: string): void {
    if (this.dropBom && text.length > 0) {
      this.dropBom = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    this.length += text.length
    if (this.kept >= LONG_LINE_KEPT) return
    const take = text.length <= LONG_LINE_KEPT - this.kept ? text : text.slice(0, LONG_LINE_KEPT - this.kept)
    this.parts.push(take)
    this.kept += take.length
  }

  /** The line when it is short enough, else its head (never half a surrogate pair) and a note. */
  text(): string {
    const head = this.parts.join('')
    this.parts = [head]
    if (this.length <= LONG_LINE_KEPT) return head
    const last = head.charCodeAt(head.length - 1)
    const shown = last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head
    return `${shown}\n[… ${this.length - shown.length} more characters of this line are not kept]`
  }
}
