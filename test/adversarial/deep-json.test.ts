/**
 * Issue 17, class "deep JSON": tool arguments, results, metadata and code-mode dispatch arguments nested
 * thousands of levels deep. Before the fix, folding or rendering ran out of stack (`JSON.stringify`, card
 * models) and took the whole build down. Now every value is capped where it enters (src/log/json/depth.ts) and
 * the cards show the capped value with a note.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { capDepth, deeperThan, DEPTH_NOTE, MAX_JSON_DEPTH, parseCapped } from '../../src/log/json/depth'
import { deepJson, deepSession, plainSession, writeRoot } from './support/generators'
import { cleanTemps, filesUnder, run, temp, tmpFilesUnder } from './support/harness'

afterAll(cleanTemps)

describe('capDepth', () => {
  it('returns a value within the cap as it is', () => {
    const v = JSON.parse(deepJson(MAX_JSON_DEPTH)) as unknown
    expect(deeperThan(v, MAX_JSON_DEPTH)).toBe(false)
    expect(capDepth(v)).toBe(v)
  })

  it.each([101, 5000, 200_000])('cuts %i levels at the cap, keeping key order and __proto__ keys', depth => {
    const v = parseCapped(`{"b":1,"__proto__":{"x":2},"a":${deepJson(depth)}}`)
    expect(deeperThan(v, MAX_JSON_DEPTH)).toBe(false)
    const text = JSON.stringify(v)
    expect(text.startsWith('{"b":1,"__proto__":{"x":2},"a":')).toBe(true)
    expect(text).toContain(JSON.stringify(DEPTH_NOTE))
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype)
    expect(Object.keys(v as object)).toEqual(['b', '__proto__', 'a'])
  })
})

describe('a log nested thousands of levels deep', () => {
  const root = writeRoot(temp(), [{ name: 'deep', text: deepSession('deep-1', 5000) }, { name: 'ok', text: plainSession('ok-1') }])

  it('builds: both sessions present, the deep values shown capped with a note', async () => {
    const out = join(temp(), 'site')
    const r = await run(['build', root, '-o', out])
    expect(r.err).not.toMatch(/could not/)
    expect(r.code).toBe(0)
    const pages = filesUnder(out).filter(f => f.startsWith('sessions/') && f.endsWith('.html') && !f.includes('.trajectory.'))
    expect(pages).toEqual(['sessions/deep-1.html', 'sessions/ok-1.html'])
    expect(readFileSync(join(out, 'sessions/deep-1.html'), 'utf8')).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`)
    expect(tmpFilesUnder(out)).toEqual([])
  })

  it('exports to HTML and Markdown', async () => {
    const dir = temp()
    const r = await run(['export', join(root, '--home-dev-proj--/s000-deep/session.jsonl'), '-o', join(dir, 'x.html'), '--markdown', join(dir, 'x.md')])
    expect(r.code).toBe(0)
    expect(readFileSync(join(dir, 'x.html'), 'utf8')).toContain('nested deeper than')
    expect(filesUnder(dir)).toEqual(['x.html', 'x.md'])
  })

  it('snapshots', async () => {
    const r = await run(['snapshot', join(root, '--home-dev-proj--/s000-deep/session.jsonl')])
    expect(r.code).toBe(0)
    // Text snapshots cut long values before the note: what counts is that every card is there.
    expect(r.out).toContain('Inspect: fetch')
    expect(r.out).toContain('turn-tail')
  })
})
