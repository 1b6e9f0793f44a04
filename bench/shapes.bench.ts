/**
 * Hostile content shapes (issue 32): peak memory of `build` and `export -o` on logs whose *shape*, not
 * size, used to cost: one tool result of millions of short lines, the same bytes as one flat line, one
 * result of millions of small JSON objects side by side, and a run of a million blank lines stored as a zstd
 * log of a few hundred bytes. The logs come from
 * src/log/testing/shapes.ts, streamed to disk. Each CLI (this checkout's, and BENCH_BASELINE's when set —
 * a `bin/dsh-view.mjs` or bundled `cli.mjs` of another tree) runs each case once per round, alternating
 * (BENCH_ROUNDS, default 2), so the shared machine's slow spells fall on both.
 *
 * Reported per case and CLI: the median peak RSS over the log's plaintext (target ≤ 3×, judged net of the
 * ~100 MB a build holds before a log's size counts), the pages written, and wall time (a note, never a
 * target). A run that fails (exit ≠ 0, e.g. out of memory) is reported as FAILED with its peak.
 * BENCH_SHAPE_MB sets the short-lines, flat-line and small-objects sizes (default 20, issue 32's case; 100 shows the
 * growth), BENCH_BLANK_LINES the blank run (default 1,000,000).
 */
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { BenchContext, BenchStage, Figure } from './bench-types'
import { requireBuiltCli } from './dsh-view-cli'
import { runMeasured, type Measured } from './process-tree'
import { badRunSession, flatLineSession, joined, shortLinesSession, wideResultSession } from '../src/log/testing/shapes'
import { initZstdEncoder } from '../src/log/node/testing/zstd-encode'
import { toZstd } from '../src/log/node/testing/layout'

const MB = 1e6
const PROJECT = '--home-dev-project--'
const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name])
  return Number.isFinite(v) && v > 0 ? v : fallback
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')

async function writePieces(path: string, pieces: Iterable<string>): Promise<number> {
  const out = createWriteStream(path)
  for (const piece of pieces) if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())))
  return statSync(path).size
}

interface Case {
  label: string
  /** The session directory (a root of one project of one session). */
  root: string
  plaintext: number
  stored: number
}

const countHtml = (dir: string): number => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')).length

const stage: BenchStage = async (ctx: BenchContext) => {
  const sizeMB = envNumber('BENCH_SHAPE_MB', 20)
  const blankLines = Math.round(envNumber('BENCH_BLANK_LINES', 1_000_000))
  const rounds = Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 2)))
  const clis = [{ label: 'dsh-view', cli: requireBuiltCli() }]
  if (process.env['BENCH_BASELINE']) clis.push({ label: 'baseline', cli: process.env['BENCH_BASELINE'] as string })

  const cases: Case[] = []
  const sessionDir = (name: string) => {
    const dir = join(ctx.workDir, name, PROJECT, name)
    mkdirSync(dir, { recursive: true })
    return dir
  }
  {
    // 3 bytes of log a line: 20 MB ≈ 7 M lines (issue 32's case).
    const path = join(sessionDir('short-lines'), 'session.v4.jsonl')
    const bytes = await writePieces(path, shortLinesSession(Math.round((sizeMB * MB) / 3), { id: 'short-lines' }))
    cases.push({ label: `one result of ${Math.round((sizeMB * MB) / 3 / 1e5) / 10} M short lines`, root: join(ctx.workDir, 'short-lines'), plaintext: bytes, stored: bytes })
  }
  {
    const path = join(sessionDir('flat-line'), 'session.v4.jsonl')
    const bytes = await writePieces(path, flatLineSession(sizeMB * MB, { id: 'flat-line' }))
    cases.push({ label: 'the same bytes as one flat line', root: join(ctx.workDir, 'flat-line'), plaintext: bytes, stored: bytes })
  }
  {
    // 8 bytes of log an object: 20 MB ≈ 2.5 M objects side by side (the fuzz pass's shape).
    const path = join(sessionDir('wide-line'), 'session.v4.jsonl')
    const bytes = await writePieces(path, wideResultSession(Math.round((sizeMB * MB) / 8), { id: 'wide-line' }))
    cases.push({ label: `one result of ${Math.round((sizeMB * MB) / 8 / 1e5) / 10} M small objects`, root: join(ctx.workDir, 'wide-line'), plaintext: bytes, stored: bytes })
  }
  {
    await initZstdEncoder()
    const text = joined(badRunSession(blankLines, ['blank'], { id: 'blank-run' }))
    const path = join(sessionDir('blank-run'), 'session.v4.jsonl.zstd')
    const data = toZstd(text)
    writeFileSync(path, data)
    cases.push({ label: `${(blankLines / 1e6).toFixed(1)} M blank lines, zstd`, root: join(ctx.workDir, 'blank-run'), plaintext: text.length, stored: data.length })
  }

  const samples = new Map<string, { rss: number[]; ms: number[]; pages: number; failed: string | null }>()
  const key = (c: Case, cli: string, what: string) => `${c.label}\0${cli}\0${what}`
  const record = (k: string, run: Measured, pages: number) => {
    const s = samples.get(k) ?? { rss: [], ms: [], pages, failed: null }
    s.rss.push(run.peakRss)
    s.ms.push(run.ms)
    if (run.status !== 0) s.failed = `exit ${run.status}: ${run.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 160) ?? ''}`
    samples.set(k, s)
  }
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      // Alternate which CLI goes first, round by round.
      const order = round % 2 === 0 ? clis : [...clis].reverse()
      for (const { label, cli } of order) {
        ctx.log(`shapes: round ${round + 1}, ${c.label}, ${label} build (load ${load()})`)
        const site = join(ctx.workDir, 'site')
        rmSync(site, { recursive: true, force: true })
        const built = await runMeasured(process.execPath, [cli, 'build', c.root, '-o', site, '-q'], { env: { ...process.env, NO_COLOR: '1' } })
        record(key(c, label, 'build'), built, built.status === 0 ? countHtml(site) : 0)
        rmSync(site, { recursive: true, force: true })
        ctx.log(`shapes: round ${round + 1}, ${c.label}, ${label} export (load ${load()})`)
        const file = join(ctx.workDir, 'export.html')
        const exported = await runMeasured(process.execPath, [cli, 'export', c.root, '-o', file, '-q'], { env: { ...process.env, NO_COLOR: '1' } })
        record(key(c, label, 'export -o'), exported, 0)
        rmSync(file, { force: true })
      }
    }
  }

  const figures: Figure[] = []
  const md = ['| log | command | CLI | peak RSS (median) | peak RSS / plaintext | pages | wall (median) |', '|---|---|---|---|---|---|---|']
  for (const c of cases) {
    for (const what of ['build', 'export -o']) {
      for (const { label } of clis) {
        const s = samples.get(key(c, label, what))
        if (s === undefined) continue
        const rss = median(s.rss)
        const ratio = rss / c.plaintext
        const note = `${Math.round(rss / MB)} MB peak / ${(c.plaintext / MB).toFixed(1)} MB plaintext (${(c.stored / MB).toFixed(c.stored < MB ? 4 : 1)} MB stored), ${(median(s.ms) / 1000).toFixed(1)} s${s.failed === null ? '' : `; FAILED (${s.failed})`}`
        figures.push({ name: `shapes, ${label} ${what}: ${c.label}`, value: Number(ratio.toFixed(2)), unit: '×', note })
        md.push(`| ${c.label}: ${(c.plaintext / MB).toFixed(1)} MB plaintext, ${(c.stored / MB).toFixed(c.stored < MB ? 4 : 1)} MB stored | ${what} | ${label} | ${s.failed === null ? `${Math.round(rss / MB)} MB` : `FAILED, ${Math.round(rss / MB)} MB`} | **${ratio.toFixed(2)}×** | ${what === 'build' ? s.pages : ''} | ${(median(s.ms) / 1000).toFixed(1)} s |`)
      }
    }
  }
  writeFileSync(join(ctx.workDir, '..', 'shapes.md'), `${md.join('\n')}\n`)
  for (const c of cases) rmSync(c.root, { recursive: true, force: true })
  return figures
}

export default stage
