/**
 * The embed API's reading of messages (./embed.ts): only `{type: 'dsh-replay', action, …}` with fields of
 * the right type and range become commands; everything else is null. And the player's thinned turn list
 * for long sessions (src/replay/data.ts `listedTurns`). The browser side: test/browser/replay-embed.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { eventMessage, readCommand } from './embed'
import { listedTurns, MAX_LISTED_TURNS } from '../../../replay/data'

describe('readCommand', () => {
  it.each([
    [{ type: 'dsh-replay', action: 'play' }, { action: 'play' }],
    [{ type: 'dsh-replay', action: 'pause', extra: '<img src=x>' }, { action: 'pause' }],
    [{ type: 'dsh-replay', action: 'seek', turn: 3 }, { action: 'seek', turn: 3 }],
    [{ type: 'dsh-replay', action: 'seek', time: 12.5 }, { action: 'seek', time: 12.5 }],
    [{ type: 'dsh-replay', action: 'speed', speed: 2 }, { action: 'speed', speed: 2 }],
    [{ type: 'dsh-replay', action: 'mode', mode: 'real' }, { action: 'mode', mode: 'real' }],
  ])('%j → %j', (message, command) => {
    expect(readCommand(message)).toEqual(command)
  })

  it.each([
    [null],
    ['play'],
    [['dsh-replay', 'play']],
    [{ type: 'other', action: 'play' }],
    [{ type: 'dsh-replay' }],
    [{ type: 'dsh-replay', action: 'stop' }],
    [{ type: 'dsh-replay', action: 'toString' }],
    [{ type: 'dsh-replay', action: 'seek' }],
    [{ type: 'dsh-replay', action: 'seek', turn: -1 }],
    [{ type: 'dsh-replay', action: 'seek', turn: 1.5 }],
    [{ type: 'dsh-replay', action: 'seek', turn: '3' }],
    [{ type: 'dsh-replay', action: 'seek', turn: 1, time: 1 }],
    [{ type: 'dsh-replay', action: 'seek', time: Number.NaN }],
    [{ type: 'dsh-replay', action: 'seek', time: Number.POSITIVE_INFINITY }],
    [{ type: 'dsh-replay', action: 'seek', time: 1e12 }],
    [{ type: 'dsh-replay', action: 'speed', speed: '2' }],
    [{ type: 'dsh-replay', action: 'speed', speed: 0 }],
    [{ type: 'dsh-replay', action: 'mode', mode: 'fast' }],
    [{ type: 'dsh-replay', action: 'mode', mode: ['real'] }],
  ])('%j is not a command', message => {
    expect(readCommand(message)).toBeNull()
  })

  it('an event goes out in seconds, with the play state only', () => {
    expect(eventMessage({ type: 'turn', state: { playing: true, position: 1500, total: 60_000, mode: 'compressed', speed: 2, turn: 4 } })).toEqual({
      type: 'dsh-replay', event: 'turn', time: 1.5, duration: 60, turn: 4, playing: true, speed: 2, mode: 'compressed',
    })
  })
})

describe('listedTurns', () => {
  const turns = (n: number, perPage: number) => Array.from({ length: n }, (_, i) => ({ turn: i + 1, page: Math.floor(i / perPage) }))
  it('keeps every turn of a session up to the limit', () => {
    expect(listedTurns(turns(MAX_LISTED_TURNS, 10), 3)).toHaveLength(MAX_LISTED_TURNS)
  })
  it('past it: about the limit, evenly spread, plus every turn of this page', () => {
    const all = turns(3000, 64)
    const listed = listedTurns(all, 20)
    expect(listed.length).toBeLessThanOrEqual(MAX_LISTED_TURNS + 64)
    expect(listed[0]?.turn).toBe(1)
    for (const t of all.filter(t => t.page === 20)) expect(listed).toContainEqual(t)
    // Elsewhere, every 15th turn (3,000 / 200).
    const stride = Math.ceil(3000 / MAX_LISTED_TURNS)
    expect(listed.filter(t => t.page !== 20).map(t => t.turn)).toEqual(all.filter((t, i) => i % stride === 0 && t.page !== 20).map(t => t.turn))
  })
})
