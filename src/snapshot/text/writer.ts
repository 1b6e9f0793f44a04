/**
 * The line writer behind the text snapshot: indentation for nesting, `key: value` lines, and quoted blocks
 * of log text (`| …` lines) clipped to a readable size. A snapshot is for review in a pull request, so long
 * texts keep their head and tail and say how much was left out (`⋯ 37 more lines (4,012 chars) ⋯`): a
 * change in the middle of a 5,000-line output still shows up in the length, and the model goldens
 * (`snapshots/<scenario>/model.json`) hold the full text.
 *
 * Log text is untrusted and may hold terminal control bytes: every C0 control except tab and newline, DEL and
 * the C1 controls are written as a visible `\xNN` escape, bidi controls and line separators as `\uXXXX`, so a
 * snapshot file never moves a reviewer's cursor nor reorders what a review shows. Every line goes through
 * `snapshotLine` on its way out (newlines flattened to `⏎`, controls escaped), so a log value interpolated
 * into a line without `one` still cannot start a line of its own nor carry an escape.
 *
 * Every value is masked (`mask`, the volatile-value normaliser) *before* it is cut or counted: a cut
 * through the middle of a workspace path would otherwise leave the machine-specific part in the file, and
 * the character counts would differ between machines. Terminal prompt labels get one more mask
 * (`promptLabel`): the workspace basename there, and nowhere else, reads `{{workspace}}` (../normalize.ts).
 */
import { groupDigits } from '../../cards/format'

export interface Clip {
  /** Lines kept from the start. */
  head: number
  /** Lines kept from the end. */
  tail: number
  /** Characters kept per line. */
  width: number
}

/** Prose, outputs and code: a screenful. */
export const CLIP_TEXT: Clip = { head: 12, tail: 4, width: 200 }
/** Injected context and system prompts: long, rarely what a change is about. */
export const CLIP_CONTEXT: Clip = { head: 3, tail: 0, width: 160 }

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0)
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/** `text` as one line: each newline inside it shown as `⏎`. */
export const flattenLine = (text: string): string => text.replace(/\r?\n/g, ' ⏎ ')

/** One written line of a snapshot: newlines inside it shown as `⏎`, controls escaped (idempotent on clean text). */
export function snapshotLine(text: string): string {
  return escapeControls(flattenLine(text))
}

/** One line of text for a headline: controls escaped, newlines shown as `⏎`, cut at `width`. */
export function oneLine(text: string, width = 160): string {
  const flat = snapshotLine(text)
  return flat.length > width ? `${flat.slice(0, width)}…` : flat
}

const count = groupDigits

export class SnapshotWriter {
  readonly #lines: string[] = []
  #depth = 0

  constructor(
    private readonly mask: (text: string) => string = (t) => t,
    private readonly maskLabel: (label: string) => string = (l) => l,
  ) {}

  /** A terminal prompt label (the folder a command ran in) for a headline: the workspace basename masked. */
  promptLabel(label: string): string {
    return this.one(this.maskLabel(label))
  }

  /** A log value for a headline: masked, then flattened to one line and cut at `width`. */
  one(text: string, width = 160): string {
    return oneLine(this.mask(text), width)
  }

  /** One line at the current depth. */
  line(text: string): void {
    this.#lines.push(`${'  '.repeat(this.#depth)}${snapshotLine(text)}`)
  }

  /** `label: value`, skipped when the value is null or empty. */
  field(label: string, value: string | number | null | undefined): void {
    if (value === null || value === undefined || value === '') return
    this.line(`${label}: ${typeof value === 'number' ? String(value) : this.one(value)}`)
  }

  /** Lines written by `body` one level deeper. */
  nest(body: () => void): void {
    this.#depth++
    try {
      body()
    } finally {
      this.#depth--
    }
  }

  /** A block of log text as `| ` lines, clipped by `clip`; `(empty)` for an empty string. */
  quote(text: string, clip: Clip = CLIP_TEXT): void {
    if (text === '') {
      this.line('(empty)')
      return
    }
    const lines = this.mask(text).replace(/\r\n/g, '\n').split('\n')
    const cut = (l: string) => {
      const e = escapeControls(l)
      return e.length > clip.width ? `${e.slice(0, clip.width)}… (+${count(e.length - clip.width)} chars)` : e
    }
    const bar = (l: string) => this.line(l === '' ? '|' : `| ${cut(l)}`)
    if (lines.length <= clip.head + clip.tail + 1) {
      lines.forEach(bar)
      return
    }
    lines.slice(0, clip.head).forEach(bar)
    const hidden = lines.slice(clip.head, lines.length - clip.tail)
    const chars = hidden.reduce((n, l) => n + l.length + 1, 0)
    this.line(`⋯ ${count(hidden.length)} more lines (${count(chars)} chars) ⋯`)
    if (clip.tail > 0) lines.slice(-clip.tail).forEach(bar)
  }

  toString(): string {
    return `${this.#lines.join('\n')}\n`
  }
}
