/**
 * The Generic row model (cards.md §4.4, §5, as changed by cards-current.md §9.1–§9.4): variant, localised
 * title and icon from the tool name; the collapsed summary (file variants: the relativised `file_path`;
 * others: `description` first; then the [OLD] steps 1–6 with per-variant key priority; the `<tool> · ` prefix
 * only on rows titled `Tool call`, cards-current.md §9.2.3); the openable file path (recorded `meta.path` first); an Auto-review denial; the IN body, the flattened OUT text and the failure line; and the row state. Every other row starts from this model
 * and overrides what its renderer changes (./rows). It never throws: unparsable arguments are shown as raw text.
 */
import { plainText } from './plain-text'
import { ownTable } from '../log/own'
import type { ToolCallNode, ToolCallResult } from '../conversation/tool-call'
import type { CardContext, Locale, RowState, ToolIcon, ToolVariant } from './types'
import { firstLine, isObject, nonEmpty, parseJson, type JsonObject } from './narrow'
import { displayPath, isAbsolutePath } from './paths'
import { toolStrings, type ToolTitles } from './tool-strings'

const VARIANTS = ownTable<ToolVariant>({
  bash: 'bash',
  pwsh: 'bash',
  read: 'read',
  read_image: 'read',
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

const VARIANT_TITLES: Readonly<Record<ToolVariant, keyof ToolTitles>> = {
  bash: 'bash',
  read: 'read',
  search: 'search',
  write: 'write',
  edit: 'edit',
  code: 'code',
  others: 'generic',
}

/** Tool-owned titles (cards-current.md §9.1): a tool listed here also loses the `<tool> · ` summary prefix. */
const TOOL_TITLES: ReadonlyMap<string, keyof ToolTitles> = new Map([
  ['pwsh', 'pwsh'],
  ['read_image', 'readImage'],
  ['cordis_package_inspect', 'inspect'],
  ['cordis_runtime_inspect', 'inspect'],
  ['cordis_run', 'runCordis'],
  ['cordis_stop', 'stopCordis'],
  ['cordis_undefine', 'removeCordis'],
  ['todo_write', 'todo'],
  ['ask_user_question', 'ask'],
  ['present', 'present'],
])

/**
 * The detail-card tools (cards-current.md §10): their titles come from the detail-card models (./details),
 * but the generic summary already knows they have their own title, so it never adds the `<tool> · ` prefix.
 */
export const OWN_TITLE_DETAIL_TOOLS: ReadonlySet<string> = new Set([
  'create_goal', 'get_goal', 'update_goal', 'schedule_create', 'schedule_list', 'schedule_delete', 'schedule_update',
  'cordis_inspect_list', 'cordis_inspect_query', 'cordis_inspect_self', 'workflow', 'ralph', 'session_event_read',
  'session_event_search', 'session_event_trace', 'session_search', 'session_trace', 'list_subagent_models', 'subagent',
  'list_agents', 'send_message', 'interrupt_agent', 'job_list', 'job_output', 'job_kill', 'terminal_open',
  'terminal_read', 'terminal_list', 'terminal_signal', 'terminal_close', 'lsp', 'spawn_teammate', 'team_task_create',
  'team_task_get', 'team_task_update', 'team_task_list', 'wait_agent',
])

const VARIANT_ICONS: Readonly<Record<ToolVariant, ToolIcon>> = {
  bash: 'api',
  read: 'browse',
  search: 'magnifier',
  write: 'pencil',
  edit: 'pencil',
  code: 'code',
  others: 'sparkle',
}

/** The [OLD] key priority (cards.md §5.2), the fallback when the newer argument summary is empty. */
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

/** Whether a tool has a title of its own (cards-current.md §9.2.3): such rows get no `<tool> · ` prefix. */
export function hasOwnTitle(name: string): boolean {
  return TOOL_TITLES.has(name) || OWN_TITLE_DETAIL_TOOLS.has(name) || classifyTool(name) !== 'others'
}

/** The localised row title of a tool (cards-current.md §9.1); detail-card tools read `Tool call` here. */
export function toolTitle(name: string, locale: Locale = 'en'): string {
  return toolStrings(locale).title[TOOL_TITLES.get(name) ?? VARIANT_TITLES[classifyTool(name)]]
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
  /** `summary` without the `<tool> · ` prefix (detail-card tools fall back to it, cards-current.md §11.0). */
  bareSummary: string
  /**
   * Openable path for read/write/edit variants (cards-current.md §9.2.4): the result's absolute `meta.path`,
   * else the argument path when it is absolute or the call settled successfully as a root; else null.
   */
  filePath: string | null
  /** An Auto-review denial (`AutoReviewDeniedError` / `AUTO_REVIEW_DENIED`, §9.4) and its reason, else null. */
  autoReviewDenial: { reason: string | null } | null
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

/**
 * The newer argument summary (cards-current.md §9.2.1–2): file variants read the `file_path` argument only
 * (never `description`), every other variant its `description`; '' when the argument is missing or empty.
 */
function argumentSummary(variant: ToolVariant, args: JsonObject | null): { text: string; isPath: boolean } {
  if (args === null) return { text: '', isPath: false }
  if (FILE_VARIANTS.has(variant)) {
    const path = nonEmpty(args.file_path)
    return { text: path === null ? '' : firstLine(path), isPath: true }
  }
  const description = nonEmpty(args.description)
  return { text: description === null ? '' : firstLine(description), isPath: false }
}

/** `meta.path` when it is an absolute path string (the operation-time path the Host recorded), else null. */
function recordedPath(result: ToolCallResult | null): string | null {
  if (result === null || !isObject(result.meta)) return null
  const path = nonEmpty(result.meta.path)
  return path !== null && isAbsolutePath(path) ? firstLine(path) : null
}

/** The openable path of a file-variant row (cards-current.md §9.2.4). */
function openablePath(node: ToolCallNode, variant: ToolVariant, args: JsonObject | null, state: RowState): string | null {
  if (args === null || !FILE_VARIANTS.has(variant)) return null
  const fromArgs = nonEmpty(args.file_path) ?? pick(args, FILE_KEYS)
  if (fromArgs === null) return null
  const argumentPath = firstLine(fromArgs)
  const usable = isAbsolutePath(argumentPath) || (state === 'ok' && node.parentCallId === null)
  return recordedPath(node.result) ?? (usable ? argumentPath : null)
}

function autoReviewDenial(result: ToolCallResult | null): { reason: string | null } | null {
  const error = result?.error
  if (result === null || !result.isError || error === null || error === undefined) return null
  if (error.name !== 'AutoReviewDeniedError' || error.code !== 'AUTO_REVIEW_DENIED') return null
  return { reason: typeof error.reason === 'string' ? error.reason : null }
}

/** The Generic row model of one call. */
export function genericModel(node: ToolCallNode, ctx: CardContext): GenericModel {
  const variant = classifyTool(node.name)
  const argsRaw = node.argsRaw
  const parsed = argsRaw === '' ? undefined : parseJson(argsRaw)
  const args = isObject(parsed) ? parsed : null

  const primary = argumentSummary(variant, args)
  let base: string
  let shown: string
  if (argsRaw === '') {
    base = shown = node.callId
  } else if (primary.text !== '') {
    base = primary.text
    shown = primary.isPath ? displayPath(primary.text, ctx.cwd, ctx.home) : primary.text
  } else {
    base = summaryBase(variant, argsRaw, parsed)
    shown = displayPath(base, ctx.cwd, ctx.home)
  }
  // A tool without a title of its own reads `Tool call` and names itself in the summary, `<tool> · <summary>`
  // (cards-current.md §9.2.3, §10); an orphan result (no name) has no prefix.
  const prefixed = node.name !== '' && !hasOwnTitle(node.name)
  const join = (s: string) => (prefixed ? [node.name, s].filter(part => part !== '').join(' · ') : s)

  const program = variant === 'code' && args !== null ? nonEmpty(args.code) : null
  const input = argsRaw === '' ? null : parsed === undefined ? argsRaw : JSON.stringify(parsed, null, 2)

  const state = rowState(node.result)
  // Shown as plain text (the generic body, the error summary): terminal escapes stripped (plain-text.ts).
  const flat = node.result === null ? '' : plainText(flattenResult(node.result))
  const output = flat === '' ? null : flat
  return {
    variant,
    title: toolTitle(node.name, ctx.locale),
    icon: VARIANT_ICONS[variant],
    state,
    summary: join(shown),
    plainSummary: join(base),
    bareSummary: shown,
    filePath: openablePath(node, variant, args, state),
    autoReviewDenial: autoReviewDenial(node.result),
    input,
    program,
    output,
    errorSummary: state === 'error' && output !== null ? firstLine(output) : null,
    args,
  }
}
