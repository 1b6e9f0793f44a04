/**
 * Search shards: one entry per row with its whole text (folded and cut parts included), normalised,
 * deterministic, within the byte budget (per-row caps step down, then rows are dropped and the shard says
 * it is partial), and a valid classic script.
 */
import { describe, expect, it } from 'vitest'
import { session } from '../log/testing/session'
import { findBoxModel, shardFile } from './chrome'
import { capText, compact, fairCap, MIN_ROW_CAP, normalize, SHARD_BUDGET, searchShard, searchShardEveryRow, utf8Length } from './shard'
import { LABELS, sampleSession, shardOf, viewOf } from './testing'

const shardFor = (s = sampleSession()) => searchShard(viewOf(s), { stem: 'search-sample', title: 'Flaky', labels: LABELS })

describe('searchShard', () => {
  it('lists every row with id, kind, tool, state and label, and its whole text', () => {
    const shard = shardOf(shardFor())
    expect(shard?.session).toBe('search-sample')
    expect(shard?.complete).toBe(true)
    const rows = shard?.rows ?? []
    expect(rows.map(r => r.slice(0, 4))).toEqual([
      [expect.stringMatching(/^user:/), 'user', '', ''],
      ['tool:c-bash', 'tool', 'bash', 'ok'],
      ['tool:c-read', 'tool', 'read', 'error'],
      [expect.stringMatching(/^assistant:/), 'assistant', '', ''],
    ])
    const bash = rows.find(r => r[0] === 'tool:c-bash')
    // The needle sits on line 301 of the output: past every fold the page shows.
    expect(bash?.[5]).toContain('FAIL NEEDLE-42 timed out')
    expect(bash?.[5]).toContain('npm test')
    expect(bash?.[4]).toBe('Bash · Run the tests')
    expect(rows.find(r => r[0] === 'tool:c-read')?.[5]).toContain('File not found')
  })

  it('is deterministic and a one-line classic script', () => {
    const a = shardFor()
    expect(shardFor()).toBe(a)
    expect(a.startsWith('(window.dshSearch=window.dshSearch||[]).push({')).toBe(true)
    expect(a.endsWith('});\n')).toBe(true)
    expect(a.split('\n')).toHaveLength(2)
  })

  it('indexes a generic row\'s input and output once, though both the card and the details show them', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.call('mystery_tool', { query: 'INPUT-NEEDLE-3' }, 'c1')
    s.result('c1', 'OUTPUT-NEEDLE-7 done')
    s.stepEnd()
    s.turnEnd()
    const view = viewOf(s)
    const row = view.sections.flatMap(x => x.rows).find(r => r.kind === 'tool')
    // The card and the details both hold them (what made the shard repeat them).
    expect(row?.kind === 'tool' && row.body?.kind === 'io' && row.body.output).toContain('OUTPUT-NEEDLE-7')
    const text = shardOf(searchShard(view, { stem: 'x', title: 't', labels: LABELS }))?.rows.find(r => r[1] === 'tool')?.[5] ?? ''
    expect(text.split('OUTPUT-NEEDLE-7').length - 1).toBe(1)
    // The input once as the call's input (and once more in the one-line summary the row header shows).
    expect(text.split('INPUT-NEEDLE-3').length - 1).toBe(2)
  })

  it('indexes a details card\'s visible text: caption, titles, field labels and values, groups', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    s.call('cordis_inspect_query', { provider: 'P', method: 'm' }, 'c1')
    s.result('c1', JSON.stringify({ provider: 'P', method: 'm', data: { root: 'ROOT-NEEDLE', props: { deep: 'DEEP-NEEDLE' } } }))
    s.stepEnd()
    s.turnEnd()
    const view = viewOf(s)
    const row = view.sections.flatMap(x => x.rows).find(r => r.kind === 'tool')
    expect(row?.kind === 'tool' && row.body?.kind).toBe('details')
    const text = shardOf(searchShard(view, { stem: 'x', title: 't', labels: LABELS }))?.rows.find(r => r[1] === 'tool')?.[5] ?? ''
    for (const needle of ['recorded result', 'root', 'root-needle', 'props', 'deep-needle']) expect(text.toLowerCase()).toContain(needle)
  })

  it('keeps text as text: markup in a log stays inert data in the shard', () => {
    const s = session()
    s.turnStart()
    s.user('</script><script>alert(1)</script> "quotes" \u2028 line')
    s.turnEnd()
    const shard = shardOf(searchShard(viewOf(s), { stem: 'x', title: 't', labels: LABELS }))
    expect(shard?.rows[0]?.[5]).toBe('</script><script>alert(1)</script> "quotes" line')
  })

  it('cuts only the longest rows to stay within the budget, then drops rows and says so', () => {
    const big = (rows: number, chars: number) => {
      const s = session()
      s.turnStart()
      // Distinct words: nothing for compact() to fold away.
      for (let i = 0; i < rows; i++) s.user(`row ${i} ${Array.from({ length: Math.ceil(chars / 9) }, (_, k) => `w${i}x${k}`).join(' ').slice(0, chars)}`)
      s.turnEnd()
      return shardOf(searchShard(viewOf(s), { stem: 'x', title: 't', labels: LABELS }))
    }
    const medium = big(300, 9_000)
    expect(medium?.complete).toBe(true)
    const longest = Math.max(...(medium?.rows ?? []).map(r => r[5].length))
    expect(longest).toBeLessThan(9_000)
    expect(longest).toBeGreaterThan(2_000)
    expect(medium?.rows.every(r => r[5].startsWith(`row `))).toBe(true)
    const huge = big(12_000, 300)
    expect(huge?.complete).toBe(false)
    expect(huge?.rows.length).toBeLessThan(12_000)
    expect(huge?.rows[0]?.[5]).toMatch(/^row 0 /)
    const script = searchShard(viewOf(sampleSession()), { stem: 'x', title: 't', labels: LABELS })
    expect(new TextEncoder().encode(script).length).toBeLessThanOrEqual(SHARD_BUDGET)
  })
})

describe('searchShard text pass', () => {
  // The plain definition the one-pass text code (./text) must match, byte for byte, in every budget regime:
  // whole, capped (long rows then stay CompactTexts and only their heads and tails are read), and dropped.
  const plain = (parts: readonly (string | null | undefined)[]) => compact(normalize(parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n')))
  it.each([
    ['whole', 3, 9_000],
    ['capped', 300, 9_000],
    ['capped, mostly short rows', 2_000, 900],
    ['dropped', 12_000, 300],
  ])('gives the same shard as compact(normalize(join)): %s', (regime, rows, chars) => {
    const s = session()
    s.turnStart()
    for (let i = 0; i < rows; i++) {
      const words = Array.from({ length: Math.ceil(chars / 7) }, (_, k) => (k % 5 === 0 ? `\n  w${(i * 31 + k) % 997}` : k % 7 === 0 ? 'naïve 🙂' : `x${k % 13}`))
      s.user(`row ${i}\t${words.join(' ')}`.slice(0, chars))
    }
    s.turnEnd()
    const view = viewOf(s)
    const labels = { stem: 'x', title: 't', labels: LABELS }
    const script = searchShard(view, labels)
    expect(script).toBe(searchShard(view, labels, plain))
    const shard = shardOf(script)
    expect(shard?.complete).toBe(regime !== 'dropped')
    // Capped and dropped shards fill the budget; a whole one is what its rows need.
    expect(utf8Length(script) > 0.9 * SHARD_BUDGET).toBe(regime !== 'whole')
    expect(utf8Length(script)).toBeLessThanOrEqual(SHARD_BUDGET)
  })
})

describe('searchShard, a session too big for every row', () => {
  // Rows are made only while they fit once the first MIN_ROW_CAP characters of every row show that some
  // must be dropped; the shard must be exactly the one made from every row, on both sides of that line.
  it.each([
    // Σ min(length, MIN_ROW_CAP) ≈ 0.95 MB: rows are dropped, found by making every row.
    ['short rows, under the shortcut', 11_500, 140],
    // ≈ 1.08 MB: known from the rows' heads.
    ['short rows, over the shortcut', 13_000, 140],
    ['rows of whitespace runs', 9_000, 600],
    ['few long rows', 40, 60_000],
    ['many long rows', 2_000, 9_000],
  ])('is the every-row shard: %s', (_name, rows, chars) => {
    const s = session()
    s.turnStart()
    for (let i = 0; i < rows; i++) {
      // Every third row is mostly whitespace: longer than MIN_ROW_CAP as written, shorter normalised.
      const filler = i % 3 === 0 ? ' \n\t '.repeat(chars / 4) : Array.from({ length: Math.ceil(chars / 6) }, (_, k) => `w${(i * 7 + k) % 5003}`).join(' ')
      s.user(`row ${i} ${filler}`.slice(0, chars))
    }
    s.turnEnd()
    const view = viewOf(s)
    const labels = { stem: 'x', title: 't', labels: LABELS }
    expect(searchShard(view, labels)).toBe(searchShardEveryRow(view, labels))
  })
})

describe('text helpers', () => {
  it.each([
    ['a\n\n  b\tc', 'a b c'],
    ['\u001b[31mred\u001b[0m', '[31mred [0m'],
    ['  ', ''],
  ])('normalize(%j) = %j', (text, expected) => expect(normalize(text)).toBe(expected))

  it('fairCap keeps short texts whole and shares the rest', () => {
    expect(fairCap([10, 20, 1000], 2000)).toBe(Number.POSITIVE_INFINITY)
    expect(fairCap([10, 20, 1000, 1000], 1030)).toBe(500)
    expect(fairCap([MIN_ROW_CAP, 5, 5], 0)).toBe(0)
  })

  it('capText keeps the head and the tail', () => {
    expect(capText('abcdefghij', 20)).toBe('abcdefghij')
    expect(capText('abcdefghijklmnopqrst', 8)).toBe('abcdef … st')
  })
})

describe('findBoxModel', () => {
  it('offers the tools the session used, with counts, and names its shard', () => {
    const model = findBoxModel(viewOf(sampleSession()), 'search-sample', 'en')
    expect(model.tools).toEqual([
      { value: 'bash', label: 'bash (1)' },
      { value: 'read', label: 'read (1)' },
    ])
    expect(model.shard).toBe(shardFile('search-sample'))
    expect(model.shard).toBe('search-sample.search.js')
  })
})

describe('compact', () => {
  it('keeps short text whole, and of long text the head plus each later word once', () => {
    expect(compact('a b a')).toBe('a b a')
    const long = `${'head '.repeat(500)}${'line x '.repeat(5_000)}needle line x tail`
    const out = compact(long)
    expect(out.length).toBeLessThan(2_100)
    expect(out).toMatch(/^head head /)
    expect(out.endsWith(' … line x needle tail') || out.includes('needle')).toBe(true)
    expect(out.split(' needle').length).toBe(2)
  })
})
