/**
 * The highlight pass's entry (architecture.md §2.6): `highlight()` spends the character budget, consults
 * the cache, has the block tokenized (tokenize.ts: on this thread, or on a worker with remote.ts) and
 * returns a fragment minted as `SafeHtml` — or null, meaning "draw the plain text". Everything that decides
 * *whether* a block is coloured (language, caps, budget) happens synchronously when `highlight()` is called,
 * before its first `await`: callers may start many blocks at once and await them later, and the same blocks
 * are coloured in the same order whatever the timing.
 *
 * Not here: deciding which blocks deserve colour (src/site/render/enrich.ts) and page budgets (src/site/render/pages/paginate.ts).
 */
import { trustHtml, type SafeHtml } from '../cards/trusted'
import type { CharBudget } from './budget'
import { fragmentLines } from './fragment'
import { cacheKey, type HighlightCache } from './cache'
import { grantColour } from './grant'
import { paletteCss, zipThemes } from './theme'
import { localTokenizer, type Tokenizer } from './tokenize'

export { fragmentLines } from './fragment'
export { grantColour } from './grant'

export interface HighlightStats {
  blocks: number
  chars: number
  /** Time spent tokenizing inside shiki, on whichever thread ran it. */
  ms: number
}

export interface BlockToHighlight {
  text: string
  lang: string | null
}

export class Highlighter {
  readonly stats: HighlightStats = { blocks: 0, chars: 0, ms: 0 }
  readonly #pending = new Map<string, Promise<string>>()

  constructor(
    private readonly cache: HighlightCache,
    private readonly tokenizer: Tokenizer = localTokenizer(),
  ) {}

  /**
   * Colours a block if its language is known, it fits the block caps and the budget grants its length.
   * The budget is charged before the cache lookup, so a warm cache never changes which blocks get colour.
   */
  highlight(block: BlockToHighlight, budget: CharBudget): Promise<SafeHtml | null> {
    const lang = grantColour(block, budget)
    if (lang === null) return Promise.resolve(null)
    const key = cacheKey(lang, block.text)
    const hit = this.cache.get(key)
    if (hit !== undefined) return Promise.resolve(trustHtml(hit))
    // The same text asked for again before its first request came back: share that request.
    let pending = this.#pending.get(key)
    if (pending === undefined) {
      pending = this.tokenizer.render(lang, block.text).then(({ html, ms }) => {
        this.stats.blocks++
        this.stats.chars += block.text.length
        this.stats.ms += ms
        this.cache.set(key, html)
        this.#pending.delete(key)
        return html
      })
      this.#pending.set(key, pending)
    }
    return pending.then(trustHtml)
  }

  /** `highlight`, as one fragment per line of the block (for cards that draw rows, not one block). */
  async highlightLines(block: BlockToHighlight, budget: CharBudget): Promise<SafeHtml[] | null> {
    const html = await this.highlight(block, budget)
    return html === null ? null : fragmentLines(html)
  }

  /** Has the tokenizer load shiki ahead of the first block (see `Tokenizer.warm`). */
  warm(): void {
    this.tokenizer.warm()
  }

  close(): Promise<void> {
    return this.tokenizer.close()
  }
}

/** The syntax colour rules for the site stylesheet (loads the two themes, not the highlighter). */
export async function syntaxCss(): Promise<string> {
  const [light, dark] = await Promise.all([import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')])
  return paletteCss(zipThemes(light.default, dark.default).pairs)
}
