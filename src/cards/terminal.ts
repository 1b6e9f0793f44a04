/**
 * Terminal card (cards.md §6): a bash/pwsh or terminal_send call and its result as TerminalBlock props.
 * Owns eligibility (standard vs persistent shell by the presence of `description`, terminal_send,
 * background launches), exit-marker parsing, the spill notice, the prompt rows with their cwd label, and
 * the localised chrome. Not the row around it (index.ts) and not ANSI parsing (ansi.ts).
 *
 * Δ choices ([N], the client-derived design): code-dispatch children get terminal cards under the same
 * rules as roots (the nested-terminal fix); a result ending in a spill notice is Generic; terminal_send's
 * placeholder and session label are localised.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, TerminalCardModel, TerminalPrompt } from './types'
import { isBlankLine, parseAnsiWindow } from './ansi'
import { plainText } from './plain-text'
import { asBoolean, finiteNumber, jsonObject, nonBlank, nonEmpty, singleText, type JsonObject } from './narrow'
import { promptLabel, resolveWorkdir } from './paths'
import { strings, type Dictionary } from './strings'
import { DETAILS_MAX_ROWS, headTailWindow } from './window'

const SHELL_TOOLS: ReadonlySet<string> = new Set(['bash', 'pwsh'])
/** dsh writes the status as the very last line, after `\n`; anywhere else it is program output. */
const SIGNAL_MARKER = /\n\[killed by signal: ([^\]\n]+)\]$/
const EXIT_MARKER = /\n\[exit code: (\d+)\]$/
const ESCALATIONS: ReadonlySet<string> = new Set(['workspace-write', 'danger-full-access'])
const SPILL_PHRASE = ' Full formatted result stored at: '
const SPILL_LEADS = /^(?:|More bytes were omitted\.|Omitted (\d+) bytes\.)$/

export interface ExitSplit {
  output: string
  exitCode: number | null
  signal: string | null
}

/** Split the final status marker off a settled standard-shell result (cards.md §6.2). */
export function splitExitMarker(text: string): ExitSplit {
  const signal = SIGNAL_MARKER.exec(text)
  if (signal !== null) return { output: text.slice(0, signal.index), exitCode: null, signal: signal[1] ?? '' }
  const exit = EXIT_MARKER.exec(text)
  if (exit !== null) return { output: text.slice(0, exit.index), exitCode: Number(exit[1]), signal: null }
  return { output: text, exitCode: 0, signal: null }
}

/** True when the text ends with a spill-policy notice (cards.md §6.4). */
export function hasSpillNotice(text: string): boolean {
  if (!text.endsWith(')')) return false
  const starts = [0]
  for (let i = text.indexOf('\n\n('); i !== -1; i = text.indexOf('\n\n(', i + 1)) starts.push(i + 2)
  return starts.some(start => {
    if (text[start] !== '(') return false
    const at = text.indexOf(SPILL_PHRASE, start + 1)
    if (at === -1) return false
    const lead = SPILL_LEADS.exec(text.slice(start + 1, at))
    if (lead === null) return false
    if (lead[1] !== undefined && !Number.isSafeInteger(Number(lead[1]))) return false
    return text.indexOf('. ', at + SPILL_PHRASE.length) !== -1
  })
}

type Shell = { flavor: 'shell' | 'persistent'; command: string; description: string | null; workdir: string | null }
type Send = { flavor: 'send'; text: string; sessionId: string }

/** [N] argument checks for bash/pwsh; unknown extra fields are allowed. */
function shellCall(args: JsonObject): Shell | null {
  const command = nonBlank(args.command)
  if (command === null) return null
  if ('timeoutMs' in args) {
    const t = finiteNumber(args.timeoutMs)
    if (t === null || t <= 0) return null
  }
  if ('workdir' in args && typeof args.workdir !== 'string') return null
  if ('run_in_background' in args && asBoolean(args.run_in_background) === null) return null
  if ('sandbox_permissions' in args || 'justification' in args) {
    const level = args.sandbox_permissions
    if (typeof level !== 'string' || !ESCALATIONS.has(level) || nonBlank(args.justification) === null) return null
  }
  if (!('description' in args)) return { flavor: 'persistent', command, description: null, workdir: null }
  const description = nonBlank(args.description)
  if (description === null) return null
  return { flavor: 'shell', command, description, workdir: typeof args.workdir === 'string' ? args.workdir : null }
}

function sendCall(args: JsonObject): Send | null {
  const sessionId = nonEmpty(args.sessionId)
  if (sessionId === null || typeof args.text !== 'string') return null
  if ('submit' in args && asBoolean(args.submit) === null) return null
  if ('run_in_background' in args && asBoolean(args.run_in_background) === null) return null
  return { flavor: 'send', text: args.text, sessionId }
}

/** One prompt row per command line; a single trailing `\n` ends the command rather than adding a row. */
export function promptRows(command: string, label: string): TerminalPrompt[] {
  const body = command.endsWith('\n') ? command.slice(0, -1) : command
  return body.split('\n').map((text, i) => ({ label: i === 0 ? label : '$', text, first: i === 0 }))
}

/** True for an explicit background launch of a shell or terminal_send (Generic, non-expandable BashRow). */
export function isBackgroundLaunch(node: ToolCallNode): boolean {
  if (!SHELL_TOOLS.has(node.name) && node.name !== 'terminal_send') return false
  return jsonObject(node.argsRaw)?.run_in_background === true
}

/**
 * Output lines a terminal card keeps at each end; those between are counted, not kept (`omitted`). Far above
 * the page cut's largest head and tail (src/site/render/pages/cut.ts keeps at most 400 lines of a field), so what
 * a page shows is the same as with every line kept — and a result of millions of lines costs a few thousand.
 */
export const TERMINAL_HEAD_LINES = 2_000
export const TERMINAL_TAIL_LINES = 2_000

/** The terminal card of a call, or null for the Generic card (cards.md §6.1). */
export function terminalCardModel(node: ToolCallNode, ctx: CardContext): TerminalCardModel | null {
  if (!node.hasCallHead) return null
  const args = SHELL_TOOLS.has(node.name) || node.name === 'terminal_send' ? jsonObject(node.argsRaw) : null
  if (args === null || args.run_in_background === true) return null
  const call = node.name === 'terminal_send' ? sendCall(args) : shellCall(args)
  if (call === null) return null
  const t = strings(ctx.locale)

  const command = call.flavor === 'send' ? (call.text === '' ? t.sendInput : call.text) : call.command
  const description = call.flavor === 'send' ? t.terminalSession(call.sessionId) : call.description
  // workdir counts for standard shells only; persistent shells and terminal_send show the session cwd.
  const cwd = resolveWorkdir(call.flavor === 'shell' ? call.workdir : null, ctx.cwd)
  // The command is shown as typed text: escapes it holds would show as garbage (plain-text.ts).
  const base = { kind: 'terminal' as const, flavor: call.flavor, description, prompts: promptRows(plainText(command), promptLabel(cwd)) }

  const result = node.result
  if (result === null) {
    return { ...base, state: 'running', stateLabel: t.terminalRunning, pill: null, exitCode: null, signal: null,
      lines: null, placeholder: null, copy: null, detailsWindow: null }
  }
  if (result.isError || call.flavor === 'persistent') return null
  const text = singleText(result.content)
  if (text === null) return null
  if (call.flavor === 'send') return settled(base, { output: text, exitCode: null, signal: null }, null, t)
  if (hasSpillNotice(text)) return null
  const split = splitExitMarker(text)
  const pill = split.signal !== null ? t.signal(split.signal)
    : split.exitCode !== null && split.exitCode !== 0 ? t.exitCode(split.exitCode) : null
  return settled(base, split, pill, t)
}

function settled(
  base: Pick<TerminalCardModel, 'kind' | 'flavor' | 'description' | 'prompts'>,
  split: ExitSplit,
  pill: string | null,
  t: Dictionary,
): TerminalCardModel {
  const { lines, omitted } = parseAnsiWindow(split.output, TERMINAL_HEAD_LINES, TERMINAL_TAIL_LINES)
  const total = lines.length + omitted
  const blank = lines.every(isBlankLine) && (omitted === 0 || plainText(split.output).trim() === '')
  return {
    ...base,
    state: pill === null ? 'done' : 'failed',
    stateLabel: pill === null ? t.terminalDone : t.terminalFailed,
    pill,
    exitCode: split.exitCode,
    signal: split.signal,
    lines,
    ...(omitted === 0 ? {} : { omitted: { at: TERMINAL_HEAD_LINES, count: omitted } }),
    placeholder: blank ? t.noOutput : null,
    copy: blank ? null : { label: t.copy, copiedLabel: t.copied, text: split.output },
    detailsWindow: headTailWindow(total, DETAILS_MAX_ROWS, {
      expandLabel: t.terminalExpand,
      expandAria: t.terminalExpandAria,
      collapseLabel: t.collapse,
      collapseAria: t.terminalCollapseAria,
    }),
  }
}
