/**
 * Detail cards of the background-job and terminal tools (cards-current.md §10, §11.7): `job_list` lines
 * `<id> [<kind>] <state> — <title>`, `job_output` text ending in `[status: <s>(, <note>)?]` (a trailing
 * `[output truncated]` before it becomes `Output truncated`, as the newer build does), the `job_kill`
 * receipts, `terminal_open` (`started terminal session <id> (<name>) [type: <t>]` + the initial screen),
 * `terminal_read` (`[lines: a-b of n]`, optional `[output truncated]`), `terminal_list` lines and the
 * `terminal_signal` / `terminal_close` receipts. Every parser accepts only the exact recorded format and
 * returns null otherwise, so the row falls back to the generic IN/OUT body (§11.0).
 */
import type { Locale } from '../types'
import {
  argText, field, listBody, listCard, plainCode, receiptCard, receiptTarget, statusBadge, titled, type Args,
} from './control-shared'
import { controlStrings } from './control-strings'
import { detailWords } from './strings'
import type { DetailCardResult, DetailTool } from './tool'
import type { DetailField, DetailItem } from './types'
import { EMPTY_ITEM } from './types'

const OUTPUT_TRUNCATED = '\n[output truncated]'

/** Lines of a list result; a single empty line (empty text) is not a list. */
const lines = (text: string): string[] => text.split('\n')

export function jobListCard(text: string, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  if (text === '(no background jobs)') return listCard([], t.jobsCount(0), locale)
  const items: DetailItem[] = []
  for (const line of lines(text)) {
    const m = /^(\S+) \[([^\]]+)\] (\S+) — (.*)$/u.exec(line)
    if (m === null) return null
    const [, id = '', kind = '', state = '', title = ''] = m
    items.push({ ...EMPTY_ITEM, title, subtitle: id, badge: statusBadge(state, locale), fields: [field(t.field.type, kind)] })
  }
  return listCard(items, t.jobsCount(items.length), locale)
}

export function jobOutputCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const m = /\n\[status: ([^,\]\n]+)(?:, ([^\]\n]+))?\]$/u.exec(text)
  if (m === null) return null
  const [, state = '', note] = m
  const output = text.slice(0, m.index)
  const truncated = output.endsWith(OUTPUT_TRUNCATED)
  const code = truncated ? output.slice(0, -OUTPUT_TRUNCATED.length) : output
  const description = [note, truncated ? t.outputTruncated : undefined]
    .filter((part): part is string => part !== undefined).join(' · ')
  const target = receiptTarget(args)
  const badge = statusBadge(state, locale)
  const item: DetailItem = {
    ...EMPTY_ITEM, title: target === '' ? null : target, badge,
    description: description === '' ? null : description, code: plainCode(code, locale),
  }
  return { summary: target, status: badge.text, body: listBody([item], locale) }
}

export function jobKillCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const target = receiptTarget(args)
  if (text === `requested cancellation of job ${target}`) {
    const reason = argText(args, 'reason')
    return receiptCard(target, { text: t.receipt.cancel, tone: 'warning' }, locale, [], reason === '' ? null : reason)
  }
  if (text.startsWith(`job ${target} had already finished `)) {
    return receiptCard(target, { text: t.receipt.alreadyFinished, tone: 'neutral' }, locale)
  }
  return null
}

export function terminalOpenCard(text: string, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const m = /^started terminal session (\S+)(?: \((.*?)\))? \[type: ([^\]]+)\]\n([\s\S]*)$/u.exec(text)
  if (m === null) return null
  const [, id = '', name, type = '', screen = ''] = m
  const item: DetailItem = {
    ...EMPTY_ITEM, title: name ?? id, subtitle: name === undefined ? null : id,
    badge: { text: t.receipt.started, tone: 'info' }, fields: [field(t.field.type, type)], code: plainCode(screen, locale),
  }
  return listCard([item], name ?? id, locale)
}

export function terminalReadCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const m = /\n\[lines: (\d+)-(\d+) of (\d+)\](\n\[output truncated\])?$/u.exec(text)
  if (m === null) return null
  const [, begin = '', end = '', total = '', truncated] = m
  const target = receiptTarget(args)
  const item: DetailItem = {
    ...EMPTY_ITEM, title: target === '' ? null : target, subtitle: t.outputLines(begin, end, total),
    description: truncated === undefined ? null : t.outputTruncated, code: plainCode(text.slice(0, m.index), locale),
  }
  return listCard([item], target, locale)
}

export function terminalListCard(text: string, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  if (text === '(no terminal sessions)') return listCard([], t.terminalsCount(0), locale)
  const items: DetailItem[] = []
  for (const line of lines(text)) {
    const m = /^(\S+)(?: \((.*?)\))? \[([^\]]+)\] (running|exited code=(\S+) signal=(\S+))(?: pid=(\d+))?$/u.exec(line)
    if (m === null) return null
    const [, id = '', name, type = '', state = '', exitCode, signal, pid] = m
    const fields: DetailField[] = [field(t.field.type, type)]
    if (pid !== undefined) fields.push(field(t.field.pid, pid))
    if (exitCode !== undefined) fields.push(field(t.field.exitCode, exitCode))
    if (signal !== undefined && signal !== 'null') fields.push(field(t.field.signal, signal))
    items.push({
      ...EMPTY_ITEM, title: name ?? id, subtitle: name === undefined ? null : id, fields,
      badge: state === 'running'
        ? statusBadge('running', locale)
        : { text: detailWords(locale).exited, tone: exitCode === '0' ? 'success' : 'neutral' },
    })
  }
  return listCard(items, t.terminalsCount(items.length), locale)
}

export function terminalSignalCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const m = /^delivered (\S+) to foreground process group (\d+)$/u.exec(text)
  if (m === null) return null
  const [, signal = '', group = ''] = m
  return receiptCard(receiptTarget(args), { text: t.receipt.signal, tone: 'success' }, locale,
    [field(t.field.signal, signal), field(t.field.processGroup, group)])
}

export function terminalCloseCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const target = receiptTarget(args)
  if (text === `closed terminal session ${target}`) return receiptCard(target, { text: t.receipt.closed, tone: 'neutral' }, locale)
  if (text === `terminal session ${target} was already closing`) {
    return receiptCard(target, { text: t.receipt.closing, tone: 'neutral' }, locale)
  }
  return null
}

export const JOB_TERMINAL_TOOLS: ReadonlyMap<string, DetailTool> = new Map<string, DetailTool>([
  ['job_list', titled('listJobs', (text, _args, locale) => jobListCard(text, locale))],
  ['job_output', titled('readJob', jobOutputCard)],
  ['job_kill', titled('killJob', jobKillCard)],
  ['terminal_open', titled('openTerminal', (text, _args, locale) => terminalOpenCard(text, locale))],
  ['terminal_read', titled('readTerminal', terminalReadCard)],
  ['terminal_list', titled('listTerminals', (text, _args, locale) => terminalListCard(text, locale))],
  ['terminal_signal', titled('signalTerminal', terminalSignalCard)],
  ['terminal_close', titled('closeTerminal', terminalCloseCard)],
])
