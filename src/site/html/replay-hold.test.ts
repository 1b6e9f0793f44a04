/**
 * The replay's first-frame hold (./replay-hold.ts): which openings keep the data script's `blocking="render"`
 * (every fragment the player starts at) and which let go of it at once (any other address).
 */
import { describe, expect, it } from 'vitest'
import { parseHash } from '../client/replay/player'
import { REPLAY_HOLD_SCRIPT } from './replay-hold'

/** Runs the script for an address; whether the data script still holds rendering afterwards. */
function holds(hash: string): boolean {
  let blocking = true
  const data = { removeAttribute: (name: string) => void (name === 'blocking' && (blocking = false)) }
  const doc = { querySelectorAll: (selector: string) => (selector.includes('blocking~="render"') ? [data] : []) }
  new Function('location', 'document', REPLAY_HOLD_SCRIPT)({ hash }, doc)
  return blocking
}

describe('the replay first-frame hold', () => {
  it.each(['#replay=120500,compressed,1,0', '#replay=0,real,10,1', '#turn=7', '#autoplay'])('keeps the hold for the player\'s own start %j', hash => {
    expect(parseHash(hash)).not.toBeNull()
    expect(holds(hash)).toBe(true)
  })

  it.each(['', '#', '#turn-7', '#tool:call_1', '#autoplay-x', '#main', '#Replay=1'])('lets go at once for %j', hash => {
    expect(parseHash(hash)).toBeNull()
    expect(holds(hash)).toBe(false)
  })
})
