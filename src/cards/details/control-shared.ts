/**
 * Building blocks of the agent, job, terminal, lsp and team detail cards (cards-current.md §11.1, §11.7):
 * the `Recorded result` list body, the receipt (one item titled with the target, a status badge, optional
 * fields and description; collapsed summary `<target> · <status>` through `DetailCardResult.status`), a
 * plain code block with a Copy button, string reads of the parsed arguments and the fixed-title tool. The
 * caption, empty text, status badges and code blocks are the inspection projection's (./project), so every
 * detail card words them alike. Pure; no log data is trusted beyond what these narrow.
 */
import type { Locale } from '../types'
import { controlStrings, type ControlDictionary } from './control-strings'
import { detailBadge, detailCode, recordedList } from './project'
import type { DetailCardResult, DetailTool } from './tool'
import type { DetailCode, DetailField, DetailItem, DetailTone, DetailsBody } from './types'
import { EMPTY_ITEM } from './types'

export type Args = Readonly<Record<string, unknown>>

/** A string argument, `''` when absent or not a string (the upstream `arg` rule). */
export function argText(args: Args, key: string): string {
  const value = Object.hasOwn(args, key) ? args[key] : undefined
  return typeof value === 'string' ? value : ''
}

/** The receipt target: `target`, else `agent_id`, else `sessionId`, else `job_id` (first non-empty). */
export function receiptTarget(args: Args): string {
  return argText(args, 'target') || argText(args, 'agent_id') || argText(args, 'sessionId') || argText(args, 'job_id')
}

export interface Badge {
  text: string
  tone: DetailTone
}

/** The badge of a recorded status (§11.1 words and tones; unknown statuses verbatim): the projection's. */
export const statusBadge: (status: string, locale: Locale) => Badge = detailBadge

/** A list body under the `Recorded result` caption, `No results` when empty. */
export function listBody(items: DetailItem[], locale: Locale): DetailsBody {
  return recordedList(items, locale)
}

/** A card result: the list body with its collapsed summary (no receipt status). */
export function listCard(items: DetailItem[], summary: string, locale: Locale): DetailCardResult {
  return { summary, status: null, body: listBody(items, locale) }
}

/** A receipt (§11.1): one item titled with the target and badged with the status; summary `target · status`. */
export function receiptCard(
  target: string, badge: Badge, locale: Locale, fields: DetailField[] = [], description: string | null = null,
): DetailCardResult {
  const item: DetailItem = { ...EMPTY_ITEM, title: target === '' ? null : target, badge, fields, description }
  return { summary: target, status: badge.text, body: listBody([item], locale) }
}

/** A code block without a language label (job and terminal output), with a Copy button. */
export function plainCode(text: string, locale: Locale): DetailCode {
  return detailCode(text, null, locale)
}

export const field = (term: string, definition: string): DetailField => ({ term, definition })

/** A tool with a fixed title from the control dictionary. */
export function titled(
  key: keyof ControlDictionary['title'],
  card: (text: string, args: Args, locale: Locale) => DetailCardResult | null,
): DetailTool {
  return {
    title: (_node, locale) => controlStrings(locale).title[key],
    card: (text, args, _node, ctx) => card(text, args, ctx.locale),
  }
}
