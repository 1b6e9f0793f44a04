/**
 * The contract of one detail-card tool (cards-current.md §10, §11): its localised row title, its collapsed
 * summary when the card does not apply (running, failed, or a result in an unexpected format), and the parser
 * that turns a settled, successful call whose result is exactly one text block into the card and its summary.
 * One module per tool family exports `DetailTool`s; `./registry` maps wire names to them; the row renderer in
 * ../rows draws the generic IN/OUT body whenever `card` returns null (§11.0).
 */
import type { ToolCallNode } from '../../conversation/tool-call'
import type { CardContext, Locale } from '../types'
import type { DetailsBody } from './types'

export interface DetailCardResult {
  /** Collapsed summary (§10 "Summary (success)"), e.g. `3 agents`, `Slots.listSubTree`. */
  summary: string
  /** Receipt status appended as ` · <status>` to the collapsed summary (§10 "Status suffix"); null: none. */
  status: string | null
  body: DetailsBody
}

export interface DetailTool {
  /** Row title, e.g. `Create goal` / `创建目标` (lsp: by `operation`). */
  title: (node: ToolCallNode, locale: Locale) => string
  /**
   * Summary while there is no card (running, error, unexpected format): null = the generic model's summary
   * without the `Tool call ·` prefix (§11.0).
   */
  fallbackSummary?: (node: ToolCallNode, locale: Locale) => string | null
  /** `text` is the result's only text block; `args` the parsed arguments object (`{}` when unparsable). */
  card: (text: string, args: Readonly<Record<string, unknown>>, node: ToolCallNode, ctx: CardContext) => DetailCardResult | null
}
