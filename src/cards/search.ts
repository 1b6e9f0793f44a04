/**
 * Search card (cards.md §9): settled root grep/glob calls as SearchBlock props. Owns the `meta` narrowing
 * (`matches` for grep, `paths` for glob), the banner count, the rows, the 8/16-row windows with the file
 * header re-inserted into the tail, and the recovery text shown when the result was truncated.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, RowWindow, SearchCardModel, SearchRow } from './types'
import { asString, everyItem, finiteNumber, isObject, textOf } from './narrow'
import { strings, type Dictionary } from './strings'
import { CHAT_MAX_ROWS, DETAILS_MAX_ROWS, windowOf, type WindowLabels } from './window'

const labels = (t: Dictionary): WindowLabels => ({
  expandLabel: t.blockExpand,
  expandAria: t.searchExpandAria,
  collapseLabel: t.blockCollapse,
  collapseAria: t.searchCollapseAria,
})

type Match = { lineNumber: number; line: string }
type FileMatches = { path: string; matches: Match[] }

export type SearchMeta =
  | { shape: 'matches'; files: FileMatches[]; truncated: boolean; total: number }
  | { shape: 'paths'; paths: string[]; truncated: boolean; total: number }

function narrowMatch(v: unknown): Match | null {
  if (!isObject(v)) return null
  const lineNumber = finiteNumber(v.lineNumber)
  const line = asString(v.line)
  return lineNumber === null || line === null ? null : { lineNumber, line }
}

function narrowFile(v: unknown): FileMatches | null {
  if (!isObject(v)) return null
  const path = asString(v.path)
  const matches = everyItem(v.matches, narrowMatch)
  return path === null || matches === null ? null : { path, matches }
}

/** `meta` for the given tool, or null when it does not narrow or its shape belongs to the other tool. */
export function narrowSearchMeta(tool: string, meta: unknown): SearchMeta | null {
  if (!isObject(meta) || typeof meta.truncated !== 'boolean') return null
  const total = finiteNumber(meta.total)
  if (total === null) return null
  if (tool === 'grep' && meta.shape === 'matches') {
    const files = everyItem(meta.files, narrowFile)
    return files === null ? null : { shape: 'matches', files, truncated: meta.truncated, total }
  }
  if (tool === 'glob' && meta.shape === 'paths') {
    const paths = everyItem(meta.paths, asString)
    return paths === null ? null : { shape: 'paths', paths, truncated: meta.truncated, total }
  }
  return null
}

/**
 * Head/tail window over search rows: like the other blocks, except that a tail starting inside a file whose
 * header is not in the head gets that header back in place of its first row (the row count is unchanged).
 */
export function searchWindow(rows: readonly SearchRow[], max: number, t: Dictionary = strings('en')): RowWindow | null {
  if (rows.length <= max) return null
  const headCount = Math.ceil(max / 2)
  const tailCount = Math.floor(max / 2)
  const head = Array.from({ length: headCount }, (_, i) => i)
  const tailStart = rows.length - tailCount
  let tail = Array.from({ length: tailCount }, (_, i) => tailStart + i)
  if (rows[tailStart]?.kind === 'match') {
    let header = tailStart - 1
    while (header >= 0 && rows[header]?.kind !== 'file') header--
    if (header >= headCount) tail = [header, ...tail.slice(1)]
  }
  return windowOf(head, tail, rows.length - headCount - tailCount, labels(t))
}

/** The search card of a call, or null for Generic. */
export function searchCardModel(node: ToolCallNode, ctx: CardContext): SearchCardModel | null {
  const result = node.result
  if (result === null || result.isError || !node.hasCallHead || node.parentCallId !== null) return null
  const meta = narrowSearchMeta(node.name, result.meta)
  if (meta === null) return null
  const rows: SearchRow[] = []
  const t = strings(ctx.locale)
  let shown: number
  let count: string
  if (meta.shape === 'matches') {
    shown = 0
    for (const file of meta.files) {
      rows.push({ kind: 'file', path: file.path, matches: file.matches.length })
      for (const m of file.matches) rows.push({ kind: 'match', lineNumber: m.lineNumber, line: m.line, text: `${m.lineNumber}: ${m.line}` })
      shown += file.matches.length
    }
    const files = meta.files.length
    count = meta.truncated ? t.searchMatchesTruncated(shown, meta.total, files) : t.searchMatches(shown, files)
  } else {
    for (const path of meta.paths) rows.push({ kind: 'path', path })
    shown = meta.paths.length
    count = meta.truncated ? t.searchPathsTruncated(shown, meta.total) : t.searchPaths(shown)
  }
  const copyText = rows.map(r => (r.kind === 'match' ? r.text : r.path)).join('\n')
  const recovery = meta.truncated
    ? result.content.flatMap(b => { const t = textOf(b); return t === null ? [] : [t] }).join('\n')
    : null
  return {
    kind: 'search',
    shape: meta.shape,
    countText: count,
    shown,
    total: meta.total,
    truncated: meta.truncated,
    rows,
    placeholder: rows.length === 0 ? t.searchEmpty : null,
    copy: rows.length === 0 ? null : { label: t.blockCopy, copiedLabel: t.blockCopied, text: copyText },
    recovery,
    chatWindow: searchWindow(rows, CHAT_MAX_ROWS, t),
    detailsWindow: searchWindow(rows, DETAILS_MAX_ROWS, t),
  }
}
