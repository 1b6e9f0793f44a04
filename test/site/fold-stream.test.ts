/**
 * A session alone in its family, folded on the fold worker while the build's thread renders it
 * (src/site/family-stream.ts), gives the site a build that folds first gives, byte for byte: sessions with
 * code to colour and outputs cut to side files, real corpus turns chained into one session, the demo and
 * hostile fixtures. A session whose handed-out section changes later (a tool result arriving a hundred turns
 * after its call) and a fold worker that fails are rendered from a fold of the build's own thread, with
 * the same bytes, and the report says so. The worker script is bundled from source.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { findCorpus, loadTemplates, writeChainedSession } from '../../bench/chain-corpus'
import { session, text } from '../../src/log/testing/session'
import type { BuildReport } from '../../src/site/build-site'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { bundleWorker } from '../support/workers'

const root = fileURLToPath(new URL('../../', import.meta.url))
const DEMO = `${root}fixtures/demo-sessions/`
const XSS = `${root}fixtures/xss/`

const tsBlock = (seed: number, lines: number) => Array.from({ length: lines }, (_, i) => `const v${seed}_${i} = ${seed * 1000 + i} // ${'x'.repeat(30)}`).join('\n')
const longOutput = (n: number) => Array.from({ length: 300 }, (_, i) => `line ${i} of output ${n % 3} ${'-'.repeat(60)}`).join('\n')

/**
 * `turns` turns with code answers and a long output every 23rd turn; with `lateAt`, a call at that turn whose
 * result comes in the last turn, and a 20 KB output every turn (so the log spans several of the reader's
 * 1 MiB reads, and the call's section is handed out before its result is read).
 */
function codeLog(id: string, turns: number, lateAt: number | null): string {
  const s = session({ id })
  let late: string | null = null
  for (let t = 0; t < turns; t++) {
    s.turnStart()
    s.stepStart()
    s.user(`question ${t}`)
    s.assistant([text(t % 2 === 0 ? `answer ${t}\n\n\`\`\`ts\n${tsBlock(t, 12)}\n\`\`\`\n` : `answer ${t}`)])
    if (t % 23 === 5 || lateAt !== null) {
      const call = s.call('bash', { command: `cat big-${t}.log` }, `call-${t}`)
      s.result(call.data.callId, longOutput(t))
    }
    if (t === lateAt) late = s.call('bash', { command: 'sleep 600' }, 'call-late').data.callId
    if (t === turns - 1 && late !== null) s.result(late, 'done at last')
    s.stepEnd()
    s.turnEnd()
  }
  return s.jsonl()
}

function writeRoot(): string {
  const dir = tempDir('dv-fold-stream-root-')
  const put = (name: string, file: string, log: string | null) => {
    const d = join(dir, '--home-dev-stream--', name)
    mkdirSync(d, { recursive: true })
    if (log !== null) writeFileSync(join(d, file), log)
    return join(d, file)
  }
  put('code', 'session.jsonl', codeLog('code', 260, null))
  put('late-result', 'session.jsonl', codeLog('late-result', 130, 3))
  const { templates } = loadTemplates(findCorpus(), 0)
  const corpusBytes = templates.reduce((n, t) => n + t.plaintextBytes, 0)
  writeChainedSession(put('chained', 'session.jsonl', null), templates, corpusBytes * 2.5, { version: 0, id: 'chained' })
  return dir
}

let script: string
let logs: string
let folded: { out: string; report: BuildReport }
let streamed: { out: string; report: BuildReport }

function sameSite(a: string, b: string): void {
  const x = treeOf(a, { skipState: true })
  const y = treeOf(b, { skipState: true })
  expect(x.size).toBeGreaterThan(20)
  expect([...y.keys()]).toEqual([...x.keys()])
  for (const [path, bytes] of x) expect(y.get(path)?.equals(bytes), path).toBe(true)
  expect(readFileSync(join(b, '.dsh-view/manifest.json'), 'utf8')).toBe(readFileSync(join(a, '.dsh-view/manifest.json'), 'utf8'))
}

beforeAll(async () => {
  script = await bundleWorker('src/site/fold-worker.ts')
  logs = writeRoot()
  const a = tempDir('dv-fold-first-')
  folded = { out: a, report: await buildInto([logs, DEMO, XSS], a, { workers: 0, foldWorker: null }) }
  const b = tempDir('dv-fold-streamed-')
  streamed = { out: b, report: await buildInto([logs, DEMO, XSS], b, { workers: 0, foldWorker: script, streamMinBytes: 0, streamReadBytes: 16_384 }) }
}, 240_000)

describe('a session folded on the fold worker while it renders', () => {
  it('writes exactly the files a build that folds first writes, byte for byte', () => {
    expect(folded.report.streamed).toEqual({ done: 0, abandoned: [] })
    sameSite(folded.out, streamed.out)
  })

  it('streams every session alone in its family, but the one whose handed-out section changed', () => {
    // code, chained, and the fixtures' sessions without family; late-result falls back.
    expect(streamed.report.streamed.done).toBeGreaterThanOrEqual(3)
    expect(streamed.report.streamed.abandoned).toEqual(['a section changed after it was handed out'])
  })

  it('renders every session from its own fold when the fold worker fails, with the same bytes', async () => {
    const broken = join(tempDir('dv-fold-broken-'), 'fold-worker.mjs')
    writeFileSync(broken, "throw new Error('no fold here')\n")
    const out = tempDir('dv-fold-broken-out-')
    const report = await buildInto([logs, DEMO, XSS], out, { workers: 0, foldWorker: broken, streamMinBytes: 0 })
    expect(report.streamed.done).toBe(0)
    expect(report.streamed.abandoned.length).toBe(streamed.report.streamed.done + 1)
    for (const reason of report.streamed.abandoned) expect(reason).toMatch(/fold worker|no fold here/)
    sameSite(folded.out, out)
  }, 120_000)
})
