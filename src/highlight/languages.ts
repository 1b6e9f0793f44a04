/**
 * The explicit language list of the highlighter and the file-extension → language map (architecture.md
 * §2.6). Only grammars named here are ever loaded, each on first use: loading every bundled shiki language
 * took 13.7 s, one grammar ~0.2 s. Anything not listed stays plain text. Names are shiki grammar ids; the
 * card models may hand us an alias (`ts`, `py`, `sh`) or nothing, and `resolveLanguage` maps both.
 */

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
} as const

export type Language = keyof typeof GRAMMARS

/** Aliases a card model or a fenced block may use. Keys are lower case. */
const ALIASES: Readonly<Record<string, Language>> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  py: 'python', python3: 'python',
  sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', shell: 'shellscript', console: 'shellscript',
  ps: 'powershell', ps1: 'powershell', pwsh: 'powershell',
  yml: 'yaml', rs: 'rust', golang: 'go', kt: 'kotlin', kts: 'kotlin',
  h: 'c', cc: 'cpp', cxx: 'cpp', hpp: 'cpp', 'c++': 'cpp', cs: 'csharp', 'c#': 'csharp',
  htm: 'html', svg: 'xml', md: 'markdown', patch: 'diff', dockerfile: 'docker', makefile: 'make',
  rb: 'ruby', properties: 'ini', cfg: 'ini', json5: 'jsonc',
}

/** File extension (lower case, no dot) → language. Extensions equal to a grammar id or alias are implied. */
const EXTENSIONS: Readonly<Record<string, Language>> = {
  ...ALIASES,
  jsonl: 'json', tsx: 'tsx', jsx: 'jsx', pyi: 'python', bashrc: 'shellscript', zshrc: 'shellscript',
  scss: 'scss', less: 'css', xsd: 'xml', xsl: 'xml', csproj: 'xml', plist: 'xml', markdown: 'markdown',
  mdx: 'markdown', mk: 'make', sql: 'sql', lua: 'lua', toml: 'toml', ini: 'ini', conf: 'ini',
}

/** Whole file names that say their language without an extension. */
const FILE_NAMES: Readonly<Record<string, Language>> = {
  dockerfile: 'docker', makefile: 'make', gnumakefile: 'make', gemfile: 'ruby', rakefile: 'ruby',
  '.bashrc': 'shellscript', '.zshrc': 'shellscript', '.profile': 'shellscript',
}

/** Whether `name` is a language id of the list itself (not an alias; see `resolveLanguage`). */
export function isLanguage(name: string): name is Language {
  return Object.hasOwn(GRAMMARS, name)
}

/** A grammar id or alias (case-insensitive) → the grammar to load, or null for plain text. */
export function resolveLanguage(name: string | null | undefined): Language | null {
  if (!name) return null
  const key = name.trim().toLowerCase()
  if (isLanguage(key)) return key
  return ALIASES[key] ?? null
}

/**
 * A file path (POSIX or Windows) → its language, or null. Looks at the whole base name first
 * (`Dockerfile`), then the last extension (`x.test.ts` → typescript).
 */
export function languageForPath(path: string): Language | null {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase()
  const byName = FILE_NAMES[base]
  if (byName) return byName
  const dot = base.lastIndexOf('.')
  if (dot < 0 || dot === base.length - 1) return null
  const ext = base.slice(dot + 1)
  if (isLanguage(ext)) return ext
  return EXTENSIONS[ext] ?? null
}
