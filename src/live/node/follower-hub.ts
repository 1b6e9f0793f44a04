/**
 * One follower (and so one watcher and one poll loop) per session directory, however many browser tabs
 * follow it (issue 6: "one watcher per file no matter how many tabs"). Leases are reference-counted; the
 * last release closes the follower after a short linger, so a tab reload reconnects to the same follower
 * (and its cursor stays valid for `Last-Event-ID`) instead of re-reading the log.
 */
import { resolve } from 'node:path'
import { SessionFollower, type FollowerOptions, type FollowTarget } from './follower'
import { unrefTimeout } from './wake'

export interface FollowerLease {
  readonly follower: SessionFollower
  /** Idempotent. */
  release(): void
}

export interface FollowerHubOptions extends FollowerOptions {
  /** How long an unused follower stays open; 0 closes it at once. */
  lingerMs?: number
}

interface Slot {
  follower: SessionFollower
  leases: number
  linger: NodeJS.Timeout | null
}

export class FollowerHub {
  readonly #slots = new Map<string, Slot>()
  readonly #options: FollowerHubOptions
  #closed = false

  constructor(options: FollowerHubOptions = {}) {
    this.#options = options
  }

  acquire(target: FollowTarget): FollowerLease {
    if (this.#closed) throw new Error('FollowerHub is closed')
    const key = slotKey(target)
    let slot = this.#slots.get(key)
    if (slot === undefined) {
      slot = { follower: new SessionFollower({ ...target, dir: resolve(target.dir) }, this.#options), leases: 0, linger: null }
      this.#slots.set(key, slot)
    }
    if (slot.linger !== null) {
      clearTimeout(slot.linger)
      slot.linger = null
    }
    slot.leases++
    const held = slot
    let released = false
    return {
      follower: held.follower,
      release: () => {
        if (released) return
        released = true
        this.#release(key, held)
      },
    }
  }

  /** Followers currently open (leased or lingering). */
  get size(): number {
    return this.#slots.size
  }

  /** Leases held on the follower of `target`, 0 when none is open. */
  leases(target: FollowTarget): number {
    return this.#slots.get(slotKey(target))?.leases ?? 0
  }

  async close(): Promise<void> {
    this.#closed = true
    const slots = [...this.#slots.values()]
    this.#slots.clear()
    for (const slot of slots) if (slot.linger !== null) clearTimeout(slot.linger)
    await Promise.all(slots.map((slot) => slot.follower.close()))
  }

  #release(key: string, slot: Slot): void {
    slot.leases--
    if (slot.leases > 0 || this.#slots.get(key) !== slot) return
    const lingerMs = this.#options.lingerMs ?? 2000
    const drop = () => {
      if (slot.leases > 0 || this.#slots.get(key) !== slot) return
      this.#slots.delete(key)
      void slot.follower.close()
    }
    if (lingerMs <= 0) drop()
    else slot.linger = unrefTimeout(drop, lingerMs)
  }
}

function slotKey(target: FollowTarget): string {
  return `${resolve(target.dir)}\0${target.file ?? ''}\0${target.child ?? ''}`
}
