/**
 * The two feeds `dsh-view live` adds beside the follower's (src/live/protocol.ts), shared by cli/live.ts
 * (Node, the sender) and the live page (the receiver):
 * - the **site state** (`LIVE_SITE_PATH`, a JSON long-poll rather than a stream, so a tab holds one
 *   connection at most): after every (re)build of the folder, which sessions have pages and where, so the
 *   index can swap in the rebuilt list and a live transcript can link the child sessions it spawned;
 * - the **overlay feed** of `--attach`: events a running dsh host has shown but the log file does not hold
 *   yet (live.md §10.2), to be drawn provisionally until the file catches up; the file always wins; and
 *   the text a newer host is streaming (`overlay-typing`), drawn as a transient typing box.
 * Plain JSON over Server-Sent Events, like the follower's feeds. Types and strings only: no node:*, no DOM.
 */
import type { ParsedLine } from '../../log/parsed-line'

/**
 * `GET` → the current `SiteMessage` as JSON; `?after=N` waits (up to `SITE_WAIT_MS`) for a build newer
 * than N first, so a page can ask for "the folder once it includes what I just saw change".
 */
export const LIVE_SITE_PATH = '/live/site'
export const SITE_WAIT_MS = 20_000

/** One session page of the built folder. */
export interface SitePage {
  /** The session's key on the live server (`liveFeedPath(key)`). */
  key: string
  /** Header id. */
  id: string
  /** Page 1, relative to the site root: `sessions/<stem>.html`. */
  href: string
  title: string
  /** Id of the link a parent page puts after the call that spawned this session (`child-<stem>`). */
  anchor: string
  /** Pages the build cut the session into. */
  pages: number
}

export interface SiteMessage {
  kind: 'site'
  /** Counts builds since the server started; the first message carries the current one. */
  build: number
  pages: SitePage[]
  /** Whether `--attach` is on: session pages then also open their overlay feed. */
  attach: boolean
}

/** The overlay feed of one session (only when `--attach` is given). */
export function liveOverlayPath(key: string): string {
  return `/live/overlay/${encodeURIComponent(key)}/events`
}

export type OverlayState = 'connecting' | 'attached' | 'unavailable'

/**
 * A newer host's `assistant-stream` frame (live.md §4.4), as the overlay passes it on: an attempt starts
 * after durable seq `afterSeq`; its chunks add text (or reasoning); it ends committed at `seq`, or abandoned
 * (`seq` null). Token deltas only — never durable, drawn apart from the transcript (typing.ts).
 */
export type TypingFrame =
  | { type: 'start'; attemptId: string; afterSeq: number; turn: number | null; step: number | null }
  | { type: 'chunk'; attemptId: string; channel: 'text' | 'reasoning'; text: string }
  | { type: 'end'; attemptId: string; seq: number | null }

export type OverlayMessage =
  /** Provisional lines, in seq order; a later message may repeat or replace seqs. */
  | { kind: 'overlay'; lines: ParsedLine[] }
  /** Forget every provisional line (the host restarted, or the overlay lost its place). */
  | { kind: 'overlay-reset' }
  | { kind: 'overlay-status'; state: OverlayState; detail: string }
  /** Text the host is streaming right now (Gen B with `assistantStream`). */
  | { kind: 'overlay-typing'; frame: TypingFrame }

export const OVERLAY_EVENT_KINDS = ['overlay', 'overlay-reset', 'overlay-status', 'overlay-typing'] as const satisfies readonly OverlayMessage['kind'][]
