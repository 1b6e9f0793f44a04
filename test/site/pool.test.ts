/**
 * Families rendered on worker threads (src/site/pool.ts) give the same site as one thread: every file
 * byte for byte, the same report, and a highlight cache the next build can use. The worker script is
 * bundled from source here (the package build's dist/site-worker.mjs may be older than the code under test).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BuildReport } from '../../src/site/build-site'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { bundleWorker } from '../support/workers'

const root = fileURLToPath(new URL('../../', import.meta.url))
const DEMO = `${root}fixtures/demo-sessions/`
const XSS = `${root}fixtures/xss/`

let script: string
let single: { out: string; report: BuildReport }
let pooled: { out: string; report: BuildReport }
let remote: { out: string; report: BuildReport }

beforeAll(async () => {
  script = await bundleWorker('src/site/family-worker.ts')
  const highlightWorker = await bundleWorker('src/highlight/worker.ts')
  const [one, two, three] = [tempDir(), tempDir(), tempDir()]
  // One thread colouring its own code, against family workers, and against one thread with a highlight worker.
  const [a, b, c] = await Promise.all([
    buildInto([DEMO, XSS], one, { workers: 0, highlightWorker: null }),
    buildInto([DEMO, XSS], two, { workers: 2, workerScript: script, highlightWorker: null }),
    buildInto([DEMO, XSS], three, { workers: 0, highlightWorker }),
  ])
  single = { out: one, report: a }
  pooled = { out: two, report: b }
  remote = { out: three, report: c }
}, 120_000)

describe('colouring on a highlight worker', () => {
  it('gives the same pages and the same coloured blocks as colouring on the build thread', () => {
    const a = treeOf(single.out, { skipState: true })
    const c = treeOf(remote.out, { skipState: true })
    expect([...c.keys()]).toEqual([...a.keys()])
    for (const [path, bytes] of a) expect(c.get(path)?.equals(bytes), path).toBe(true)
    expect(remote.report.highlight.blocks).toBe(single.report.highlight.blocks)
    expect(remote.report.highlight.blocks).toBeGreaterThan(0)
  })
})

describe('rendering on worker threads', () => {
  it('writes exactly the files one thread writes, byte for byte', () => {
    const a = treeOf(single.out, { skipState: true })
    const b = treeOf(pooled.out, { skipState: true })
    expect([...b.keys()]).toEqual([...a.keys()])
    for (const [path, bytes] of a) expect(b.get(path)?.equals(bytes), path).toBe(true)
    // The manifest (and so the next incremental build) is the same too.
    expect(readFileSync(join(pooled.out, '.dsh-view/manifest.json'), 'utf8')).toBe(readFileSync(join(single.out, '.dsh-view/manifest.json'), 'utf8'))
  })

  it('reports the same sessions, pages, warnings and problems, in the same order', () => {
    const facts = (r: BuildReport) => ({ sessions: r.sessions, pages: r.pages, rendered: r.rendered, warnings: r.warnings, problems: r.problems, overBudget: r.overBudget, bytes: r.bytes, blocks: r.highlight.blocks })
    expect(facts(pooled.report)).toEqual(facts(single.report))
    expect(pooled.report.rendered).toBeGreaterThan(2)
  })

  it('hands the highlight fragments the workers made to the build cache: a rebuild colours from it', async () => {
    expect(pooled.report.highlight.blocks).toBeGreaterThan(0)
    // A changed renderer id forces every page to render again, with the cache the pooled build saved.
    const again = await buildInto([DEMO, XSS], pooled.out, { workers: 2, workerScript: script, title: 'Again' })
    expect(again.rendered).toBe(pooled.report.rendered)
    expect(again.highlight.blocks).toBe(0)
    // Every block made last time is found (a text repeated in one session was made once, found twice).
    expect(again.highlight.cacheHits).toBeGreaterThanOrEqual(pooled.report.highlight.blocks)
  })
})
