import { ownTable } from '../log/own'
/**
 * File extension → highlight language, as dsh's read tool writes `meta.lang` (cards.md §8,
 * `LANG_BY_EXTENSION`): case-insensitive, an extension maps to itself unless listed with a target, and
 * dotfiles or unknown extensions have no language. The read card uses `meta.lang` as is (never
 * re-detected); this table serves cards that have only a path, such as the diff card.
 */
const LANG_BY_EXTENSION = ownTable<string>({
  ts: 'ts', tsx: 'tsx', mts: 'ts', cts: 'ts',
  js: 'js', jsx: 'jsx', mjs: 'js', cjs: 'js',
  json: 'json', jsonc: 'json',
  py: 'py', rb: 'rb', go: 'go', rs: 'rs', java: 'java',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', cxx: 'cpp',
  cs: 'cs', kt: 'kotlin', swift: 'swift', php: 'php',
  sh: 'sh', bash: 'sh', zsh: 'sh',
  yaml: 'yaml', yml: 'yaml', toml: 'toml', ini: 'ini',
  md: 'md', markdown: 'md', mdx: 'mdx',
  html: 'html', htm: 'html', css: 'css', scss: 'scss', less: 'less',
  sql: 'sql', xml: 'xml', lua: 'lua',
})

/** The language of a path by its extension, or null (dotfiles such as `.bashrc` have none). */
export function languageForPath(path: string): string | null {
  const name = path.split(/[\\/]/).pop() ?? ''
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return null
  return LANG_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null
}
