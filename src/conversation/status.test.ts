/** The session status rule (./status.ts), as a table: evidence → status. */
import { describe, expect, it } from 'vitest'
import type { SessionStatus } from './model'
import { SESSION_STATUSES, sessionStatus, type StatusEvidence } from './status'

const turn = (endReason: string | null): StatusEvidence['lastTurn'] => ({ endReason })
const whole = { tornTail: false, invalidLines: 0 }

describe('sessionStatus', () => {
  it.each<[string, StatusEvidence, SessionStatus]>([
    ['no turn at all', { ...whole, lastTurn: null }, 'completed'],
    ['last turn completed', { ...whole, lastTurn: turn('completed') }, 'completed'],
    ['last turn hit the output limit', { ...whole, lastTurn: turn('max-tokens') }, 'completed'],
    ['last turn blocked by a hook', { ...whole, lastTurn: turn('blocked') }, 'completed'],
    ['an end reason from a newer dsh', { ...whole, lastTurn: turn('future-kind') }, 'completed'],
    ['last turn aborted', { ...whole, lastTurn: turn('aborted') }, 'interrupted'],
    ['last turn closed by crash repair', { ...whole, lastTurn: turn('interrupted') }, 'interrupted'],
    ['last turn ended in an error', { ...whole, lastTurn: turn('error') }, 'failed'],
    ['last turn still open', { ...whole, lastTurn: turn(null) }, 'running'],
    ['torn tail beats an open turn', { tornTail: true, invalidLines: 0, lastTurn: turn(null) }, 'damaged'],
    ['torn tail beats a completed turn', { tornTail: true, invalidLines: 0, lastTurn: turn('completed') }, 'damaged'],
    ['an unreadable line beats a failure', { tornTail: false, invalidLines: 2, lastTurn: turn('error') }, 'damaged'],
    ['an unreadable line in a session without turns', { tornTail: false, invalidLines: 1, lastTurn: null }, 'damaged'],
  ])('%s → %s', (_name, evidence, want) => {
    expect(sessionStatus(evidence)).toBe(want)
  })

  it('lists every status once', () => {
    expect(new Set(SESSION_STATUSES).size).toBe(5)
  })
})
