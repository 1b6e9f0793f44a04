import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ByteStore, STORE_BLOCK } from './byte-store'

describe('ByteStore', () => {
  it('keeps every copy intact while something is held, whatever is kept after it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uint8Array({ maxLength: 40_000 }), fc.boolean())), (steps) => {
        let held: { view: Uint8Array; copy: Uint8Array }[] = []
        const store = new ByteStore(() => held.length > 0)
        for (const [bytes, release] of steps) {
          if (release) held = []
          const view = store.keep(bytes)
          expect(view).toEqual(bytes)
          held.push({ view, copy: bytes.slice() })
          for (const h of held) expect(h.view).toEqual(h.copy)
        }
      }),
    )
  })

  it('reuses its blocks once nothing is held, instead of allocating per chunk', () => {
    const store = new ByteStore(() => false)
    const chunk = new Uint8Array(16 * 1024).fill(7)
    const buffers = new Set<ArrayBufferLike>()
    for (let i = 0; i < 1000; i++) buffers.add(store.keep(chunk).buffer)
    // 16 MB kept through blocks that start small and double: a handful of blocks, not a thousand.
    expect(buffers.size).toBeLessThan(8)
    expect([...buffers].every((b) => b.byteLength <= STORE_BLOCK)).toBe(true)
  })

  it('gives a chunk larger than a block a block of its own', () => {
    const store = new ByteStore(() => true)
    const big = new Uint8Array(STORE_BLOCK + 5).fill(1)
    expect(store.keep(big)).toEqual(big)
    expect(store.keep(Uint8Array.of(2)).buffer).not.toBe(store.keep(big).buffer)
  })
})
