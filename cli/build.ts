/**
 * `dsh-view build [paths… | --demo] [-o DIR] [--open] [--base-url URL] [--title TEXT] [--locale en|zh] [--view MODE] [-q]
 * [--redact] [--redact-config FILE]`:
 * runs the static build (src/site/build-site.ts) and reports. stdout gets one line, the path of
 * index.html (scriptable: `open "$(dsh-view build)"`); stderr gets progress and the summary (sessions,
 * pages, what was rebuilt, warnings grouped by kind — reporter.ts; `-q` silences all but errors).
 * `--latest N` builds only the N newest session trees (./latest.ts). With no path and no sessions root on this
 * machine, the bundled demo root is built instead, so `npm start` always shows something; `--demo` builds it
 * on purpose. The demo root (demo/sessions, shipped in the package) holds real dsh logs: demo/README.md.
 *
 * Exit codes as `inspect`: 0 built (damage is reported, not fatal), 1 a path or log could not be read (a
 * FIFO or device skipped, a session dsh-view failed on — it gets a damaged-session page) or another build
 * holds the folder's lock, 2 usage (bad flags, an output folder that is not ours).
 */
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Invocation } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { defaultSessionsRoot } from '../src/log/node/discover'
import type { BuildReport } from '../src/site/build-site'
import { formatRate, type Progress } from '../src/site/progress'
import { EMPTY_REPORT, formatRedactionReport } from '../src/redact'
import { redactionFor } from './redact'
import { terminalField } from './terminal-text'
import { createReporter, warningKind, type Reporter } from './reporter'
import { latestInputs } from './latest'

type BuildInvocation = Extract<Invocation, { mode: 'build' }>

/** The demo sessions root shipped in the package (demo/sessions), from source (cli/) or from dist/chunks/. */
export function demoRoot(): string | null {
  for (const rel of ['../demo/sessions/', '../../demo/sessions/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(dir)) return dir
  }
  return null
}

export async function runBuild(inv: BuildInvocation, io: Io): Promise<number> {
  // React picks its build from NODE_ENV when first loaded, and the bundle keeps React external, so the
  // bundler's define cannot reach it: development React renders 2–3× slower. Set before the pipeline loads.
  // (Through an alias: the bundle defines `process.env.NODE_ENV` as a constant, which an assignment cannot use.)
  const env = process.env
  env['NODE_ENV'] ??= 'production'
  const { buildSite, OutDirError, LockError } = await import('../src/site/build-site')
  const reporter = createReporter(io, inv)
  let inputs = inv.inputs
  if (inv.demo === true) {
    const demo = demoRoot()
    if (demo === null) throw new UserError('the demo sessions are missing from this install', 'Reinstall dsh-view (npm i -g dsh-view), or pass logs: dsh-view build <paths…>', 1)
    inputs = [demo]
  } else if (inputs.length === 0) {
    const root = defaultSessionsRoot({ env: io.env, homedir: homedir() })
    if (!existsSync(root)) {
      const demo = demoRoot()
      if (demo === null) throw new UserError(`no sessions at ${root}`, 'Pass the logs or a sessions root: dsh-view build <paths…>', 1)
      reporter.note(`dsh-view: no sessions at ${root}; building the bundled demo sessions`)
      inputs = [demo]
    }
  }
  if (inv.latest != null) inputs = await latestInputs(inputs, inv.latest, io, reporter)
  const redact = await redactionFor(inv.redact)
  const started = performance.now()
  const shown = reporter.progress()
  // `--open` opens the preview as soon as there is one (src/site/preview.ts), else the finished index.
  let opening: Promise<void> | null = null
  const progress: Progress = {
    ...shown,
    preview(index) {
      shown.preview(index)
      if (!inv.open || opening !== null) return
      opening = io.open(index)
      // Awaited when the build ends; a failure must not count as unhandled meanwhile.
      opening.catch(() => undefined)
    },
  }
  let report: BuildReport
  try {
    report = await buildSite(
      { inputs, outDir: inv.outDir, title: inv.title, baseUrl: inv.baseUrl, locale: inv.locale, view: inv.view, shard: inv.shard ?? null, marks: inv.marks ?? [], env: io.env, homedir: homedir(), redact, ...highlightWorkerFrom(io.env) },
      progress,
    )
  } catch (err) {
    if (err instanceof LockError) throw new UserError(err.message, 'Two builds into one folder would mix their pages; run them one after the other.', 1)
    if (err instanceof OutDirError) {
      throw new UserError(err.message, 'Choose a new or empty folder with -o, or one an earlier `dsh-view build` wrote.', 2)
    }
    throw err
  }
  reportBuild(report, performance.now() - started, reporter, inv.shard ? `shard ${inv.shard.index}/${inv.shard.count}: ` : '')
  if (redact !== null) reporter.note(formatRedactionReport(report.redactions ?? EMPTY_REPORT))
  // For bench/site.bench.ts: the stage split as one JSON line (never shown otherwise).
  if (io.env['DSH_VIEW_TIMINGS'] === '1') {
    io.stderr(`DSH_VIEW_TIMINGS ${JSON.stringify({ ms: performance.now() - started, timings: report.timings, pages: report.pages, sessions: report.sessions, rendered: report.rendered, unchanged: report.unchanged, highlightBlocks: report.highlight.blocks })}\n`)
  }
  // A part has no index: its folder is what the next step (`dsh-view merge`) takes.
  io.stdout(`${inv.shard ? report.outDir : report.indexPath}\n`)
  if (inv.open) await (opening ?? io.open(report.indexPath))
  return report.problems.length > 0 ? 1 : 0
}

/**
 * `DSH_VIEW_HIGHLIGHT_WORKER=0` (benchmarks, or a machine whose cores are busy): colour code on the build
 * thread instead of the highlight worker (`=1`, read by src/site/build-site.ts: use the worker even on a
 * one-core machine).
 */
function highlightWorkerFrom(env: Record<string, string | undefined>): { highlightWorker?: null } {
  return env['DSH_VIEW_HIGHLIGHT_WORKER'] === '0' ? { highlightWorker: null } : {}
}

/** The summary line (a note), the warnings grouped by kind, and what could not be read (errors). */
export function reportBuild(report: BuildReport, ms: number, reporter: Reporter, prefix = ''): void {
  reporter.note(`${prefix}${summaryText(report, ms)}`)
  for (const w of report.warnings) reporter.warn({ kind: warningKind(w.message), where: w.line === null ? w.path : `${w.path}:${w.line}`, message: w.message })
  reporter.uncounted(report.unlistedWarnings ?? 0)
  reporter.flush('warnings (each is marked on its page)')
  for (const page of report.overBudget) reporter.note(`  over the page budget even after cutting: ${terminalField(page)}`)
  for (const p of report.problems) reporter.error(`dsh-view: could not read ${terminalField(p.path)}: ${terminalField(p.message)}`)
}

/** The one-line summary: sessions, pages, what was rebuilt, time and rate, code blocks coloured. */
export function summaryText(report: BuildReport, ms: number): string {
  const lines: string[] = []
  const secs = (ms / 1000).toFixed(ms < 10_000 ? 2 : 1)
  lines.push(
    `dsh-view: ${report.sessions} session${report.sessions === 1 ? '' : 's'}, ${report.pages} page${report.pages === 1 ? '' : 's'}` +
      ` (${report.rendered} rebuilt, ${report.unchanged} unchanged) in ${secs} s, ${formatRate(report.bytes, ms)} of logs`,
  )
  if (report.highlight.blocks > 0 || report.highlight.cacheHits > 0) {
    lines.push(`  highlighted ${report.highlight.blocks} code blocks in ${(report.highlight.ms / 1000).toFixed(2)} s (${report.highlight.cacheHits} from cache)`)
  }
  return `${lines.join('\n')}\n`
}
