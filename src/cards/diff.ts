/**
 * Diff card (cards.md §7): write / edit / str_replace_editor calls as DiffBlock props. Owns the intended
 * diff from the arguments while running, the applied `meta.diffs` hunks once settled (with write's
 * whole-file fallback), hunk validity, and the row list with its folds and footer.
 *
 * Unlike dsh's DiffBlock (the first rows, `… N more lines`, the last rows — changed lines included), a diff
 * here never hides a changed line (issue 28): every added and removed row, and every file header and hunk
 * gap, is drawn; only runs of unchanged context farther than `DIFF_CONTEXT` lines from a change are folded,
 * each behind its own `… N unchanged lines` toggle in place, as a code review shows them. Chat and Details
 * fold alike. A diff too long for a page is still cut by the page budget (src/site/render/pages/cut.ts), whose marker
 * row says so and links the full text.
 *
 * Beyond dsh's DiffBlock (which draws every old line as removed and every new line as added), each hunk is
 * line-diffed so unchanged context shows as context, the +/- counts are true, paired lines carry
 * word-level marks, and line numbers are given where they are knowable: whole-file diffs, and write hunks
 * located in the written content (users.md: "true line numbers, +/- counts and word-level marks"). Edit
 * hunks carry no position in the log, so their numbers stay null rather than guessed.
 */
import { diffArrays, diffWordsWithSpace } from 'diff'
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, DiffCardModel, DiffFold, DiffMark, DiffRow } from './types'
import { asBoolean, asString, everyItem, isObject, jsonObject, nonBlank, type JsonObject } from './narrow'
import { languageForPath } from './lang'
import { FIXED, strings, type Dictionary } from './strings'

export interface FileDiff {
  path: string
  oldText: string | null
  newText: string
}

/** Lines longer than this get no word marks: word diffs grow quadratically and long lines are rarely prose. */
const WORD_DIFF_MAX_CHARS = 500
/** Word marks pair the i-th removed with the i-th added line; past this run length the pairs are noise. */
const WORD_DIFF_MAX_RUN = 64
/**
 * Past this many changed lines a hunk reads as one removed block and one added block, as dsh draws every
 * hunk. The search costs about D × (old + new) steps: at 500, two unrelated 3,000-line sides give up in
 * tens of milliseconds; at 2,000 it took most of a second. No `timeout`: output must be deterministic.
 */
const MAX_EDIT_LENGTH = 500
const ESCALATIONS: ReadonlySet<string> = new Set(['workspace-write', 'danger-full-access'])

/**
 * Unchanged lines kept on each side of a change, as a code review (and dsh's own `meta.diffs` hunks,
 * `DIFF_CONTEXT = 3`, cards.md §7) shows them.
 */
export const DIFF_CONTEXT = 3
/** A fold stands for at least this many rows: a toggle in place of a single row would hide nothing. */
const MIN_FOLD = 2

/** A valid hunk: non-blank string path, `oldText` null or string, string `newText` (cards.md §7). */
export function narrowFileDiff(value: unknown): FileDiff | null {
  if (!isObject(value)) return null
  const path = nonBlank(value.path)
  const newText = asString(value.newText)
  const oldText = value.oldText === null ? null : asString(value.oldText)
  if (path === null || newText === null || (oldText === null && value.oldText !== null)) return null
  return { path, oldText, newText }
}

/** `meta.diffs` when it is a non-empty list of valid hunks; one invalid hunk rejects the list. */
export function appliedDiffs(meta: unknown): FileDiff[] | null {
  if (!isObject(meta)) return null
  const diffs = everyItem(meta.diffs, narrowFileDiff)
  return diffs !== null && diffs.length > 0 ? diffs : null
}

/** [N]: either escalation field present requires both, well-formed. */
function escalationOk(args: JsonObject): boolean {
  if (!('sandbox_permissions' in args) && !('justification' in args)) return true
  const level = args.sandbox_permissions
  return typeof level === 'string' && ESCALATIONS.has(level) && nonBlank(args.justification) !== null
}

/** The diff the call intends, from its arguments; null when they do not describe one (cards.md §7). */
export function intendedDiffs(name: string, args: JsonObject): FileDiff[] | null {
  if (name === 'write' || name === 'edit') {
    const path = nonBlank(args.file_path)
    if (path === null || !escalationOk(args)) return null
    if (name === 'write') {
      const content = asString(args.content)
      return content === null ? null : [{ path, oldText: null, newText: content }]
    }
    const oldString = asString(args.old_string)
    const newString = asString(args.new_string)
    if (oldString === null || newString === null) return null
    if ('replace_all' in args && asBoolean(args.replace_all) === null) return null
    return [{ path, oldText: oldString === '' ? null : oldString, newText: newString }]
  }
  if (name === 'str_replace_editor') {
    const path = nonBlank(args.path)
    if (path === null) return null
    const optional = (key: string): string | null | undefined => (key in args ? asString(args[key]) : undefined)
    if (args.command === 'create') {
      const text = optional('file_text')
      return text === null ? null : [{ path, oldText: null, newText: text ?? '' }]
    }
    if (args.command === 'str_replace') {
      const oldStr = optional('old_str')
      const newStr = optional('new_str')
      if (oldStr === null || newStr === null) return null
      return [{ path, oldText: oldStr ?? null, newText: newStr ?? '' }]
    }
  }
  return null
}

/** Lines of a hunk side: '' is zero lines and one trailing `\n` ends the last line. */
export function hunkLines(text: string | null): string[] {
  if (text === null || text === '') return []
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n')
}

function wordMarks(oldLine: string, newLine: string): [DiffMark[], DiffMark[]] | null {
  if (oldLine.length > WORD_DIFF_MAX_CHARS || newLine.length > WORD_DIFF_MAX_CHARS) return null
  const removed: DiffMark[] = []
  const added: DiffMark[] = []
  for (const part of diffWordsWithSpace(oldLine, newLine)) {
    if (!part.added) removed.push({ text: part.value, changed: part.removed })
    if (!part.removed) added.push({ text: part.value, changed: part.added })
  }
  return [removed, added]
}

/** Sides with no line in common diff to "all removed, all added": skip the search. */
function sharesALine(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false
  const seen = new Set(a)
  return b.some(line => seen.has(line))
}

type LineRow = Extract<DiffRow, { kind: 'context' | 'removed' | 'added' }>

/** One hunk's rows; `start` gives true first line numbers when known. */
function hunkRows(hunk: FileDiff, start: { old: number; new: number } | null): LineRow[] {
  const oldLines = hunkLines(hunk.oldText)
  const newLines = hunkLines(hunk.newText)
  const changes = (sharesALine(oldLines, newLines) ? diffArrays(oldLines, newLines, { maxEditLength: MAX_EDIT_LENGTH }) : undefined) ?? [
    { value: oldLines, added: false, removed: true, count: oldLines.length },
    { value: newLines, added: true, removed: false, count: newLines.length },
  ]
  let o = start?.old ?? null
  let n = start?.new ?? null
  const rows: LineRow[] = []
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c]
    if (change === undefined) continue
    if (change.removed) {
      const following = changes[c + 1]
      const paired = following?.added === true && change.value.length <= WORD_DIFF_MAX_RUN && following.value.length <= WORD_DIFF_MAX_RUN
      const pairWith = paired ? following.value : []
      change.value.forEach((text, i) => {
        const counterpart = pairWith[i]
        const marks = counterpart === undefined ? null : wordMarks(text, counterpart)
        rows.push({ kind: 'removed', text, oldLine: o, newLine: null, marks: marks?.[0] ?? null })
        if (o !== null) o++
      })
      if (following?.added === true) {
        following.value.forEach((text, i) => {
          const counterpart = paired ? change.value[i] : undefined
          const marks = counterpart === undefined ? null : wordMarks(counterpart, text)
          rows.push({ kind: 'added', text, oldLine: null, newLine: n, marks: marks?.[1] ?? null })
          if (n !== null) n++
        })
        c++
      }
    } else if (change.added) {
      for (const text of change.value) {
        rows.push({ kind: 'added', text, oldLine: null, newLine: n, marks: null })
        if (n !== null) n++
      }
    } else {
      for (const text of change.value) {
        rows.push({ kind: 'context', text, oldLine: o, newLine: n, marks: null })
        if (o !== null) o++
        if (n !== null) n++
      }
    }
  }
  return rows
}

/** First index ≥ `from` where `needle` occurs as consecutive lines of `hay`, or -1. */
function locate(hay: readonly string[], needle: readonly string[], from: number): number {
  if (needle.length === 0) return -1
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/**
 * True first line numbers per hunk: whole-file diffs start at 1; applied write hunks are found in the
 * written content (hunks are in file order, so each search starts after the previous hit) and their old
 * start follows from the line-count change of the hunks before. Anything not found stays null.
 */
function hunkStarts(hunks: FileDiff[], wholeFile: boolean, written: string | null): ({ old: number; new: number } | null)[] {
  if (wholeFile) return hunks.map(() => ({ old: 1, new: 1 }))
  if (written === null) return hunks.map(() => null)
  const content = hunkLines(written)
  let from = 0
  let delta = 0
  return hunks.map(hunk => {
    const oldCount = hunkLines(hunk.oldText).length
    const newLines = hunkLines(hunk.newText)
    const at = locate(content, newLines, from)
    const start = at === -1 ? null : { old: at + 1 - delta, new: at + 1 }
    if (at !== -1) from = at + newLines.length
    delta += newLines.length - oldCount
    return start
  })
}

/** Rows, counts and chrome (in `t`'s locale; English by default) for a list of hunks. */
export function diffCard(
  hunks: FileDiff[],
  source: DiffCardModel['source'],
  starts: ({ old: number; new: number } | null)[],
  t: Dictionary = strings('en'),
): DiffCardModel {
  const rows: DiffRow[] = []
  let added = 0
  let removed = 0
  const paths = new Set<string>()
  hunks.forEach((hunk, i) => {
    rows.push(i > 0 && hunks[i - 1]?.path === hunk.path ? { kind: 'gap', text: FIXED.diffGap } : { kind: 'header', path: hunk.path })
    paths.add(hunk.path)
    for (const row of hunkRows(hunk, starts[i] ?? null)) {
      if (row.kind === 'added') added++
      else if (row.kind === 'removed') removed++
      rows.push(row)
    }
  })
  const folded = foldUnchanged(rows, t)
  const langs = new Set([...paths].map(languageForPath))
  const [lang] = langs
  const copyText = rows
    .map(r => (r.kind === 'header' ? r.path : r.kind === 'gap' ? r.text : `${r.kind === 'removed' ? '- ' : r.kind === 'added' ? '+ ' : '  '}${r.text}`))
    .join('\n')
  return {
    kind: 'diff',
    source,
    rows: folded,
    added,
    removed,
    files: paths.size,
    footer: t.diffFooter(added, removed, paths.size),
    copy: rows.length === 0 ? null : { label: t.blockCopy, copiedLabel: t.blockCopied, text: copyText },
    lang: langs.size === 1 ? (lang ?? null) : null,
  }
}

/**
 * The runs of unchanged context to fold, as `[from, to)` row ranges: in each maximal run of context rows
 * inside a hunk, all but the `DIFF_CONTEXT` rows next to a change — before the hunk's first change, after
 * its last, on both sides between two — and the whole run in a hunk with no change at all. Header and gap
 * rows end a hunk and are never folded, nor is any added or removed row.
 */
export function unchangedRuns(kinds: readonly DiffRow['kind'][]): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = []
  let i = 0
  while (i < kinds.length) {
    if (kinds[i] !== 'context') {
      i++
      continue
    }
    const start = i
    while (i < kinds.length && kinds[i] === 'context') i++
    const changed = (k: DiffRow['kind'] | undefined) => k === 'added' || k === 'removed'
    const from = start + (changed(kinds[start - 1]) ? DIFF_CONTEXT : 0)
    const to = i - (changed(kinds[i]) ? DIFF_CONTEXT : 0)
    if (to - from >= MIN_FOLD) runs.push({ from, to })
  }
  return runs
}

/** The rows with each unchanged run's fold (and its labels in `t`'s locale) set on the rows it folds. */
function foldUnchanged(rows: DiffRow[], t: Dictionary): DiffRow[] {
  const runs = unchangedRuns(rows.map(r => r.kind))
  if (runs.length === 0) return rows
  const out = [...rows]
  runs.forEach(({ from, to }, id) => {
    const hidden = to - from
    const fold: DiffFold = {
      id,
      hidden,
      expandLabel: t.diffUnchanged(hidden),
      expandAria: t.diffUnchangedExpandAria(hidden),
      collapseLabel: t.blockCollapse,
      collapseAria: t.diffUnchangedCollapseAria,
    }
    for (let i = from; i < to; i++) {
      const row = out[i]
      if (row?.kind === 'context') out[i] = { ...row, fold }
    }
  })
  return out
}

/** The diff card of a call, or null for Generic (cards.md §7). */
export function diffCardModel(node: ToolCallNode, ctx: CardContext): DiffCardModel | null {
  const t = strings(ctx.locale)
  // meta is produced for root calls only; children, orphans and errors are always Generic (§16.4, §16.8).
  if (!node.hasCallHead || node.parentCallId !== null) return null
  const args = jsonObject(node.argsRaw)
  if (args === null) return null
  const intended = intendedDiffs(node.name, args)
  if (intended === null) return null
  const wholeFile = node.name === 'write' || (node.name === 'str_replace_editor' && args.command === 'create')
  const result = node.result
  if (result === null) return diffCard(intended, 'intended', hunkStarts(intended, wholeFile, null), t)
  if (result.isError || node.name === 'str_replace_editor') return null
  const applied = appliedDiffs(result.meta)
  if (applied !== null) {
    const written = node.name === 'write' ? asString(args.content) : null
    return diffCard(applied, 'applied', hunkStarts(applied, false, written), t)
  }
  return node.name === 'write' ? diffCard(intended, 'intended', hunkStarts(intended, true, null), t) : null
}
