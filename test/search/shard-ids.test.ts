/**
 * Every row a search shard lists is on a page of its session under that id, so a result link (`page#id`,
 * forwarded by the anchor map) always lands on its card. Checked on every fixture root with varied rows:
 * the demo sessions (subagents, zstd), the XSS root (every card kind, an unknown event, an unreadable line)
 * and the planted-secrets root (commands, errors, a stopped stream).
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { shardOf } from '../../src/search/testing'
import { collectIds } from '../../src/site/render/pages/anchors'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'

const roots = ['demo-sessions/', 'xss/sessions/', 'secrets/sessions/'].map(r => fileURLToPath(new URL(`../../fixtures/${r}`, import.meta.url)))
let tree: Map<string, Buffer>

beforeAll(async () => {
  const out = tempDir()
  await buildInto(roots, out)
  tree = treeOf(out, { skipState: true })
}, 120_000)

describe('search shards and pages', () => {
  it('every shard row is an element of its session’s pages', () => {
    // Shards live under sessions/; the root's sessions.search.js is the site catalog.
    const shards = [...tree].filter(([p]) => p.startsWith('sessions/') && p.endsWith('.search.js'))
    expect(shards.length).toBe(11)
    let rows = 0
    for (const [path, bytes] of shards) {
      const shard = shardOf(bytes.toString('utf8'))
      expect(shard, path).not.toBeNull()
      const stem = path.slice('sessions/'.length, -'.search.js'.length)
      const ids = new Set<string>()
      for (const [p, b] of tree) if (p === `sessions/${stem}.html` || p.startsWith(`sessions/${stem}.p`)) for (const id of collectIds(b.toString('utf8'))) ids.add(id)
      const missing = (shard?.rows ?? []).map(r => r[0]).filter(id => !ids.has(id))
      expect(missing, path).toEqual([])
      rows += shard?.rows.length ?? 0
    }
    expect(rows).toBeGreaterThan(50)
  })
})
