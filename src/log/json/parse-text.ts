/**
 * Whole-input conveniences over `LogParser` for tests, the browser and small logs: split decoded plaintext
 * (`parseLogText`) or its UTF-8 bytes (`parseLogBytes`, which lets skip-superseded mode read packed rows
 * undecoded, as the streaming reader does) on `\n` and parse every complete line. A final run without a
 * trailing newline is a torn tail (log-format.md §6.1): it is not parsed, and `tornTail` says so. Large
 * files go through the streaming readers in src/log/node instead.
 */
import { LineSplitter, portableByteOps, type ByteOps } from '../bytes/line-splitter'
import { LogParser, type LogParserOptions } from '../parser'
import type { ParsedLine } from '../parsed-line'

export interface ParsedLogText {
  lines: ParsedLine[]
  /** True when the text ended in a partial line, which was dropped. */
  tornTail: boolean
  parser: LogParser
}

export function parseLogText(text: string, options?: LogParserOptions): ParsedLogText {
  const parser = new LogParser(options)
  const lines: ParsedLine[] = []
  let start = 0
  let lineNo = 0
  for (;;) {
    const end = text.indexOf('\n', start)
    if (end === -1) break
    lineNo++
    for (const parsed of parser.line(text.slice(start, end), { line: lineNo })) lines.push(parsed)
    start = end + 1
  }
  // skip-superseded mode may still hold the lines of a step that never settled.
  for (const parsed of parser.flush()) lines.push(parsed)
  return { lines, tornTail: start < text.length, parser }
}

/** `parseLogText` for the log's bytes (invalid UTF-8 reads as U+FFFD, as everywhere). */
export function parseLogBytes(bytes: Uint8Array, options?: LogParserOptions, ops: ByteOps = portableByteOps()): ParsedLogText {
  // `bytes` is not touched before this returns, when the parser has let go of every row.
  const parser = new LogParser({ textOf: ops.textOf, ...options, bytesStay: true })
  const lines: ParsedLine[] = []
  const splitter = new LineSplitter(
    (chunk, start, end, line) => {
      for (const parsed of parser.lineBytes(chunk, start, end, { line })) lines.push(parsed)
    },
    1,
    ops,
  )
  splitter.push(bytes)
  const torn = splitter.takeRemainder() !== null
  for (const parsed of parser.flush()) lines.push(parsed)
  return { lines, tornTail: torn, parser }
}
