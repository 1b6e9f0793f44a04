/**
 * The explicit language list of the highlighter (architecture.md §2.6): each grammar id → its shiki module.
 * Only grammars named here are ever loaded, each on first use: loading every bundled shiki language took
 * 13.7 s, one grammar ~0.2 s. Anything not listed stays plain text. The names, aliases (`ts`, `py`, `sh`)
 * and the file-extension map are language-names.ts (no shiki import, so the live page can use them); they
 * are re-exported here, and the `satisfies` below keeps both lists the same.
 */
import type { Language } from './language-names'

export { isLanguage, languageForPath, LANGUAGES, resolveLanguage, type Language } from './language-names'

/** Grammar id → the shiki module that provides it (and its embedded grammars). */
export const GRAMMARS = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsonc: () => import('shiki/langs/jsonc.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  powershell: () => import('shiki/langs/powershell.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  scss: () => import('shiki/langs/scss.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  docker: () => import('shiki/langs/docker.mjs'),
  make: () => import('shiki/langs/make.mjs'),
  lua: () => import('shiki/langs/lua.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
} as const satisfies Record<Language, () => Promise<unknown>>
