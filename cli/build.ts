/**
 * `dsh-view build [paths… | --demo] [-o DIR] [--open] [--base-url URL] [--title TEXT] [--locale en|zh] [--view MODE] [-q]
 * [--redact] [--redact-config FILE]`:
 * runs the static build (src/site/build-site.ts) and reports. stdout gets one line, the path of
 * index.html (scriptable: `open "$(dsh-view build)"`); stderr gets progress and the summary (sessions,
 * pages, what was rebuilt, warnings grouped by kind — reporter.ts; `-q` silences all but errors).
 * `--latest N` builds only the N newest session trees (./latest.ts). `--demo` builds the bundled demo root
 * (demo/sessions, real dsh logs: demo/README.md); `--or-demo` (what `npm start` runs) builds it only when
 * there is no path and the default sessions root holds no session. Nowhere else: a build is often run
 * unattended (CI, cron), and a typo in its path must fail, not publish someone else's transcript.
 *
 * Exit codes as `inspect`: 0 built (damage is reported, not fatal), 1 a path or log could not be read (a
 * FIFO or device skipped, a session dsh-view failed on — it gets a damaged-session page) or another build
 * holds the folder's lock, 2 usage (bad flags, an output folder that is not ours). When the paths hold no
 * session at all, the build fails before it touches the output folder: exit 1, the paths looked at named on
 * stderr, nothing written and no index path on stdout.
 */
import { loadPrices } from './prices'
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Invocation } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { defaultSessionsRoot, discoverLogs, type Discovery } from '../src/log/node/discover'
import type { BuildReport } from '../src/site/build-site'
import { formatRate, type Progress } from '../src/site/progress'
import { EMPTY_REPORT, formatRedactionReport } from '../src/redact'
import { hitLine, redactionFor } from './redact'
import { terminalField } from './terminal-text'
import { createReporter, damagedManifestNote, warningKind, type Reporter } from './reporter'
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


/** Leaks listed when `build --redact` refuses to publish (the rest are counted; `redact --check` lists all). */
const LISTED_LEAKS = 50
export async function runBuild(inv: BuildInvocation, io: Io): Promise<number> {
  // React picks its build from NODE_ENV when first loaded, and the bundle keeps React external, so the
  // bundler's define cannot reach it: development React renders 2–3× slower. Set before the pipeline loads.
  // (Through an alias: the bundle defines `process.env.NODE_ENV` as a constant, which an assignment cannot use.)
  const env = process.env
  env['NODE_ENV'] ??= 'production'
  const { buildSite, OutDirError, LockError, RedactLeakError } = await import('../src/site/build-site')
  const reporter = createReporter(io, inv)
  const where = { env: io.env, homedir: homedir() }
  let inputs = inv.inputs
  // The logs found under `inputs`, when already looked for here (buildSite looks again otherwise).
  let discovery: Discovery | null = null
  if (inv.demo === true) {
    inputs = [requireDemo()]
  } else if (inputs.length === 0 && inv.orDemo === true) {
    const root = defaultSessionsRoot(where)
    discovery = await discoverLogs([root], where)
    if (discovery.logs.length === 0) {
      reporter.note(`dsh-view: no sessions at ${root}; building the bundled demo sessions`)
      inputs = [requireDemo()]
      discovery = null
    }
  }
  if (inv.latest != null) {
    inputs = await latestInputs(inputs, inv.latest, io, reporter)
    discovery = null
  } else {
    discovery ??= await discoverLogs(inputs, where)
    if (discovery.logs.length === 0) throw nothingToBuild(discovery)
  }
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
      { inputs, ...(discovery === null ? {} : { discovery }), outDir: inv.outDir, title: inv.title, baseUrl: inv.baseUrl, locale: inv.locale, view: inv.view, shard: inv.shard ?? null, marks: inv.marks ?? [], prices: await loadPrices(inv.prices ?? null), env: io.env, homedir: homedir(), redact, ...highlightWorkerFrom(io.env), ...trajectoryFrom(io.env) },
      progress,
    )
  } catch (err) {
    if (err instanceof RedactLeakError) {
      for (const h of err.hits.slice(0, LISTED_LEAKS)) reporter.error(`  ${terminalField(hitLine(h))}`)
      if (err.hits.length > LISTED_LEAKS) reporter.error(`  … and ${err.hits.length - LISTED_LEAKS} more`)
      throw new UserError(err.message, 'Add a rule for what was found (--redact-config FILE), or leave the session out; the folder keeps what it held before.', 1)
    }
    if (err instanceof LockError) throw new UserError(err.message, 'Two builds into one folder would mix their pages; run them one after the other.', 1)
    if (err instanceof OutDirError) {
      throw new UserError(err.message, 'Choose a new or empty folder with -o, or one an earlier `dsh-view build` wrote.', 2)
    }
    throw err
  }
  if (report.manifestDamage != null) reporter.note(damagedManifestNote(report.outDir, report.manifestDamage))
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

function requireDemo(): string {
  const demo = demoRoot()
  if (demo === null) throw new UserError('the demo sessions are missing from this install', 'Reinstall dsh-view (npm i -g dsh-view), or pass logs: dsh-view build <paths…>', 1)
  return demo
}

/** The paths held no session log: what was looked at, and why nothing was found there (exit 1). */
export function nothingToBuild(discovery: Discovery): UserError {
  const where = discovery.problems.map(p => `${p.path}: ${p.message}`).join('; ')
  return new UserError(`no session to build${where === '' ? '' : ` (${where})`}; nothing was written`, 'Pass the logs or a sessions root: dsh-view build <paths…> (or --demo for the demo sessions).', 1)
}

/**
 * `DSH_VIEW_HIGHLIGHT_WORKER=0` (benchmarks, or a machine whose cores are busy): colour code on the build
 * thread instead of the highlight worker (`=1`, read by src/site/build-site.ts: use the worker even on a
 * one-core machine).
 */
function highlightWorkerFrom(env: Record<string, string | undefined>): { highlightWorker?: null } {
  return env['DSH_VIEW_HIGHLIGHT_WORKER'] === '0' ? { highlightWorker: null } : {}
}

/**
 * `DSH_VIEW_TRAJECTORY=0` (benchmarks only: bench/site.bench.ts times the build with and without the tab):
 * sessions get no Trajectory pages. Not a user option: the tab is part of every site.
 */
function trajectoryFrom(env: Record<string, string | undefined>): { trajectory?: false } {
  return env['DSH_VIEW_TRAJECTORY'] === '0' ? { trajectory: false } : {}
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

/**
 * The one-line summary: sessions, pages, what was rebuilt, time, the rate logs were read at, code blocks
 * coloured. The rate is of the logs read (the sessions rebuilt): a build that rebuilt nothing read no log,
 * and a rate of all the sessions' bytes over the time it took to check them would be no rate at all.
 */
export function summaryText(report: BuildReport, ms: number): string {
  const lines: string[] = []
  const secs = (ms / 1000).toFixed(ms < 10_000 ? 2 : 1)
  const rate = report.rendered === 0 ? '' : `, ${formatRate(report.bytes, ms)} of logs`
  lines.push(
    `dsh-view: ${report.sessions} session${report.sessions === 1 ? '' : 's'}, ${report.pages} page${report.pages === 1 ? '' : 's'}` +
      ` (${report.rendered} rebuilt, ${report.unchanged} unchanged) in ${secs} s${rate}`,
  )
  if (report.highlight.blocks > 0 || report.highlight.cacheHits > 0) {
    lines.push(`  highlighted ${report.highlight.blocks} code blocks in ${(report.highlight.ms / 1000).toFixed(2)} s (${report.highlight.cacheHits} from cache)`)
  }
  return `${lines.join('\n')}\n`
}
