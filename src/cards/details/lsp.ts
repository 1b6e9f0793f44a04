/**
 * The `lsp` detail card (cards-current.md §10, §11.7). The row title follows the `operation` argument
 * (goToDefinition `Find definition`, findReferences `Find references`, goToImplementation `Find
 * implementation`, hover `Inspect symbol`, anything else `Query code symbols`). The card needs the
 * `file_path`, `line` and `character` arguments: hover shows one item titled `<file>:<line>:<character>` that
 * points at the file and carries the result as Markdown; other operations list one item per
 * `<path>:<line>:<col>` line (a path button unless the path is a URI, subtitle `Line L, column C`), `… <more>`
 * lines as a description; summary `<file> · {n} locations`, or just `0 locations` for `No results.`.
 */
import { jsonObject } from '../narrow'
import type { Locale } from '../types'
import { argText, listCard, type Args } from './control-shared'
import { controlStrings, type ControlDictionary } from './control-strings'
import type { DetailCardResult, DetailTool } from './tool'
import type { DetailItem } from './types'
import { EMPTY_ITEM } from './types'

const OPERATION_TITLES: ReadonlyMap<string, keyof ControlDictionary['title']> = new Map([
  ['goToDefinition', 'findDefinition'],
  ['findReferences', 'findReferences'],
  ['goToImplementation', 'findImplementation'],
  ['hover', 'hoverSymbol'],
] as const)

/** The row title for an `operation` argument (`Query code symbols` when absent or unknown). */
export function lspTitle(operation: string, locale: Locale): string {
  return controlStrings(locale).title[OPERATION_TITLES.get(operation) ?? 'lsp']
}

const URI = /^[a-z][a-z\d+.-]*:\/\//iu

const numberArg = (args: Args, key: string): number | null => {
  const value = Object.hasOwn(args, key) ? args[key] : undefined
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

export function lspCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const file = argText(args, 'file_path')
  const line = numberArg(args, 'line')
  const character = numberArg(args, 'character')
  if (file === '' || line === null || character === null) return null
  const source = `${file}:${line}:${character}`
  if (argText(args, 'operation') === 'hover') {
    const item: DetailItem = { ...EMPTY_ITEM, title: source, location: { path: file, line, column: character }, markdown: text }
    return listCard([item], source, locale)
  }
  if (text === 'No results.') return listCard([], t.locationsCount(0), locale)
  const items: DetailItem[] = []
  let count = 0
  for (const entry of text.split('\n')) {
    if (entry.startsWith('… ')) {
      items.push({ ...EMPTY_ITEM, description: entry })
      continue
    }
    const m = /^(.*):(\d+):(\d+)$/u.exec(entry)
    if (m === null) return null
    const [, path = '', row = '', column = ''] = m
    count += 1
    items.push({
      ...EMPTY_ITEM, title: path, subtitle: t.location(row, column),
      location: URI.test(path) ? null : { path, line: Number(row), column: Number(column) },
    })
  }
  return listCard(items, `${file} · ${t.locationsCount(count)}`, locale)
}

export const LSP_TOOL: DetailTool = {
  title: (node, locale) => lspTitle(argText(jsonObject(node.argsRaw) ?? {}, 'operation'), locale),
  card: (text, args, _node, ctx) => lspCard(text, args, ctx.locale),
}
