/**
 * What the Trajectory tab costs a build (issue 29 "Done when": a 100 MB session's Trajectory pages add at most
 * 25% to its build time, and peak RSS stays ≤ 3× the log). The real CLI (`bin/dsh-view.mjs build … -q`, a
 * child process, production React) builds one ~BENCH_MB MB session into a fresh folder with the tab and
 * without it (`DSH_VIEW_TRAJECTORY=0`, cli/build.ts), in pairs whose order alternates (A/B, B/A, …) so the
 * shared machine's slow spells fall on both; `BENCH_PAIRS` pairs (default 2). Two sessions:
 * - `generated`: the decode stage's chunk-heavy log (generate-log.ts);
 * - `corpus`: the real corpus logs chained into one v0 session (chain-corpus.ts), real requests and tools.
 * Figures per session: build wall time and CPU (median of the pairs) and peak RSS of the process tree
 * (largest of the pairs; process-tree.ts), with and without, the time ratio per pair, and peak RSS / log —
 * also net of the idle floor, (peak − idle) / log, as the memory case (site-same-conversation) and the shapes
 * stage judge their 3×: idle is the peak RSS of building one small corpus session, with and without the tab,
 * measured in the same run (Node, React and shiki loaded: ~0.9× of a 100 MB log before it counts).
 * Needs the package build (`npm run build`), as the site stage.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { BenchContext, BenchStage, Figure } from './bench-types'
import { findCorpus, loadTemplates, writeChainedSession, type SourceTemplate } from './chain-corpus'
import { requireBuiltCli } from './dsh-view-cli'
import { generateLog } from './generate-log'
import { runMeasured, type Measured } from './process-tree'

const MB = 1e6
const PROJECT = '--home-dev-bench--'

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? 0 : s.length % 2 === 1 ? (s[s.length >> 1] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2
}
const secs = (ms: number) => (ms / 1000).toFixed(1)

type Variant = 'with' | 'without'

async function buildOnce(ctx: BenchContext, cli: string, root: string, variant: Variant): Promise<Measured> {
  const out = join(ctx.workDir, `site-${variant}`)
  rmSync(out, { recursive: true, force: true })
  const env: NodeJS.ProcessEnv = { ...process.env }
  if (variant === 'without') env['DSH_VIEW_TRAJECTORY'] = '0'
  else delete env['DSH_VIEW_TRAJECTORY']
  const run = await runMeasured(process.execPath, [cli, 'build', root, '-o', out, '-q'], { env })
  rmSync(out, { recursive: true, force: true })
  if (run.status !== 0) throw new Error(`build ${variant} failed (exit ${run.status}): ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`)
  return run
}

/** Peak RSS of building one small corpus session (the process floor the log's size adds to), per variant. */
async function idleRss(ctx: BenchContext, cli: string, templates: readonly SourceTemplate[]): Promise<Record<Variant, number>> {
  const root = join(ctx.workDir, 'sessions-idle')
  const dir = join(root, PROJECT, 'trajectory-bench-idle')
  mkdirSync(dir, { recursive: true })
  writeChainedSession(join(dir, 'session.jsonl'), templates.slice(0, 1), 1, { version: 0, id: 'trajectory-bench-idle' })
  const idle: Record<Variant, number> = { with: 0, without: 0 }
  for (const variant of ['without', 'with'] as const) idle[variant] = (await buildOnce(ctx, cli, root, variant)).peakRss
  rmSync(root, { recursive: true, force: true })
  return idle
}

const stage: BenchStage = async (ctx: BenchContext): Promise<Figure[]> => {
  const cli = requireBuiltCli()
  const pairs = Math.max(1, Number(process.env['BENCH_PAIRS'] ?? 2))
  const figures: Figure[] = []
  // The corpus is read once: the idle floor's session and the chained one are both made of it.
  const { templates } = loadTemplates(findCorpus(), 0)
  ctx.log('trajectory site: the idle floor (one small session)')
  const idle = await idleRss(ctx, cli, templates)
  const inputs: { name: string; write: (path: string) => number }[] = [
    {
      name: 'generated',
      write: (path) => {
        const log = generateLog(ctx.sizeMB * MB, 11)
        writeFileSync(path, `${[log.header, ...log.batches.flat()].join('\n')}\n`)
        return statSync(path).size
      },
    },
    {
      name: 'corpus',
      write: (path) => writeChainedSession(path, templates, ctx.sizeMB * MB, { version: 0, id: 'trajectory-bench' }).bytes,
    },
  ]
  for (const input of inputs) {
    const root = join(ctx.workDir, `sessions-${input.name}`)
    const dir = join(root, PROJECT, `trajectory-bench-${input.name}`)
    mkdirSync(dir, { recursive: true })
    ctx.log(`trajectory site: writing the ${input.name} ~${ctx.sizeMB} MB session`)
    const bytes = input.write(join(dir, 'session.jsonl'))
    const runs: Record<Variant, Measured[]> = { with: [], without: [] }
    const load = [loadavg()[0] ?? 0]
    for (let p = 0; p < pairs; p++) {
      const order: Variant[] = p % 2 === 0 ? ['without', 'with'] : ['with', 'without']
      for (const variant of order) {
        ctx.log(`trajectory site: ${input.name}, pair ${p + 1}/${pairs}, ${variant} the tab`)
        runs[variant].push(await buildOnce(ctx, cli, root, variant))
        load.push(loadavg()[0] ?? 0)
      }
    }
    rmSync(root, { recursive: true, force: true })
    const ms = (v: Variant) => median(runs[v].map((r) => r.ms))
    const cpu = (v: Variant) => median(runs[v].map((r) => r.cpuSeconds ?? 0))
    const rss = (v: Variant) => Math.max(...runs[v].map((r) => r.peakRss))
    const net = (v: Variant) => (rss(v) - idle[v]) / bytes
    const ratios = runs.with.map((r, i) => r.ms / (runs.without[i] as Measured).ms)
    const label = `${input.name} ${(bytes / MB).toFixed(1)} MB`
    const loadNote = `load avg ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`
    figures.push(
      { name: `${label}: build without the tab`, value: Number(secs(ms('without'))), unit: 's', note: `median of ${pairs}; CPU ${cpu('without').toFixed(1)} s; runs ${runs.without.map((r) => secs(r.ms)).join(', ')}` },
      { name: `${label}: build with the tab`, value: Number(secs(ms('with'))), unit: 's', note: `median of ${pairs}; CPU ${cpu('with').toFixed(1)} s; runs ${runs.with.map((r) => secs(r.ms)).join(', ')}` },
      { name: `${label}: with / without (time)`, value: Number((ms('with') / ms('without')).toFixed(2)), unit: '×', note: `per pair ${ratios.map((r) => r.toFixed(2)).join(', ')}; CPU ${(cpu('with') / cpu('without')).toFixed(2)}×; goal ≤ 1.25×; ${loadNote}` },
      { name: `${label}: peak RSS without the tab`, value: Math.round(rss('without') / 2 ** 20), unit: 'MiB', note: `${(rss('without') / bytes).toFixed(2)}× the log; ${net('without').toFixed(2)}× above idle (${Math.round(idle.without / 2 ** 20)} MiB)` },
      { name: `${label}: peak RSS with the tab`, value: Math.round(rss('with') / 2 ** 20), unit: 'MiB', note: `${(rss('with') / bytes).toFixed(2)}× the log; ${net('with').toFixed(2)}× above idle (${Math.round(idle.with / 2 ** 20)} MiB); goal ≤ 3×` },
    )
  }
  return figures
}

export default stage
