/**
 * `dsh-view merge PART… [-o DIR] [-q]` (issue 16): joins the parts of `dsh-view build --shard i/n` into the
 * site (src/site/merge.ts) and reports. stdout gets the path of index.html, as `build` prints it; stderr the
 * summary. Exit codes: 0 merged, 1 a part reports logs it could not read (the site is still written, as
 * `build` does) or another build holds the folder's lock, 2 parts that do not make one site (other version
 * or options, a shard missing or given twice, a session in two parts) or an output folder that is not ours
 * — then nothing is written.
 */
import type { MergeInvocation } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { terminalField } from './terminal-text'
import { damagedManifestNote } from './reporter'
import { formatRedactionReport } from '../src/redact'

/** Warnings listed in the summary, as `build` lists them. */
const MAX_LISTED_WARNINGS = 20

export async function runMerge(inv: MergeInvocation, io: Io): Promise<number> {
  const env = process.env
  env['NODE_ENV'] ??= 'production'
  const { mergeSite, MergeError } = await import('../src/site/merge')
  const { OutDirError, LockError } = await import('../src/site/build-site')
  const started = performance.now()
  let report: Awaited<ReturnType<typeof mergeSite>>
  try {
    report = await mergeSite({ parts: inv.parts, outDir: inv.outDir })
  } catch (err) {
    if (err instanceof MergeError) throw new UserError(err.message, 'Merge the parts of one `dsh-view build --shard i/n` run: every shard 1…n once, from the same root, version and options.', 2)
    if (err instanceof LockError) throw new UserError(err.message, 'Two builds into one folder would mix their pages; run them one after the other.', 1)
    if (err instanceof OutDirError) throw new UserError(err.message, 'Choose a new or empty folder with -o, or one an earlier `dsh-view build` or `merge` wrote.', 2)
    throw err
  }
  const ms = performance.now() - started
  if (!inv.quiet) {
    const lines = [
      ...(report.manifestDamage == null ? [] : [damagedManifestNote(report.outDir, report.manifestDamage)]),
      `dsh-view: merged ${report.parts} part${report.parts === 1 ? '' : 's'}: ${report.sessions} session${report.sessions === 1 ? '' : 's'}, ${report.pages} page${report.pages === 1 ? '' : 's'}` +
        ` (${report.linked} file${report.linked === 1 ? '' : 's'} brought in, ${report.unchanged} session${report.unchanged === 1 ? '' : 's'} unchanged) in ${(ms / 1000).toFixed(2)} s`,
    ]
    if (report.warnings.length > 0) {
      // As `build` lists them: the first few with session and line, the rest counted.
      lines.push(`  ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'} (each is marked on its page):`)
      for (const w of report.warnings.slice(0, MAX_LISTED_WARNINGS)) lines.push(`    ${terminalField(w.path)}${w.line === null ? '' : `:${w.line}`}: ${terminalField(w.message)}`)
      if (report.warnings.length > MAX_LISTED_WARNINGS) lines.push(`    … and ${report.warnings.length - MAX_LISTED_WARNINGS} more`)
    }
    for (const p of report.problems) lines.push(`  could not read ${terminalField(p.path)}: ${terminalField(p.message)}`)
    io.stderr(`${lines.join('\n')}\n`)
    // Parts built with --redact: the report `build --redact` prints, over every session.
    if (report.redactions !== undefined) io.stderr(formatRedactionReport(report.redactions))
  }
  io.stdout(`${report.indexPath}\n`)
  return report.problems.length > 0 ? 1 : 0
}
