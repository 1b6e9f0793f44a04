/**
 * The page spool (./piece-store.ts): what goes in comes back in order, byte for byte, whether the pieces are
 * held in memory, spilled, or still waiting in a write run after the spill — reads between puts included.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PieceStore } from './piece-store'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A piece of `size` bytes whose content says which piece it is. */
const piece = (i: number, size: number): Buffer => Buffer.alloc(size, `<p${i}>`)

/** Byte equality of two piece lists (a deep `toEqual` on megabytes is far too slow). */
const same = (a: Buffer[], b: Buffer[]): boolean => Buffer.concat(a).equals(Buffer.concat(b))

describe('PieceStore', () => {
  it.each([
    ['in memory (no spool folder)', null, 1e12],
    ['spilled early, small pieces in write runs', 'spool', 10],
    ['spilled after some pieces', 'spool', 300_000],
    ['spilled holding more than a write run', 'spool', 1_500_000],
  ] as const)('%s: every range reads back as put, before and after later puts', (_name, spool, spill) => {
    const dir = spool === null ? null : mkdtempSync(join(tmpdir(), 'piece-store-'))
    if (dir !== null) dirs.push(dir)
    const store = new PieceStore(dir, spill)
    // Sizes around the write run (1 MiB): many small pieces, then a few large ones that cross it.
    const sizes = [...Array.from({ length: 600 }, (_, i) => 1 + ((i * 7919) % 4000)), 900_000, 300_000, 2_500_000, 17]
    const put: Buffer[] = []
    sizes.forEach((size, i) => {
      const bytes = piece(i, size)
      expect(store.put(bytes)).toBe(i)
      put.push(bytes)
      // A page read while pieces are still being added (the Chat reads none then, but nothing forbids it).
      if (i === 300) expect(same(store.chunks(250, 301), put.slice(250, 301))).toBe(true)
    })
    expect(store.count).toBe(sizes.length)
    for (const [from, to] of [[0, 1], [0, 600], [599, 602], [600, 604], [603, 604], [0, sizes.length]] as const) {
      expect(same(store.chunks(from, to), put.slice(from, to))).toBe(true)
    }
    store.close()
    if (dir !== null) expect(readdirSync(dir)).toEqual([])
  })
})
