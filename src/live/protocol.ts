/**
 * The live-mode wire protocol, shared by the Node server (src/live/node) and the browser page
 * (src/live/browser): plain JSON messages sent as Server-Sent Events (architecture.md §2.12, live.md §10.1).
 * A session feed opens with a `reset` holding every line so far, then `append`s; a truncation, a
 * replaced file or a new `session.vN` generation sends a fresh `reset`. `status` says whether the writer is
 * still going. The index feed lists the sessions under the watched roots. Event ids are cursors
 * (`formatEventId`), so an `EventSource` reconnecting with `Last-Event-ID` gets only what it missed.
 * Pure: types and string helpers only (no node:*, no DOM), so both ends import it.
 */
import type { ParsedLine } from '../log/parsed-line'
import type { SessionHeader } from '../log/events/schema'

/**
 * Where a followed session stands (live.md §6.8, §7.3 step 5, §7.5):
 * - `live`: growing, or its writer process is alive;
 * - `finished`: the last event is `turn/end` and nothing is torn;
 * - `idle`: stopped growing inside a turn, with no live writer known (a long tool call on a host we cannot
 *   probe, or a crash that left whole lines);
 * - `crashed-tail`: the file ends in a partial line or frame, it stopped changing and no live writer holds
 *   it. The partial bytes are never shown; a later resume repairs the file and sends a `reset`.
 */
export type FeedState = 'live' | 'idle' | 'finished' | 'crashed-tail'

export const FEED_STATES: readonly FeedState[] = ['live', 'idle', 'finished', 'crashed-tail']

export type FeedMessage =
  | { kind: 'reset' | 'append'; lines: ParsedLine[] }
  | { kind: 'status'; state: FeedState }

/** A message that carries lines (and so advances the resume cursor). */
export type LinesMessage = Extract<FeedMessage, { lines: ParsedLine[] }>

/** SSE event names of a session feed; the browser adds one listener per name. */
export const FEED_EVENT_KINDS = ['reset', 'append', 'status'] as const satisfies readonly FeedMessage['kind'][]

/**
 * Position in a follower's line list. `epoch` changes whenever the list is replaced (a `reset` other than
 * the first), so an old cursor can never be mistaken for a position in new content; `lines` is how many
 * lines the client holds; `seq` is the last event seq among them (-1 when none), for humans and logs.
 */
export interface FeedCursor {
  epoch: string
  lines: number
  seq: number
}

const EPOCH = /^[A-Za-z0-9_-]{1,64}$/

/** `<epoch>:<lines>:<seq>`, e.g. `9f2c01ab-3:120:117`. Only `reset`/`append` messages carry an id. */
export function formatEventId(cursor: FeedCursor): string {
  return `${cursor.epoch}:${cursor.lines}:${cursor.seq}`
}

/** Reads a `Last-Event-ID`; anything malformed is null (the server then starts over with a `reset`). */
export function parseEventId(text: string | null | undefined): FeedCursor | null {
  if (typeof text !== 'string') return null
  const parts = text.trim().split(':')
  if (parts.length !== 3) return null
  const [epoch, lines, seq] = parts
  if (epoch === undefined || !EPOCH.test(epoch)) return null
  if (lines === undefined || !/^\d{1,15}$/.test(lines)) return null
  if (seq === undefined || !/^(-1|\d{1,15})$/.test(seq)) return null
  return { epoch, lines: Number(lines), seq: Number(seq) }
}

/** One session under the watched roots, as the index page needs it. Paths stay on the server. */
export interface IndexEntry {
  /** URL-safe, unique among the served sessions; the session's feed is `liveFeedPath(key)`. */
  key: string
  /** Project directory name (`--<cwd>--`, `_no-cwd`), or null for a session directory given directly. */
  project: string | null
  /** Current transcript file name: `session.jsonl[.zstd]` or `session.vN.jsonl[.zstd]`. */
  file: string
  encoding: 'raw' | 'zstd'
  /** N of `session.vN…`; 0 for `session.jsonl[.zstd]`. */
  generation: number
  size: number
  mtimeMs: number
  /** The header line (id, cwd, createdAt, parentSession, origin…), null until it is readable. */
  header: SessionHeader | null
}

export type IndexMessage =
  | { kind: 'index-reset'; sessions: IndexEntry[] }
  | { kind: 'index-upsert'; session: IndexEntry }
  | { kind: 'index-remove'; key: string }

export const INDEX_EVENT_KINDS = ['index-reset', 'index-upsert', 'index-remove'] as const satisfies readonly IndexMessage['kind'][]

/** URL of the index feed. */
export const LIVE_INDEX_PATH = '/live/index/events'

/** URL of one session's feed. Keys are URL-safe by construction, but encode anyway. */
export function liveFeedPath(key: string): string {
  return `/live/session/${encodeURIComponent(key)}/events`
}

/** URL of one session's transcript bytes (a download of the log as stored). */
export function liveLogPath(key: string): string {
  return `/live/session/${encodeURIComponent(key)}/log`
}

/**
 * dsh's session-directory escape (log-format.md §2.3): `[A-Za-z0-9._-]` kept, every other UTF-16 code unit
 * (including `~`) as `~XXXX`, `.`/`..` escaped. For a dsh-written session the directory name already
 * equals `sessionKey(header.id)`, so the site can compute a session's key from its header alone.
 */
export function sessionKey(id: string): string {
  if (id === '.') return '~002E'
  if (id === '..') return '~002E~002E'
  let out = ''
  for (let i = 0; i < id.length; i++) {
    const ch = id[i] ?? ''
    out += /[A-Za-z0-9._-]/.test(ch) ? ch : `~${id.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`
  }
  return out
}

/**
 * Code colours for live pages (src/live/node/highlight-route.ts, src/highlight/fetch-highlighter.ts):
 * `POST` a `HighlightRequest` as JSON, get a `HighlightResponse` — one fragment (render-tokens.ts format) or
 * null per block, in order. The page decides which blocks to colour (same budgets as the build); the server
 * only tokenizes, with the build's highlighter and cache, and refuses bigger requests than these.
 */
export const LIVE_HIGHLIGHT_PATH = '/live/highlight'
export const HIGHLIGHT_MAX_BLOCKS = 32
/** Characters of source per request: one block is at most 16,000 (src/highlight/budget.ts). */
export const HIGHLIGHT_MAX_CHARS = 256_000
/** Bytes of request body: the characters above as JSON, escapes included, fit with room to spare. */
export const HIGHLIGHT_MAX_BODY_BYTES = 2 * 1024 * 1024

export interface HighlightRequest {
  blocks: { lang: string; text: string }[]
}

export interface HighlightResponse {
  fragments: (string | null)[]
}
