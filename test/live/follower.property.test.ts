/**
 * Property (live.md §11.1): whatever the split points, read-chunk sizes, moments of looking and rollback
 * faults, the follower never shows a torn record, keeps seqs contiguous, and at quiescence equals a
 * fresh full read of the file. Driven by pokes only (no watcher), so the schedule is exactly the one
 * generated. Small run counts keep it fast; a failure prints its seed and the shrunk schedule.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SessionFollower } from '../../src/live/node/follower'
import { FakeDshWriter } from '../../src/live/testing/fake-writer'
import type { Timeline } from '../../src/live/testing/timeline'
import { CORPUS, FeedClient, expectContiguous, freshRead, rawTimeline, tempRoot, zstdTimeline } from './helpers'

interface Step {
  split: number | null
  pokeMid: boolean
  pokeAfter: boolean
  rollback: boolean
}

const step = fc.record({
  split: fc.option(fc.double({ min: 0.02, max: 0.98, noNaN: true }), { nil: null }),
  pokeMid: fc.boolean(),
  pokeAfter: fc.boolean(),
  rollback: fc.integer({ min: 0, max: 5 }).map((n) => n === 0), // one append in six fails first
})

async function run(timeline: Timeline, encoding: 'raw' | 'zstd', steps: Step[], chunk: number): Promise<void> {
  const { root, cleanup } = await tempRoot()
  let follower: SessionFollower | null = null
  try {
    let current: Step | undefined
    const fake = await FakeDshWriter.create({
      root,
      header: timeline.header,
      encoding,
      split: {
        at: (length) => (current?.split == null ? null : Math.floor(length * current.split)),
        pauseMs: 0,
        onPartial: async () => {
          if (current?.pokeMid) await follower?.poke()
        },
      },
    })
    await fake.append(timeline.batches[0] ?? [])
    const client = new FeedClient()
    follower = new SessionFollower({ dir: fake.dir }, { pollMs: 60_000, watch: () => ({ close() {} }), readChunkBytes: chunk })
    follower.subscribe((message, cursor) => {
      client.apply(message, cursor)
      if (message.kind !== 'status') expect(client.lines.filter((l) => l.kind === 'invalid')).toEqual([])
    })
    await follower.ready
    const batches = timeline.batches.slice(1)
    // One pass over the timeline at most: replaying a batch would repeat seqs. A failed append is retried
    // together with the next batch, as dsh does, so the retry's bytes differ from the rolled-back ones.
    let next = 0
    for (const s of steps) {
      current = s
      const batch = batches[next++]
      if (batch === undefined) break
      if (s.rollback) {
        const retryWith = batches[next++] ?? []
        await fake.rollback(batch, { cutFraction: s.split ?? 0.5, pauseMs: 0, retryWith, onPartial: () => (s.pokeMid ? follower?.poke() : undefined), onTruncated: () => follower?.poke() })
      } else {
        await fake.append(batch)
      }
      if (s.pokeAfter) await follower.poke()
    }
    await follower.poke()
    expectContiguous(client.lines)
    expect(client.lines).toEqual(await freshRead(fake.path))
  } finally {
    await follower?.close()
    await cleanup()
  }
}

describe('follower under random schedules', () => {
  it.each([
    { encoding: 'raw' as const, load: () => rawTimeline(CORPUS.rawReal, [1, 2, 5]) },
    { encoding: 'zstd' as const, load: () => zstdTimeline(CORPUS.zstdReal) },
  ])('$encoding: never torn, never duplicated, equal to a fresh read', async ({ encoding, load }) => {
    const timeline = await load()
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 12 }), fc.integer({ min: 3, max: 4096 }), (steps, chunk) => run(timeline, encoding, steps, chunk)),
      { numRuns: 12 },
    )
  })
})
