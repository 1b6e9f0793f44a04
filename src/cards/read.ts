/**
 * Read card (cards.md §8): a settled root `read` call as ReadBlock props. Owns the conditions (root call
 * with head, no error, well-formed `meta`, the exact `<path>…<content>` envelope), the label and the
 * partial-window banner. The language is `meta.lang` as the tool wrote it — never re-detected.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, ReadCardModel } from './types'
import { asString, everyItem, integer, isObject, jsonObject, nonBlank, singleText } from './narrow'
import { displayPath } from './paths'
import { strings, type Dictionary } from './strings'
import { CHAT_MAX_ROWS, DETAILS_MAX_ROWS, headTailWindow, type WindowLabels } from './window'

/** The read tool's text envelope; anything else means the content is not what `meta` describes. */
const ENVELOPE = /^<path>[^\n]*<\/path>\n<type>file<\/type>\n<content>\n([\s\S]*)\n<\/content>$/u

const labels = (t: Dictionary): WindowLabels => ({
  expandLabel: t.blockExpand,
  expandAria: t.readExpandAria,
  collapseLabel: t.blockCollapse,
  collapseAria: t.readCollapseAria,
})

export interface ReadMeta {
  path: string
  offset: number
  totalLines: number
  lines: { number: number; text: string }[]
  lang: string | null
}

const positiveInt = (v: unknown): number | null => {
  const n = integer(v)
  return n !== null && n >= 1 ? n : null
}

function narrowLine(value: unknown): { number: number; text: string } | null {
  if (!isObject(value)) return null
  const number = positiveInt(value.number)
  const text = asString(value.text)
  return number === null || text === null ? null : { number, text }
}

/** `meta` of a read result, or null when any field is malformed (cards.md §8). */
export function narrowReadMeta(meta: unknown): ReadMeta | null {
  if (!isObject(meta)) return null
  const path = asString(meta.path)
  const offset = positiveInt(meta.offset)
  const totalLines = integer(meta.totalLines)
  const lines = everyItem(meta.lines, narrowLine)
  if (path === null || offset === null || totalLines === null || totalLines < 0 || lines === null) return null
  if ('lang' in meta && meta.lang !== undefined && typeof meta.lang !== 'string') return null
  let previous = offset - 1
  for (const line of lines) {
    if (line.number <= previous || line.number > totalLines) return null
    previous = line.number
  }
  return { path, offset, totalLines, lines, lang: asString(meta.lang) }
}

/** [N] argument checks: a non-blank `file_path`, and `offset`/`limit` integers ≥ 1 when present. */
function readArgsOk(argsRaw: string): boolean {
  const args = jsonObject(argsRaw)
  if (args === null || nonBlank(args.file_path) === null) return false
  return (['offset', 'limit'] as const).every(k => !(k in args) || positiveInt(args[k]) !== null)
}

/** The read card of a call, or null for Generic. Running reads never have one. */
export function readCardModel(node: ToolCallNode, ctx: CardContext): ReadCardModel | null {
  const result = node.result
  if (result === null || result.isError || node.name !== 'read') return null
  if (!node.hasCallHead || node.parentCallId !== null || !readArgsOk(node.argsRaw)) return null
  const meta = narrowReadMeta(result.meta)
  const text = singleText(result.content)
  if (meta === null || text === null || !ENVELOPE.test(text)) return null
  const body = meta.lines.map(l => l.text).join('\n')
  const t = strings(ctx.locale)
  return {
    kind: 'read',
    path: meta.path,
    label: displayPath(meta.path, ctx.cwd, ctx.home),
    lines: meta.lines,
    totalLines: meta.totalLines,
    lang: meta.lang,
    range: meta.lines.length < meta.totalLines ? t.readRange(meta.lines.length, meta.totalLines) : null,
    copy: meta.lines.length === 0 ? null : { label: t.blockCopy, copiedLabel: t.blockCopied, text: body },
    code: { text: body, lang: meta.lang, html: null },
    chatWindow: headTailWindow(meta.lines.length, CHAT_MAX_ROWS, labels(t)),
    detailsWindow: headTailWindow(meta.lines.length, DETAILS_MAX_ROWS, labels(t)),
  }
}
