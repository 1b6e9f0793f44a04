/**
 * End-to-end static build (issue 4): MB of log per second from bytes on disk to a written site, with the
 * stage split the build reports (scan = hash + header; decode = read + parse + fold; view model; render =
 * cut + Markdown + React + pagination; highlight = shiki misses; write), on
 * - a generated chunk-heavy session of ~BENCH_MB MB (generate-log.ts, the decode bench's shapes);
 * - a code-heavy session (~BENCH_MB/4 MB): Markdown answers with fenced TypeScript, file reads, edits —
 *   as the CLI decides (the highlight worker with a second core: src/site/threads.ts), with shiki on
 *   the build thread (DSH_VIEW_HIGHLIGHT_WORKER=0) and on the worker (=1), and rebuilt with every page
 *   re-rendered (another --title) on a warm highlight cache;
 * - a root of 1,000 sessions totalling ~BENCH_MB MB;
 * - a rebuild of the chunk-heavy site with nothing changed (hash only);
 * - the claude-replay comparison: the same conversation as a Claude Code transcript (claude-transcript.ts),
 *   its size next to the dsh log's, and claude-replay's time on it when the package can be found
 *   (`npm i --no-save claude-replay`, or CLAUDE_REPLAY=/path/to/bin/claude-replay.mjs).
 * Each build runs the real CLI (`bin/dsh-view.mjs build … -q`) in a child process — what a user runs, with
 * production React — and reads the stage split it prints when DSH_VIEW_TIMINGS=1. Wall time includes Node's
 * startup (~0.3 s). Needs the package build: `npm run build` first, or BENCH_CLI=<a bundled cli.mjs>.
 * BENCH_BASELINE=<another cli.mjs> with BENCH_PAIRS=N adds paired figures (see `paired`).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { session, toolCallBlock } from '../src/log/testing/session'
import type { BenchContext, BenchStage, Figure } from './bench-types'
import { writeClaudeTranscript } from './claude-transcript'
import { findCli, requireBuiltCli } from './dsh-view-cli'
import { generateLog } from './generate-log'

const MB = 1e6

function writeLog(root: string, project: string, id: string, text: string): number {
  const dir = join(root, project, id)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), text)
  return Buffer.byteLength(text)
}

const generatedText = (bytes: number, seed: number) => {
  const log = generateLog(bytes, seed)
  return `${[log.header, ...log.batches.flat()].join('\n')}\n`
}

/** A TypeScript-looking module of `lines` lines; `seed` varies names so the highlight cache cannot dedupe. */
function tsSource(lines: number, seed: number): string {
  const out: string[] = [`import { helper${seed} } from './helpers-${seed}'`, '']
  for (let i = 0; out.length < lines; i++) {
    out.push(
      `/** Computes value ${i} for seed ${seed}. */`,
      `export async function compute${seed}_${i}(input: Record<string, number>, limit = ${i * 7}): Promise<number[]> {`,
      `  const values = Object.entries(input).filter(([key]) => key.startsWith('k${i}')).map(([, v]) => v * ${seed % 13})`,
      `  if (values.length > limit) throw new Error(\`too many: \${values.length}\`) // guard`,
      `  return values.sort((a, b) => a - b).slice(0, helper${seed}(limit))`,
      '}',
    )
  }
  return out.slice(0, lines).join('\n')
}

function codeHeavyText(bytes: number): string {
  const s = session({ id: 'bench-code', cwd: '/home/dev/project' })
  for (let t = 1; s.jsonl().length < bytes; t++) {
    for (let k = 0; k < 10; k++) {
      const n = t * 10 + k
      s.turnStart()
      s.user(`Refactor module ${n} and show me the result`)
      s.stepStart()
      const file = `src/module-${n}.ts`
      const source = tsSource(220, n)
      s.assistant([toolCallBlock(`read-${n}`, 'read', { file_path: file })])
      s.call('read', { file_path: file }, `read-${n}`)
      const lines = source.split('\n').map((text, i) => ({ number: i + 1, text }))
      s.result(`read-${n}`, `<path>/home/dev/project/${file}</path>\n<type>file</type>\n<content>\n${lines.map(l => `${l.number}: ${l.text}`).join('\n')}\n</content>`, {
        meta: { path: `/home/dev/project/${file}`, offset: 1, lines, totalLines: lines.length, lang: 'ts' },
      })
      s.stepEnd()
      s.stepStart()
      s.assistant(`Here is the new version of \`${file}\`:\n\n\`\`\`ts\n${tsSource(60, n + 100_000)}\n\`\`\`\n\nIt keeps the API.`)
      s.stepEnd()
      s.turnEnd()
    }
  }
  return s.jsonl()
}

interface BuildRun {
  ms: number
  timings: Record<string, number>
  pages: number
  sessions: number
  rendered: number
  unchanged: number
  highlightBlocks: number
}

/** One `dsh-view build` in a child process; wall time measured here, the split reported by the CLI. */
function build(ctx: BenchContext, inputs: string[], outDir: string, extra: { env?: Record<string, string>; args?: string[]; cli?: string } = {}): BuildRun {
  ctx.gc()
  const started = performance.now()
  const cli = extra.cli ?? findCli()
  if (cli === null) throw new Error('site bench: bin/dsh-view.mjs not found')
  const result = spawnSync(process.execPath, [cli, 'build', ...inputs, '-o', outDir, '-q', ...(extra.args ?? [])], {
    env: { ...process.env, DSH_VIEW_TIMINGS: '1', HOME: ctx.workDir, DSH_HOME: ctx.workDir, ...extra.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const ms = performance.now() - started
  const line = result.stderr.split('\n').find(l => l.startsWith('DSH_VIEW_TIMINGS '))
  if (result.status !== 0 || line === undefined) throw new Error(`site bench: dsh-view build failed (${result.status}): ${result.stderr.slice(-2000)}`)
  const reported = JSON.parse(line.slice('DSH_VIEW_TIMINGS '.length)) as Omit<BuildRun, 'ms'>
  return { ...reported, ms }
}

const rate = (bytes: number, ms: number) => Number((bytes / MB / (ms / 1000)).toFixed(1))

function figures(label: string, bytes: number, run: BuildRun): Figure[] {
  const t = run.timings
  const total = Object.values(t).reduce((a, b) => a + b, 0)
  const pct = (v: number) => `${Math.round((100 * v) / Math.max(total, 1))}%`
  return [
    {
      name: `${label}: end to end`,
      value: rate(bytes, run.ms),
      unit: 'MB/s',
      note: `${(bytes / MB).toFixed(0)} MB → ${run.pages} pages, ${run.sessions} sessions in ${(run.ms / 1000).toFixed(1)} s`,
    },
    {
      name: `${label}: split`,
      value: Math.round(total),
      unit: 'ms',
      note: `scan ${pct(t['scan'] ?? 0)} · decode+fold ${pct(t['decode'] ?? 0)} · view model ${pct(t['viewModel'] ?? 0)} · render ${pct(t['render'] ?? 0)} · highlight ${pct(t['highlight'] ?? 0)} (${run.highlightBlocks} blocks) · write ${pct(t['write'] ?? 0)}`,
    },
  ]
}

function claudeReplayBin(): string | null {
  if (process.env['CLAUDE_REPLAY']) return process.env['CLAUDE_REPLAY']
  try {
    return createRequire(join(process.cwd(), 'package.json')).resolve('claude-replay/bin/claude-replay.mjs')
  } catch {
    return null
  }
}

/**
 * BENCH_BASELINE=<cli.mjs> (a bundle of the code to compare with, built as scripts/build.mjs builds
 * dist/cli.mjs) and BENCH_PAIRS=N: each headline input is also built N times by the baseline and the
 * current CLI, alternately, into fresh folders — on shared machines single runs vary up to 2×, so only
 * runs taken side by side compare. Prints best and median wall time of each.
 */
function paired(ctx: BenchContext, label: string, bytes: number, inputs: string[]): Figure[] {
  const baseline = process.env['BENCH_BASELINE']
  const pairs = Number(process.env['BENCH_PAIRS'] ?? 0)
  if (!baseline || !(pairs > 0)) return []
  const times: Record<'baseline' | 'current', number[]> = { baseline: [], current: [] }
  for (let i = 0; i < pairs; i++) {
    for (const which of ['baseline', 'current'] as const) {
      const outDir = join(ctx.workDir, `paired-${which}`)
      rmSync(outDir, { recursive: true, force: true })
      times[which].push(build(ctx, inputs, outDir, which === 'baseline' ? { cli: baseline } : {}).ms)
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor((a.length - 1) / 2)] ?? 0
  return (['baseline', 'current'] as const).map(which => ({
    name: `${label}: paired, ${which}`,
    value: rate(bytes, Math.min(...times[which])),
    unit: 'MB/s',
    note: `best of ${pairs} alternated runs; median ${rate(bytes, median(times[which]))} MB/s`,
  }))
}

const stage: BenchStage = async (ctx) => {
  requireBuiltCli()
  const out: Figure[] = []

  ctx.log(`site: generating a ~${ctx.sizeMB} MB chunk-heavy session`)
  const chunkRoot = join(ctx.workDir, 'chunky')
  const chunkBytes = writeLog(chunkRoot, '--home-dev-project--', 'bench-chunky', generatedText(ctx.sizeMB * MB, 11))
  ctx.log('site: building it')
  const chunkSite = join(ctx.workDir, 'site-chunky')
  out.push(...figures('chunk-heavy', chunkBytes, build(ctx, [chunkRoot], chunkSite)))
  out.push(...paired(ctx, 'chunk-heavy', chunkBytes, [chunkRoot]))
  const again = build(ctx, [chunkRoot], chunkSite)
  out.push({ name: 'chunk-heavy: rebuild, unchanged', value: rate(chunkBytes, again.ms), unit: 'MB/s', note: `${again.unchanged} unchanged, ${again.rendered} rebuilt in ${(again.ms / 1000).toFixed(2)} s` })

  ctx.log(`site: generating a ~${(ctx.sizeMB / 4).toFixed(0)} MB code-heavy session`)
  const codeRoot = join(ctx.workDir, 'code')
  const codeBytes = writeLog(codeRoot, '--home-dev-project--', 'bench-code', codeHeavyText((ctx.sizeMB / 4) * MB))
  const codeSite = join(ctx.workDir, 'site-code')
  out.push(...figures('code-heavy', codeBytes, build(ctx, [codeRoot], codeSite)))
  out.push(...paired(ctx, 'code-heavy', codeBytes, [codeRoot]))
  const codeOneThread = build(ctx, [codeRoot], join(ctx.workDir, 'site-code-1'), { env: { DSH_VIEW_HIGHLIGHT_WORKER: '0' } })
  out.push({ name: 'code-heavy: shiki on the build thread', value: rate(codeBytes, codeOneThread.ms), unit: 'MB/s', note: `${(codeOneThread.ms / 1000).toFixed(1)} s without the highlight worker` })
  const codeWorker = build(ctx, [codeRoot], join(ctx.workDir, 'site-code-w'), { env: { DSH_VIEW_HIGHLIGHT_WORKER: '1' } })
  out.push({ name: 'code-heavy: shiki on the worker', value: rate(codeBytes, codeWorker.ms), unit: 'MB/s', note: `${(codeWorker.ms / 1000).toFixed(1)} s with the highlight worker` })
  // Another title changes every page, so all are rendered again — with the fragments cached last time.
  const warm = build(ctx, [codeRoot], codeSite, { args: ['--title', 'Rebuilt'] })
  out.push({ name: 'code-heavy: re-render, warm cache', value: rate(codeBytes, warm.ms), unit: 'MB/s', note: `${warm.rendered} rebuilt, ${warm.highlightBlocks} blocks through shiki in ${(warm.ms / 1000).toFixed(1)} s` })

  ctx.log('site: generating a root of 1,000 sessions')
  const manyRoot = join(ctx.workDir, 'many')
  let manyBytes = 0
  for (let i = 0; i < 1000; i++) manyBytes += writeLog(manyRoot, `--home-dev-p${i % 20}--`, `bench-${i}`, generatedText((ctx.sizeMB * MB) / 1000, 1000 + i))
  const many = build(ctx, [manyRoot], join(ctx.workDir, 'site-many'))
  out.push(...figures('1,000 sessions', manyBytes, many))
  out.push(...paired(ctx, '1,000 sessions', manyBytes, [manyRoot]))
  out.push({ name: '1,000 sessions: per session', value: Number((many.ms / 1000).toFixed(2)), unit: 'ms', note: 'wall time / sessions' })

  ctx.log('site: the claude-replay comparison')
  const small = Math.max(2, ctx.sizeMB / 10)
  const convRoot = join(ctx.workDir, 'conversation')
  const convBytes = writeLog(convRoot, '--home-dev-project--', 'bench-conversation', generatedText(small * MB, 23))
  const transcript = join(ctx.workDir, 'claude-transcript.jsonl')
  const claude = await writeClaudeTranscript(join(convRoot, '--home-dev-project--/bench-conversation/session.jsonl'), transcript)
  const ours = build(ctx, [convRoot], join(ctx.workDir, 'site-conversation'))
  out.push({ name: 'same conversation: dsh log / Claude transcript', value: Number((convBytes / claude.bytes).toFixed(1)), unit: '×', note: `${(convBytes / MB).toFixed(1)} MB vs ${(claude.bytes / MB).toFixed(1)} MB` })
  out.push({ name: 'same conversation: dsh-view build', value: Number((ours.ms / 1000).toFixed(2)), unit: 's', note: `${rate(convBytes, ours.ms)} MB/s of dsh log` })
  const bin = claudeReplayBin()
  if (bin === null) {
    out.push({ name: 'same conversation: claude-replay', value: 0, unit: 's', note: 'not run: claude-replay not found (npm i --no-save claude-replay, or set CLAUDE_REPLAY)' })
  } else {
    const html = join(ctx.workDir, 'claude-replay.html')
    const started = performance.now()
    execFileSync(process.execPath, [bin, transcript, '-o', html, '--no-auto-redact'], { stdio: 'ignore' })
    const ms = performance.now() - started
    out.push({ name: 'same conversation: claude-replay', value: Number((ms / 1000).toFixed(2)), unit: 's', note: `one ${(statSync(html).size / MB).toFixed(1)} MB HTML file from the ${(claude.bytes / MB).toFixed(1)} MB transcript` })
  }
  return out
}

export default stage
