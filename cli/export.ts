/**
 * `dsh-view export <session> [-o FILE.html] [--markdown FILE.md] [--link-base URL] [--locale en|zh] [--view MODE]
 * [--redact] [--redact-config FILE] [--replay]`: one session tree as a self-contained HTML file and/or a PR summary
 * (src/export). stdout gets the path of each file written, one a line (scriptable) — or, with `--markdown -`,
 * the summary and nothing else; stderr gets one summary line per file (sessions, size, what the budget left
 * out), warnings (an unknown format version) and, with `--redact`, the redaction report. `--latest 1`
 * exports the newest session under the paths instead of a named one.
 *
 * Exit codes: 0 written (damage is shown in the file, not fatal); 1 the session or one of its descendants
 * could not be read or found (what could be read is still written); 2 usage (no output named, an ambiguous
 * session, a bad redaction config).
 */
import { homedir } from 'node:os'
import type { ExportInvocation } from './args'
import type { Io } from './io'
import { redactionFor } from './redact'
import { UserError } from './user-error'
import { createReporter } from './reporter'
import { latestLogs, inputOf } from './latest'

export async function runExport(inv: ExportInvocation, io: Io): Promise<number> {
  // As for build: production React renders 2–3× faster; set before the renderer loads.
  const env = process.env
  env['NODE_ENV'] ??= 'production'
  const [{ exportSession, ExportReadError }, { ResolveError }, { formatBytes }, { EMPTY_REPORT, formatRedactionReport }] = await Promise.all([
    import('../src/export/export'),
    import('../src/export/resolve'),
    import('../src/export/strings'),
    import('../src/redact'),
  ])
  const reporter = createReporter(io, inv)
  const redact = await redactionFor(inv.redact)
  // `--latest 1`: the newest root session under the paths (the family is found around it as for a path).
  const newest = inv.session === null ? (await latestLogs(inv.inputs ?? [], 1, io, reporter)).roots[0] : undefined
  const session = inv.session ?? (newest === undefined ? '' : inputOf(newest))
  const toStdout = inv.markdown === '-'
  let report
  try {
    report = await exportSession({
      session,
      html: inv.html,
      markdown: inv.markdown,
      linkBase: inv.linkBase,
      transcriptUrl: inv.transcriptUrl ?? null,
      locale: inv.locale,
      ...(inv.view === undefined ? {} : { view: inv.view }),
      env: io.env,
      homedir: homedir(),
      redact,
      replay: inv.replay === true,
    })
  } catch (err) {
    if (err instanceof ResolveError) throw new UserError(err.message, err.hint, err.exitCode)
    if (err instanceof ExportReadError) throw new UserError(err.message, undefined, 1)
    throw err
  }
  const sessions = `${report.sessions} session${report.sessions === 1 ? '' : 's'}`
  if (report.html !== null) {
    const h = report.html
    const notes = [
      h.omittedParts > 0 ? `${h.omittedParts} of ${h.parts} parts left out for the size budget` : null,
      h.notEmbedded > 0 ? `${h.notEmbedded} of ${h.fullTexts} full texts not embedded` : null,
      h.overBudget ? 'over the size budget even so' : null,
    ].filter((s): s is string => s !== null)
    reporter.note(`dsh-view: ${h.path}: ${sessions}, ${formatBytes(h.bytes)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`)
  }
  if (report.markdown !== null) {
    const m = report.markdown
    reporter.note(`dsh-view: ${toStdout ? 'stdout' : m.path}: summary of ${sessions}, ${formatBytes(m.bytes)}${m.level > 0 ? ' (cut to fit 64 KB)' : ''}`)
  }
  for (const w of report.warnings) reporter.warn({ kind: w.kind, where: w.session, message: w.message })
  reporter.flush()
  for (const p of report.problems) reporter.error(`dsh-view: could not read ${p.path}: ${p.message}`)
  if (redact !== null) reporter.note(formatRedactionReport(report.redactions ?? EMPTY_REPORT))
  // stdout is the summary itself with `--markdown -`, else the path of each file written, one a line.
  if (toStdout) io.stdout(report.markdown?.text ?? '')
  else for (const path of [report.html?.path, report.markdown?.path]) if (path !== undefined) io.stdout(`${path}\n`)
  return report.problems.length > 0 ? 1 : 0
}
