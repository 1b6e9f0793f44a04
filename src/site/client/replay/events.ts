/**
 * What a replay player reports out (./player.ts emits, ./embed.ts posts them to a framing page): where it
 * is, and what just happened. Types only, so the player and the embed API share them without importing
 * each other.
 */
import type { TimingMode } from '../../../replay/modes'

/** Where a player is (play ms; `turn`: the last turn started at `position`, null before the first). */
export interface PlayerState {
  playing: boolean
  position: number
  total: number
  mode: TimingMode
  speed: number
  turn: number | null
}

/**
 * `ready` once its data is loaded, `play`/`pause`, `seek` after a jump, `speed`/`mode` after a change,
 * `turn` when the turn shown changes (playing into the next one, or a jump), `ended` at the session's end.
 */
export type PlayerEventType = 'ready' | 'play' | 'pause' | 'seek' | 'speed' | 'mode' | 'turn' | 'ended'

export interface PlayerEvent {
  type: PlayerEventType
  state: PlayerState
}
