/**
 * The one shiki instance (architecture.md §2.6): created on first need with the JavaScript regex engine and
 * no languages; each grammar of the explicit list (languages.ts) loads on first use. `highlight()` spends
 * the character budget, consults the cache, tokenizes once with the zipped light/dark theme (theme.ts) and
 * returns a fragment minted as `SafeHtml` — or null, meaning "draw the plain text".
 *
 * Not here: deciding which blocks deserve colour (src/site/enrich.ts asks only for read, code and diff
 * blocks) and page budgets (src/site/paginate.ts).
 */
import type { HighlighterCore } from 'shiki/core'
import { trustHtml, type SafeHtml } from '../cards/trusted'
import { blockFits, MAX_TOKENIZED_LINE, type CharBudget } from './budget'
import { cacheKey, type HighlightCache } from './cache'
import { GRAMMARS, resolveLanguage, type Language } from './languages'
import { findGrammarDir, loadPrecompiled } from './precompile'
import { renderTokenLines } from './render-tokens'
import { DUAL_THEME_NAME, paletteCss, zipThemes, type DualTheme } from './theme'

/**
 * shiki stops tokenizing a line after this many ms and leaves the rest uncoloured. A time limit makes output
 * depend on machine speed, so it is set far above what a capped line costs (the line cap does the real
 * bounding) and only guards against a runaway grammar.
 */
const LINE_TIME_LIMIT_MS = 20_000

interface Engine {
  core: HighlighterCore
  dual: DualTheme
  loaded: Map<Language, Promise<void>>
}

let engine: Promise<Engine> | undefined

async function createEngine(): Promise<Engine> {
  const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, light, dark] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
    import('shiki/themes/github-light.mjs'),
    import('shiki/themes/github-dark.mjs'),
  ])
  const dual = zipThemes(light.default, dark.default)
  const core = await createHighlighterCore({
    themes: [dual.theme],
    langs: [],
    // forgiving: a grammar regex the engine cannot translate matches nothing instead of throwing.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  })
  return { core, dual, loaded: new Map() }
}

function getEngine(): Promise<Engine> {
  engine ??= createEngine()
  return engine
}

/** Precompiled grammars from the package build when present (precompile.ts), else shiki's own modules. */
const grammarDir = findGrammarDir()

async function ensureLanguage(e: Engine, lang: Language): Promise<void> {
  let pending = e.loaded.get(lang)
  if (pending === undefined) {
    pending = (async () => {
      const grammars = (await loadPrecompiled(lang, grammarDir)) ?? (await GRAMMARS[lang]()).default
      await e.core.loadLanguage(grammars)
    })()
    e.loaded.set(lang, pending)
  }
  await pending
}

export interface HighlightStats {
  blocks: number
  chars: number
  /** Time spent inside shiki (grammar loading included). */
  ms: number
}

export interface BlockToHighlight {
  text: string
  lang: string | null
}

export class Highlighter {
  readonly stats: HighlightStats = { blocks: 0, chars: 0, ms: 0 }

  constructor(private readonly cache: HighlightCache) {}

  /**
   * Colours a block if its language is known, it fits the block caps and the budget grants its length.
   * The budget is charged before the cache lookup, so a warm cache never changes which blocks get colour.
   */
  async highlight(block: BlockToHighlight, budget: CharBudget): Promise<SafeHtml | null> {
    const lang = resolveLanguage(block.lang)
    if (lang === null || !blockFits(block.text) || !budget.take(block.text.length)) return null
    const key = cacheKey(lang, block.text)
    const hit = this.cache.get(key)
    if (hit !== undefined) return trustHtml(hit)
    const started = performance.now()
    const e = await getEngine()
    await ensureLanguage(e, lang)
    const tokens = e.core.codeToTokensBase(block.text, {
      lang,
      theme: DUAL_THEME_NAME,
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
      tokenizeTimeLimit: LINE_TIME_LIMIT_MS,
    })
    const { html } = renderTokenLines(tokens)
    this.stats.blocks++
    this.stats.chars += block.text.length
    this.stats.ms += performance.now() - started
    this.cache.set(key, html)
    return trustHtml(html)
  }
}

/** The syntax colour rules for the site stylesheet (loads the two themes, not the highlighter). */
export async function syntaxCss(): Promise<string> {
  const [light, dark] = await Promise.all([import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')])
  return paletteCss(zipThemes(light.default, dark.default).pairs)
}
