/**
 * Reads one session directory's current transcript by byte offset (live.md §7.1, §7.3). `check()` looks
 * once and says what changed:
 * - first sight, a new `session.vN` generation, a new inode, a file shorter than what was read, or changed
 *   bytes just before the read position (a shrink-and-regrow between two looks) → `reset`: the whole file
 *   re-read from byte 0 with a fresh parser;
 * - growth → `append`: only the new bytes pushed; complete lines/frames come back, partial ones are held.
 * Byte 0 is the safe point because rewrites are rare (rollback, crash repair, user edits) and it needs no
 * parser snapshots. Files are only ever opened read-only. Scheduling and listeners live in follower.ts.
 */
import { open, readdir, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { ZstdCodec } from '../../log/node/compressed/zstd-codec'
import type { ParsedLine } from '../../log/parsed-line'
import { peekHeader } from '../../log/node/header-peek'
import { pickReadableTranscript, pinnedFile, type TranscriptFile } from './transcript-pick'
import { TranscriptParse } from './transcript-parse'
import { isErrno } from './writer-lock'

export interface FollowTarget {
  /** The session directory (`<root>/--<project>--/<encoded-id>/`). */
  dir: string
  /** Pin one file name in `dir` instead of picking the highest generation (a legacy flat log). */
  file?: string
  /** Upstream fixture layout only: follow `session.<child>.jsonl` instead of the directory's own session. */
  child?: number
}

/** What is being read right now, for status displays and tests. */
export interface FollowedFile {
  path: string
  name: TranscriptFile
  size: number
  /** Offset just past the last complete line or frame. */
  consumed: number
}

export type ReadOutcome = { kind: 'none' } | { kind: 'reset' | 'append'; lines: ParsedLine[] }

// Bytes re-read before the read position on every growth to notice a rewrite that kept the size growing.
const TAIL_CHECK_BYTES = 64

interface Identity {
  dev: number
  ino: number
  size: number
  mtimeMs: number
  ctimeMs: number
}

export class TranscriptReader {
  readonly #target: FollowTarget
  readonly #chunkBytes: number
  #parse: TranscriptParse | null = null
  #name: TranscriptFile | null = null
  #seen: Identity | null = null
  #tail: Uint8Array = new Uint8Array(0)
  readonly #clock: () => number
  #changedAt: number
  #codec: ZstdCodec | null = null
  /** Transcripts seen to start with a session header (a log only grows: they stay readable). */
  readonly #readable = new Set<string>()
  /** Newer generations passed over at the last look because they cannot be read (yet). */
  #skipped: string[] = []

  /** Whether a transcript path may be read (live mode: inside the sessions roots, ./confine.ts). */
  readonly #allow: ((path: string) => Promise<boolean>) | null

  /** `clock`: ms now (Date.now; tests pass a manual one so quiet spells do not depend on the machine's speed). */
  constructor(target: FollowTarget, readChunkBytes = 1024 * 1024, allow: ((path: string) => Promise<boolean>) | null = null, clock: () => number = Date.now) {
    this.#clock = clock
    this.#changedAt = clock()
    this.#target = target
    this.#chunkBytes = readChunkBytes
    this.#allow = allow
  }

  get file(): FollowedFile | null {
    if (this.#name === null || this.#parse === null || this.#seen === null) return null
    return { path: join(this.#target.dir, this.#name.name), name: this.#name, size: this.#seen.size, consumed: this.#parse.consumed }
  }

  /** Bytes after the last complete line or frame: a write in progress, or a crash tail. */
  get heldBytes(): number {
    return this.#parse === null ? 0 : this.#parse.pushed - this.#parse.consumed
  }

  get lastEventType(): string | null {
    return this.#parse?.lastEventType ?? null
  }

  get lastSeq(): number {
    return this.#parse?.lastSeq ?? -1
  }

  /** Newer transcripts passed over at the last look: no session header (yet), or unreadable. */
  get skipped(): readonly string[] {
    return this.#skipped
  }

  /** When the file last changed (epoch ms; a file's mtime at first sight). */
  get changedAt(): number {
    return this.#changedAt
  }

  async check(): Promise<ReadOutcome> {
    const name = await this.#currentName()
    if (name === null) return { kind: 'none' } // not materialized yet, or removed: keep what was shown (§7.3)
    const path = join(this.#target.dir, name.name)
    // A transcript that leads out of the sessions roots (a symlink) is treated as absent.
    if (this.#allow !== null && !(await this.#allow(path))) return { kind: 'none' }
    const st = await statOrNull(path)
    if (st === null) return { kind: 'none' }
    const seen = this.#seen
    const parse = this.#parse
    if (seen === null || parse === null || this.#name?.name !== name.name || st.dev !== seen.dev || st.ino !== seen.ino || st.size < parse.pushed) {
      return this.#reload(name)
    }
    if (st.size === seen.size && st.mtimeMs === seen.mtimeMs && st.ctimeMs === seen.ctimeMs) return { kind: 'none' }
    return this.#advance(name, parse)
  }

  async #currentName(): Promise<TranscriptFile | null> {
    const pinned = this.#target.file
    if (pinned !== undefined) return pinnedFile(pinned)
    try {
      const names = await readdir(this.#target.dir)
      const picked = await pickReadableTranscript(names, this.#target.child ?? null, file => this.#isReadable(file))
      this.#skipped = picked.skipped.map(f => f.name)
      return picked.file
    } catch (error) {
      if (isErrno(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return null
      throw error
    }
  }

  async #isReadable(file: TranscriptFile): Promise<boolean> {
    if (this.#readable.has(file.name)) return true
    const path = join(this.#target.dir, file.name)
    if (this.#allow !== null && !(await this.#allow(path))) return false
    const header = await peekHeader(path, file.encoding).catch(() => null)
    if (header !== null) this.#readable.add(file.name)
    return header !== null
  }

  async #reload(name: TranscriptFile): Promise<ReadOutcome> {
    const handle = await openOrNull(join(this.#target.dir, name.name))
    if (handle === null) return { kind: 'none' }
    try {
      const st = await handle.stat()
      if (name.encoding === 'zstd') this.#codec ??= await ZstdCodec.create()
      const parse = new TranscriptParse(name.encoding, name.encoding === 'zstd' ? this.#codec : null)
      const lines: ParsedLine[] = []
      this.#tail = await this.#readInto(handle, parse, 0, st.size, new Uint8Array(0), lines)
      this.#name = name
      this.#parse = parse
      this.#seen = identity(st)
      // Quiet time counts from the file's own mtime, so an old log opened now is not "live" for a while.
      this.#changedAt = Math.min(this.#clock(), st.mtimeMs)
      return { kind: 'reset', lines }
    } finally {
      await handle.close()
    }
  }

  async #advance(name: TranscriptFile, parse: TranscriptParse): Promise<ReadOutcome> {
    const handle = await openOrNull(join(this.#target.dir, name.name))
    if (handle === null) return { kind: 'none' }
    let lines: ParsedLine[] | null = null
    try {
      const st = await handle.stat()
      const seen = this.#seen
      const rewritten = seen === null || st.dev !== seen.dev || st.ino !== seen.ino || st.size < parse.pushed || !(await this.#tailIntact(handle, parse.pushed))
      if (!rewritten) {
        lines = []
        this.#tail = await this.#readInto(handle, parse, parse.pushed, st.size, this.#tail, lines)
        this.#seen = identity(st)
        this.#changedAt = this.#clock()
      }
    } finally {
      await handle.close()
    }
    if (lines === null) return this.#reload(name)
    return lines.length === 0 ? { kind: 'none' } : { kind: 'append', lines }
  }

  /** The bytes just before the read position are still the ones that were read there. */
  async #tailIntact(handle: FileHandle, pushed: number): Promise<boolean> {
    const tail = this.#tail
    if (tail.length === 0) return true
    const now = new Uint8Array(tail.length)
    const { bytesRead } = await handle.read(now, 0, tail.length, pushed - tail.length)
    return bytesRead === tail.length && sameBytes(now, tail)
  }

  /** Pushes bytes [from, to) into `parse`, collecting lines; returns the new tail-check bytes. */
  async #readInto(handle: FileHandle, parse: TranscriptParse, from: number, to: number, tail: Uint8Array, out: ParsedLine[]): Promise<Uint8Array> {
    const buffer = new Uint8Array(Math.min(this.#chunkBytes, Math.max(to - from, 1)))
    let at = from
    let last = tail
    while (at < to) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, to - at), at)
      if (bytesRead === 0) break // the file shrank while we read: the next look sees it
      const chunk = buffer.subarray(0, bytesRead)
      for (const line of parse.push(chunk)) out.push(line)
      last = rollTail(last, chunk)
      at += bytesRead
    }
    return last
  }
}

function identity(st: Identity): Identity {
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs }
}

async function statOrNull(path: string) {
  try {
    return await stat(path)
  } catch (error) {
    if (isErrno(error) && error.code === 'ENOENT') return null
    throw error
  }
}

async function openOrNull(path: string): Promise<FileHandle | null> {
  try {
    return await open(path, 'r')
  } catch (error) {
    if (isErrno(error) && error.code === 'ENOENT') return null
    throw error
  }
}

/** The last `TAIL_CHECK_BYTES` of `previous` followed by `chunk`. */
export function rollTail(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.length >= TAIL_CHECK_BYTES) return chunk.slice(chunk.length - TAIL_CHECK_BYTES)
  const keep = Math.min(previous.length, TAIL_CHECK_BYTES - chunk.length)
  const out = new Uint8Array(keep + chunk.length)
  out.set(previous.subarray(previous.length - keep), 0)
  out.set(chunk, keep)
  return out
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
