/**
 * Archives beyond one machine (issue 16): on a generated root of BENCH_SESSIONS small sessions (default
 * 20,000; one short turn each, 13 projects, every tenth a subagent of the one before),
 * - one `dsh-view build` of the whole root;
 * - `dsh-view build --shard 1/2` and `--shard 2/2` started together as two processes, then `dsh-view merge`
 *   of the two parts — wall time from the start of the shards to the end of the merge (on a CI matrix the
 *   shards run on two machines; here they share this one's cores);
 * - the merge alone, into a new folder and again into the site it just wrote (nothing changed).
 * Each figure is a child process running the real CLI (`bin/dsh-view.mjs`, production React), with its peak
 * RSS read from the child itself (a preload prints `process.resourceUsage().maxRSS` at exit). The merged
 * site is checked against the plain build, file list and bytes, before any figure is reported.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { session, T0 } from '../src/log/testing/session'
import type { BenchContext, BenchStage, Figure } from './bench-types'

function findCli(): string {
  if (process.env['BENCH_CLI']) return process.env['BENCH_CLI']
  for (const rel of ['../bin/dsh-view.mjs', '../../bin/dsh-view.mjs']) {
    const path = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(path)) return path
  }
  throw new Error('shard bench: bin/dsh-view.mjs not found')
}

/** The generated root; returns its log bytes. */
function generateRoot(root: string, count: number): number {
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const id = `bench-session-${i}`
    const s = session({
      id,
      cwd: `/home/dev/project-${i % 13}`,
      header: { createdAt: T0 + i * 60_000, ...(i % 10 === 9 ? { parentSession: `bench-session-${i - 1}` } : {}) },
    })
    s.turnStart()
    s.user(`Question ${i}: what does \`sum(${i}, ${i + 1})\` return, and why?`)
    s.stepStart()
    s.assistant(`It returns **${2 * i + 1}**: the two arguments added together.`)
    s.stepEnd()
    s.turnEnd()
    const dir = join(root, `--home-dev-project-${i % 13}--`, id)
    mkdirSync(dir, { recursive: true })
    const text = s.jsonl()
    writeFileSync(join(dir, 'session.jsonl'), text)
    bytes += Buffer.byteLength(text)
  }
  return bytes
}

interface Run {
  ms: number
  /** Peak resident set, MB. */
  rssMB: number
  /** CPU time, user + system (on a busy shared machine, wall time is mostly waiting for a core). */
  cpuMs: number
}

/** One CLI run in a child process; resolves when it exits. */
function runCli(ctx: BenchContext, preload: string, args: string[]): Promise<Run> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', preload, findCli(), ...args], {
      env: { ...process.env, HOME: ctx.workDir, DSH_HOME: ctx.workDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', code => {
      const ms = performance.now() - started
      const rss = /DSH_BENCH_MAXRSS (\d+) (\d+)/.exec(stderr)
      if (code !== 0 || rss === null) reject(new Error(`shard bench: dsh-view ${args[0]} failed (${code}): ${stderr.slice(-2000)}`))
      else resolve({ ms, rssMB: Number(rss[1]) / 1024, cpuMs: Number(rss[2]) / 1000 })
    })
  })
}

/** Every file under `dir` (relative paths), sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(p => statSync(join(dir, p)).isFile())
    .sort()
}

function sameSite(a: string, b: string): boolean {
  const fa = files(a)
  const fb = files(b)
  return fa.length === fb.length && fa.every((p, i) => p === fb[i] && readFileSync(join(a, p)).equals(readFileSync(join(b, p))))
}

const secs = (ms: number) => Number((ms / 1000).toFixed(2))
const mb = (n: number) => Number(n.toFixed(0))

const run: BenchStage = async ctx => {
  const count = Number(process.env['BENCH_SESSIONS'] ?? 20_000)
  if (!Number.isInteger(count) || count < 1) throw new Error(`BENCH_SESSIONS must be a positive integer (got ${process.env['BENCH_SESSIONS']})`)
  const preload = join(ctx.workDir, 'max-rss.mjs')
  writeFileSync(preload, "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`DSH_BENCH_MAXRSS ${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}\\n`) })\n")
  const root = join(ctx.workDir, 'root')
  ctx.log(`generating ${count} sessions`)
  const bytes = generateRoot(root, count)

  ctx.log('one build')
  const full = await runCli(ctx, preload, ['build', root, '-o', join(ctx.workDir, 'full'), '-q'])

  ctx.log('two shards in parallel, then merge')
  const started = performance.now()
  const parts = [join(ctx.workDir, 'part-1'), join(ctx.workDir, 'part-2')]
  const shards = await Promise.all(parts.map((part, i) => runCli(ctx, preload, ['build', root, '--shard', `${i + 1}/2`, '-o', part, '-q'])))
  const site = join(ctx.workDir, 'site')
  const merged = await runCli(ctx, preload, ['merge', ...parts, '-o', site, '-q'])
  const shardedMs = performance.now() - started
  if (!sameSite(site, join(ctx.workDir, 'full'))) throw new Error('shard bench: the merged site differs from the plain build')

  ctx.log('merge alone')
  const fresh = await runCli(ctx, preload, ['merge', ...parts, '-o', join(ctx.workDir, 'site-2'), '-q'])
  const again = await runCli(ctx, preload, ['merge', ...parts, '-o', site, '-q'])

  const note = `${count} sessions, ${(bytes / 1e6).toFixed(1)} MB of logs`
  const [one, two] = shards as [Run, Run]
  const cpu = (r: Run) => `${secs(r.cpuMs)} s of CPU`
  return [
    { name: 'one build: time', value: secs(full.ms), unit: 's', note: `${note}; ${cpu(full)}` },
    { name: 'one build: peak RSS', value: mb(full.rssMB), unit: 'MB' },
    { name: 'shards 1/2 + 2/2 in parallel, then merge: time', value: secs(shardedMs), unit: 's', note: `shards ${secs(one.ms)} s and ${secs(two.ms)} s (${cpu(one)}, ${cpu(two)}), merge ${secs(merged.ms)} s; merged site = plain build (checked)` },
    { name: 'shard build: peak RSS (larger of the two)', value: mb(Math.max(one.rssMB, two.rssMB)), unit: 'MB' },
    { name: 'merge alone, new folder: time', value: secs(fresh.ms), unit: 's', note: `links every page, renders the index; ${cpu(fresh)}` },
    { name: 'merge alone, new folder: peak RSS', value: mb(fresh.rssMB), unit: 'MB' },
    { name: 'merge again, nothing changed: time', value: secs(again.ms), unit: 's', note: cpu(again) },
    { name: 'merge again, nothing changed: peak RSS', value: mb(again.rssMB), unit: 'MB' },
  ]
}

export default run
