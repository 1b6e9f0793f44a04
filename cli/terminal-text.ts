/**
 * Text bound for a terminal (issue 17 item 5): log-derived strings (paths, titles, warnings, error messages,
 * snapshot text) may hold terminal escapes — OSC 52 sets the clipboard, OSC 8 fakes links, CSI moves the
 * cursor and hides lines — and bidi controls that reorder the line. Every such character is written as a
 * visible `\uXXXX` escape (valid inside JSON strings too, so `--json` output stays parseable); tab and
 * newline pass. `terminalIo` applies it to everything a command prints; only the progress line's own
 * redraw sequence (`stderrControl`) is written raw.
 */
import type { Io } from './io'

/** C0 controls but tab and newline, DEL, C1 controls, line/paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const hex = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/** `text` with every control or bidi character escaped (`\x1b` → `\u001b`); the same string when clean. */
export function terminalText(text: string): string {
  UNSAFE.lastIndex = 0
  return UNSAFE.test(text) ? text.replace(UNSAFE, hex) : text
}

/** One field of a one-line message (a path, a title, a reason): newlines and tabs escaped too. */
export function terminalField(text: string): string {
  return terminalText(text).replace(/[\n\t]/g, hex)
}

export interface TerminalSink {
  stdout(text: string): void
  stderr(text: string): void
  stderrIsTty: boolean
  env: Record<string, string | undefined>
  open(target: string): Promise<void>
}

/** An Io whose stdout and stderr escape control characters; `stderrControl` writes our own sequences raw. */
export function terminalIo(sink: TerminalSink): Io {
  return {
    stdout: text => sink.stdout(terminalText(text)),
    stderr: text => sink.stderr(terminalText(text)),
    stderrControl: text => sink.stderr(text),
    stderrIsTty: sink.stderrIsTty,
    env: sink.env,
    open: target => sink.open(target),
  }
}
