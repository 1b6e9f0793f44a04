import { describe, expect, it } from 'vitest'
import { rollTail } from './transcript-reader'

const bytes = (n: number, from = 0) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 256)

describe('rollTail', () => {
  it('keeps the last 64 bytes across chunks of any size', () => {
    let tail: Uint8Array = new Uint8Array(0)
    const all: number[] = []
    for (const size of [1, 10, 30, 100, 3, 64, 0, 5]) {
      const chunk = bytes(size, all.length)
      all.push(...chunk)
      tail = rollTail(tail, chunk)
      expect([...tail]).toEqual(all.slice(-64))
    }
  })
})
