import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ByteQueue } from './byte-queue'

describe('ByteQueue', () => {
  it('keeps bytes in order across growth and compaction, and tracks the stream offset', () => {
    const queue = new ByteQueue(4)
    queue.append(Uint8Array.from([1, 2, 3]))
    queue.consume(2)
    queue.append(Uint8Array.from([4, 5, 6, 7, 8]))
    expect([...queue.view()]).toEqual([3, 4, 5, 6, 7, 8])
    expect(queue.offset).toBe(2)
    queue.consume(100)
    expect(queue.length).toBe(0)
    expect(queue.offset).toBe(8)
  })

  it('copies appended chunks (the caller may reuse them)', () => {
    const queue = new ByteQueue(8)
    const chunk = Uint8Array.from([9, 9])
    queue.append(chunk)
    chunk.fill(0)
    expect([...queue.view()]).toEqual([9, 9])
  })

  it('behaves like a plain array under any sequence of appends and consumes (property)', () => {
    const op = fc.oneof(
      fc.record({ append: fc.uint8Array({ maxLength: 40 }) }),
      fc.record({ consume: fc.nat({ max: 50 }) }),
      fc.record({ shrink: fc.constant(true) }),
    )
    fc.assert(
      fc.property(fc.array(op), (ops) => {
        const queue = new ByteQueue(2)
        let model: number[] = []
        let offset = 0
        for (const o of ops) {
          if ('append' in o) {
            queue.append(o.append)
            model = model.concat([...o.append])
          } else if ('consume' in o) {
            queue.consume(o.consume)
            const n = Math.min(o.consume, model.length)
            model = model.slice(n)
            offset += n
          } else {
            queue.shrink(16)
          }
          expect([...queue.view()]).toEqual(model)
          expect(queue.offset).toBe(offset)
        }
      }),
    )
  })
})
