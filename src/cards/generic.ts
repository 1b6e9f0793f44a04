/**
 * The Generic row model (cards.md §4.4, §5): variant, title and icon from the tool name; the collapsed
 * summary (steps 1–6 with per-variant key priority); the openable file path; the IN body, the flattened
 * OUT text and the failure line; and the row state. Every other row starts from this model and overrides
 * what its renderer changes (index.ts). It never throws: unparsable arguments are shown as raw text.
 */
import { ownTable } from '../log/own'
import type { ToolCallNode, ToolCallResult } from '../conversation/tool-call'
import type { CardContext, RowState, ToolIcon, ToolVariant } from './types'
import { firstLine, isObject, nonEmpty, parseJson, type JsonObject } from './narrow'
import { displayPath } from './paths'

const VARIANTS = ownTable<ToolVariant>({
  bash: 'bash',
  pwsh: 'bash',
  read: 'read',
  web_fetch: 'read',
  cordis_package_inspect: 'read',
  cordis_runtime_inspect: 'read',
  grep: 'search',
  glob: 'search',
  web_search: 'search',
  write: 'write',
  edit: 'edit',
  run_code: 'code',
})

const VARIANT_TITLES: Readonly<Record<ToolVariant, string>> = {
  bash: 'Bash',
  read: 'Read',
  search: 'Search',
  write: 'Write',
  edit: 'Edit',
  code: 'Code',
  others: 'Tool call',
}

/** Tool-owned titles; a tool listed here also loses the `<tool> · ` summary prefix (cards.md §5.2). */
const TOOL_TITLES = ownTable<string>({
  pwsh: 'Pwsh',
  cordis_package_inspect: 'Inspect',
  cordis_runtime_inspect: 'Inspect',
  cordis_run: 'Run Cordis Plugin',
  cordis_stop: 'Stop Cordis Plugin',
  cordis_undefine: 'Remove Cordis Plugin',
})

const VARIANT_ICONS: Readonly<Record<ToolVariant, ToolIcon>> = {
  bash: 'api',
  read: 'browse',
  search: 'magnifier',
  write: 'pencil',
  edit: 'pencil',
  code: 'code',
  others: 'sparkle',
}

const SUMMARY_KEYS: Readonly<Record<ToolVariant, readonly string[]>> = {
  bash: ['description', 'command'],
  read: ['path', 'file_path', 'url'],
  search: ['query', 'pattern', 'url'],
  write: ['path', 'file_path'],
  edit: ['path', 'file_path'],
  code: ['description'],
  others: [],
}

/** Only these variants name a file the reader can open; `url` never counts (cards.md §5.3). */
const FILE_VARIANTS: ReadonlySet<ToolVariant> = new Set(['read', 'write', 'edit'])
const FILE_KEYS = ['path', 'file_path'] as const

export function classifyTool(name: string): ToolVariant {
  return VARIANTS[name] ?? 'others'
}

export function toolTitle(name: string): string {
  return TOOL_TITLES[name] ?? VARIANT_TITLES[classifyTool(name)]
}

export function variantIcon(variant: ToolVariant): ToolIcon {
  return VARIANT_ICONS[variant]
}

export interface GenericModel {
  variant: ToolVariant
  title: string
  icon: ToolIcon
  state: RowState
  /** Summary as GenericToolCard/ReadRow/FileMutationRow show it (relativised, `~`). */
  summary: string
  /** The same summary without path display rules (BashRow, SearchRow, WebRow, TodoRow, AskQuestionRow). */
  plainSummary: string
  /** Openable path (first line of `path`/`file_path`) for read/write/edit variants, else null. */
  filePath: string | null
  /** IN text: pretty JSON, or the raw text when it does not parse; null for empty arguments. */
  input: string | null
  /** run_code's program (shown instead of the IN JSON), else null. */
  program: string | null
  /** Flattened result text; null while running or when empty. */
  output: string | null
  /** First line of the output on an error row, else null. */
  errorSummary: string | null
  /** The parsed arguments when they are a JSON object, else null. */
  args: JsonObject | null
}

/** Row state (cards.md §4.4): running, then `interrupted` before `isError`, then ok. */
export function rowState(result: ToolCallResult | null): RowState {
  if (result === null) return 'running'
  if (result.error?.code === 'interrupted') return 'stopped'
  return result.isError ? 'error' : 'ok'
}

/**
 * Text blocks verbatim, any other block as 2-space JSON, joined with `\n`; with no blocks, the structured
 * error as `<name>: <code>` (cards.md §5.4). '' means "no output".
 */
export function flattenResult(result: ToolCallResult): string {
  const parts = result.content.map(block =>
    block.type === 'text' && typeof block.text === 'string' ? block.text : JSON.stringify(block, null, 2),
  )
  if (parts.length === 0 && result.error !== null) parts.push(`${result.error.name}: ${result.error.code}`)
  return parts.join('\n')
}

function pick(args: JsonObject, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = nonEmpty(args[key])
    if (value !== null) return value
  }
  return null
}

/** Summary base, steps 2–6 of cards.md §5.2 (step 1, empty arguments, is the caller's). */
function summaryBase(variant: ToolVariant, argsRaw: string, parsed: unknown): string {
  // Arrays are objects here: only scalars and parse failures take the raw first line (step 2).
  if (typeof parsed !== 'object' || parsed === null) return firstLine(argsRaw)
  const args: Record<string, unknown> = { ...parsed }
  if (variant === 'search' && Array.isArray(args.queries)) {
    const queries = args.queries.filter((q): q is string => typeof q === 'string' && q !== '')
    if (queries.length > 0) return queries.map(firstLine).join(', ')
  }
  const keyed = pick(args, SUMMARY_KEYS[variant])
  if (keyed !== null) return firstLine(keyed)
  for (const value of Object.values(args)) {
    if (typeof value === 'string' && value !== '') return firstLine(value)
  }
  return firstLine(argsRaw)
}

/** The Generic row model of one call. */
export function genericModel(node: ToolCallNode, ctx: CardContext): GenericModel {
  const variant = classifyTool(node.name)
  const argsRaw = node.argsRaw
  const parsed = argsRaw === '' ? undefined : parseJson(argsRaw)
  const args = isObject(parsed) ? parsed : null

  const base = argsRaw === '' ? node.callId : summaryBase(variant, argsRaw, parsed)
  const shown = argsRaw === '' ? base : displayPath(base, ctx.cwd, ctx.home)
  const prefixed = variant === 'others' && node.name !== '' && TOOL_TITLES[node.name] === undefined
  const summary = prefixed ? `${node.name} · ${shown}` : shown
  const plainSummary = prefixed ? `${node.name} · ${base}` : base

  const filePathRaw = args !== null && FILE_VARIANTS.has(variant) ? pick(args, FILE_KEYS) : null
  const program = variant === 'code' && args !== null ? nonEmpty(args.code) : null
  const input = argsRaw === '' ? null : parsed === undefined ? argsRaw : JSON.stringify(parsed, null, 2)

  const state = rowState(node.result)
  const flat = node.result === null ? '' : flattenResult(node.result)
  const output = flat === '' ? null : flat
  return {
    variant,
    title: toolTitle(node.name),
    icon: VARIANT_ICONS[variant],
    state,
    summary,
    plainSummary,
    filePath: filePathRaw === null ? null : firstLine(filePathRaw),
    input,
    program,
    output,
    errorSummary: state === 'error' && output !== null ? firstLine(output) : null,
    args,
  }
}
