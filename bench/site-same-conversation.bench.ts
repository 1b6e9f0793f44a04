/**
 * Same conversation, three viewers (issue 14 "The benchmark") and the memory case (issue 17). Runs with
 * `npm run bench -- site`, or alone with `npm run bench -- same-conversation`; bench/README.md "Same
 * conversation" describes the figures and holds the latest ones.
 *
 * Input: the real corpus logs chained into one dsh session of ~BENCH_MB MB (chain-corpus.ts; format version
 * BENCH_SAME_VERSION, default 0: packed chunk rows, what dsh installs write today) and the same conversation as
 * a Claude Code transcript (claude-transcript.ts). Peers: viewers.ts.
 *
 * Paired rounds (BENCH_ROUNDS, default 3): each round builds with every tool — dsh-view, claude-replay
 * and claude-code-transcripts, and with BENCH_BASELINE=<another bundled cli.mjs> that dsh-view too — each opening its first transcript page in Chromium (first-view.ts) as
 * soon as it is readable: at the build's end, or while a first build runs once its preview is there. The order rotates every round so the shared machine's slow spells fall on all tools alike.
 *
 * Memory case: a BENCH_BIG_MB raw session (default 1024 at BENCH_MB=100, scaled with BENCH_MB) and a
 * BENCH_ZSTD_MB session in one zstd frame (default 1300, scaled), built by dsh-view (the baseline too when
 * given): peak RSS / plaintext, target ≤ 3×. Also (peak − idle) /
 * plaintext, where idle is the peak of building one small corpus session (Node, React and shiki loaded):
 * at small sizes the idle part dominates the plain ratio. BENCH_BIG_MB=0 / BENCH_ZSTD_MB=0 skip a case.
 *
 * Also written: bench/out/same-conversation.md (the run as README tables) and .json (every sample).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import type { BenchContext, BenchStage, Figure } from './bench-types'
import { hasZstdCli, writeSingleFrameZstd } from './big-logs'
import { findCorpus, loadTemplates, writeChainedSession, type ChainOptions, type SourceTemplate } from './chain-corpus'
import { writeClaudeTranscript } from './claude-transcript'
import { requireBuiltCli } from './dsh-view-cli'
import { chromiumPath, launchChromium, openFirstView } from './first-view'
import { dshViewBuild, dshViewTool, installPeers, outputSize, PEERS, peerTools, siteWarnings, type Tool } from './viewers'

const MB = 1e6
const PROJECT = '--home-dev-project--'

interface Sample {
  round: number
  build: number
  /** When the first page could be opened (ms from the start): the build's end, or a preview's moment. */
  readable: number
  cpu: number | null
  open: number | null
  elements: number | null
  pageErrors: number
  rss: number
  files: number
  bytes: number
  htmlBytes: number
  warnings: number | null
}

const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0 (got ${raw})`)
  return n
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const median = (xs: number[]) => {
  const ys = sorted(xs)
  const mid = Math.floor(ys.length / 2)
  return ys.length === 0 ? 0 : ys.length % 2 === 1 ? (ys[mid] as number) : ((ys[mid - 1] as number) + (ys[mid] as number)) / 2
}
const best = (xs: number[]) => sorted(xs)[0] ?? 0
const secs = (ms: number) => (ms / 1000).toFixed(2)
const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 2 : 1)
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')

/** The CLIs to compare: this checkout's (or BENCH_CLI) and BENCH_BASELINE's when set. */
function dshViews(): Array<{ label: string; cli: string }> {
  const list = [{ label: 'dsh-view', cli: requireBuiltCli() }]
  const baseline = process.env['BENCH_BASELINE']
  if (baseline) list.push({ label: 'baseline dsh-view', cli: baseline })
  return list
}

/** Builds that failed, by tool (their samples are missing). */
const failures = new Map<string, number>()

async function pairedRounds(ctx: BenchContext, tools: Tool[], rounds: number): Promise<Map<string, Sample[]>> {
  const chrome = chromiumPath()
  const browser: Browser | null = chrome === null ? null : await launchChromium(chrome)
  if (browser === null) ctx.log('same conversation: no Chromium (set DSH_VIEW_CHROMIUM): open times are not measured')
  const samples = new Map<string, Sample[]>(tools.map((t) => [t.name, []]))
  try {
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < tools.length; i++) {
        const tool = tools[(i + round) % tools.length] as Tool
        ctx.log(`same conversation: round ${round + 1}/${rounds}, ${tool.name} (load ${load()})`)
        const dir = join(ctx.workDir, 'out', tool.name.replace(/[^a-z0-9]+/gi, '-'))
        rmSync(dir, { recursive: true, force: true })
        ctx.gc()
        let built
        try {
          built = await tool.build(dir, (page) => (browser === null ? Promise.resolve(null) : openFirstView(browser, page)))
        } catch (error) {
          // One failed build (a shared machine's node_modules changing under it, say) costs a sample, not the run.
          ctx.log(`  ${tool.name}: FAILED, sample dropped: ${String(error).slice(0, 500)}`)
          failures.set(tool.name, (failures.get(tool.name) ?? 0) + 1)
          continue
        }
        const { run, readable, view } = built
        if (view !== null && view.errors.length > 0) ctx.log(`  ${tool.name}: page errors: ${view.errors.slice(0, 3).join(' | ')}`)
        samples.get(tool.name)?.push({
          round,
          build: run.ms,
          readable,
          cpu: run.cpuSeconds,
          open: view?.ms ?? null,
          elements: view?.elements ?? null,
          pageErrors: view?.errors.length ?? 0,
          rss: run.peakRss,
          ...outputSize(dir),
          warnings: tool.dshView ? siteWarnings(dir) : null,
        })
        rmSync(dir, { recursive: true, force: true })
      }
    }
  } finally {
    await browser?.close()
  }
  return samples
}

/** Peak RSS of building one small corpus session: what a build holds before the log's size counts. */
async function idleRss(ctx: BenchContext, cli: string, template: SourceTemplate): Promise<number> {
  const dir = join(ctx.workDir, 'idle', PROJECT, 'idle-session')
  mkdirSync(dir, { recursive: true })
  writeChainedSession(join(dir, 'session.jsonl'), [template], 1, { version: 0, id: 'idle-session' })
  const run = await dshViewBuild(ctx, cli, join(ctx.workDir, 'idle'), join(ctx.workDir, 'idle-site'))
  rmSync(join(ctx.workDir, 'idle'), { recursive: true, force: true })
  rmSync(join(ctx.workDir, 'idle-site'), { recursive: true, force: true })
  return run.peakRss
}

const stage: BenchStage = async (ctx) => {
  const figures: Figure[] = []
  const md: string[] = []
  const version = envNumber('BENCH_SAME_VERSION', 0)
  if (version !== 0 && version !== 3 && version !== 4) throw new Error('BENCH_SAME_VERSION must be 0, 3 or 4')
  const rounds = Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 3)))
  const bigMB = envNumber('BENCH_BIG_MB', Math.round(1024 * (ctx.sizeMB / 100)))
  const zstdMB = envNumber('BENCH_ZSTD_MB', Math.round(1300 * (ctx.sizeMB / 100)))
  const views = dshViews()
  const cpu = cpus()
  md.push(`Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average (1/5/15 min) at the start ${load()}.`, '')

  // ----- Input: one session of real turns, and its Claude Code transcript.
  const { templates, skipped } = loadTemplates(findCorpus(), version as ChainOptions['version'])
  ctx.log(`same conversation: ${templates.length} corpus logs of version ${version} (${skipped.length} left out), chained to ~${ctx.sizeMB} MB`)
  const root = join(ctx.workDir, 'sessions')
  const sessionDir = join(root, PROJECT, 'same-conversation')
  mkdirSync(sessionDir, { recursive: true })
  const logPath = join(sessionDir, version === 0 ? 'session.jsonl' : `session.v${version}.jsonl`)
  const chain = writeChainedSession(logPath, templates, ctx.sizeMB * MB, { version: version as ChainOptions['version'], id: 'same-conversation' })
  const transcript = join(ctx.workDir, 'claude-transcript.jsonl')
  const claude = await writeClaudeTranscript(logPath, transcript)
  const input = `${mb(chain.bytes)} MB dsh v${version} log (${chain.turnStarts.toLocaleString('en')} turns, ${chain.events.toLocaleString('en')} events: ${chain.copies} copies of ${chain.sources} corpus logs); Claude Code transcript ${mb(claude.bytes)} MB (${claude.lines.toLocaleString('en')} lines)`
  figures.push({ name: 'same conversation: input', value: Number(mb(chain.bytes)), unit: 'MB', note: input })
  md.push(`Input: ${input}.`, '')

  // ----- Paired rounds.
  const bins = installPeers(ctx, join(ctx.workDir, '..', 'peers'))
  const tools = [...views.map((v) => dshViewTool(ctx, v.label, v.cli, root)), ...peerTools(bins, transcript)]
  const samples = await pairedRounds(ctx, tools, rounds)
  rmSync(root, { recursive: true, force: true })

  md.push(
    `${rounds} paired rounds (every tool once per round, order rotated each round). Times in s, best / median; CPU = user + system s of the build (median). First page readable = when the first transcript page could be opened (the build's end, or a first build's preview); first view = that + opening it, same round (the build may still run while the page opens).`,
    '',
    '| tool | build | CPU | first page readable | open first page | first view | output | peak RSS | RSS / log | HTML per MB of log |',
    '|---|---|---|---|---|---|---|---|---|---|',
  )
  const firstViews = new Map<string, number[]>()
  for (const tool of tools) {
    const xs = samples.get(tool.name) ?? []
    const failed = failures.get(tool.name) ?? 0
    if (failed > 0) md.push(`| ${tool.name} | ${failed} of ${rounds} builds FAILED (see the log) | | | | | | | | |`)
    if (xs.length === 0) continue
    const last = xs[xs.length - 1] as Sample
    const builds = xs.map((x) => x.build)
    const cpuTimes = xs.flatMap((x) => (x.cpu === null ? [] : [x.cpu]))
    const opens = xs.flatMap((x) => (x.open === null ? [] : [x.open]))
    const firsts = xs.flatMap((x) => (x.open === null ? [] : [x.readable + x.open]))
    const readables = xs.map((x) => x.readable)
    firstViews.set(tool.name, firsts)
    const rss = xs.map((x) => x.rss)
    const peak = Math.max(...rss)
    const htmlPerMB = last.htmlBytes / (chain.bytes / MB)
    const errors = xs.reduce((n, x) => n + x.pageErrors, 0)
    figures.push({ name: `${tool.name}: build`, value: Number(secs(best(builds))), unit: 's', note: `median ${secs(median(builds))} s, CPU ${median(cpuTimes).toFixed(1)} s; ${(chain.bytes / MB / (best(builds) / 1000)).toFixed(1)} MB/s of dsh log at best` })
    if (firsts.length > 0) {
      figures.push({ name: `${tool.name}: open first page`, value: Number(secs(best(opens))), unit: 's', note: `median ${secs(median(opens))} s; ${last.elements ?? 0} elements${errors > 0 ? `; ${errors} page errors` : ''}` })
      figures.push({ name: `${tool.name}: first page readable`, value: Number(secs(best(readables))), unit: 's', note: `median ${secs(median(readables))} s (the build's end, or its preview)` })
      figures.push({ name: `${tool.name}: first view`, value: Number(secs(best(firsts))), unit: 's', note: `median ${secs(median(firsts))} s (first page readable + open, same round)` })
    }
    figures.push({ name: `${tool.name}: output`, value: Number(mb(last.bytes)), unit: 'MB', note: `${last.files} files, ${mb(last.htmlBytes)} MB HTML${tool.dshView ? `; ${last.warnings ?? 0} warnings` : ''}` })
    figures.push({ name: `${tool.name}: peak RSS`, value: Math.round(peak / MB), unit: 'MB', note: `median ${Math.round(median(rss) / MB)} MB; ${(peak / chain.bytes).toFixed(2)}× the dsh log` })
    if (tool.dshView) figures.push({ name: `${tool.name}: HTML per MB of log`, value: Math.round(htmlPerMB / 1000), unit: 'KB', note: 'lean pages: half of the baseline' })
    md.push(
      `| ${tool.name} | ${secs(best(builds))} / ${secs(median(builds))} | ${cpuTimes.length > 0 ? median(cpuTimes).toFixed(1) : 'n/a'} | ${secs(best(readables))} / ${secs(median(readables))} | ${opens.length > 0 ? `${secs(best(opens))} / ${secs(median(opens))} (${(last.elements ?? 0).toLocaleString('en')} elements${errors > 0 ? `, ${errors} page errors` : ''})` : 'n/a'} | ${firsts.length > 0 ? `**${secs(best(firsts))}** / ${secs(median(firsts))}` : 'n/a'} | ${last.files.toLocaleString('en')} files, ${mb(last.bytes)} MB${last.htmlBytes !== last.bytes ? ` (${mb(last.htmlBytes)} MB HTML)` : ''} | ${Math.round(median(rss) / MB)} / ${Math.round(peak / MB)} MB | ${(peak / chain.bytes).toFixed(2)}× | ${tool.dshView ? `${Math.round(htmlPerMB / 1000)} KB` : ''} |`,
    )
  }
  const replay = firstViews.get(`claude-replay ${PEERS['claude-replay']}`) ?? []
  if (replay.length > 0) {
    md.push('', 'First view against claude-replay\'s, per round (paired; goal ≤ 0.5×):', '')
    for (const tool of tools.filter((t) => t.dshView)) {
      const ours = samples.get(tool.name) ?? []
      const theirs = samples.get(`claude-replay ${PEERS['claude-replay']}`) ?? []
      const ratios = ours.flatMap((x) => {
        const peer = theirs.find((y) => y.round === x.round)
        return x.open === null || peer === undefined || peer.open === null ? [] : [(x.readable + x.open) / (peer.readable + peer.open)]
      })
      figures.push({ name: `${tool.name}: first view / claude-replay's`, value: Number(median(ratios).toFixed(2)), unit: '×', note: `per round ${ratios.map((r) => r.toFixed(2)).join(' ')}; goal ≤ 0.5` })
      md.push(`- ${tool.name}: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')} (median **${median(ratios).toFixed(2)}×**)`)
    }
  }

  // ----- Memory case.
  const bigTemplates = version === 0 ? templates : loadTemplates(findCorpus(), 0).templates
  const idle = new Map<string, number>()
  for (const v of views) idle.set(v.label, await idleRss(ctx, v.cli, bigTemplates[0] as SourceTemplate))
  md.push(
    '',
    `Memory case: each log built once per CLI. Idle = peak RSS of building one small corpus session (${views.map((v) => `${v.label} ${Math.round((idle.get(v.label) ?? 0) / MB)} MB`).join(', ')}).`,
    '',
    '| memory case | CLI | build | peak RSS | peak RSS / plaintext (target ≤ 3×) | (peak − idle) / plaintext |',
    '|---|---|---|---|---|---|',
  )
  const memoryCase = async (label: string, logFile: string, plaintext: number, stored: number) => {
    for (const v of views) {
      ctx.log(`same conversation: memory case, ${label}, ${v.label} (load ${load()})`)
      const site = join(ctx.workDir, 'site-big')
      rmSync(site, { recursive: true, force: true })
      const run = await dshViewBuild(ctx, v.cli, logFile, site)
      rmSync(site, { recursive: true, force: true })
      const ratio = run.peakRss / plaintext
      const net = (run.peakRss - (idle.get(v.label) ?? 0)) / plaintext
      const failed = run.status !== 0 ? `FAILED (exit ${run.status}: ${run.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? ''})` : ''
      figures.push({ name: `memory, ${v.label}: ${label}`, value: Number(ratio.toFixed(2)), unit: '×', note: `peak RSS ${Math.round(run.peakRss / MB)} MB / ${mb(plaintext)} MB plaintext (${mb(stored)} MB on disk), ${net.toFixed(2)}× above idle, in ${secs(run.ms)} s${failed ? `; ${failed}` : ''}` })
      md.push(`| ${label}: ${mb(plaintext)} MB plaintext, ${mb(stored)} MB on disk | ${v.label} | ${failed || `${secs(run.ms)} s, CPU ${run.cpuSeconds?.toFixed(1) ?? 'n/a'} s`} | ${Math.round(run.peakRss / MB)} MB | **${ratio.toFixed(2)}×** | ${net.toFixed(2)}× |`)
    }
  }
  const bigDir = join(ctx.workDir, 'big', PROJECT, 'big-session')
  if (bigMB > 0) {
    mkdirSync(bigDir, { recursive: true })
    ctx.log(`same conversation: writing a ${bigMB} MB session`)
    const path = join(bigDir, 'session.jsonl')
    const big = writeChainedSession(path, bigTemplates, bigMB * MB, { version: 0, id: 'big-session' })
    await memoryCase('raw session', path, big.bytes, big.bytes)
    rmSync(join(ctx.workDir, 'big'), { recursive: true, force: true })
  }
  if (zstdMB > 0 && !hasZstdCli()) {
    figures.push({ name: 'memory: single-frame zstd', value: 0, unit: '×', note: 'not run: no zstd CLI' })
  } else if (zstdMB > 0) {
    mkdirSync(bigDir, { recursive: true })
    ctx.log(`same conversation: writing a ${zstdMB} MB session as one zstd frame`)
    const path = join(bigDir, 'session.jsonl.zstd')
    const z = writeSingleFrameZstd(path, bigTemplates, zstdMB * MB, 'big-session')
    await memoryCase('one zstd frame', path, z.plaintext, z.stored)
    rmSync(join(ctx.workDir, 'big'), { recursive: true, force: true })
  }

  md.push('', `Load average at the end: ${load()}.`)
  const base = join(ctx.workDir, '..', 'same-conversation')
  writeFileSync(`${base}.md`, `${md.join('\n')}\n`)
  writeFileSync(`${base}.json`, `${JSON.stringify({ input: { ...chain, transcriptBytes: claude.bytes }, samples: Object.fromEntries(samples), idle: Object.fromEntries(idle), figures }, null, 1)}\n`)
  ctx.log(`same conversation: tables in ${base}.md, samples in ${base}.json`)
  return figures
}

export default stage
