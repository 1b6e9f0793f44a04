/**
 * The three viewers of the same-conversation benchmark as uniform "tools": each builds its output for the
 * conversation into a folder (measured by process-tree.ts) and opens its first transcript page as soon as it
 * is readable.
 * - dsh-view (`bin/dsh-view.mjs`, or another bundled `cli.mjs` as a baseline) builds the sessions root, with
 *   as the CLI decides; its first
 *   page is the first session page its index links, opened as soon as the index is there — a first build's
 *   preview (src/site/preview.ts) while the build goes on, else the finished site;
 * - claude-replay renders the Claude Code transcript into one HTML file (auto-redaction off: dsh-view does not
 *   redact unless asked either);
 * - claude-code-transcripts (`json` command) writes `page-001.html` … and an index; page 1 is opened.
 * The peers are installed for the bench only (`npm install --no-save --prefix bench/out/peers`).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BenchContext } from './bench-types'
import type { FirstView } from './first-view'
import { runMeasured, type Measured } from './process-tree'

export const PEERS = { 'claude-replay': '0.9.0', 'claude-code-transcripts': '1.0.2' } as const

/** Opens a page in the browser and times it (first-view.ts); null without a browser. */
export type Opener = (page: string) => Promise<FirstView | null>

export interface Built {
  run: Measured
  /** When the first transcript page could be opened, ms from the tool's start: its build's end, or earlier (a preview). */
  readable: number
  /** That page opened, as soon as it was readable (while the build went on, if it did). */
  view: FirstView | null
}

export interface Tool {
  name: string
  dshView: boolean
  build(out: string, open: Opener): Promise<Built>
}

/** A tool that writes its pages at its end: the first page is readable when the build has finished. */
async function atTheEnd(run: Measured, page: string, open: Opener): Promise<Built> {
  return { run, readable: run.ms, view: await open(page) }
}

/** Installs the peers into `dir` unless the wanted versions are there; returns their CLI scripts. */
export function installPeers(ctx: BenchContext, dir: string): { replay: string; transcripts: string } {
  const version = (name: string) => {
    try {
      return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
    } catch {
      return null
    }
  }
  const specs = Object.entries(PEERS).map(([name, v]) => `${name}@${v}`)
  if (Object.entries(PEERS).some(([name, v]) => version(name) !== v)) {
    ctx.log(`npm install --no-save --prefix ${dir} ${specs.join(' ')}`)
    mkdirSync(dir, { recursive: true })
    const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, ...specs], { stdio: 'inherit' })
    if (npm.status !== 0) throw new Error('same conversation: installing the peers failed')
  }
  return {
    replay: join(dir, 'node_modules/claude-replay/bin/claude-replay.mjs'),
    transcripts: join(dir, 'node_modules/claude-code-transcripts/dist/cli.js'),
  }
}

/** Files and bytes under `dir`, and the bytes of its .html files. */
export function outputSize(dir: string): { files: number; bytes: number; htmlBytes: number } {
  let files = 0
  let bytes = 0
  let htmlBytes = 0
  const stack = [dir]
  while (stack.length > 0) {
    const d = stack.pop() as string
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name)
      if (entry.isDirectory()) stack.push(path)
      else if (entry.isFile()) {
        const size = statSync(path).size
        files++
        bytes += size
        if (entry.name.endsWith('.html')) htmlBytes += size
      }
    }
  }
  return { files, bytes, htmlBytes }
}

interface SiteManifest {
  sessions: Record<string, { summary: { href: string }; warnings: unknown[] }>
}

/** Warnings dsh-view recorded for the sessions of the site in `dir`. */
export function siteWarnings(dir: string): number {
  const manifest = JSON.parse(readFileSync(join(dir, '.dsh-view/manifest.json'), 'utf8')) as SiteManifest
  return Object.values(manifest.sessions).reduce((n, x) => n + x.warnings.length, 0)
}

/** `dsh-view build <input> -o <out> -q`, as the CLI decides. */
export function dshViewBuild(ctx: BenchContext, cli: string, input: string, out: string): Promise<Measured> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: ctx.workDir, DSH_HOME: ctx.workDir }
  return runMeasured(process.execPath, [cli, 'build', input, '-o', out, '-q'], { env })
}

export function dshViewTool(ctx: BenchContext, label: string, cli: string, root: string): Tool {
  return {
    name: label,
    dshView: true,
    async build(out, open) {
      // A first build may put a preview in the folder before it ends (src/site/preview.ts): the first page is
      // readable once index.html is there, whichever site it belongs to. Polled: the build is another process.
      const started = performance.now()
      const building = dshViewBuild(ctx, cli, root, out)
      let ended = false
      void building.finally(() => (ended = true))
      let early: { readable: number; view: FirstView | null } | null = null
      while (!ended) {
        const page = firstSessionPage(out)
        if (page !== null) {
          early = { readable: performance.now() - started, view: await open(page) }
          break
        }
        await new Promise((r) => setTimeout(r, 10))
      }
      const run = await building
      if (run.status !== 0) throw new Error(`${label} build failed (${run.status}): ${run.stderr.slice(-2000)}`)
      if (early !== null) return { run, ...early }
      const page = firstSessionPage(out)
      if (page === null) throw new Error(`${label} wrote no session`)
      return atTheEnd(run, page, open)
    },
  }
}

/** The first session page the index in `out` links (null: no index yet, or none listed). */
function firstSessionPage(out: string): string | null {
  let html: string
  try {
    html = readFileSync(join(out, 'index.html'), 'utf8')
  } catch {
    return null
  }
  const href = /href="(sessions\/[^"#]+\.html)"/.exec(html)?.[1]
  return href === undefined ? null : join(out, href)
}

export function peerTools(bins: { replay: string; transcripts: string }, transcript: string): Tool[] {
  return [
    {
      name: `claude-replay ${PEERS['claude-replay']}`,
      dshView: false,
      async build(out, open) {
        mkdirSync(out, { recursive: true })
        const page = join(out, 'replay.html')
        const run = await runMeasured(process.execPath, [bins.replay, transcript, '-o', page, '--no-auto-redact'])
        if (run.status !== 0) throw new Error(`claude-replay failed (${run.status}): ${run.stderr.slice(-2000)}`)
        return atTheEnd(run, page, open)
      },
    },
    {
      name: `claude-code-transcripts ${PEERS['claude-code-transcripts']}`,
      dshView: false,
      async build(out, open) {
        const run = await runMeasured(process.execPath, [bins.transcripts, 'json', transcript, '-o', out])
        if (run.status !== 0) throw new Error(`claude-code-transcripts failed (${run.status}): ${run.stderr.slice(-2000)}`)
        return atTheEnd(run, join(out, 'page-001.html'), open)
      },
    },
  ]
}
