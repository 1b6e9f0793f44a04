import { ownTable } from '../log/own'
/**
 * The names side of the highlighter's language list (architecture.md §2.6): which grammar ids exist, the
 * aliases a card model or a fenced block may use, and file names → language. Pure and free of shiki, so
 * the live page (src/highlight/fetch-highlighter.ts) decides which blocks to colour exactly as the build
 * does without bundling a grammar; languages.ts maps each id to its shiki module.
 */

/** Grammar ids, in the order of languages.ts `GRAMMARS`. */
export const LANGUAGES = [
  'typescript', 'tsx', 'javascript', 'jsx', 'json', 'jsonc', 'python', 'shellscript', 'powershell', 'yaml',
  'toml', 'ini', 'rust', 'go', 'java', 'kotlin', 'swift', 'c', 'cpp', 'csharp', 'sql', 'css', 'scss', 'html',
  'xml', 'markdown', 'diff', 'docker', 'make', 'lua', 'ruby',
] as const

export type Language = (typeof LANGUAGES)[number]

const KNOWN: ReadonlySet<string> = new Set(LANGUAGES)

/** Aliases a card model or a fenced block may use. Keys are lower case. */
const ALIASES = ownTable<Language>({
  ts: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  py: 'python', python3: 'python',
  sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', shell: 'shellscript', console: 'shellscript',
  ps: 'powershell', ps1: 'powershell', pwsh: 'powershell',
  yml: 'yaml', rs: 'rust', golang: 'go', kt: 'kotlin', kts: 'kotlin',
  h: 'c', cc: 'cpp', cxx: 'cpp', hpp: 'cpp', 'c++': 'cpp', cs: 'csharp', 'c#': 'csharp',
  htm: 'html', svg: 'xml', md: 'markdown', patch: 'diff', dockerfile: 'docker', makefile: 'make',
  rb: 'ruby', properties: 'ini', cfg: 'ini', json5: 'jsonc',
})

/** File extension (lower case, no dot) → language. Extensions equal to a grammar id or alias are implied. */
const EXTENSIONS = ownTable<Language>({
  ...ALIASES,
  jsonl: 'json', tsx: 'tsx', jsx: 'jsx', pyi: 'python', bashrc: 'shellscript', zshrc: 'shellscript',
  scss: 'scss', less: 'css', xsd: 'xml', xsl: 'xml', csproj: 'xml', plist: 'xml', markdown: 'markdown',
  mdx: 'markdown', mk: 'make', sql: 'sql', lua: 'lua', toml: 'toml', ini: 'ini', conf: 'ini',
})

/** Whole file names that say their language without an extension. */
const FILE_NAMES = ownTable<Language>({
  dockerfile: 'docker', makefile: 'make', gnumakefile: 'make', gemfile: 'ruby', rakefile: 'ruby',
  '.bashrc': 'shellscript', '.zshrc': 'shellscript', '.profile': 'shellscript',
})

/** Whether `name` is a language id of the list itself (not an alias; see `resolveLanguage`). */
export function isLanguage(name: string): name is Language {
  return KNOWN.has(name)
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
