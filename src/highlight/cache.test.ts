/**
 * `mergeCacheFiles` (issue 16, `dsh-view merge`): the parts' highlight caches as one file — every entry once,
 * keys sorted, each entry's age (builds since last used) kept against the newest part's generation, the
 * youngest copy of a key kept — so fresh parts merge to the cache one build of everything writes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HighlightCache, mergeCacheFiles } from './cache'

const dir = () => mkdtempSync(join(tmpdir(), 'dv-cache-'))

async function cacheWith(file: string, builds: [string, string][][]): Promise<void> {
  // One HighlightCache session per build: each loads the file, sets its entries, saves (generation + 1).
  for (const entries of builds) {
    const cache = new HighlightCache(file)
    await cache.load()
    for (const [key, html] of entries) cache.set(key, html)
    await cache.save()
  }
}

describe('mergeCacheFiles', () => {
  it('fresh caches: the union, keys sorted, generation 1 — what one cache filled with all of them holds', async () => {
    const d = dir()
    await cacheWith(join(d, 'a.json'), [[['k3', '<c>'], ['k1', '<a>']]])
    await cacheWith(join(d, 'b.json'), [[['k2', '<b>']]])
    await cacheWith(join(d, 'one.json'), [[['k1', '<a>'], ['k2', '<b>'], ['k3', '<c>']]])
    expect(await mergeCacheFiles([join(d, 'a.json'), join(d, 'b.json')], join(d, 'merged.json'))).toBe(true)
    expect(readFileSync(join(d, 'merged.json'), 'utf8')).toBe(readFileSync(join(d, 'one.json'), 'utf8'))
  })

  it('keeps each entry’s age against the newest part, and the youngest copy of a key', async () => {
    const d = dir()
    // Part a: three builds; `old` last used in build 1 (age 2), `mid` in 2 (age 1), `k` in build 3 (age 0).
    await cacheWith(join(d, 'a.json'), [[['old', '<o>'], ['k', '<k-a>']], [['mid', '<m>']], [['k', '<k-a>']]])
    // Part b: one build; `k` used now (age 0) with other markup, and a `__proto__` key (a file can hold one).
    const { format } = JSON.parse(readFileSync(join(d, 'a.json'), 'utf8')) as { format: string }
    writeFileSync(join(d, 'b.json'), `{"format":${JSON.stringify(format)},"generation":1,"entries":{"__proto__":[1,"<p>"],"k":[1,"<k-b>"]}}`)
    await mergeCacheFiles([join(d, 'a.json'), join(d, 'b.json'), join(d, 'missing.json')], join(d, 'merged.json'))
    const merged = JSON.parse(readFileSync(join(d, 'merged.json'), 'utf8')) as { generation: number; entries: Record<string, [number, string]> }
    expect(merged.generation).toBe(3)
    expect(Object.keys(merged.entries)).toEqual(['__proto__', 'k', 'mid', 'old'])
    expect(merged.entries['old']).toEqual([1, '<o>'])
    expect(merged.entries['mid']).toEqual([2, '<m>'])
    expect(merged.entries['__proto__']).toEqual([3, '<p>'])
    expect(merged.entries['k']?.[0]).toBe(3)
  })

  it('writes nothing when no part has a cache', async () => {
    const d = dir()
    writeFileSync(join(d, 'foreign.json'), '{"format":"other"}')
    expect(await mergeCacheFiles([join(d, 'none.json'), join(d, 'foreign.json')], join(d, 'merged.json'))).toBe(false)
  })
})
