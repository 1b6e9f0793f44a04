/**
 * Detail cards of the subagent tools (cards-current.md §10, §11.1 receipts, §11.7), with the 5593cc25 titles
 * (`Create subagent`, `List subagents`, `Wait for subagent`): `list_subagent_models` (one item per
 * `<id> — <name>` line), `subagent` (a `Started` receipt with Agent ID / Job ID, or the reply as Markdown with
 * the prompt in a `Task` group), `list_agents` (text lines `<id> [<state>] parent=<p> depth=<d> — <title>` or
 * the team JSON array projected; `(no subagents)` → `0 agents`), the `send_message` / `interrupt_agent`
 * receipts in their text and team JSON forms, and `wait_agent` (`Subagent activity` receipt, or `No active
 * subagents` with its message). `AGENT_DETAIL_TOOLS` maps every wire name of this helper's families (agents,
 * team, jobs, terminals, lsp) to its tool.
 */
import { isObject, parseJson } from '../narrow'
import type { Locale } from '../types'
import {
  argText, field, listCard, receiptCard, receiptTarget, statusBadge, titled, type Args,
} from './control-shared'
import { controlStrings } from './control-strings'
import { JOB_TERMINAL_TOOLS } from './jobs'
import { TEAM_TOOLS, teamAgentList } from './team'
import { LSP_TOOL } from './lsp'
import type { DetailCardResult, DetailTool } from './tool'
import type { DetailItem } from './types'
import { EMPTY_ITEM } from './types'

export function modelsCard(text: string, args: Args, locale: Locale): DetailCardResult {
  const items = text.split('\n').map((line): DetailItem => {
    const split = line.indexOf(' — ')
    return split < 0
      ? { ...EMPTY_ITEM, description: line }
      : { ...EMPTY_ITEM, title: line.slice(0, split), description: line.slice(split + 3) }
  })
  const summary = argText(args, 'model') || argText(args, 'provider') || controlStrings(locale).modelsTitle
  return listCard(items, summary, locale)
}

export function subagentCard(text: string, args: Args, locale: Locale): DetailCardResult {
  const t = controlStrings(locale)
  const prompt = argText(args, 'prompt')
  const started = /^started (background subagent job|subagent) (\S+)$/u.exec(text)
  if (started !== null) {
    const [, kind, id = ''] = started
    return receiptCard(prompt, { text: t.receipt.started, tone: 'info' }, locale,
      [field(kind === 'subagent' ? t.field.agent : t.field.job, id)])
  }
  const reply: DetailItem = {
    ...EMPTY_ITEM, title: t.agentReply, markdown: text,
    groups: [{ label: t.field.task, items: [{ ...EMPTY_ITEM, description: prompt }] }],
  }
  return listCard([reply], t.agentReply, locale)
}

export function agentListCard(text: string, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const json = parseJson(text)
  if (Array.isArray(json)) return teamAgentList(json, locale)
  if (text === '(no subagents)') return listCard([], t.agentsCount(0), locale)
  const items: DetailItem[] = []
  for (const line of text.split('\n')) {
    const m = /^(\S+) \[([^\]]+)\](?: parent=(\S+) depth=(\d+))?(?: — (.*))?$/u.exec(line)
    if (m === null) return null
    const [, id = '', state = '', parent, depth, title] = m
    items.push({
      ...EMPTY_ITEM, title: title ?? id, subtitle: title === undefined ? null : id, badge: statusBadge(state, locale),
      fields: parent === undefined ? [] : [field(t.field.parent, parent), field(t.field.depth, depth ?? '')],
    })
  }
  return listCard(items, t.agentsCount(items.length), locale)
}

export function sendMessageCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const target = receiptTarget(args)
  const message = argText(args, 'message')
  const description = message === '' ? null : message
  const json = parseJson(text)
  const status = isObject(json) ? json['status'] : undefined
  if (status === 'queued') return receiptCard(target, statusBadge('queued', locale), locale, [], description)
  if (status === 'accepted' || text === `message delivered to agent ${target}`) {
    return receiptCard(target, { text: t.receipt.delivered, tone: 'success' }, locale, [], description)
  }
  return null
}

export function interruptCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const target = receiptTarget(args)
  const badge = { text: t.receipt.interrupt, tone: 'warning' } as const
  const json = parseJson(text)
  const previous = isObject(json) ? json['previousStatus'] : undefined
  if (typeof previous === 'string') {
    return receiptCard(target, badge, locale, [field(t.field.previousStatus, statusBadge(previous, locale).text)])
  }
  return text === `interrupt requested for agent ${target}` ? receiptCard(target, badge, locale) : null
}

export function waitCard(text: string, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const json = parseJson(text)
  if (!isObject(json) || typeof json['timedOut'] !== 'boolean') return null
  const noProgress = json['noProgress']
  if (isObject(noProgress) && typeof noProgress['message'] === 'string') {
    return listCard([{ ...EMPTY_ITEM, title: t.waitNoProgress, description: noProgress['message'] }], t.waitNoProgress, locale)
  }
  return receiptCard(t.waitTitle, { text: json['timedOut'] ? t.waitTimeout : t.waitChanged, tone: 'neutral' }, locale)
}

export const AGENT_DETAIL_TOOLS: ReadonlyMap<string, DetailTool> = new Map<string, DetailTool>([
  ['list_subagent_models', titled('listModels', modelsCard)],
  ['subagent', titled('subagent', subagentCard)],
  ['list_agents', titled('listAgents', (text, _args, locale) => agentListCard(text, locale))],
  ['send_message', titled('sendMessage', sendMessageCard)],
  ['interrupt_agent', titled('interruptAgent', interruptCard)],
  ['wait_agent', titled('waitAgent', (text, _args, locale) => waitCard(text, locale))],
  ...JOB_TERMINAL_TOOLS,
  ['lsp', LSP_TOOL],
  ...TEAM_TOOLS,
])
