/**
 * `dsh-view redact --check [paths…] [--redact-config FILE] [--json]`: the CI gate of issue 7. Checks session
 * logs and published output (a built site, an export, a Markdown summary) with the rules `--redact` uses
 * and prints every secret-looking string left, masked, as `path:line: rule preview` on stdout (or one JSON
 * document with `--json`); the summary goes to stderr.
 *
 * Exit codes: 0 clean, 1 something secret-looking remains (or a path could not be read, or there was
 * nothing to check), 2 usage (bad flags, a bad config file).
 *
 * Also the one place a CLI mode turns `--redact` / `--redact-config` into a config (`redactionFor`), so
 * `build` and `export` report config mistakes the same way.
 */
import { homedir } from 'node:os'
import type { Invocation, RedactRequest } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { createReporter } from './reporter'
import { defaultSessionsRoot } from '../src/log/node/discover'
import { RedactConfigError, type RedactConfig } from '../src/redact'
import { checkPaths, type CheckHit } from '../src/redact/node/check'
import { loadRedactConfig } from '../src/redact/node/config-file'

type RedactInvocation = Extract<Invocation, { mode: 'redact' }>

/** Hits listed on stdout; more are counted (the JSON form lists them all). */
const MAX_LISTED = 200

/** The config a `--redact` request asks for, or null when redaction is off; config errors exit 2. */
export async function redactionFor(request: RedactRequest | null | undefined): Promise<RedactConfig | null> {
  if (request === null || request === undefined) return null
  return configFrom(request.configFile)
}

async function configFrom(file: string | null): Promise<RedactConfig> {
  try {
    return await loadRedactConfig(file)
  } catch (err) {
    if (err instanceof RedactConfigError) throw new UserError(err.message, 'See "Redaction" in the README for the config format.', 2)
    throw err
  }
}

export async function runRedact(inv: RedactInvocation, io: Io): Promise<number> {
  const reporter = createReporter(io, inv)
  const config = await configFrom(inv.configFile)
  const home = homedir()
  const inputs = inv.inputs.length > 0 ? inv.inputs : [defaultSessionsRoot({ env: io.env, homedir: home })]
  const report = await checkPaths(inputs, config, { env: io.env, homedir: home })
  if (inv.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`)
  else {
    for (const h of report.hits.slice(0, MAX_LISTED)) io.stdout(`${hitLine(h)}\n`)
    if (report.hits.length > MAX_LISTED) io.stdout(`… and ${report.hits.length - MAX_LISTED} more\n`)
  }
  const checked = `${report.logs} log${report.logs === 1 ? '' : 's'} and ${report.files} file${report.files === 1 ? '' : 's'}`
  for (const p of report.problems) reporter.error(`dsh-view: could not read ${p.path}: ${p.message}`)
  if (report.logs + report.files === 0) {
    reporter.error(`dsh-view: nothing to check under ${inputs.join(', ')} (no session logs, no published files)\n`)
    return 1
  }
  if (report.hits.length > 0) {
    const files = new Set(report.hits.map(h => h.path)).size
    reporter.error(`dsh-view: ${report.hits.length} secret-looking string${report.hits.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (checked ${checked})\n`)
    reporter.error('  Rebuild with --redact (and --redact-config FILE for your own rules or allowlist).')
    return 1
  }
  reporter.note(`dsh-view: no secrets found (checked ${checked})`)
  return report.problems.length > 0 ? 1 : 0
}

export function hitLine(h: CheckHit): string {
  return `${h.path}${h.line === null ? '' : `:${h.line}`}: ${h.rule} ${h.preview}`
}
