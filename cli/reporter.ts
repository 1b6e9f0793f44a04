/**
 * What a command says on stderr besides its result, the same way for every command: progress (TTY-aware,
 * src/site/progress.ts), one-line notes (summaries), warnings and errors. `-q/--quiet` drops progress,
 * notes and warnings alike — errors (what makes the exit code non-zero) always print. Warnings are
 * collected and printed grouped by kind, each kind with its count and a few examples; `--verbose` lists
 * every one. Log text reaches the terminal only through `Io` (escaped, ./terminal-text.ts).
 */
import type { Io } from './io'
import type { Output } from './args'
import { createProgress, type Progress } from '../src/site/progress'
import { terminalField } from './terminal-text'
import { join } from 'node:path'
import { MANIFEST_FILE } from '../src/site/write/manifest'

export interface WarningEntry {
  /** Groups warnings: "seq gap", "torn tail", "unknown event type". */
  kind: string
  /** Where: `path` or `path:line`; null for none. */
  where: string | null
  message: string
}

/** Examples shown per kind without `--verbose`. */
export const EXAMPLES_PER_KIND = 3

export interface Reporter {
  /** A progress line for long runs; silent under `--quiet`. */
  progress(): Progress
  note(text: string): void
  warn(entry: WarningEntry): void
  /** Warnings counted but not kept (a builder that kept only the first few); they join the total. */
  uncounted(n: number): void
  error(text: string): void
  /** Prints the grouped warnings (once; later warnings start a new group list). */
  flush(heading?: string): void
}

export function createReporter(io: Io, output: Output): Reporter {
  let warnings: WarningEntry[] = []
  let extra = 0
  return {
    progress: () => createProgress({ write: io.stderrControl ?? io.stderr, tty: io.stderrIsTty, quiet: output.quiet === true }),
    note: text => {
      if (!output.quiet === true) io.stderr(text.endsWith('\n') ? text : `${text}\n`)
    },
    warn: entry => void warnings.push(entry),
    uncounted: n => void (extra += n),
    error: text => io.stderr(text.endsWith('\n') ? text : `${text}\n`),
    flush: heading => {
      const lines = output.quiet === true ? [] : groupWarnings(warnings, extra, output.verbose === true, heading)
      warnings = []
      extra = 0
      if (lines.length > 0) io.stderr(`${lines.join('\n')}\n`)
    },
  }
}

/**
 * The warnings as lines: a heading with the total, then per kind (most frequent first, ties in order of
 * first appearance) `N × kind` and its first examples, or all of them when `verbose`.
 */
export function groupWarnings(warnings: readonly WarningEntry[], extra: number, verbose: boolean, heading = 'warnings'): string[] {
  const total = warnings.length + extra
  if (total === 0) return []
  const groups = new Map<string, WarningEntry[]>()
  for (const w of warnings) {
    const group = groups.get(w.kind)
    if (group === undefined) groups.set(w.kind, [w])
    else group.push(w)
  }
  const out = [`dsh-view: ${total} ${total === 1 ? heading.replace(/^(\w+?)s\b/, '$1') : heading}${groups.size > 1 ? ` of ${groups.size} kinds` : ''}:`]
  const ordered = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)
  for (const [kind, list] of ordered) {
    out.push(`  ${list.length} × ${terminalField(kind)}`)
    const shown = verbose ? list : list.slice(0, EXAMPLES_PER_KIND)
    for (const w of shown) out.push(`      ${w.where === null ? '' : `${terminalField(w.where)}: `}${terminalField(w.message)}`)
    if (shown.length < list.length) out.push(`      … and ${list.length - shown.length} more (--verbose lists all)`)
  }
  if (extra > 0) out.push(`  ${extra} more not listed (each is marked on its page)`)
  return out
}

/**
 * The kind of a warning message: the text before its first `: ` or ` (` ("seq gap: expected seq 1, got 3" →
 * "seq gap", "not valid JSON (Unexpected token …)" → "not valid JSON"), numbers and quoted values masked, so
 * repeats of one problem group together.
 */
export function warningKind(message: string): string {
  const cuts = [message.indexOf(': '), message.indexOf(' (')].filter(i => i > 0)
  const head = cuts.length > 0 ? message.slice(0, Math.min(...cuts)) : message
  return head.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N').slice(0, 80)
}

/** The one line `build` and `merge` print when the folder's manifest could not be used (src/site/write/manifest.ts). */
export function damagedManifestNote(outDir: string, reason: string): string {
  return `dsh-view: ${terminalField(join(outDir, MANIFEST_FILE))} is damaged (${terminalField(reason)}); rebuilding every session`
}
