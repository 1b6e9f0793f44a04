/**
 * `dsh-view redact --check [paths…]`: is anything secret-looking left? Walks the paths (no depth limit) and
 * checks two kinds of file with the same rules `--redact` uses:
 * - session logs (`*.jsonl`, `*.jsonl.zstd`, every generation, and export ZIPs): every string of every
 *   decoded record, with its line number;
 * - published output (`.html`, `.md`, `.txt`, `.js`, `.json`, …: a built site, an export, a summary):
 *   HTML is read as the text a browser shows (tags dropped, references decoded), line by line; JSON files
 *   (the site's state folder) string by string.
 * Hits name the file, line and rule; the secret itself is never printed (masked(): length, and only a
 * format's public prefix).
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { discoverLogs, describeFsError, type DiscoverOptions, type DiscoveryProblem } from '../../log/node/discover'
import { readSession } from '../../log/node/read'
import { fileSource, type LogSource } from '../../log/node/source'
import { deeperThan, MAX_JSON_DEPTH } from '../../log/json/depth'
import { DeepRedactor } from '../deep'
import { htmlToText } from '../html-text'
import { masked } from '../report'
import { findSecrets, type RedactConfig } from '../scan'

export interface CheckHit {
  path: string
  /** 1-based line (of the decoded log, or of the file); null inside a JSON file. */
  line: number | null
  rule: string
  /** What may be shown of the secret (masked). */
  preview: string
}

export interface CheckReport {
  hits: CheckHit[]
  logs: number
  files: number
  problems: DiscoveryProblem[]
}

const LOG = /\.jsonl(?:\.zstd)?$/i
const ZIP = /\.zip$/i
const HTML = /\.(?:html?|svg|xml)$/i
const JSON_FILE = /\.json$/i
const TEXT = /\.(?:html?|svg|xml|md|markdown|txt|js|mjs|cjs|json|css|csv|ya?ml|log|env)$/i

export async function checkPaths(inputs: readonly string[], config: RedactConfig, discover: DiscoverOptions): Promise<CheckReport> {
  const report: CheckReport = { hits: [], logs: 0, files: 0, problems: [] }
  const builtIn = new Set(config.rules.filter(r => r.builtIn && r.honoursHashAllowlist).map(r => r.name))
  const hit = (path: string, line: number | null) => (rule: string, secret: string) =>
    void report.hits.push({ path, line, rule, preview: masked(secret, builtIn.has(rule)) })

  const files: string[] = []
  for (const input of inputs) {
    try {
      const info = await stat(input)
      if (info.isDirectory()) files.push(...(await walk(input)))
      else files.push(input)
    } catch (err) {
      report.problems.push({ path: input, message: describeFsError(err) })
    }
  }
  for (const file of files) {
    if (LOG.test(file)) {
      report.logs++
      await checkLog(fileSource(file), config, hit, report)
    } else if (ZIP.test(file)) {
      const found = await discoverLogs([file], discover)
      report.problems.push(...found.problems)
      for (const log of found.logs) {
        report.logs++
        await checkLog(log.source, config, hit, report)
      }
    } else if (TEXT.test(file) || inputs.includes(file)) {
      report.files++
      await checkFile(file, config, hit, report)
    }
  }
  return report
}

/** Every file under `dir`, sorted, symlinked folders not followed. */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter(e => e.isFile())
    .map(e => join(e.parentPath, e.name))
    .sort()
}

type Hit = (path: string, line: number | null) => (rule: string, secret: string) => void

async function checkLog(source: LogSource, config: RedactConfig, hit: Hit, report: CheckReport): Promise<void> {
  const reader = readSession(source)
  for await (const batch of reader) {
    for (const entry of batch) new DeepRedactor(config, hit(source.display, entry.line)).value(entry)
  }
  if (reader.summary.unreadable !== null) report.problems.push({ path: source.display, message: reader.summary.unreadable })
}

async function checkFile(path: string, config: RedactConfig, hit: Hit, report: CheckReport): Promise<void> {
  let text: string
  try {
    text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '')
  } catch (err) {
    report.problems.push({ path, message: describeFsError(err) })
    return
  }
  if (JSON_FILE.test(path)) {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      value = undefined
    }
    if (value !== undefined && deeperThan(value, MAX_JSON_DEPTH)) {
      // Too deep for the recursive walks: every key and string, decoded, is checked as text instead.
      const report = hit(path, null)
      for (const s of stringsOf(value)) {
        const shown = s.includes('<') ? htmlToText(s) : s
        for (const f of findSecrets(shown, config)) report(f.rule, shown.slice(f.start, f.end))
      }
      return
    }
    if (value !== undefined) {
      // Highlighted fragments (the site's cache) are HTML inside JSON strings: check what they show.
      new DeepRedactor(config, hit(path, null)).value(mapStrings(value, s => (s.includes('<') ? htmlToText(s) : s)))
      return
    }
  }
  const html = HTML.test(path)
  text.split('\n').forEach((line, i) => {
    const shown = html ? htmlToText(line) : line
    const report = hit(path, i + 1)
    for (const f of findSecrets(shown, config)) report(f.rule, shown.slice(f.start, f.end))
  })
}

/** Every object key and string of a JSON value, walked with an explicit stack (any depth). */
function* stringsOf(value: unknown): Generator<string> {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string') yield v
    else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push(v[i])
    else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        yield k
        stack.push(item)
      }
    }
  }
}

/** `value` with `f` applied to each string; recursive, so only for values within `MAX_JSON_DEPTH`. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value)
  if (Array.isArray(value)) return value.map(v => mapStrings(v, f))
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]))
  return value
}
