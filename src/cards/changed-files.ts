/**
 * The changed-files card of a turn tail (cards-current.md §8.3). The log carries only `workspace/changes
 * {turn}`; the file list and line counts are a summary the Host serves (`api/changes.summary`), shape
 * `{turn, files:[{path, display, added, deleted, binary?, oversized?}], total, added, deleted}`. This model
 * narrows that untrusted JSON and formats it: one file → a header `Edited {basename} +a -d`; several →
 * `Edited {total} files` with the Host totals (not the sum of the rows) and one row per file in the Host's
 * order, folded after four. Counts use ASCII signs and en-US grouping; binary and oversized files read
 * `binary` / `too large` instead. No summary, or one listing no file → null: no card (never derived from
 * tool arguments, which miss shell-made changes).
 */
import { groupDigits } from './format'
import { asBoolean, integer, isObject, nonEmpty } from './narrow'
import { baseName } from './paths'
import type { ChangedFileItem, ChangedFilesModel, Locale, PageSection } from './types'
import { usageStrings, type UsageDictionary } from './usage-strings'

/** More files than this fold behind a toggle. */
export const VISIBLE_FILES = 4

interface SummaryFile {
  path: string
  display: string
  added: number | null
  deleted: number | null
  binary: boolean
  oversized: boolean
}

const count = (v: unknown): number | null => {
  const n = integer(v)
  return n !== null && n >= 0 ? n : null
}

function narrowFile(value: unknown): SummaryFile | null {
  if (!isObject(value)) return null
  const path = nonEmpty(value.path)
  if (path === null) return null
  return {
    path,
    display: nonEmpty(value.display) ?? path,
    added: count(value.added),
    deleted: count(value.deleted),
    binary: asBoolean(value.binary) === true,
    oversized: asBoolean(value.oversized) === true,
  }
}

function counts(added: number | null, deleted: number | null, note: string | null, t: UsageDictionary): Pick<ChangedFileItem, 'added' | 'deleted' | 'note'> {
  if (note !== null) return { added: null, deleted: null, note }
  return {
    added: added === null ? null : t.changesAdded(groupDigits(added)),
    deleted: deleted === null ? null : t.changesDeleted(groupDigits(deleted)),
    note: null,
  }
}

function item(file: SummaryFile, text: string, t: UsageDictionary): ChangedFileItem {
  const note = file.binary ? t.changesBinary : file.oversized ? t.changesOversized : null
  return { name: t.changesViewDiff(file.display), text, path: file.path, ...counts(file.added, file.deleted, note, t) }
}

export function changedFilesModel(summary: unknown, locale: Locale): ChangedFilesModel | null {
  if (!isObject(summary) || !Array.isArray(summary.files)) return null
  const turn = integer(summary.turn)
  if (turn === null) return null
  const files: SummaryFile[] = []
  for (const entry of summary.files) {
    const file = narrowFile(entry)
    if (file !== null) files.push(file)
  }
  const first = files[0]
  if (first === undefined) return null
  const t = usageStrings(locale)
  const total = count(summary.total) ?? files.length
  if (total === 1) {
    return { turn, header: item(first, t.changesSingleTitle(baseName(first.display)), t), files: [], hidden: [], fold: null }
  }
  const rows = files.map(f => item(f, f.display, t))
  const header: ChangedFileItem = {
    name: t.changesOpenReview, text: t.changesTitle(groupDigits(total)), path: '',
    ...counts(count(summary.added), count(summary.deleted), null, t),
  }
  const n = groupDigits(rows.length)
  return {
    turn,
    header,
    files: rows.slice(0, VISIBLE_FILES),
    hidden: rows.slice(VISIBLE_FILES),
    fold: rows.length > VISIBLE_FILES
      ? { expandText: t.changesAll(n), expandName: t.changesExpandAria(n), collapseText: t.changesCollapse, collapseName: t.changesCollapseAria }
      : null,
  }
}

/**
 * Puts Host summaries on the turn tails they belong to: `summaries` maps a turn number to the summary
 * fetched for that turn's latest `workspace/changes` (the caller, e.g. a live page attached to a host,
 * does the fetching). Sections without a matching tail come back as they were; an unusable summary sets
 * no card. Pure: returns new sections, never edits the given ones.
 */
export function withChangedFiles(sections: readonly PageSection[], summaries: ReadonlyMap<number, unknown>, locale: Locale): PageSection[] {
  if (summaries.size === 0) return [...sections]
  return sections.map(section => {
    if (section.turn === null || !section.rows.some(r => r.kind === 'turn-tail')) return section
    return {
      ...section,
      rows: section.rows.map(row => {
        if (row.kind !== 'turn-tail' || !summaries.has(row.turn)) return row
        const model = changedFilesModel(summaries.get(row.turn), locale)
        return model === null ? row : { ...row, changedFiles: model }
      }),
    }
  })
}
