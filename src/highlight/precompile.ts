/**
 * Precompiled grammars (architecture.md §2.6: "precompiled grammars cut startup from ~0.7 s to ~0.2 s").
 * shiki's JavaScript engine translates every Oniguruma pattern of a grammar to a JavaScript RegExp on first
 * use (oniguruma-to-es); for TypeScript that alone took ~0.35 s. At package build (scripts/build.mjs) each
 * grammar of the explicit list is translated once and stored as JSON in dist/grammars/<lang>.json; at run
 * time the RegExps are rebuilt from their source and flags, which the engine accepts as they are (it only
 * translates patterns that are still strings).
 *
 * A pattern the translator refuses stays a string (the engine is forgiving), and a stored RegExp that this
 * Node cannot build falls back to its original pattern, so a precompiled grammar never colours less.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { LanguageRegistration } from '@shikijs/core'
import { defaultJavaScriptRegexConstructor } from '@shikijs/engine-javascript'
import { GRAMMARS, type Language } from './languages'

/** Grammar keys whose string values are Oniguruma patterns. */
const PATTERN_KEYS = new Set(['match', 'begin', 'end', 'while'])
/**
 * Patterns vscode-textmate rewrites while it runs, which it can only do to a string: `\A` and `\G` get a
 * variant per anchor position, `\z` is rewritten, and an `end`/`while` pattern's `\1`… are replaced with
 * what its `begin` captured (heredoc terminators). Those stay strings, translated at run time as before.
 */
const REWRITTEN = /\\[AGz]/
const BACK_REFERENCE = /\\\d/
/**
 * Translate for the oldest engine we support: Node 20 has the `v` flag (ES2024) but not ES2025 syntax, so a
 * grammar built on a newer Node still loads on Node 20.
 */
const TARGET = 'ES2024'

/** A translated pattern as stored: source, flags, the emulation options (or null), the original pattern. */
interface StoredRegExp {
  $re: [string, string, Record<string, unknown> | null, string]
}

interface Emulated {
  new (source: string, flags: string, options: Record<string, unknown>): RegExp
}

/** oniguruma-to-es's EmulatedRegExp, taken from an atomic group it must emulate (it is not a dependency of ours). */
let emulated: Emulated | undefined
function emulatedClass(): Emulated {
  if (emulated === undefined) {
    const probe = defaultJavaScriptRegexConstructor('(?>a)', { target: TARGET })
    const ctor: unknown = probe.constructor
    if (ctor === RegExp || typeof ctor !== 'function') throw new Error('shiki no longer emulates atomic groups: revisit precompile.ts')
    emulated = ctor as Emulated
  }
  return emulated
}

function translate(value: unknown, key: string | null): unknown {
  const rewritten = typeof value === 'string' && (REWRITTEN.test(value) || ((key === 'end' || key === 'while') && BACK_REFERENCE.test(value)))
  if (typeof value === 'string' && key !== null && PATTERN_KEYS.has(key) && !rewritten) {
    try {
      const re = defaultJavaScriptRegexConstructor(value, { target: TARGET })
      const raw = (re as RegExp & { rawOptions?: Record<string, unknown> }).rawOptions
      const stored: StoredRegExp = { $re: [re.source, re.flags, raw ?? null, value] }
      return stored
    } catch {
      return value
    }
  }
  if (Array.isArray(value)) return value.map(v => translate(v, null))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translate(v, k)]))
  }
  return value
}

/** Grammars (a shiki language module's default export) → JSON with translated patterns. */
export function precompileGrammars(grammars: readonly LanguageRegistration[]): string {
  return JSON.stringify(grammars.map(g => translate(g, null)))
}

function isStored(value: unknown): value is StoredRegExp {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<StoredRegExp>).$re)
}

function revive(value: unknown): unknown {
  if (isStored(value)) {
    const [source, flags, options, pattern] = value.$re
    try {
      return options === null ? new RegExp(source, flags) : new (emulatedClass())(source, flags, options)
    } catch {
      return pattern
    }
  }
  if (Array.isArray(value)) return value.map(revive)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]))
  return value
}

/** JSON from `precompileGrammars` → grammars ready for `loadLanguage`. */
export function reviveGrammars(json: string): LanguageRegistration[] {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? (value.map(revive) as LanguageRegistration[]) : []
}

/** dist/grammars next to the CLI bundle (dist/cli.mjs, dist/chunks/*) or in the checkout (from source). */
export function findGrammarDir(): string | null {
  for (const rel of ['./grammars/', '../grammars/', '../../dist/grammars/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(`${dir}index.json`)) return dir
  }
  return null
}

/** Language → the grammar files it loads, in shiki's order (embedded grammars first). */
type GrammarIndex = Partial<Record<Language, string[]>>
const indexes = new Map<string, Promise<GrammarIndex>>()

/** The precompiled grammars of `lang`, or null when the package build left none (running from source). */
export async function loadPrecompiled(lang: Language, dir: string | null): Promise<LanguageRegistration[] | null> {
  if (dir === null) return null
  let index = indexes.get(dir)
  if (index === undefined) {
    index = readFile(`${dir}index.json`, 'utf8').then(t => JSON.parse(t) as GrammarIndex, () => ({}))
    indexes.set(dir, index)
  }
  const names = (await index)[lang]
  if (names === undefined) return null
  const files = await Promise.all(names.map(n => readFile(`${dir}${n}.json`, 'utf8').catch(() => null)))
  if (files.some(f => f === null)) return null
  return files.flatMap(f => reviveGrammars(f ?? '[]'))
}

/**
 * Package build: one file per distinct grammar (`<name>.json`; languages embed each other, so this is a
 * third of one file per language) and `index.json` naming each language's files.
 */
export async function writePrecompiledGrammars(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const index: GrammarIndex = {}
  const written = new Set<string>()
  for (const [lang, load] of Object.entries(GRAMMARS) as [Language, (typeof GRAMMARS)[Language]][]) {
    const grammars = (await load()).default
    index[lang] = grammars.map(g => g.name)
    for (const g of grammars) {
      if (written.has(g.name) || !/^[\w.+-]+$/.test(g.name)) continue
      written.add(g.name)
      await writeFile(`${dir}/${g.name}.json`, precompileGrammars([g]))
    }
  }
  await writeFile(`${dir}/index.json`, `${JSON.stringify(index, null, 1)}\n`)
}
