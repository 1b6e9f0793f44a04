/**
 * Shared pieces of the live-mode tests: temporary sessions roots, corpus timelines, a model client that
 * applies feed messages the way the browser will (reset replaces, append extends), the reference reading
 * of a file (the static reader of src/log/node), and a bounded wait.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSession } from '../../src/log/node/load'
import type { ParsedLine } from '../../src/log/parsed-line'
import type { FeedCursor, FeedMessage, FeedState } from '../../src/live/protocol'
import { timelineFromJsonl, timelineFromZstd, type Timeline } from '../../src/live/testing/timeline'

export const CORPUS = {
  /** Real dsh 0.1.0-rc.8 output, raw JSONL (Node 20 run). */
  rawReal: '../../fixtures/corpus/real-host/node20-basic/sessions/--home-dev-project--/session-c1b30693-54cd-473a-b18c-92c5df8fa13b/session.jsonl',
  /** Real dsh output, zstd, one frame per append batch. */
  zstdReal: '../../fixtures/corpus/real-host/node22-basic/sessions/--home-dev-project--/session-b94a9975-e964-4e8f-8181-dea1d289823b/session.jsonl.zstd',
  /** v0 log with an open tool call before its result: good for crash closers. */
  toolTurn: '../../fixtures/corpus/v0/acp-agent/bash-tool-turn/session.jsonl',
  /** A v4 log for the generation upgrade. */
  v4: '../../fixtures/corpus/v4/logs/0217po__snapshots_session_tool-call-turn_session.v4.jsonl',
} as const

export async function corpusBytes(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(new URL(path, import.meta.url)))
}

export async function rawTimeline(path: string, sizes?: readonly number[]): Promise<Timeline> {
  return timelineFromJsonl(new TextDecoder().decode(await corpusBytes(path)), sizes)
}

export async function zstdTimeline(path: string): Promise<Timeline> {
  return timelineFromZstd(await corpusBytes(path))
}

export async function tempRoot(): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'dsh-view-live-'))
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) }
}

/** What the browser does with feed messages, plus a log of them for assertions. */
export class FeedClient {
  lines: ParsedLine[] = []
  state: FeedState | null = null
  cursor: FeedCursor | null = null
  readonly messages: FeedMessage[] = []

  readonly apply = (message: FeedMessage, cursor?: FeedCursor): void => {
    this.messages.push(message)
    if (message.kind === 'status') {
      this.state = message.state
      return
    }
    if (cursor !== undefined) this.cursor = cursor
    if (message.kind === 'reset') this.lines = [...message.lines]
    else this.lines.push(...message.lines)
  }

  count(kind: FeedMessage['kind']): number {
    return this.messages.filter((m) => m.kind === kind).length
  }
}

/** The static reader's lines for a file: what a fresh full read shows. */
export async function freshRead(path: string): Promise<ParsedLine[]> {
  const loaded = await loadSession(path)
  if (!loaded.ok) throw new Error(`fresh read failed: ${loaded.error}`)
  // The whole-file reader also says where an unreadable line starts in bytes (`offset`, for inspect's
  // report); a follower's feed places lines by line and frame only, so byte offsets are not compared.
  return loaded.session.lines.map((line) => {
    if (line.kind !== 'invalid') return line
    const { offset: _offset, ...rest } = line
    if (rest.run === undefined) return rest
    return { ...rest, run: { ...rest.run, more: rest.run.more.map(({ offset: _o, ...sample }) => sample) } }
  })
}

/** Event seqs in order; a follower must keep them contiguous and free of duplicates. */
export function seqs(lines: readonly ParsedLine[]): number[] {
  const out: number[] = []
  for (const line of lines) if (line.kind === 'event' || line.kind === 'unknown') out.push(line.event.seq)
  return out
}

export function expectContiguous(lines: readonly ParsedLine[]): void {
  const list = seqs(lines)
  list.forEach((seq, i) => {
    if (seq !== i) throw new Error(`seq ${seq} at position ${i}: expected ${i} (duplicate or lost event)`)
  })
}

/** Polls `check` until it is true, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
