/**
 * File and directory names of the dsh sessions layout (log-format.md §2.2–2.5, live.md §6.9): which
 * names are transcripts (`session.jsonl`, `session.jsonl.zstd`, generations `session.vN.jsonl[.zstd]`),
 * which are legacy flat logs (`<project>/<id>.jsonl[.zstd]`), which are dsh's own bookkeeping to ignore
 * (`.lock`, `session.lock`, `*.tmp`), and the `~XXXX` escape of session ids in directory names.
 * Also accepted, because upstream test snapshots and the shared corpus use it: `session.<n>.jsonl` (and
 * `session.<n>.vN.jsonl`) beside `session.jsonl` as the scenario's n-th child session.
 */
import type { LogEncoding } from './line-decoder'

export interface TranscriptName {
  /** Format generation: 0 for `session.jsonl[.zstd]`, N for `session.vN.jsonl[.zstd]`. */
  generation: number
  /** Upstream fixture child index (`session.<n>.jsonl`), null for the session's own transcript. */
  child: number | null
  encoding: LogEncoding
}

const TRANSCRIPT = /^session(?:\.(\d+))?(?:\.v(\d+))?\.jsonl(\.zstd)?$/
const FLAT = /^(.+)\.jsonl(\.zstd)?$/

export function parseTranscriptName(name: string): TranscriptName | null {
  const match = TRANSCRIPT.exec(name)
  if (match === null) return null
  return {
    generation: match[2] === undefined ? 0 : Number(match[2]),
    child: match[1] === undefined ? null : Number(match[1]),
    encoding: match[3] === undefined ? 'jsonl' : 'zstd',
  }
}

/** dsh's own files beside transcripts: ownership locks and temporary files of an interrupted publish. */
export function isIgnoredName(name: string): boolean {
  return name === '.lock' || name === 'session.lock' || name.endsWith('.lock') || name.endsWith('.tmp')
}

/** A legacy flat log `<encoded-id>.jsonl[.zstd]` directly in a project directory: its id segment. */
export function flatLogId(name: string): string | null {
  if (isIgnoredName(name) || parseTranscriptName(name) !== null) return null
  const match = FLAT.exec(name)
  return match?.[1] === undefined ? null : decodeSegment(match[1])
}

/** Undoes dsh's `encodeSegment` (§2.3): every `~XXXX` is one UTF-16 code unit. */
export function decodeSegment(segment: string): string {
  return segment.replace(/~([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}
