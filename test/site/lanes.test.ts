/**
 * One big session rendered on lanes (src/site/lanes.ts: the build's thread and lane workers) gives the
 * same site as one thread, byte for byte: sessions whose colour budget is spent early, spent unevenly (the
 * lanes start from a budget planned on the build's thread), never spent; a child session linked from a
 * batch in the middle; cut outputs repeated across batches; the demo fixtures. A lane failure becomes the
 * session's damaged page. Lanes are forced onto small sessions with `laneMinBytes: 0`; the worker script is
 * bundled from source.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { session, text } from '../../src/log/testing/session'
import type { BuildReport } from '../../src/site/build-site'
import { LanePool, type LaneJob } from '../../src/site/lanes'
import { SessionRenderer } from '../../src/site/render/render-session'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { testSiteAssets } from '../support/site-assets'
import { bundleWorker } from '../support/workers'

const root = fileURLToPath(new URL('../../', import.meta.url))
const DEMO = `${root}fixtures/demo-sessions/`

/** A TypeScript block of exactly `chars` characters (lines of 40). */
function tsBlock(chars: number, seed: number): string {
  const lines: string[] = []
  let left = chars
  for (let i = 0; left > 0; i++) {
    const line = `const v${seed}_${i} = ${seed * 1000 + i} // ${'x'.repeat(40)}`.slice(0, Math.min(40, left))
    lines.push(line)
    left -= line.length + 1
  }
  const body = lines.join('\n')
  return body.slice(0, chars)
}

/** A long tool output (cut: its whole text goes to a side file); `n` picks one of a few, so texts repeat. */
const longOutput = (n: number) => Array.from({ length: 900 }, (_, i) => `line ${i} of output ${n % 3} ${'-'.repeat(60)}`).join('\n')

/**
 * A parent of `turns` turns: code answers shaped by `code(turn)` (null: none), a long output every 37th
 * turn, and (with `child`) the call that started it at turn 150.
 */
function parentLog(id: string, turns: number, code: (turn: number) => string | null, child: string | null): string {
  const s = session({ id })
  for (let t = 0; t < turns; t++) {
    s.turnStart()
    s.stepStart()
    s.user(`question ${t}`)
    const block = code(t)
    s.assistant([text(block === null ? `answer ${t}` : `answer ${t}\n\n\`\`\`ts\n${block}\n\`\`\`\n`)])
    if (t % 37 === 5) {
      const call = s.call('bash', { command: `cat big-${t}.log` }, `call-${t}`)
      s.result(call.data.callId, longOutput(t))
    }
    if (child !== null && t === 150) {
      const call = s.call('task', { prompt: 'help' }, 'call-child')
      s.result(call.data.callId, `started subagent ${child}`)
    }
    s.stepEnd()
    s.turnEnd()
  }
  return s.jsonl()
}

function childLog(id: string, parent: string): string {
  const s = session({ id, header: { parentSession: parent } })
  s.turnStart()
  s.stepStart()
  s.user('help')
  s.assistant([text('done')])
  s.stepEnd()
  s.turnEnd()
  return s.jsonl()
}

function writeRoot(): string {
  const dir = tempDir('dv-lanes-root-')
  const put = (name: string, log: string) => {
    const d = join(dir, '--home-dev-lanes--', name)
    mkdirSync(d, { recursive: true })
    writeFileSync(join(d, 'session.jsonl'), log)
  }
  // Spent early and exactly: two 16,000-character blocks a turn for four turns leave nothing.
  put('spent-early', parentLog('spent-early', 330, t => (t < 12 ? tsBlock(16_000, t) : t % 3 === 0 ? tsBlock(300, t) : null), 'lane-child'))
  put('lane-child', childLog('lane-child', 'spent-early'))
  // Spent unevenly: 1,100-character blocks run the budget down to 400, then 300-character ones fit now and then.
  put('spent-late', parentLog('spent-late', 330, t => (t % 2 === 0 ? tsBlock(1_100, t) : t % 7 === 0 ? tsBlock(300, t) : null), null))
  // Never spent: a small block every fifth turn.
  put('never-spent', parentLog('never-spent', 200, t => (t % 5 === 0 ? tsBlock(120, t) : null), null))
  return dir
}

let script: string
let logs: string
let one: { out: string; report: BuildReport }
const laned = new Map<number, { out: string; report: BuildReport }>()

beforeAll(async () => {
  script = await bundleWorker('src/site/family-worker.ts')
  logs = writeRoot()
  const out = tempDir('dv-lanes-one-')
  one = { out, report: await buildInto([logs, DEMO], out, { workers: 0, highlightWorker: null }) }
  for (const lanes of [2, 3]) {
    const o = tempDir(`dv-lanes-${lanes}-`)
    laned.set(lanes, { out: o, report: await buildInto([logs, DEMO], o, { workers: 0, lanes, workerScript: script, laneMinBytes: 0, highlightWorker: null }) })
  }
}, 240_000)

describe('one session on lanes', () => {
  it('writes exactly the files one thread writes, byte for byte, with 2 and 3 lanes', () => {
    const a = treeOf(one.out, { skipState: true })
    expect(a.size).toBeGreaterThan(20)
    for (const [lanes, { out }] of laned) {
      const b = treeOf(out, { skipState: true })
      expect([...b.keys()], `${lanes} lanes`).toEqual([...a.keys()])
      for (const [path, bytes] of a) expect(b.get(path)?.equals(bytes), `${lanes} lanes: ${path}`).toBe(true)
      expect(readFileSync(join(out, '.dsh-view/manifest.json'), 'utf8')).toBe(readFileSync(join(one.out, '.dsh-view/manifest.json'), 'utf8'))
    }
  })

  it('covers what it claims: several batches, colours, cut outputs, the child link', () => {
    const pages = (stem: string) => [...treeOf(one.out).keys()].filter(p => p.startsWith(`sessions/${stem}`) && p.endsWith('.html'))
    const html = (stem: string) => pages(stem).map(p => readFileSync(join(one.out, p), 'utf8')).join('')
    expect(one.report.highlight.blocks).toBeGreaterThan(8)
    // Every one of these sessions has coloured code (a fragment is `<pre class="shiki">` with spans).
    for (const stem of ['spent-early', 'spent-late', 'never-spent']) expect(html(stem)).toContain('<pre class="shiki"><code><span class=')
    expect(html('spent-early')).toContain('lane-child')
    expect([...treeOf(one.out).keys()].filter(p => p.startsWith('sessions/spent-early') && p.endsWith('.txt')).length).toBe(3)
    for (const { report } of laned.values()) expect(report.problems).toEqual([])
  })

  it('without colours (--no-highlight) too', async () => {
    const [a, b] = [tempDir('dv-lanes-plain1-'), tempDir('dv-lanes-plain2-')]
    await buildInto([logs], a, { workers: 0, highlight: false })
    await buildInto([logs], b, { workers: 0, lanes: 2, workerScript: script, laneMinBytes: 0, highlight: false })
    const [ta, tb] = [treeOf(a, { skipState: true }), treeOf(b, { skipState: true })]
    expect([...tb.keys()]).toEqual([...ta.keys()])
    for (const [path, bytes] of ta) expect(tb.get(path)?.equals(bytes), path).toBe(true)
  }, 120_000)

  it('reports the same sessions, pages, warnings and coloured blocks', () => {
    // Blocks too: lanes have their code coloured by the build thread's highlighter, each text once.
    const facts = (r: BuildReport) => ({ sessions: r.sessions, pages: r.pages, rendered: r.rendered, warnings: r.warnings, problems: r.problems, overBudget: r.overBudget, bytes: r.bytes, blocks: r.highlight.blocks })
    for (const { report } of laned.values()) expect(facts(report)).toEqual(facts(one.report))
  })
})

describe('a lane that fails', () => {
  it('rejects that batch; the pool goes on with the next', async () => {
    const assets = await testSiteAssets()
    const pool = new LanePool(script, 2, { outDir: tempDir(), shell: assets.shell, locale: 'en', baseUrl: null, viewMode: 'standard', cacheFile: null, highlight: false }, null)
    const job: LaneJob = { stem: 's', limit: { bytes: 1_000_000, nodes: 100_000 }, viewMode: 'standard', sessionLeft: 0, sections: [], links: {} }
    await expect(pool.run({ ...job, sections: [null as never] })).rejects.toThrow()
    const ok = await pool.run(job)
    expect(ok.pieces).toEqual([])
    await pool.close()
  }, 60_000)

  it('gives the session its damaged page, as a failed render on the build thread does', async () => {
    // Every batch is rendered by this thread as a lane (the worker never has room), and fails.
    const room = vi.spyOn(LanePool.prototype, 'hasRoom').mockReturnValue(false)
    const spy = vi.spyOn(SessionRenderer.prototype, 'renderLaneBatch').mockRejectedValue(new TypeError('injected lane failure'))
    try {
      const out = tempDir('dv-lanes-fail-')
      const report = await buildInto([logs], out, { workers: 0, lanes: 2, workerScript: script, laneMinBytes: 0, highlightWorker: null })
      expect(report.problems.map(p => p.message).join('\n')).toContain('injected lane failure')
      expect(readFileSync(join(out, 'sessions', 'spent-early.html'), 'utf8')).toContain('injected lane failure')
    } finally {
      spy.mockRestore()
      room.mockRestore()
    }
  }, 120_000)
})
