/** The pace of work a live page redoes whole as the log grows (./pace.ts): at most a fifth of its time. */
import { describe, expect, it } from 'vitest'
import { Later, Pace, type Timers } from './pace'

/** A clock the test sets; `work` moves it by `cost` (what the run took). */
function setup() {
  const clock = { t: 0 }
  const pace = new Pace(() => clock.t)
  const runAt = (t: number, cost: number) => {
    clock.t = t
    pace.run(() => {
      clock.t += cost
    })
  }
  return { clock, pace, runAt }
}

describe('Pace', () => {
  it('is due at once before any run', () => {
    expect(setup().pace.dueIn()).toBe(0)
  })

  it.each([
    // a run at `at` that took `cost`; asked at `now`: the wait
    { at: 0, cost: 100, now: 100, wait: 400 },
    { at: 0, cost: 100, now: 499, wait: 1 },
    { at: 0, cost: 100, now: 500, wait: 0 },
    { at: 1000, cost: 2, now: 1002, wait: 8 },
    { at: 1000, cost: 0, now: 1000, wait: 0 },
    { at: 0, cost: 1000, now: 6000, wait: 0 },
  ])('a run of $cost ms at $at, asked at $now: wait $wait ms (runs take at most a fifth of the time)', ({ at, cost, now, wait }) => {
    const { clock, pace, runAt } = setup()
    runAt(at, cost)
    clock.t = now
    expect(pace.dueIn()).toBe(wait)
  })

  it('times a run that throws, and passes on its error', () => {
    const { clock, pace } = setup()
    expect(() =>
      pace.run(() => {
        clock.t += 50
        throw new Error('fold failed')
      }),
    ).toThrow('fold failed')
    expect(pace.dueIn()).toBe(200)
  })

  it('returns what the run returns, and only the last run counts', () => {
    const { clock, pace, runAt } = setup()
    runAt(0, 1000)
    clock.t = 10_000
    expect(pace.run(() => 'drawn')).toBe('drawn')
    expect(pace.dueIn()).toBe(0)
  })
})

describe('Later', () => {
  /** Timers the test fires by hand. */
  function timers() {
    const pending = new Map<number, { ms: number; run: () => void }>()
    let next = 1
    const t = {
      pending,
      setTimeout: (run: () => void, ms: number) => {
        pending.set(next, { ms, run })
        return next++
      },
      clearTimeout: (id: number) => {
        pending.delete(id)
      },
      fire: () => {
        for (const [id, { run }] of [...pending]) {
          pending.delete(id)
          run()
        }
      },
    }
    return t
  }

  it('keeps one call pending at most, at the delay rounded up, and is free again once it ran', () => {
    const t = timers()
    const later = new Later(t as unknown as Timers)
    const calls: string[] = []
    later.call(12.2, () => calls.push('first'))
    later.call(1, () => calls.push('second'))
    expect(later.pending).toBe(true)
    expect([...t.pending.values()].map(p => p.ms)).toEqual([13])
    t.fire()
    expect(calls).toEqual(['first'])
    expect(later.pending).toBe(false)
    later.call(5, () => calls.push('third'))
    t.fire()
    expect(calls).toEqual(['first', 'third'])
  })

  it('cancel drops the pending call', () => {
    const t = timers()
    const later = new Later(t as unknown as Timers)
    const calls: string[] = []
    later.call(10, () => calls.push('drawn'))
    later.cancel()
    expect(later.pending).toBe(false)
    expect(t.pending.size).toBe(0)
    t.fire()
    expect(calls).toEqual([])
  })
})
