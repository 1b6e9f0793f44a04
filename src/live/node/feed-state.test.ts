import { describe, expect, it } from 'vitest'
import type { FeedState } from '../protocol'
import { decideFeedState, type FeedFacts } from './feed-state'

const timings = { idleAfterMs: 10_000, tornGraceMs: 2000 }
const base: FeedFacts = { hasFile: true, heldBytes: 0, lastEventType: 'step/start', quietMs: 0, writer: 'unknown' }

describe('decideFeedState', () => {
  it.each<[string, Partial<FeedFacts>, FeedState]>([
    ['no file yet', { hasFile: false }, 'idle'],
    ['growing', { quietMs: 100 }, 'live'],
    ['quiet mid-turn, writer alive (a long tool call)', { quietMs: 60_000, writer: 'alive' }, 'live'],
    ['quiet mid-turn, writer unknown', { quietMs: 60_000 }, 'idle'],
    ['quiet mid-turn, writer gone', { quietMs: 60_000, writer: 'dead' }, 'idle'],
    ['ends with turn/end', { lastEventType: 'turn/end' }, 'finished'],
    ['ends with turn/end, writer still alive', { lastEventType: 'turn/end', writer: 'alive', quietMs: 60_000 }, 'finished'],
    ['partial tail being written', { heldBytes: 10, quietMs: 5 }, 'live'],
    ['partial tail, quiet, writer dead', { heldBytes: 10, quietMs: 3000, writer: 'dead' }, 'crashed-tail'],
    ['partial tail, quiet, writer unknown', { heldBytes: 10, quietMs: 3000 }, 'crashed-tail'],
    ['partial tail, quiet, writer alive (slow write)', { heldBytes: 10, quietMs: 3000, writer: 'alive' }, 'live'],
    ['partial tail after turn/end is not finished', { heldBytes: 10, lastEventType: 'turn/end', quietMs: 10 }, 'live'],
  ])('%s → %s', (_, facts, state) => {
    expect(decideFeedState({ ...base, ...facts }, timings)).toBe(state)
  })
})
