/**
 * Test-only builders for on-disk sessions roots laid out as dsh lays them out (log-format.md §2.2–2.4):
 * `--<project key>--/<encoded id>/session.jsonl[.zstd]`, `_no-cwd/…`, with zstd logs written the way dsh
 * writes them (frame 0 = the header line alone, then one frame per append batch; §5.1). The names are
 * computed with test copies of dsh's `projectKey` and `encodeSegment`, so discovery is tested against the
 * real naming rules rather than against itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { zstdLog, type FrameOptions } from './zstd-encode'

/** dsh's project directory for a cwd (§2.2). */
export function projectDir(cwd: string | undefined): string {
  if (cwd === undefined) return '_no-cwd'
  let slug = ''
  let lastSep = false
  for (let i = 0; i < cwd.length; i++) {
    const ch = cwd[i] ?? ''
    if (ch === '/' || ch === '\\' || ch === ':') {
      if (!lastSep) slug += '-'
      lastSep = true
      continue
    }
    lastSep = false
    slug += /[A-Za-z0-9._-]/.test(ch) ? ch : `~${cwd.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`
  }
  slug = slug.replace(/^-+/, '')
  if (slug === '') slug = 'root'
  return `--${slug.slice(0, 251)}--`
}

/** dsh's `encodeSegment` for a session id (§2.3). */
export function encodeSegment(id: string): string {
  if (id === '.') return '~002E'
  if (id === '..') return '~002E~002E'
  let out = ''
  for (let i = 0; i < id.length; i++) {
    const ch = id[i] ?? ''
    out += /[A-Za-z0-9._-]/.test(ch) ? ch : `~${id.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`
  }
  return out
}

/** Splits a JSONL text into header line and record lines (a final partial line is kept as is). */
export function splitLog(text: string): { header: string; records: string[] } {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const [header = '', ...records] = lines
  return { header, records }
}

/** Batches of 1, 2, 3, 4, 5, 1, 2, … records: deterministic, and varied enough to move frame edges. */
export function batchRecords(records: readonly string[]): string[][] {
  const batches: string[][] = []
  for (let at = 0, size = 1; at < records.length; size = (size % 5) + 1) {
    batches.push(records.slice(at, at + size))
    at += size
  }
  return batches
}

/** A JSONL text re-encoded as a dsh .zstd log. */
export function toZstd(text: string, options?: FrameOptions): Uint8Array {
  const { header, records } = splitLog(text)
  return zstdLog(header, batchRecords(records), options)
}

export function writeFile(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, data)
}

/** Writes one session under `root` as dsh would name it; returns the file path. */
export function writeSession(root: string, log: { text: string; encoding: 'jsonl' | 'zstd'; project?: string; file?: string }): string {
  const header: { id?: unknown; cwd?: unknown } = JSON.parse(splitLog(log.text).header)
  const id = typeof header.id === 'string' ? header.id : 'unknown'
  const project = log.project ?? projectDir(typeof header.cwd === 'string' ? header.cwd : undefined)
  const name = log.file ?? 'session.jsonl'
  const path = join(root, project, encodeSegment(id), log.encoding === 'zstd' ? `${name}.zstd` : name)
  writeFile(path, log.encoding === 'zstd' ? toZstd(log.text) : log.text)
  return path
}
