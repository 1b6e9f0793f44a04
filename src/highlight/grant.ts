/**
 * Whether a block gets colour — its language is known, it fits the block caps, and the budget grants its
 * length (charged here) — as the resolved language, or null. `Highlighter.highlight` decides with this alone.
 * No node:* import: the live page's bundle holds enrich.ts.
 */
import { blockFits, type CharBudget } from './budget'
import { resolveLanguage, type Language } from './language-names'

export interface BlockToColour {
  text: string
  lang: string | null
}

export function grantColour(block: BlockToColour, budget: CharBudget): Language | null {
  const lang = resolveLanguage(block.lang)
  if (lang === null || !blockFits(block.text) || !budget.take(block.text.length)) return null
  return lang
}
