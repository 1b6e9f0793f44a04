/**
 * The export's search data (./search.ts): one shard for the family from the sessions' own shard scripts —
 * rows of parts the file kept only, root first, ids as the file has them — as inert JSON that no session
 * text can close, within its budget (and saying when it is partial), the same bytes every time.
 */
import { describe, expect, it } from 'vitest'
import { asShard } from '../../search/client/match'
import { searchShard, shardOfScript, type SearchShard } from '../../search/shard'
import { LABELS, sampleSession, viewOf } from '../../search/testing'
import { prefixKeys } from './keys'
import { exportSearchJson, searchBlock, SEARCH_DATA_ID } from './search'

const root = viewOf(sampleSession('ROOT-NEEDLE'))
const child = prefixKeys(viewOf(sampleSession('CHILD-NEEDLE </script><b>x</b>')), 'kid/')
const rootScript = searchShard(root, { stem: 'root', title: 'Root', labels: LABELS })
const childScript = searchShard(child, { stem: 'kid', title: 'Kid', labels: LABELS })
const idsOf = (script: string) => new Set(shardOfScript(script).rows.map(r => r[0]))
const parse = (json: string) => asShard(JSON.parse(json)) as SearchShard

describe('exportSearchJson', () => {
  it('merges the sessions’ rows, root first, under the root, with the ids the file holds', () => {
    const shard = parse(exportSearchJson([{ script: rootScript, ids: idsOf(rootScript) }, { script: childScript, ids: idsOf(childScript) }], { stem: 'root', title: 'Root' }))
    expect(shard.session).toBe('root')
    expect(shard.complete).toBe(true)
    const ids = shard.rows.map(r => r[0])
    expect(ids).toEqual([...idsOf(rootScript), ...idsOf(childScript)])
    expect(ids.filter(id => id.startsWith('kid/')).length).toBeGreaterThan(0)
    expect(shard.rows.find(r => r[5].includes('CHILD-NEEDLE'))?.[0]).toBe('kid/tool:c-bash')
  })

  it('lists only rows of parts the file kept', () => {
    const kept = new Set([...idsOf(childScript)].filter(id => id !== 'kid/tool:c-bash'))
    const shard = parse(exportSearchJson([{ script: rootScript, ids: new Set() }, { script: childScript, ids: kept }], { stem: 'root', title: 'Root' }))
    expect(shard.rows.map(r => r[0])).toEqual([...kept])
    expect(JSON.stringify(shard)).not.toContain('NEEDLE')
  })

  it('cannot be closed by session text: `<` never appears, and the data reads back whole', () => {
    const json = exportSearchJson([{ script: childScript, ids: idsOf(childScript) }], { stem: 'root', title: 'Root' })
    expect(json).not.toContain('<')
    expect(parse(json).rows.some(r => r[5].includes('CHILD-NEEDLE </script><b>x</b>'))).toBe(true)
    expect(searchBlock(json)).toBe(`<script type="application/json" id="${SEARCH_DATA_ID}">${json}</script>`)
  })

  it('stays within its budget: long rows are capped first, then rows dropped from the end (partial)', () => {
    const sessions = [{ script: rootScript, ids: idsOf(rootScript) }, { script: childScript, ids: idsOf(childScript) }]
    const whole = exportSearchJson(sessions, { stem: 'root', title: 'Root' })
    const bytes = (s: string) => Buffer.byteLength(s, 'utf8')
    const capped = exportSearchJson(sessions, { stem: 'root', title: 'Root' }, bytes(whole) - 200)
    expect(bytes(capped)).toBeLessThanOrEqual(bytes(whole) - 200)
    expect(parse(capped).rows.map(r => r[0])).toEqual(parse(whole).rows.map(r => r[0]))
    expect(parse(capped).complete).toBe(true)
    const dropped = exportSearchJson(sessions, { stem: 'root', title: 'Root' }, 900)
    expect(bytes(dropped)).toBeLessThanOrEqual(900)
    expect(parse(dropped).complete).toBe(false)
    expect(parse(dropped).rows.length).toBeLessThan(parse(whole).rows.length)
    // Deterministic: the same shards give the same bytes.
    expect(exportSearchJson(sessions, { stem: 'root', title: 'Root' }, 900)).toBe(dropped)
  })
})
