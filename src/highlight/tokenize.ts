/**
 * Where shiki runs (architecture.md §2.6): text in, fragment out. `localTokenizer` is the one shiki instance
 * of this thread — created on first need with the JavaScript regex engine and no languages; each grammar of
 * the explicit list (languages.ts) loads on first use, precompiled by the package build when present.
 * src/highlight/remote.ts runs the same thing on a worker thread, so colouring overlaps the build's other
 * work; both produce the same bytes (the fragment is a pure function of language and text).
 */
import type { HighlighterCore } from '@shikijs/core'
import { MAX_TOKENIZED_LINE } from './budget'
import { GRAMMARS, type Language } from './languages'
import { findGrammarDir, loadPrecompiled } from './precompile'
import { renderTokenLines } from './render-tokens'
import { DUAL_THEME_NAME, zipThemes } from './theme'

/**
 * shiki stops tokenizing a line after this many ms and leaves the rest uncoloured. A time limit makes output
 * depend on machine speed, so it is set far above what a capped line costs (the line cap does the real
 * bounding) and only guards against a runaway grammar.
 */
const LINE_TIME_LIMIT_MS = 20_000

export interface Tokenized {
  /** The fragment (render-tokens.ts format). */
  html: string
  /** Time spent tokenizing this text (not waiting for the engine or other requests). */
  ms: number
}

export interface Tokenizer {
  render(lang: Language, text: string): Promise<Tokenized>
  /** Starts loading shiki now, before the first block needs it (a worker loads it while the build reads logs). */
  warm(): void
  /** Releases what it holds (a worker thread); the tokenizer is not used afterwards. */
  close(): Promise<void>
}

interface Engine {
  core: HighlighterCore
  loaded: Map<Language, Promise<void>>
}

let engine: Promise<Engine> | undefined

async function createEngine(): Promise<Engine> {
  const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, light, dark] = await Promise.all([
    import('@shikijs/core'),
    import('@shikijs/engine-javascript'),
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
  return { core, loaded: new Map() }
}

/** Precompiled grammars from the package build when present (precompile.ts), else shiki's own modules. */
const grammarDir = findGrammarDir()

/** Defined (true) by the package build, scripts/build.mjs; undeclared when running from source. */
declare const __DSH_PACKAGED__: boolean | undefined

/**
 * shiki's grammar modules, from source only. The package build precompiles every grammar of the list into
 * dist/grammars and the package installs without shiki's grammar collection (@shikijs/langs: 11 MB, 200+
 * languages), so the bundle must not reach for it: with the constant defined, esbuild drops the first branch
 * and with it every `shiki/langs` import. There, a grammar missing from dist/grammars is a broken build.
 */
async function sourceGrammars(lang: Language) {
  if (typeof __DSH_PACKAGED__ === 'undefined') return (await GRAMMARS[lang]()).default
  throw new Error(`dsh-view: dist/grammars has no ${lang} grammar; the package build is incomplete (npm run build)`)
}

async function ensureLanguage(e: Engine, lang: Language): Promise<void> {
  let pending = e.loaded.get(lang)
  if (pending === undefined) {
    pending = (async () => {
      const grammars = (await loadPrecompiled(lang, grammarDir)) ?? (await sourceGrammars(lang))
      await e.core.loadLanguage(grammars)
    })()
    e.loaded.set(lang, pending)
  }
  await pending
}

/** Loads shiki (not yet any grammar) on this thread. */
export function warmHere(): void {
  engine ??= createEngine()
}

/** Tokenizes on this thread. */
export async function tokenizeHere(lang: Language, text: string): Promise<Tokenized> {
  engine ??= createEngine()
  const e = await engine
  await ensureLanguage(e, lang)
  // From here on: many requests may have been waiting for the engine at once; each counts only its own work.
  const started = performance.now()
  const tokens = e.core.codeToTokensBase(text, {
    lang,
    theme: DUAL_THEME_NAME,
    tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
    tokenizeTimeLimit: LINE_TIME_LIMIT_MS,
  })
  return { html: renderTokenLines(tokens).html, ms: performance.now() - started }
}

// On this thread a warm-up would only move the same work earlier: it loads on first use instead.
export const localTokenizer = (): Tokenizer => ({ render: tokenizeHere, warm: () => {}, close: async () => {} })
