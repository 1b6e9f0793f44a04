/**
 * DetailsRow (cards-current.md §9.4, §10, §11.0): the row renderer of every tool in `DETAIL_TOOLS`. The title
 * comes from the tool; a settled, successful call whose result is exactly one text block without a spill
 * notice, and whose text the tool's parser accepts, opens to the details card with the parser's summary (a
 * receipt adds its status, shown only while the row is closed, §9.0). Anything else — running, failed,
 * stopped, extra blocks, an unexpected format — is the generic row: IN/OUT body, the generic summary without
 * the `Tool call ·` prefix (or the tool's own fallback), the failure line in error colour on error.
 */
import type { ToolCallNode } from '../../conversation/tool-call'
import type { GenericModel } from '../generic'
import { singleText } from '../narrow'
import { io, summaryOf, type RowChrome, type RowRenderer } from '../rows'
import { hasSpillNotice } from '../terminal'
import type { CardContext } from '../types'
import type { DetailCardResult, DetailTool } from './tool'

/** The generic summary without the `<tool> · ` prefix the generic model adds to `Tool call` rows. */
export function unprefixedSummary(node: ToolCallNode, g: GenericModel): string {
  const prefix = `${node.name} · `
  return node.name !== '' && g.summary.startsWith(prefix) ? g.summary.slice(prefix.length) : g.summary
}

/** The tool's card for a settled successful single-text result, or null (§11.0). */
export function detailCard(tool: DetailTool, node: ToolCallNode, g: GenericModel, ctx: CardContext): DetailCardResult | null {
  if (g.state !== 'ok' || node.result === null) return null
  const text = singleText(node.result.content)
  if (text === null || hasSpillNotice(text)) return null
  return tool.card(text, g.args ?? {}, node, ctx)
}

export const detailsRowFor = (tool: DetailTool): RowRenderer => (node, ctx, g): RowChrome => {
  const title = tool.title(node, ctx.locale)
  const card = detailCard(tool, node, g, ctx)
  if (card !== null) {
    return {
      layout: 'tool',
      title,
      icon: g.icon,
      summary: card.summary,
      summaryStyle: 'text',
      filePath: null,
      summarySuffix: null,
      summaryStatus: card.status,
      state: g.state,
      body: card.body,
    }
  }
  const fallback = tool.fallbackSummary?.(node, ctx.locale) ?? null
  return {
    layout: 'tool',
    title,
    icon: g.icon,
    ...summaryOf(g, fallback ?? unprefixedSummary(node, g), false),
    summarySuffix: null,
    state: g.state,
    body: io(g, true, ctx),
  }
}
