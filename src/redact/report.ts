/**
 * The redaction report as a person reads it on stderr: how many secrets of which kind were replaced, then
 * where (`<log>:<line>: <rule> ×N`), a bounded list. Never prints a secret: by the time this runs they are
 * gone, and CI logs are public.
 */
import type { RedactionReport } from './redactor'

/** Places listed on stderr; the rest are counted. */
export const LISTED_PLACES = 50

export function ruleCounts(byRule: Record<string, number>): string {
  return Object.entries(byRule)
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ')
}

/** Lines for stderr (each ends with a newline); empty report → one "nothing found" line. */
export function formatRedactionReport(report: RedactionReport, listed = LISTED_PLACES): string {
  if (report.total === 0) return 'dsh-view: --redact found no secrets\n'
  const lines = [`dsh-view: redacted ${report.total} secret${report.total === 1 ? '' : 's'} (${ruleCounts(report.byRule)})`]
  for (const p of report.places.slice(0, listed)) {
    lines.push(`  ${p.session}${p.line === null ? ' (streamed text)' : `:${p.line}`}: ${p.rule}${p.count > 1 ? ` ×${p.count}` : ''}`)
  }
  const more = Math.max(0, report.places.length - listed) + report.omittedPlaces
  if (more > 0) lines.push(`  … and ${more} more place${more === 1 ? '' : 's'}`)
  return `${lines.join('\n')}\n`
}

/**
 * A secret as a report may show it: its length, and its first four characters only when they are a
 * format's public prefix (`ghp_`, `AKIA`, `xoxb`); a password shows nothing of itself.
 */
export function masked(secret: string, showPrefix: boolean): string {
  const head = showPrefix ? [...secret].slice(0, 4).join('') : ''
  return `${head}…(${secret.length} chars)`
}
