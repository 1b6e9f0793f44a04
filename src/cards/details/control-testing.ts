/**
 * Test helpers of the agent/job/terminal/lsp/team detail cards: run a tool of `AGENT_DETAIL_TOOLS` on a
 * result text the way the row renderer does (parsed arguments, the call node, a card context), and reduce
 * a card to the visible lines a reader checks (heading pieces, subtitle, description, fields, code, groups).
 */
import { call, ctxWith } from '../testing'
import type { Locale } from '../types'
import { AGENT_DETAIL_TOOLS } from './agents'
import type { DetailCardResult } from './tool'
import type { DetailItem } from './types'

export function runTool(name: string, text: string, args: Record<string, unknown> = {}, locale: Locale = 'en'): DetailCardResult | null {
  const tool = AGENT_DETAIL_TOOLS.get(name)
  if (tool === undefined) throw new Error(`no detail tool ${name}`)
  return tool.card(text, args, call(name, args), ctxWith({ locale }))
}

export function titleOf(name: string, args: Record<string, unknown> = {}, locale: Locale = 'en'): string {
  const tool = AGENT_DETAIL_TOOLS.get(name)
  if (tool === undefined) throw new Error(`no detail tool ${name}`)
  return tool.title(call(name, args), locale)
}

/** One item as lines: `title [badge]`, then `~ subtitle`, `: description`, `term = definition`, code, groups. */
export function itemLines(item: DetailItem, indent = ''): string[] {
  const head = [item.title, item.badge === null ? null : `[${item.badge.text}]`].filter((p) => p !== null).join(' ')
  const out: string[] = head === '' && item.location === null ? [] : [`${indent}${item.location === null ? '' : '@'}${head}`]
  if (item.subtitle !== null) out.push(`${indent}~ ${item.subtitle}`)
  if (item.description !== null) out.push(`${indent}: ${item.description}`)
  for (const f of item.fields) out.push(`${indent}${f.term} = ${f.definition}`)
  if (item.markdown !== null) out.push(`${indent}md ${item.markdown}`)
  if (item.code !== null) out.push(`${indent}code ${JSON.stringify(item.code.block.text)}`)
  for (const g of item.groups) {
    out.push(`${indent}> ${g.label}`)
    for (const sub of g.items) out.push(...itemLines(sub, `${indent}  `))
  }
  return out
}

/** The card as `summary · status` followed by its items' lines (and the caption when not `Recorded result`). */
export function cardLines(card: DetailCardResult): string[] {
  const head = card.status === null ? card.summary : `${card.summary} · ${card.status}`
  const caption = card.body.caption === 'Recorded result' || card.body.caption === '调用结果' ? [] : [`caption ${card.body.caption ?? '-'}`]
  return [head, ...caption, ...card.body.items.flatMap((item) => itemLines(item))]
}
