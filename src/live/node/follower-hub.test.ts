import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FollowerHub } from './follower-hub'
import type { WatchFn } from './wake'

describe('FollowerHub', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c()
  })

  async function hub(lingerMs: number) {
    const dir = await mkdtemp(join(tmpdir(), 'dsh-view-hub-'))
    const watched: string[] = []
    const watch: WatchFn = (d) => {
      watched.push(d)
      return { close() {} }
    }
    const h = new FollowerHub({ lingerMs, watch, pollMs: 60_000 })
    cleanups.push(async () => {
      await h.close()
      await rm(dir, { recursive: true, force: true })
    })
    return { h, dir, watched }
  }

  it('shares one follower per directory and counts leases', async () => {
    const { h, dir, watched } = await hub(0)
    const leases = Array.from({ length: 5 }, () => h.acquire({ dir }))
    const followers = new Set(leases.map((l) => l.follower))
    expect(followers.size).toBe(1)
    await leases[0]?.follower.ready
    expect(watched).toEqual([dir])
    expect(h.leases({ dir })).toBe(5)
    expect(h.acquire({ dir: join(dir, '.') }).follower).toBe(leases[0]?.follower) // same directory, other spelling
    expect(h.acquire({ dir, child: 1 }).follower).not.toBe(leases[0]?.follower)
    leases[0]?.release()
    leases[0]?.release() // idempotent
    expect(h.leases({ dir })).toBe(5)
  })

  it('keeps an unused follower for the linger time, so a quick reconnect reuses it', async () => {
    const { h, dir } = await hub(100)
    const first = h.acquire({ dir })
    first.release()
    const again = h.acquire({ dir })
    expect(again.follower).toBe(first.follower)
    again.release()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(h.size).toBe(0)
    expect(h.acquire({ dir }).follower).not.toBe(first.follower)
  })
})
