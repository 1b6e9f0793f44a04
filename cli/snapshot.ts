/**
 * `dsh-view snapshot [paths…] [--format text|aria] [--tab chat|trajectory] [--out DIR] [--check]
 * [--expand all|none|process] [--view MODE] [--locale en|zh]`
 * (issue 5): card snapshots for CI, one per session; `--tab trajectory` (issue 29) snapshots the session's
 * Trajectory instead (text: src/snapshot/text/trajectory.ts; aria: its page's main landmark).
 *
 * - `text` (default): the conversation model and card props as reviewable text (src/snapshot/text), pure
 *   Node; `aria`: the rendered transcript's accessibility tree from Chromium (src/snapshot/node/aria.ts), in
 *   the `--view` mode, rows and turn folds opened per `--expand`. Both are masked for volatile values (src/snapshot/normalize.ts).
 * - No `--out`: print (one session bare; several each under a `==> <file> <==` line, like `head`).
 *   `--out DIR`: write `DIR/<name>.txt` / `.aria.yml` (names from session ids, src/snapshot/names.ts).
 *   `--check`: compare with DIR and print a unified diff per changed session on stdout; exit 1 on any
 *   difference. Only `DSH_SNAPSHOT=refresh` writes under `--check` (src/snapshot/node/store.ts).
 *
 * Exit codes: 0 done (and, with `--check`, equal); 1 a difference, a missing snapshot, or a path or log that
 * could not be read; 2 usage. The summary goes to stderr, so stdout is only snapshots or diffs.
 */
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import type { Invocation } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { createReporter, type Reporter } from './reporter'
import { DEFAULT_VIEW_MODE } from '../src/cards/view-mode'
import { defaultSessionsRoot, type DiscoveryProblem } from '../src/log/node/discover'
import type { SiteAssets } from '../src/site/html/assets'
import type { SnapshotSession } from '../src/snapshot/node/sessions'
import type { AriaSnapshotter } from '../src/snapshot/node/aria'
import type { CheckReport, SnapshotFile } from '../src/snapshot/node/store'

type SnapshotInvocation = Extract<Invocation, { mode: 'snapshot' }>

export interface SnapshotDeps {
  /** Site shell and assets for `aria` (default: the package build's dist/site). */
  assets?: SiteAssets
  /** Home folder for the default sessions root (default: the user's). */
  homedir?: string
  /** A running Chromium to reuse for `aria` (tests share one per file); left open. Default: launch one. */
  snapshotter?: AriaSnapshotter
}

export const EXTENSION = { text: '.txt', aria: '.aria.yml' } as const

export async function runSnapshot(inv: SnapshotInvocation, io: Io, deps: SnapshotDeps = {}): Promise<number> {
  const env = process.env
  env['NODE_ENV'] ??= 'production' // as `build`: development React renders 2–3× slower (aria renders pages)
  const home = deps.homedir ?? homedir()
  const inputs = inv.inputs.length > 0 ? inv.inputs : [defaultSessionsRoot({ env: io.env, homedir: home })]
  if (inv.inputs.length === 0 && !existsSync(inputs[0] ?? '')) {
    throw new UserError(`no sessions at ${inputs[0] ?? ''}`, 'Pass the logs or a sessions root: dsh-view snapshot <paths…>', 1)
  }
  const { readSnapshotSessions } = await import('../src/snapshot/node/sessions')
  const problems: DiscoveryProblem[] = []
  const files = await snapshotFiles(readSnapshotSessions(inputs, { env: io.env, homedir: home, trajectory: inv.tab === 'trajectory' }, problems), inv, io, deps, problems)
  const reporter = createReporter(io, inv)
  for (const p of problems) reporter.error(`dsh-view: could not read ${p.path}: ${p.message}`)
  let failed = problems.length > 0
  if (inv.outDir === null) {
    const single = files.length === 1
    for (const f of files) io.stdout(single ? f.text : `==> ${f.file} <==\n${f.text}\n`)
  } else if (inv.check) {
    const { checkSnapshots, snapshotMode } = await import('../src/snapshot/node/store')
    const mode = snapshotMode(io.env)
    const report = await checkSnapshots(files, inv.outDir, mode, EXTENSION[inv.format])
    reportCheck(report, inv.outDir, io, reporter)
    failed ||= report.failed
  } else {
    const { writeSnapshots } = await import('../src/snapshot/node/store')
    const written = await writeSnapshots(files, inv.outDir)
    reporter.note(`dsh-view: ${plural(files.length, 'snapshot')} in ${inv.outDir} (${written.length} written, ${files.length - written.length} unchanged)`)
  }
  return failed ? 1 : 0
}

/** Each session's snapshot, one session in memory at a time. */
async function snapshotFiles(sessions: AsyncIterable<SnapshotSession>, inv: SnapshotInvocation, io: Io, deps: SnapshotDeps, problems: DiscoveryProblem[]): Promise<SnapshotFile[]> {
  const ext = EXTENSION[inv.format]
  const files: SnapshotFile[] = []
  const { damagedConversation, failureReason } = await import('../src/site/fold/damaged')
  // One session dsh-view fails on (in any format or tab) gets the damaged-session snapshot and a problem;
  // the others go on (issue 17). The damaged snapshot keeps the header when it can.
  const guarded = async (s: SnapshotSession, make: (s: SnapshotSession) => string | Promise<string>): Promise<string> => {
    try {
      return await make(s)
    } catch (error) {
      const { reason, line } = failureReason('render', error)
      problems.push({ path: s.source.display, message: reason })
      const damaged = (header: SnapshotSession['conversation']['header']) => ({ ...s, conversation: damagedConversation(header, reason, line), trajectory: null })
      try {
        return await make(damaged(s.conversation.header))
      } catch {
        return await make(damaged(null))
      }
    }
  }
  if (inv.format === 'text' && inv.tab === 'trajectory') {
    const { trajectoryText } = await import('../src/snapshot/text/trajectory')
    const { assembleTrajectory } = await import('../src/trajectory')
    for await (const s of sessions) {
      // A log dsh-view failed to fold has no Trajectory: an empty model says so (its problem is reported).
      const text = await guarded(s, s => trajectoryText({ id: s.id, snapshot: s.trajectory ?? assembleTrajectory([]), locale: inv.locale, cwd: s.conversation.facts.cwd }))
      files.push({ file: `${s.name}${ext}`, text })
    }
    return files
  }
  if (inv.format === 'text') {
    const { viewModel } = await import('../src/cards/view-model')
    const { textSnapshot } = await import('../src/snapshot/text/session')
    for await (const s of sessions) {
      const text = await guarded(s, ({ id, conversation }) => textSnapshot({ id, conversation, view: viewModel(conversation, { cwd: conversation.facts.cwd, home: null, locale: inv.locale }) }))
      files.push({ file: `${s.name}${ext}`, text })
    }
    return files
  }
  const { normalizeVolatile } = await import('../src/snapshot/normalize')
  let snapshotter = deps.snapshotter ?? null
  try {
    for await (const s of sessions) {
      // Chromium starts on the first session, so an input without sessions never needs it.
      const browser = (snapshotter ??= await launchChromium(io, deps))
      const text = await guarded(s, async s => {
        const raw =
          inv.tab === 'trajectory'
            ? await browser.trajectory(s, { expand: inv.expand === 'none' ? 'none' : 'all', locale: inv.locale })
            : await browser.snapshot(s, { expand: { kind: inv.expand }, locale: inv.locale, view: inv.view ?? DEFAULT_VIEW_MODE })
        return `${normalizeVolatile(raw, { cwd: s.conversation.facts.cwd })}\n`
      })
      files.push({ file: `${s.name}${ext}`, text })
    }
    return files
  } finally {
    if (deps.snapshotter === undefined) await snapshotter?.close()
  }
}

async function launchChromium(io: Io, deps: SnapshotDeps): Promise<AriaSnapshotter> {
  const { AriaSnapshotter, chromiumExecutable } = await import('../src/snapshot/node/aria')
  const chromium = chromiumExecutable(io.env)
  if (!chromium.exists) {
    const where = chromium.looked.length === 1 ? `at ${chromium.path} (DSH_VIEW_CHROMIUM)` : `(looked for ${chromium.path}, then chromium, chromium-browser and google-chrome on PATH)`
    throw new UserError(`--format aria needs Chromium; none found ${where}`, 'Install Chromium (Debian/Ubuntu: apt install chromium), or set DSH_VIEW_CHROMIUM to a Chromium or Chrome binary.', 1)
  }
  const assets = deps.assets ?? (await (await import('../src/site/html/assets')).loadSiteAssets())
  try {
    return await AriaSnapshotter.launch({ assets, env: io.env })
  } catch (err) {
    // playwright-core is a dependency of dsh-view, so this is an install that lost it.
    if (isMissingModule(err)) throw new UserError('--format aria needs playwright-core, which this install of dsh-view lacks', 'Reinstall dsh-view (npm i -g dsh-view, or npm ci in a clone).', 1)
    throw err
  }
}

function isMissingModule(err: unknown): boolean {
  return err instanceof Error && 'code' in err && (err.code === 'ERR_MODULE_NOT_FOUND' || err.code === 'MODULE_NOT_FOUND')
}

function reportCheck(report: CheckReport, dir: string, io: Io, reporter: Reporter): void {
  const count = { equal: 0, changed: 0, missing: 0, created: 0, updated: 0 }
  for (const o of report.outcomes) {
    count[o.status]++
    if (o.status === 'changed') io.stdout(o.diff)
    else if (o.status === 'missing') io.stdout(`missing: ${dir}/${o.file} (DSH_SNAPSHOT=refresh writes it)\n`)
    else if (o.status === 'created') reporter.note(`dsh-view: wrote ${dir}/${o.file}`)
    else if (o.status === 'updated') reporter.note(`dsh-view: refreshed ${dir}/${o.file}`)
  }
  for (const file of report.stale) reporter.warn({ kind: 'stale snapshot', where: `${dir}/${file}`, message: 'matches no session in this run (left alone)' })
  reporter.flush()
  const parts = [`${count.equal} equal`]
  if (count.changed > 0) parts.push(`${count.changed} changed`)
  if (count.missing > 0) parts.push(`${count.missing} missing`)
  if (count.created > 0) parts.push(`${count.created} written`)
  if (count.updated > 0) parts.push(`${count.updated} refreshed`)
  reporter.note(`dsh-view: ${plural(report.outcomes.length, 'snapshot')} checked against ${dir}: ${parts.join(', ')}`)
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
