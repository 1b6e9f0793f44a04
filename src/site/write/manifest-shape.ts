/**
 * The shape check of a manifest read back from a site folder (./manifest.ts). The file is in a folder people
 * copy, edit and sync, and a full disk or a killed copy truncates it: nothing in it is trusted. Every field
 * a rebuild reads — the family hashes, each reused session's index summary, warnings, redaction report and
 * files, the site's file list a rebuild deletes from — is checked here against the shape a build writes, and
 * the first one that does not fit is named (`ManifestDamage`): the caller then rebuilds every session
 * instead of reusing any. File names must stay inside the site folder (relative, no `.`/`..` or empty
 * segment), since a rebuild deletes the ones it no longer writes. Fixed depth: no recursion on the data.
 */
import { SESSION_STATUSES } from '../../conversation/status'

/** Why a manifest cannot be used: which field, and what is wrong with it. */
export class ManifestDamage extends Error {}

type Rec = Record<string, unknown>

const fail = (what: string): never => {
  throw new ManifestDamage(what)
}

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)

function rec(v: unknown, what: string): Rec {
  return isRec(v) ? v : fail(`${what} is not an object`)
}

function str(v: unknown, what: string): string {
  return typeof v === 'string' ? v : fail(`${what} is not a string`)
}

function strOrNull(v: unknown, what: string): string | null {
  return v === null ? null : str(v, what)
}

/** A count the build wrote: a non-negative safe integer. */
function count(v: unknown, what: string): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fail(`${what} is not a count`)
}

function countOrNull(v: unknown, what: string): number | null {
  return v === null ? null : count(v, what)
}

/** A measured quantity (bytes, tokens, a cost, a time): a finite number. */
function num(v: unknown, what: string): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fail(`${what} is not a number`)
}

function numOrNull(v: unknown, what: string): number | null {
  return v === null ? null : num(v, what)
}

function list(v: unknown, what: string): unknown[] {
  return Array.isArray(v) ? v : fail(`${what} is not a list`)
}

/** A file of the site: a relative path that stays inside the site folder. */
export function isSiteFile(v: unknown): v is string {
  if (typeof v !== 'string' || v.includes('\0') || v.includes('\\')) return false
  return v.split('/').every(segment => segment !== '' && segment !== '.' && segment !== '..')
}

function files(v: unknown, what: string): void {
  for (const f of list(v, what)) if (!isSiteFile(f)) fail(`${what} holds a name outside the site`)
}

function optional(v: Rec, key: string, check: (value: unknown, what: string) => unknown, what: string): void {
  if (v[key] !== undefined) check(v[key], `${what}.${key}`)
}

function usage(v: unknown, what: string): void {
  const u = rec(v, what)
  for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens', 'totalTokens']) num(u[key], `${what}.${key}`)
}

function status(v: unknown, what: string): void {
  if (!(SESSION_STATUSES as readonly unknown[]).includes(v)) fail(`${what} is not a session status`)
}

/** src/stats/insight.ts SessionInsight. */
function insight(v: unknown, what: string): void {
  const i = rec(v, what)
  str(i['id'], `${what}.id`)
  strOrNull(i['project'], `${what}.project`)
  numOrNull(i['start'], `${what}.start`)
  numOrNull(i['durationMs'], `${what}.durationMs`)
  status(i['status'], `${what}.status`)
  strOrNull(i['model'], `${what}.model`)
  count(i['turns'], `${what}.turns`)
  count(i['toolCalls'], `${what}.toolCalls`)
  usage(i['usage'], `${what}.usage`)
  optional(i, 'cost', numOrNull, what)
  for (const d of list(i['days'], `${what}.days`)) {
    const day = rec(d, `${what}.days[]`)
    strOrNull(day['day'], `${what}.days[].day`)
    strOrNull(day['model'], `${what}.days[].model`)
    count(day['requests'], `${what}.days[].requests`)
    usage(day['usage'], `${what}.days[].usage`)
    optional(day, 'cost', numOrNull, `${what}.days[]`)
  }
  for (const t of list(i['tools'], `${what}.tools`)) {
    const pair = list(t, `${what}.tools[]`)
    if (pair.length !== 2) fail(`${what}.tools[] is not a name and a count`)
    str(pair[0], `${what}.tools[] name`)
    count(pair[1], `${what}.tools[] count`)
  }
  strOrNull(i['lastTool'], `${what}.lastTool`)
  optional(i, 'slowTurns', (s, w) => {
    for (const t of list(s, w)) {
      const turn = rec(t, `${w}[]`)
      count(turn['turn'], `${w}[].turn`)
      num(turn['ms'], `${w}[].ms`)
      countOrNull(turn['page'], `${w}[].page`)
    }
  }, what)
}

/** src/site/types.ts SessionSummary. */
function summary(v: unknown, what: string): void {
  const s = rec(v, what)
  for (const key of ['id', 'slug', 'href', 'title']) str(s[key], `${what}.${key}`)
  for (const key of ['project', 'duration', 'model', 'parentId']) strOrNull(s[key], `${what}.${key}`)
  if (s['start'] !== null) {
    const start = rec(s['start'], `${what}.start`)
    str(start['iso'], `${what}.start.iso`)
    str(start['label'], `${what}.start.label`)
  }
  for (const key of ['turns', 'toolCalls', 'pages', 'warnings']) count(s[key], `${what}.${key}`)
  status(s['status'], `${what}.status`)
  optional(s, 'insight', insight, what)
}

/** src/redact/redactor.ts RedactionReport. */
function redactions(v: unknown, what: string): void {
  const r = rec(v, what)
  count(r['total'], `${what}.total`)
  count(r['omittedPlaces'], `${what}.omittedPlaces`)
  for (const n of Object.values(rec(r['byRule'], `${what}.byRule`))) count(n, `${what}.byRule[]`)
  for (const p of list(r['places'], `${what}.places`)) {
    const place = rec(p, `${what}.places[]`)
    str(place['session'], `${what}.places[].session`)
    countOrNull(place['line'], `${what}.places[].line`)
    str(place['rule'], `${what}.places[].rule`)
    count(place['count'], `${what}.places[].count`)
  }
}

/** ./manifest.ts SessionRecord. */
function sessionRecord(v: unknown): void {
  const what = 'a session record'
  const r = rec(v, what)
  summary(r['summary'], `${what}'s summary`)
  for (const w of list(r['warnings'], `${what}'s warnings`)) {
    const warning = rec(w, `${what}'s warning`)
    str(warning['path'], `${what}'s warning path`)
    countOrNull(warning['line'], `${what}'s warning line`)
    str(warning['message'], `${what}'s warning message`)
    optional(warning, 'lines', count, `${what}'s warning`)
  }
  files(r['files'], `${what}'s files`)
  num(r['bytes'], `${what}'s bytes`)
  optional(r, 'redactions', redactions, what)
}

/**
 * Checks a parsed manifest of format `format` in place; throws ManifestDamage naming the first field that
 * does not have the shape a build writes.
 */
export function checkManifestShape(value: unknown, format: string): void {
  const m = rec(value, 'the manifest')
  if (m['format'] !== format) fail(`its format is not ${format}`)
  for (const f of Object.values(rec(m['families'], 'families'))) {
    const family = rec(f, 'a family')
    str(family['hash'], 'a family hash')
    for (const member of list(family['members'], 'a family’s members')) str(member, 'a family member')
  }
  for (const s of Object.values(rec(m['sessions'], 'sessions'))) sessionRecord(s)
  files(m['files'], 'files')
}
