/**
 * The replay's embed API (issue 30): a page holding a replay in an `<iframe>` (a docs page, slides) drives it
 * with `postMessage` and hears what it does. Only messages from the framing window itself are read
 * (`event.source === window.parent`), whatever its origin (a file:// host has none to check); each is read
 * field by field — a known `action`, numbers finite and in range — and anything else is ignored. Nothing
 * in a message is ever shown, evaluated or inserted: it only calls the player's own play/pause/seek/speed.
 *
 * In: `{type: 'dsh-replay', action: 'play' | 'pause'}`, `{…, action: 'seek', turn: N}` or
 * `{…, action: 'seek', time: S}` (seconds of play), `{…, action: 'speed', speed: 0.5|1|2|4|10}`,
 * `{…, action: 'mode', mode: 'real'|'compressed'|'paced'}`.
 * Out (to `window.parent`, any origin: they carry only the play state, no session text):
 * `{type: 'dsh-replay', event, time, duration, turn, playing, speed, mode}` for the player's events
 * (./events.ts), `time` and `duration` in seconds.
 */
import type { PlayerEvent, PlayerState } from './events'
import { TIMING_MODES, type TimingMode } from '../../../replay/modes'

export const MESSAGE_TYPE = 'dsh-replay'

/** What the embed API needs of a player (./player.ts). */
export interface Embeddable {
  readonly playing: boolean
  load(): Promise<boolean>
  start(options: { at?: number; turn?: number; play?: boolean }): Promise<void>
  play(): void
  pause(): void
  setSpeed(speed: number): void
  setMode(mode: TimingMode): void
  state(): PlayerState
  info(): { turns: { turn: number }[] } | null
  onEvent(listener: (event: PlayerEvent) => void): void
}

/** A command read from a message; null for anything that is not one. */
export type EmbedCommand = { action: 'play' } | { action: 'pause' } | { action: 'seek'; turn: number } | { action: 'seek'; time: number } | { action: 'speed'; speed: number } | { action: 'mode'; mode: TimingMode }

/** Longest play position a message may ask for (10 days, in seconds): past it a number is noise. */
const MAX_SECONDS = 864_000
const MAX_TURN = 1_000_000_000

export function readCommand(data: unknown): EmbedCommand | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null
  const message = data as Record<string, unknown>
  if (message['type'] !== MESSAGE_TYPE) return null
  const action = message['action']
  if (action === 'play' || action === 'pause') return { action }
  if (action === 'seek') {
    const turn = message['turn']
    const time = message['time']
    if (typeof turn === 'number' && Number.isSafeInteger(turn) && turn >= 0 && turn <= MAX_TURN && time === undefined) return { action, turn }
    if (typeof time === 'number' && Number.isFinite(time) && time >= 0 && time <= MAX_SECONDS && turn === undefined) return { action, time }
    return null
  }
  if (action === 'speed') {
    const speed = message['speed']
    return typeof speed === 'number' && Number.isFinite(speed) && speed > 0 ? { action, speed } : null
  }
  if (action === 'mode') {
    const mode = TIMING_MODES.find(m => m === message['mode'])
    return mode === undefined ? null : { action, mode }
  }
  return null
}

/** The message posted to the parent for a player event. */
export function eventMessage(event: PlayerEvent): Record<string, unknown> {
  const s = event.state
  return { type: MESSAGE_TYPE, event: event.type, time: s.position / 1000, duration: s.total / 1000, turn: s.turn, playing: s.playing, speed: s.speed, mode: s.mode }
}

export function run(player: Embeddable, command: EmbedCommand): void {
  switch (command.action) {
    case 'play':
      return player.play()
    case 'pause':
      return player.pause()
    case 'speed':
      // The player keeps to its own speeds and ignores any other.
      return player.setSpeed(command.speed)
    case 'mode':
      // A log without clocks plays paced only: the player ignores the others.
      return player.setMode(command.mode)
    case 'seek':
      void player.load().then(ok => {
        if (!ok) return
        if ('turn' in command) {
          if (player.info()?.turns.some(t => t.turn === command.turn) !== true) return
          void player.start({ turn: command.turn, play: player.playing })
        } else void player.start({ at: command.time * 1000, play: player.playing })
      })
  }
}

/** Wires a framed page's player to its parent: messages in, events out; loads the data to say `ready`. */
export function installEmbed(win: Window, player: Embeddable): void {
  const parent = win.parent
  player.onEvent(event => parent.postMessage(eventMessage(event), '*'))
  win.addEventListener('message', event => {
    if (event.source !== parent) return
    const command = readCommand(event.data)
    if (command !== null) run(player, command)
  })
  void player.load()
}
