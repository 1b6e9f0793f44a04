/**
 * `sourceBytes` reads a file ahead into a second buffer while the caller decodes the current one: the
 * bytes must still arrive whole and in order, each yielded view untouched until the next iteration, reads
 * no bigger than the file needs, and a caller that stops early must not leave a read in flight.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileSource, sourceBytes } from './source'

const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-source-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('sourceBytes on a file (reading ahead into a second buffer)', () => {
  const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 251)
  const path = join(tmp, 'data.jsonl')
  writeFileSync(path, bytes)

  it.each([7, 333, 1000, 9_999, 10_000, 65_536])('yields the file in order in %i-byte reads, each view intact until the next', async (chunk) => {
    const parts: Uint8Array[] = []
    for await (const view of sourceBytes(fileSource(path), chunk)) {
      // Give the read ahead time to land: it must not touch the view we still hold.
      const before = view.slice()
      await new Promise((resolve) => setImmediate(resolve))
      expect(view).toEqual(before)
      parts.push(before)
      // A plain Uint8Array (one kind of array for the decoders' hot loops), no bigger than the file needs.
      expect(Object.getPrototypeOf(view)).toBe(Uint8Array.prototype)
      expect(view.buffer.byteLength).toBeLessThanOrEqual(Math.max(4096, Math.min(chunk, bytes.length + 1)))
    }
    expect(Buffer.concat(parts)).toEqual(Buffer.from(bytes))
  })

  it('lets the caller stop early without a read left dangling', async () => {
    let seen = 0
    for await (const view of sourceBytes(fileSource(path), 100)) {
      seen += view.length
      if (seen >= 300) break
    }
    expect(seen).toBe(300)
  })

  it('reads an empty file as no chunks', async () => {
    const empty = join(tmp, 'empty.jsonl')
    writeFileSync(empty, '')
    const views: Uint8Array[] = []
    for await (const view of sourceBytes(fileSource(empty))) views.push(view)
    expect(views).toEqual([])
  })
})
